/// A pattern being drawn on an empty neck: Enter on a fret adds a note, the first note is the
/// tonic, and Enter on a note already there offers its other name (#4 for b5) before taking it
/// away. Intervals follow from the places on every change, so the draft never holds a stale
/// label; removing the tonic makes the next note the tonic.
public struct PatternDraft: Equatable, Sendable {
  public let tuning: Tuning
  /// Places in the order they were added; the first is the tonic.
  public private(set) var places: [FretPosition] = []
  /// Notes named other than the usual way, by place.
  public private(set) var spellings: [FretPosition: Interval] = [:]

  /// The other name for an interval size where one is in common use, by semitones above the
  /// tonic within an octave: an augmented unison, second, fourth, fifth and sixth, a diminished
  /// seventh.
  static let alternatives: [Int: Interval] = [
    1: Interval(quality: .augmented, number: 1)!, 3: Interval(quality: .augmented, number: 2)!,
    6: .augmentedFourth, 8: .augmentedFifth, 9: .diminishedSeventh,
    10: Interval(quality: .augmented, number: 6)!,
  ]

  public init(tuning: Tuning) {
    self.tuning = tuning
  }

  /// Starts from a pattern laid on the neck with its tonic at `tonicFret`, to edit a copy.
  public init(_ pattern: FretPattern, tonicFret: Int) {
    tuning = pattern.tuning
    let positions = pattern.positions(tonicFret: tonicFret)
    places = positions
    for (position, tone) in zip(positions, pattern.tones) where tone.spelling != nil {
      spellings[position] = tone.spelling
    }
  }

  public var tonic: FretPosition? { places.first }

  /// Semitones from the tonic to `place`, within an octave.
  private func semitones(_ place: FretPosition) -> Int? {
    guard let tonic else { return nil }
    let distance =
      tuning.pitch(string: place.string, fret: place.fret)
      - tuning.pitch(string: tonic.string, fret: tonic.fret)
    return (distance % 12 + 12) % 12
  }

  /// The interval of the note at `place` above the tonic, as it is named now.
  public func interval(at place: FretPosition) -> Interval? {
    guard places.contains(place), let semitones = semitones(place) else { return nil }
    return spellings[place] ?? FretPattern.usualIntervals[semitones]
  }

  /// Enter on `place`: an empty fret gets a note; a note with another common name gets that
  /// name; otherwise (or already renamed) the note goes.
  public mutating func toggle(_ place: FretPosition) {
    guard places.contains(place) else {
      places.append(place)
      return
    }
    if spellings[place] == nil, let semitones = semitones(place), place != tonic,
      let alternative = Self.alternatives[semitones]
    {
      spellings[place] = alternative
      return
    }
    let wasTonic = place == tonic
    places.removeAll { $0 == place }
    spellings[place] = nil
    // A new tonic changes every interval: names chosen against the old one no longer hold.
    if wasTonic { spellings = [:] }
  }

  /// The draft as a pattern, tones relative to the tonic; nil while the neck is empty.
  public func pattern(
    id: String, name: String, category: FretPattern.Category, description: String = "",
    instructions: String = "", basedOn: String? = nil, songs: [String] = []
  ) -> FretPattern? {
    guard let tonic else { return nil }
    let tones = places.map { place in
      FretPattern.Tone(
        string: place.string, offset: place.fret - tonic.fret, spelling: spellings[place])
    }
    return FretPattern(
      id: id, name: name, category: category, tuning: tuning, tones: tones,
      description: description, instructions: instructions, basedOn: basedOn, songs: songs)
  }
}
