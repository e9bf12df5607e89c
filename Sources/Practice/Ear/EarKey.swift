import MusicTheory

/// A key a cadence sets for an ear question: a tonic, major or minor.
public struct EarKey: Hashable, Sendable, CustomStringConvertible {
  public let tonic: NoteClass
  public let isMinor: Bool

  public init(tonic: NoteClass, isMinor: Bool) {
    self.tonic = tonic
    self.isMinor = isMinor
  }

  /// The fifteen major keys, from seven flats (C♭) to seven sharps (C♯).
  public static let majors: [EarKey] = [
    "Cb", "Gb", "Db", "Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#",
  ].map { EarKey(tonic: NoteClass(parsing: $0)!, isMinor: false) }

  /// The fifteen minor keys, from seven flats (A♭ minor) to seven sharps (A♯ minor).
  public static let minors: [EarKey] = [
    "Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#", "G#", "D#", "A#",
  ].map { EarKey(tonic: NoteClass(parsing: $0)!, isMinor: true) }

  /// Its degrees, the tonic first: the major scale, or the natural minor, whose seventh is a
  /// whole step below the tonic.
  public var scale: Scale {
    Scale(tonic: tonic, type: isMinor ? .naturalMinor : .major)!
  }

  /// The triad on `degree` (1 for the tonic) as its cadences play it: in minor from the
  /// harmonic minor, whose major dominant (with the leading note) is what makes a minor key
  /// heard as one.
  public func triad(_ degree: Int) -> DiatonicChord {
    let harmony = Scale(tonic: tonic, type: isMinor ? .harmonicMinor : .major)!
    return harmony.diatonicChords(sevenths: false)![degree - 1]
  }

  /// "Eb major", "C# minor": what the quiz's report says.
  public var description: String {
    "\(tonic) \(isMinor ? "minor" : "major")"
  }
}
