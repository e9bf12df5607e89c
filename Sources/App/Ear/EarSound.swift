import DSP
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

  /// A metronome click under a rhythm dictation: the count-in's woodblock, the bar's accent,
  /// or the other beats' click.
  public struct Click: Equatable, Sendable {
    public enum Sound: String, Equatable, Sendable {
      case countIn = "count-in"
      case accent
      case beat
    }

    public var time: Double
    public var sound: Sound

    public init(time: Double, sound: Sound) {
      self.time = time
      self.sound = sound
    }

    /// The metronome's voice for it, as the rhythm trainer clicks.
    var voice: MetronomeVoice {
      switch sound {
      case .countIn: .woodblock
      case .accent: .accentClick
      case .beat: .click
      }
    }

    /// How long a click rings, at most: the woodblock's length.
    static let seconds = 0.1
  }

  public var phrases: [[Pitch]]
  /// Whether each phrase's notes start together, on the same sample.
  public var together: Bool
  /// How long each note of a melodic phrase sounds, the next one starting after it.
  public var noteSeconds: Double
  /// Notes placed in time, when the sound is no list of phrases alike: a cadence and then a
  /// melody.
  private var placed: [Note]?
  /// The clicks under the notes: a rhythm dictation's count-in and beats.
  public private(set) var clicks: [Click] = []

  public init(
    phrases: [[Pitch]], together: Bool, noteSeconds: Double = HeadlessEar.melodicNoteSeconds
  ) {
    self.phrases = phrases
    self.together = together
    self.noteSeconds = noteSeconds
  }

  /// Notes where they are placed, from 0 s, over `clicks`.
  public init(placed notes: [Note], clicks: [Click] = []) {
    self.init(phrases: [], together: false)
    placed = notes
    self.clicks = clicks
  }

  /// The question as `woodshed ear quiz` renders it.
  public init(_ question: EarQuestion) {
    guard question.key == nil, !question.item.isIntonation, question.rhythm == nil else {
      self.init(
        placed: HeadlessEar.layout(question, from: 0).map {
          Note(
            pitch: $0.note.pitch, start: $0.time.lowerBound, end: $0.time.upperBound,
            cents: $0.cents)
        }, clicks: HeadlessEar.clicks(of: question, from: 0))
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

  /// Seconds from the first note's start to the last one's end, or the last click's.
  public var seconds: Double {
    max(notes.map(\.end).max() ?? 0, clicks.map { $0.time + Click.seconds }.max() ?? 0)
  }

  /// Adds `clicks` into `samples` at `sampleRate`, each starting on its own sample, at the
  /// level a note has alone.
  static func mix(_ clicks: [Click], into samples: inout [Float], sampleRate: Int) {
    var voices: [MetronomeVoice: [Float]] = [:]
    for click in clicks {
      let sound = voices[click.voice] ?? click.voice.samples(sampleRate: sampleRate)
      voices[click.voice] = sound
      let first = Int((click.time * Double(sampleRate)).rounded())
      for (offset, sample) in sound.enumerated() where first + offset < samples.count {
        samples[first + offset] += clickGain * sample
      }
    }
  }

  /// The clicks under a rhythm sit below the notes, as the rhythm trainer's do under a player.
  static let clickGain: Float = 0.5
}
