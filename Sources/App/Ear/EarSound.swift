import MusicTheory
import Practice

/// What the Ear room asks to hear: phrases one after the other (a question; or the answer
/// given, then the right one), each melodic or with its notes together; or notes placed in
/// time, where a question's chords and melody follow each other. The runtime renders it; the
/// model only says what.
public struct EarSound: Equatable, Sendable {
  /// A note of the rendering: its key, where it starts and ends, in seconds, and how many
  /// cents it sounds off its key (an intonation question's second note).
  public struct Note: Equatable, Sendable {
    public var pitch: Pitch
    public var start: Double
    public var end: Double
    public var cents: Int

    public init(pitch: Pitch, start: Double, end: Double, cents: Int = 0) {
      self.pitch = pitch
      self.start = start
      self.end = end
      self.cents = cents
    }
  }

  public var phrases: [[Pitch]]
  /// Whether each phrase's notes start together, on the same sample.
  public var together: Bool
  /// How long each note of a melodic phrase sounds, the next one starting after it.
  public var noteSeconds: Double
  /// Notes placed in time, when the sound is no list of phrases alike: a cadence and then a
  /// melody.
  private var placed: [Note]?

  public init(
    phrases: [[Pitch]], together: Bool, noteSeconds: Double = HeadlessEar.melodicNoteSeconds
  ) {
    self.phrases = phrases
    self.together = together
    self.noteSeconds = noteSeconds
  }

  /// Notes where they are placed, from 0 s.
  public init(placed notes: [Note]) {
    self.init(phrases: [], together: false)
    placed = notes
  }

  /// The question as `woodshed ear quiz` renders it.
  public init(_ question: EarQuestion) {
    guard question.key == nil, !question.item.isIntonation else {
      self.init(
        placed: HeadlessEar.layout(question, from: 0).map {
          Note(
            pitch: $0.note.pitch, start: $0.time.lowerBound, end: $0.time.upperBound,
            cents: $0.cents)
        })
      return
    }
    self.init(
      phrases: [question.notes.map(\.pitch)], together: question.sounding == .harmonic,
      noteSeconds: HeadlessEar.noteSeconds(of: question.item))
  }

  /// The notes laid out as `HeadlessEar` lays out its questions: a melodic note a second long
  /// (a scale's half a second) and the next after it, a chord a second and a half, a second of
  /// silence between phrases.
  public var notes: [Note] {
    if let placed { return placed }
    var notes: [Note] = []
    var start = 0.0
    for phrase in phrases {
      let length = together ? HeadlessEar.harmonicSeconds : noteSeconds
      for (index, pitch) in phrase.enumerated() {
        let onset = together ? start : start + Double(index) * noteSeconds
        notes.append(Note(pitch: pitch, start: onset, end: onset + length))
      }
      start = (notes.map(\.end).max() ?? start) + HeadlessEar.silenceSeconds
    }
    return notes
  }

  /// The most notes starting together: a chord's, or 1.
  public var mostTogether: Int {
    let notes = self.notes
    return max(1, notes.map { note in notes.count(where: { $0.start == note.start }) }.max() ?? 1)
  }

  /// Seconds from the first note's start to the last one's end.
  public var seconds: Double { notes.map(\.end).max() ?? 0 }
}
