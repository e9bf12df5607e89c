import MusicTheory

/// What an ear question asks to name: an interval, or a chord's quality.
public enum EarItem: Hashable, Sendable, CustomStringConvertible {
  case interval(Interval)
  case chord(ChordQuality)

  /// Reads an item of `exercise` by its short name ("m3", "P5", "M9"; "maj", "m7b5", "mMaj7"
  /// and the chord symbols' usual aliases). Intervals from the second to two octaves, chords
  /// of the exercise's levels.
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
    }
  }

  /// "m3", "P5", "maj", "m7b5", "mMaj7": what `--items` takes and a typed answer may be.
  /// Chord symbols write a major triad as nothing and a minor major seventh with brackets,
  /// neither of which reads well alone, so those two have names of their own here.
  public var shortName: String {
    switch self {
    case .interval(let interval): interval.shortName
    case .chord(.major): "maj"
    case .chord(.minorMajorSeventh): "mMaj7"
    case .chord(let quality): quality.symbol
    }
  }

  public var description: String {
    shortName
  }

  /// The intervals above the lowest note.
  public var intervals: [Interval] {
    switch self {
    case .interval(let interval): [interval]
    case .chord(let quality): quality.intervals.filter { $0 != .unison }
    }
  }
}
