import MusicTheory

/// What an ear question asks to name: an interval, a chord's quality, a scale's type, a degree
/// of a key, a cadence, how a note is tuned; or a dictation's kind of melody and its notes, or
/// a rhythm dictation's level and the cells of its bars.
public enum EarItem: Hashable, Sendable, CustomStringConvertible {
  case interval(Interval)
  case chord(ChordQuality)
  case scale(ScaleType)
  case degree(ScaleDegree)
  case cadence(Cadence)
  case intonation(Intonation)
  /// A kind of melody to write down: what a dictation's level and `--items` choose.
  case melody(DictationStyle)
  /// A note of a dictation, written where it is heard: what each note of the answer names.
  case note(Note)
  /// A level of rhythm dictation: what its level and `--items` choose.
  case rhythm(RhythmStyle)
  /// A cell of a rhythm, in its place: what each place of a rhythm dictation's answer names.
  case cell(RhythmPattern)

  /// Reads an item of `exercise` by its short name ("m3", "P5", "M9"; "maj", "m7b5", "mMaj7"
  /// and the chord symbols' usual aliases; "natural-minor", "dorian" and whatever
  /// `ScaleType(named:)` reads, such as "aeolian" or "Natural Minor"). Intervals from the
  /// second to two octaves, chords and scales of the exercise's levels.
  public init?(shortName: String, exercise: EarExercise) {
    switch exercise {
    case .intervals:
      guard let interval = Interval(shortName: shortName), (2...15).contains(interval.number)
      else { return nil }
      self = .interval(interval)
    case .chords:
      // A chord symbol writes a major triad as nothing, but an empty answer names nothing.
      guard !shortName.isEmpty, let quality = ChordQuality(symbol: shortName),
        exercise.allItems.contains(.chord(quality))
      else { return nil }
      self = .chord(quality)
    case .scales:
      guard let type = ScaleType(named: shortName), exercise.allItems.contains(.scale(type))
      else { return nil }
      self = .scale(type)
    case .degrees:
      guard let degree = ScaleDegree(name: shortName), exercise.allItems.contains(.degree(degree))
      else { return nil }
      self = .degree(degree)
    case .cadences:
      guard let cadence = Cadence(name: shortName) else { return nil }
      self = .cadence(cadence)
    case .intonation:
      guard let intonation = Intonation(rawValue: shortName) else { return nil }
      self = .intonation(intonation)
    case .dictation:
      guard let style = DictationStyle(rawValue: shortName) else { return nil }
      self = .melody(style)
    case .rhythm:
      guard let style = RhythmStyle(rawValue: shortName) else { return nil }
      self = .rhythm(style)
    }
  }

  /// "m3", "P5", "maj", "m7b5", "mMaj7", "natural-minor": what `--items` takes and a typed
  /// answer may be. Chord symbols write a major triad as nothing and a minor major seventh
  /// with brackets, neither of which reads well alone, so those two have names of their own
  /// here; a scale's name has its spaces as hyphens, so `--items "major natural-minor"` splits
  /// at the spaces between names.
  public var shortName: String {
    switch self {
    case .interval(let interval): interval.shortName
    case .chord(.major): "maj"
    case .chord(.minorMajorSeventh): "mMaj7"
    case .chord(let quality): quality.symbol
    case .scale(let type): type.name.split(separator: " ").joined(separator: "-")
    case .degree(let degree): degree.description
    case .cadence(let cadence): cadence.name
    case .intonation(let intonation): intonation.rawValue
    case .melody(let style): style.rawValue
    case .note(let note): note.description
    case .rhythm(let style): style.rawValue
    case .cell(let pattern): pattern.id
    }
  }

  public var description: String {
    shortName
  }

  /// The intervals above the lowest note; a scale's up to its octave, where a run ends. None
  /// for a degree or a cadence, whose notes come from their key, nor for intonation, whose
  /// two notes are one.
  public var intervals: [Interval] {
    switch self {
    case .degree, .cadence, .intonation, .melody, .note, .rhythm, .cell: []
    case .interval(let interval): [interval]
    case .chord(let quality): quality.intervals.filter { $0 != .unison }
    case .scale(let type): type.intervals.filter { $0 != .unison } + [.P8]
    }
  }

  /// Whether it says how a note is tuned.
  public var isIntonation: Bool {
    if case .intonation = self { return true }
    return false
  }
}
