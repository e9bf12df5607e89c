/// What a pattern is, read from its tones: whether two patterns are one shape, and a name for a
/// new one.
extension FretPattern {
  /// The places relative to the tonic, and the tonic's string: what makes the shape, whatever
  /// order its tones were drawn in and whatever key or octave it is played in.
  private var shape: Set<[Int]> {
    Set(tones.map { [$0.string, $0.offset] })
  }

  /// Whether `other` is this shape: the same places around a tonic on the same string, in the
  /// same tuning.
  public func hasSameShape(as other: FretPattern) -> Bool {
    tuning.openStrings == other.tuning.openStrings
      && tones.first?.string == other.tones.first?.string
      && shape == other.shape
  }

  /// A name from what the shape holds, in the library's English form so that the screens say
  /// it in the player's language: the scale or chord whose tones it has and where its root
  /// lies ("Minor pentatonic, root on string 5", "Major seventh arpeggio, root on string 6"; a
  /// chord's fifth may be left out),
  /// or its degrees ("1 b3 4 b5, root on string 6").
  public var proposedName: String {
    guard let tonic = tones.first else { return "" }
    let classes = Set(intervals.map { $0.semitones % 12 })
    func pitchClasses(_ intervals: [Interval]) -> Set<Int> {
      Set(intervals.map { $0.semitones % 12 })
    }
    let family: String
    if category == .scale,
      let type = ScaleType.all.first(where: { pitchClasses($0.intervals) == classes })
    {
      family = Self.capitalized(type.name)
    } else if category != .scale,
      // A voicing may leave out a perfect fifth, as the ninth chords' grips do.
      let quality = ChordQuality.all.first(where: {
        let chord = pitchClasses($0.intervals)
        return chord == classes || chord.subtracting([7]) == classes
      })
    {
      family = Self.capitalized(quality.name) + (category == .chord ? " chord" : " arpeggio")
    } else {
      let degrees = Dictionary(intervals.map { ($0.semitones % 12, $0) }) { first, _ in first }
      family = degrees.keys.sorted().map { degrees[$0]!.degreeName }.joined(separator: " ")
    }
    return "\(family), root on string \(tonic.string)"
  }

  private static func capitalized(_ name: String) -> String {
    name.prefix(1).uppercased() + name.dropFirst()
  }
}
