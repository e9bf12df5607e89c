import MusicTheory

/// One question: the notes to hear, how they sound, and the item that names them; for a degree
/// or a cadence, the key and the chords that set it.
public struct EarQuestion: Equatable, Sendable {
  /// Melodic up (the lower note first), melodic down (the higher first), or together.
  public enum Sounding: String, CaseIterable, Sendable {
    case up
    case down
    case harmonic
  }

  public let item: EarItem
  /// Spelled from the root by the item's intervals, in the order they sound; for harmonic
  /// questions, from the lowest up, all at once.
  public let notes: [Note]
  public let sounding: Sounding
  /// For a chord, how many of its tones were taken up an octave from under the others: 0 in
  /// root position, 1 in first inversion (the third in the bass), and so on. 0 for intervals.
  public let inversion: Int
  /// The key of a degree, cadence or dictation question; nil for the others.
  public let key: EarKey?
  /// Block chords heard first, short, to set the key: I–IV–V–I before degrees, the tonic
  /// before a cadence. Lowest note first, the root in the bass.
  public let prelude: [[Note]]
  /// A cadence's chords, lowest note first; `notes` holds them one after the other.
  public let chords: [[Note]]
  /// The degrees of the key a cadence's chords stand on (5 and 1 for V–I); none for others.
  public let chordDegrees: [Int]
  /// What the answer names, in order: one item, or a degree or a note for each note heard.
  public let answer: [EarItem]
  /// The way from the last degree asked to the tonic, by step, heard after the answer.
  public let resolution: [Note]
  /// How many cents the last note sounds off its pitch (below it when negative): an intonation
  /// question's second note; 0 for every other question.
  public let detuning: Int
  /// A rhythm dictation's rhythm and its four written choices; nil for every other question.
  public let rhythm: RhythmDictation?

  /// The question on `root`, or nil when a note above it would need more than a double
  /// accidental. `inversion` must be below the number of notes.
  public init?(item: EarItem, root: Note, sounding: Sounding, inversion: Int = 0) {
    var notes = [root]
    for interval in item.intervals {
      guard let note = root + interval else { return nil }
      notes.append(note)
    }
    precondition((0..<notes.count).contains(inversion), "no inversion \(inversion) of \(item)")
    let raised = notes.prefix(inversion).map { Note($0.noteClass, octave: $0.octave + 1) }
    notes = Array(notes.dropFirst(inversion)) + raised
    self.item = item
    self.notes = sounding == .down ? notes.reversed() : notes
    self.sounding = sounding
    self.inversion = inversion
    key = nil
    prelude = []
    chords = []
    chordDegrees = []
    answer = [item]
    resolution = []
    detuning = 0
    rhythm = nil
  }

  /// Degrees of `key` one after the other after I–IV–V–I, each in the octave from `tonic` up,
  /// the last one's resolution after them. Nil when a degree would need more than a double
  /// accidental.
  public init?(degrees: [ScaleDegree], key: EarKey, tonic: Note) {
    precondition(!degrees.isEmpty, "a degree question asks at least one degree")
    var notes: [Note] = []
    for degree in degrees {
      guard let note = degree.note(in: key, from: tonic) else { return nil }
      notes.append(note)
    }
    item = .degree(degrees[0])
    self.notes = notes
    sounding = .up
    inversion = 0
    self.key = key
    prelude = Self.cadence(in: key)
    chords = []
    chordDegrees = []
    answer = degrees.map(EarItem.degree)
    resolution = degrees.last!.resolution(in: key, from: tonic)
    detuning = 0
    rhythm = nil
  }

  /// The chords of `cadence` in `key` the `way` given (one of its ways), after the tonic
  /// chord, all voice-led from one to the next around middle C.
  public init(cadence: Cadence, way: [Int], key: EarKey) {
    let voiced = VoiceLeading.voiced(
      ([1] + way).map { key.triad($0).notes }, around: EarQuiz.middleC)
    item = .cadence(cadence)
    chords = Array(voiced.dropFirst())
    chordDegrees = way
    notes = chords.flatMap { $0 }
    sounding = .harmonic
    inversion = 0
    self.key = key
    prelude = [voiced[0]]
    answer = [item]
    resolution = []
    detuning = 0
    rhythm = nil
  }

  /// A melody to write down, after I–IV–V–I in `key`: its notes one after the other, each
  /// answered by its own note.
  public init(melody: [Note], style: DictationStyle, key: EarKey) {
    precondition(!melody.isEmpty, "a dictation asks at least one note")
    item = .melody(style)
    notes = melody
    sounding = .up
    inversion = 0
    self.key = key
    prelude = Self.cadence(in: key)
    chords = []
    chordDegrees = []
    answer = melody.map(EarItem.note)
    resolution = []
    detuning = 0
    rhythm = nil
  }

  /// `note` in tune, then again `cents` off as `intonation` says (not at all in tune).
  public init(intonation: Intonation, note: Note, cents: Int) {
    item = .intonation(intonation)
    notes = [note, note]
    sounding = .up
    inversion = 0
    key = nil
    prelude = []
    chords = []
    chordDegrees = []
    answer = [item]
    resolution = []
    detuning = intonation.sign * cents
    rhythm = nil
  }

  /// A rhythm heard on the click, each note on `note`: answered by its cells, place by place.
  public init(rhythm: RhythmDictation, note: Note) {
    item = .rhythm(rhythm.style)
    notes = rhythm.onsets.map { _ in note }
    sounding = .up
    inversion = 0
    key = nil
    prelude = []
    chords = []
    chordDegrees = []
    answer = rhythm.cells.map(EarItem.cell)
    resolution = []
    detuning = 0
    self.rhythm = rhythm
  }

  /// The cents the note at `index` of `notes` sounds off its pitch.
  public func cents(ofNote index: Int) -> Int {
    index == notes.count - 1 ? detuning : 0
  }

  /// The cadence that sets the key before a degree or a dictation: I–IV–V–I, voiced around
  /// middle C.
  static func cadence(in key: EarKey) -> [[Note]] {
    VoiceLeading.voiced([1, 4, 5, 1].map { key.triad($0).notes }, around: EarQuiz.middleC)
  }
}
