import MusicTheory

/// A list of ear questions dealt from chosen items, with the root of each (the lowest note
/// but in an inversion) at random in a range. The random generator is passed in, so a seeded one gives the same questions on any
/// machine.
public struct EarQuiz: Equatable, Sendable {
  public static let countRange = 1...500
  /// The piano's keys, A0 to C8: where every note of a question lies.
  public static let playable = Note(.A, octave: 0).pitch...Note(.C, octave: 8).pitch
  /// A comfortable range for the root of a question.
  public static let defaultRoots = Note(.C, octave: 3).pitch...Note(.C, octave: 5).pitch
  /// The roots of a scale's run: from middle C to the G above, the run up to its octave lies
  /// on the treble staff with a ledger line at most, so the verdict's staff fits the rows an
  /// 80×24 screen has for it.
  public static let scaleRoots = Note(.C, octave: 4).pitch...Note(.G, octave: 4).pitch

  public static let middleC = Note(.C, octave: 4).pitch
  /// A degree question's tonic lies from B♭3 to A4: its degrees, and the resolution up to the
  /// tonic an octave higher, lie on the treble staff with a ledger line at most.
  public static let lowestTonic = Note(.B, .flat, octave: 3).pitch
  public static let notesPerQuestionRange = 1...3
  /// An intonation question's note, A3 to A5: where a voice or most instruments are at home,
  /// and a few cents are heard most easily.
  public static let intonationNotes = Note(.A, octave: 3).pitch...Note(.A, octave: 5).pitch

  /// The note a rhythm dictation's rhythm is played on: C5, above the clicks' thud and under
  /// their crack.
  public static let rhythmNote = Note(.C, octave: 5)

  /// Where the root of a question of `exercise` lies unless a placement says otherwise.
  public static func defaultRoots(of exercise: EarExercise) -> ClosedRange<Pitch> {
    exercise == .scales ? scaleRoots : defaultRoots
  }

  public let exercise: EarExercise
  public let questions: [EarQuestion]

  /// Where a question's notes lie.
  public enum Placement: Equatable, Sendable {
    /// The lowest note (the root, but in an inversion) at random in the range.
    case lowestNote(in: ClosedRange<Pitch>)
    /// Every note of every question within the range: a singer's or an instrument's.
    case everyNote(in: ClosedRange<Pitch>)
    /// Every question on this root, as written: intervals heard from one note.
    case fixedRoot(Note)
  }

  /// `items` must belong to `exercise` and not be empty, `soundings` likewise; `count` is
  /// within `countRange`. With `inversions`, each chord is voiced in one of its inversions
  /// (root position included) at random. The notes are placed as `placement` says, by default
  /// the lowest note in `defaultRoots(of: exercise)` (for
  /// `everyNote`, the range must hold every item: `roots(of:inversions:within:)` is not nil); a
  /// root drawn by pitch is a black key spelled with a sharp or a flat at random, and the other
  /// spelling taken when the first needs a double accidental where the other does not (G♯
  /// augmented would have F𝄪). Degrees and cadences take no placement: their key, drawn from the
  /// fifteen major keys (and with `minorKeys` the fifteen minor ones too), places them; a degree
  /// question asks `notesPerQuestion` degrees in a row. Intonation takes no placement either:
  /// its note lies in `intonationNotes`, the second `cents` off when not in tune; nor does a
  /// dictation, whose melody lies in `Dictation.positions` in a key drawn for its style, nor a
  /// rhythm dictation, played on `rhythmNote`.
  public init(
    exercise: EarExercise, items: [EarItem], soundings: [EarQuestion.Sounding], count: Int,
    inversions: Bool = false, placement: Placement? = nil, minorKeys: Bool = false,
    notesPerQuestion: Int = 1, cents: Int = EarExercise.intonationCents[0],
    using random: inout some RandomNumberGenerator
  ) {
    let placement = placement ?? .lowestNote(in: Self.defaultRoots(of: exercise))
    precondition(!items.isEmpty && !soundings.isEmpty, "an ear quiz needs items and soundings")
    precondition(Self.countRange.contains(count), "an ear quiz asks 1 to 500 questions")
    self.exercise = exercise
    if exercise == .degrees || exercise == .cadences {
      questions = (0..<count).map { _ in
        Self.keyQuestion(
          items: items, minorKeys: minorKeys,
          notes: exercise == .degrees ? notesPerQuestion : 1, using: &random)
      }
      return
    }
    if exercise == .dictation {
      questions = (0..<count).map { _ in
        guard case .melody(let style) = items.randomElement(using: &random)! else {
          preconditionFailure("a dictation quiz asks only melodies")
        }
        return Dictation.question(style: style, using: &random)
      }
      return
    }
    if exercise == .rhythm {
      questions = (0..<count).map { _ in
        guard case .rhythm(let style) = items.randomElement(using: &random)! else {
          preconditionFailure("a rhythm dictation quiz asks only rhythms")
        }
        return EarQuestion(
          rhythm: RhythmDictation.question(style: style, using: &random), note: Self.rhythmNote)
      }
      return
    }
    if exercise == .intonation {
      questions = (0..<count).map { _ in
        guard case .intonation(let intonation) = items.randomElement(using: &random)! else {
          preconditionFailure("an intonation quiz asks only flat, in tune or sharp")
        }
        let pitch = Pitch(
          midiNumber: Int.random(
            in: Self.intonationNotes.lowerBound
              .midiNumber...Self.intonationNotes.upperBound
              .midiNumber, using: &random))
        return EarQuestion(
          intonation: intonation, note: pitch.spelling(preferSharps: Bool.random(using: &random)),
          cents: cents)
      }
      return
    }
    questions = (0..<count).map { _ in
      let item = items.randomElement(using: &random)!
      let sounding = soundings.randomElement(using: &random)!
      let roots: ClosedRange<Pitch>
      switch placement {
      case .lowestNote(let range): roots = range
      case .everyNote(let range):
        guard let fitting = Self.roots(of: item, inversions: inversions, within: range) else {
          preconditionFailure("\(item) does not fit in the range")
        }
        roots = fitting
      case .fixedRoot(let note): roots = note.pitch...note.pitch
      }
      let pitch = Pitch(
        midiNumber: Int.random(
          in: roots.lowerBound.midiNumber...roots.upperBound.midiNumber, using: &random))
      let preferSharps = Bool.random(using: &random)
      // Drawn only when asked, so a seed gives the same questions as before without it.
      let inversion = inversions ? Int.random(in: 0...item.intervals.count, using: &random) : 0
      if case .fixedRoot(let note) = placement,
        let asWritten = EarQuestion(
          item: item, root: note, sounding: sounding, inversion: inversion)
      {
        return asWritten
      }
      return Self.question(
        item: item, on: pitch, sounding: sounding, inversion: inversion,
        preferSharps: preferSharps)
    }
  }

  /// A question in a key drawn at random: `notes` degrees of `items` in a row, or a cadence of
  /// them in one of its ways. A chromatic degree is asked in a major key, where its name says
  /// how it lies against the key's own (in a minor key b3 would be a diminished third).
  private static func keyQuestion(
    items: [EarItem], minorKeys: Bool, notes: Int, using random: inout some RandomNumberGenerator
  ) -> EarQuestion {
    precondition(notesPerQuestionRange.contains(notes), "a degree question asks 1 to 3 notes")
    let drawn = (0..<notes).map { _ in items.randomElement(using: &random)! }
    return question(inKeyOf: drawn, minorKeys: minorKeys, using: &random)
  }

  /// The question on `drawn` (degrees in a row, or one cadence) in a key drawn at random.
  public static func question(
    inKeyOf drawn: [EarItem], minorKeys: Bool, using random: inout some RandomNumberGenerator
  ) -> EarQuestion {
    let degrees = drawn.compactMap { item -> ScaleDegree? in
      if case .degree(let degree) = item { return degree }
      return nil
    }
    let isMinor =
      minorKeys && !degrees.contains(where: \.isChromatic) && Bool.random(using: &random)
    let key = (isMinor ? EarKey.minors : EarKey.majors).randomElement(using: &random)!
    if case .cadence(let cadence) = drawn[0] {
      return EarQuestion(
        cadence: cadence, way: cadence.ways.randomElement(using: &random)!, key: key)
    }
    precondition(degrees.count == drawn.count, "a degree quiz asks only degrees")
    let tonic = VoiceLeading.note(key.tonic, atOrAbove: lowestTonic.midiNumber)
    guard let question = EarQuestion(degrees: degrees, key: key, tonic: tonic) else {
      preconditionFailure("\(degrees) cannot be spelled in \(key)")
    }
    return question
  }

  /// The roots on which every note of `item`, in any of its voicings asked for, lies within
  /// `range`; nil when it is too narrow for the item.
  public static func roots(
    of item: EarItem, inversions: Bool, within range: ClosedRange<Pitch>
  ) -> ClosedRange<Pitch>? {
    let reference = Note(.C, octave: 4)
    let voicings = inversions ? 0...item.intervals.count : 0...0
    let highest =
      voicings.compactMap { inversion in
        EarQuestion(item: item, root: reference, sounding: .up, inversion: inversion)?.notes
          .map { $0.pitch.midiNumber - reference.pitch.midiNumber }.max()
      }.max() ?? 0
    let top = range.upperBound.midiNumber - highest
    guard top >= range.lowerBound.midiNumber else { return nil }
    return range.lowerBound...Pitch(midiNumber: top)
  }

  /// The question on `pitch` in the spelling asked for, or in the other where that one needs
  /// a double accidental or cannot be spelled at all.
  public static func question(
    item: EarItem, on pitch: Pitch, sounding: EarQuestion.Sounding, inversion: Int = 0,
    preferSharps: Bool
  ) -> EarQuestion {
    let spellings = [preferSharps, !preferSharps].compactMap {
      EarQuestion(
        item: item, root: pitch.spelling(preferSharps: $0), sounding: sounding,
        inversion: inversion)
    }
    let plain = spellings.first { question in
      question.notes.allSatisfy { abs($0.accidental.semitones) < 2 }
    }
    guard let chosen = plain ?? spellings.first else {
      preconditionFailure("\(item) cannot be spelled on \(pitch.midiNumber) either way")
    }
    return chosen
  }
}
