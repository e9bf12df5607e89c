import MusicTheory

/// What a dictation's melody is made of, easiest first: its length, how far it may leap, its
/// mode and whether a note between two of the key's own may come in. Every melody starts on the
/// tonic, after I–IV–V–I, so the first note is given and the ear works from home.
public enum DictationStyle: String, CaseIterable, Sendable {
  /// Three notes by step within the fifth above the tonic, in a major key.
  case steps
  /// Four or five notes, steps and thirds, in a major key.
  case thirds
  /// Six to eight notes with leaps up to an octave, in a major key.
  case leaps
  /// As leaps, in a minor key (its natural minor scale).
  case minor
  /// As leaps, in a major or a minor key, with one chromatic neighbour: a semitone under or
  /// over one of the key's notes, which it then goes to.
  case chromatic

  /// How many notes a melody has.
  public var noteCounts: ClosedRange<Int> {
    switch self {
    case .steps: 3...3
    case .thirds: 4...5
    case .leaps, .minor, .chromatic: 6...8
    }
  }

  /// The largest move from one note to the next, in steps of the scale (7 for the octave).
  public var widestMove: Int {
    switch self {
    case .steps: 1
    case .thirds: 2
    case .leaps, .minor, .chromatic: 7
    }
  }

  /// Where the key's notes may lie, in steps of the scale from the tonic (0): the fifth above
  /// for the first level, from the dominant below to the octave above for the others.
  public var reach: ClosedRange<Int> {
    self == .steps ? 0...4 : -3...7
  }
}

/// The melodies of the dictation exercise, and the notes of a key the staff's cursor steps on.
public enum Dictation {
  /// Where every melody lies, so that it sits on the treble staff with a ledger line at most
  /// and the writing staff fits an 80×24 screen: from middle C's place to the A above the
  /// staff's, as treble staff positions.
  public static let positions =
    Clef.treble.position(of: Note(.C, octave: 4))...Clef.treble.position(of: Note(.A, octave: 5))

  /// The note `step` steps of the scale from `tonic` in `key` (negative below it), moved a
  /// semitone by `alteration` on its letter; nil beyond a double accidental.
  public static func note(step: Int, alteration: Int = 0, in key: EarKey, tonic: Note) -> Note? {
    let degree = (step % 7 + 7) % 7
    guard let scaleDegree = ScaleDegree(number: degree + 1, alteration: alteration),
      let note = scaleDegree.note(in: key, from: tonic)
    else { return nil }
    return Note(note.noteClass, octave: note.octave + (step - degree) / 7)
  }

  /// The note of `key` written on the treble staff's `position`: its letter with the key's
  /// accidental, and `alteration` semitones more; nil beyond a double accidental.
  public static func note(atPosition position: Int, alteration: Int = 0, in key: EarKey) -> Note? {
    let natural = Clef.treble.note(at: position)
    guard let own = key.scale.noteClasses.first(where: { $0.letter == natural.letter }),
      let accidental = Accidental(semitones: own.accidental.semitones + alteration)
    else { return nil }
    return Note(natural.letter, accidental, octave: natural.octave)
  }

  /// The degree `note` stands on in `key`, whatever its octave: its letter's number from the
  /// tonic's, flat or sharp against the key's own note on that letter ("b3", "#4"); nil
  /// beyond a semitone off it.
  public static func degree(of note: Note, in key: EarKey) -> ScaleDegree? {
    let number = (note.letter.index - key.tonic.letter.index + 7) % 7
    let own = key.scale.noteClasses[number]
    return ScaleDegree(
      number: number + 1, alteration: note.accidental.semitones - own.accidental.semitones)
  }

  /// The note a player wrote by playing `pitch` in `key`: spelled as the key's own note of
  /// that pitch class, else with the key's side of accidentals (flats in a flat key), in the
  /// octave within `positions` nearest `previous` (a melody moves an octave at most, and a
  /// guitar or a voice may sound it an octave away from where it is written); nil where no
  /// octave of it lies within `positions`.
  public static func note(playing pitch: Pitch, in key: EarKey, after previous: Note) -> Note? {
    let pitchClass = (pitch.midiNumber % 12 + 12) % 12
    let isFlat = key.scale.noteClasses.contains { $0.accidental.semitones < 0 }
    let spelled =
      key.scale.noteClasses.first { $0.semitonesFromC == pitchClass }
      ?? pitch.spelling(preferSharps: !isFlat).noteClass
    return note(spelled, after: previous)
  }

  /// `noteClass` in the octave within `positions` nearest `previous`: a note named without its
  /// octave, or played an octave away; nil where none lies within `positions`.
  public static func note(_ noteClass: NoteClass, after previous: Note) -> Note? {
    let octaves = (2...7).map { Note(noteClass, octave: $0) }.filter {
      positions.contains(Clef.treble.position(of: $0))
    }
    return octaves.min { a, b in
      abs(a.pitch.midiNumber - previous.pitch.midiNumber)
        < abs(b.pitch.midiNumber - previous.pitch.midiNumber)
    }
  }

  /// A melody in `style`, in `key` when given (else one drawn: major, minor for the minor
  /// style, either for the chromatic one), its tonic in the octave where it fits `positions`.
  /// With `weight`, each note after the first goes to a degree of the key with the chance its
  /// weight gives it among those it may go to: the degrees missed lately come back most.
  public static func question(
    style: DictationStyle, key: EarKey? = nil, weight: ((ScaleDegree) -> Double)? = nil,
    using random: inout some RandomNumberGenerator
  ) -> EarQuestion {
    let isMinor =
      style == .minor || (style == .chromatic && Bool.random(using: &random))
    let key = key ?? (isMinor ? EarKey.minors : EarKey.majors).randomElement(using: &random)!
    // A melody spanning nearly all of `positions` fits only with some tonics: another is drawn.
    while true {
      let count = Int.random(in: style.noteCounts, using: &random)
      var melody = walk(
        style: style, count: style == .chromatic ? count - 1 : count, in: key, weight: weight,
        using: &random
      ).map { (step: $0, alteration: 0) }
      if style == .chromatic {
        guard let chromatic = withNeighbour(melody, in: key, using: &random) else { continue }
        melody = chromatic
      }
      let fitting = tonics(for: melody.map(\.step), key: key)
      guard let tonic = fitting.randomElement(using: &random) else { continue }
      let notes = melody.map {
        note(step: $0.step, alteration: $0.alteration, in: key, tonic: tonic)!
      }
      return EarQuestion(melody: notes, style: style, key: key)
    }
  }

  /// Steps of the key from the tonic: no note twice in a row, no move of a seventh or a
  /// tritone, and after a leap (more than a third) a step or a third back the other way, as
  /// a singer's melody fills the gap it opened. Each move is drawn with the chance `weight`
  /// gives the degree it goes to, when given.
  static func walk(
    style: DictationStyle, count: Int, in key: EarKey, weight: ((ScaleDegree) -> Double)? = nil,
    using random: inout some RandomNumberGenerator
  ) -> [Int] {
    var steps = [0]
    var lastMove = 0
    while steps.count < count {
      let from = steps.last!
      let moves = (-style.widestMove...style.widestMove).filter { move in
        guard move != 0, abs(move) != 6, style.reach.contains(from + move),
          !isTritone(from, from + move, in: key)
        else { return false }
        guard abs(lastMove) > 2 else { return true }
        return abs(move) <= 2 && move.signum() == -lastMove.signum()
      }
      let move =
        weight.map { weight in
          moves.randomElement(
            weights: moves.map { weight(ScaleDegree(number: ((from + $0) % 7 + 7) % 7 + 1)!) },
            using: &random)
        } ?? moves.randomElement(using: &random)!
      steps.append(from + move)
      lastMove = move
    }
    return steps
  }

  /// Semitones from step `a` to step `b` of the key (in the octave from the tonic up).
  static func semitones(from a: Int, to b: Int, in key: EarKey) -> Int {
    let reference = Note(key.tonic, octave: 4)
    let low = note(step: a, in: key, tonic: reference)!
    let high = note(step: b, in: key, tonic: reference)!
    return high.pitch.midiNumber - low.pitch.midiNumber
  }

  private static func isTritone(_ a: Int, _ b: Int, in key: EarKey) -> Bool {
    abs(semitones(from: a, to: b, in: key)) % 12 == 6
  }

  /// The melody with a chromatic neighbour before one of its notes after the first: the
  /// letter under it raised where the key's step under it is a whole tone, or the letter over
  /// it lowered where the step over it is. Only neighbours written without a double accidental
  /// (C♭ major's D is no E𝄫) and reached from the note before by no more than an octave, and
  /// by no seventh or tritone; nil where the melody has none.
  static func withNeighbour(
    _ melody: [(step: Int, alteration: Int)], in key: EarKey,
    using random: inout some RandomNumberGenerator
  ) -> [(step: Int, alteration: Int)]? {
    let reference = Note(key.tonic, octave: 4)
    var choices: [(target: Int, neighbour: (step: Int, alteration: Int))] = []
    for target in 1..<melody.count {
      let step = melody[target].step
      let before = melody[target - 1].step
      for neighbour in [(step: step - 1, alteration: 1), (step: step + 1, alteration: -1)] {
        guard
          let note = note(
            step: neighbour.step, alteration: neighbour.alteration, in: key, tonic: reference),
          abs(note.accidental.semitones) < 2,
          semitones(from: step - 1, to: step, in: key) == 2 || neighbour.alteration < 0,
          semitones(from: step, to: step + 1, in: key) == 2 || neighbour.alteration > 0,
          let previous = self.note(step: before, in: key, tonic: reference)
        else { continue }
        let leap = abs(neighbour.step - before)
        let heard = abs(note.pitch.midiNumber - previous.pitch.midiNumber)
        guard leap <= 7, leap != 6, heard % 12 != 6 else { continue }
        choices.append((target, neighbour))
      }
    }
    guard let chosen = choices.randomElement(using: &random) else { return nil }
    var result = melody
    result.insert(chosen.neighbour, at: chosen.target)
    return result
  }

  /// The key's tonics, octave by octave, from which every step lies within `positions`.
  static func tonics(for steps: [Int], key: EarKey) -> [Note] {
    (1...6).map { Note(key.tonic, octave: $0) }.filter { tonic in
      steps.allSatisfy { step in
        guard let placed = note(step: step, in: key, tonic: tonic) else { return false }
        return positions.contains(Clef.treble.position(of: placed))
      }
    }
  }
}
