import Glibc

/// A sounding pitch as a MIDI note number (60 is middle C, 69 is A4). Numbers outside 0...127 are
/// allowed so arithmetic never traps; check `isValidMIDI` before sending one to a synthesizer.
public struct Pitch: Hashable, Comparable, Codable, Sendable {
  public let midiNumber: Int

  public init(midiNumber: Int) {
    self.midiNumber = midiNumber
  }

  /// The pitch closest to `frequency`, or nil when the frequency is not a positive finite number.
  /// Use `centsOffset(of:reference:)` to find how far off the frequency is.
  public init?(nearestTo frequency: Double, reference: ConcertPitch = .standard) {
    guard frequency.isFinite, frequency > 0 else { return nil }
    let semitonesFromA4 = 12 * log2(frequency / reference.a4)
    self.init(midiNumber: Self.a4MIDINumber + Int(semitonesFromA4.rounded()))
  }

  public static let validMIDIRange = 0...127

  public var isValidMIDI: Bool {
    Self.validMIDIRange.contains(midiNumber)
  }

  /// Semitones above the nearest C at or below, 0 through 11.
  public var pitchClass: Int {
    midiNumber.modulo(12)
  }

  /// Frequency in hertz in twelve-tone equal temperament.
  public func frequency(reference: ConcertPitch = .standard) -> Double {
    reference.a4 * pow(2, Double(midiNumber - Self.a4MIDINumber) / 12)
  }

  /// How many cents `frequency` lies above this pitch (negative when below); a tuner shows this
  /// as the needle.
  public func centsOffset(of frequency: Double, reference: ConcertPitch = .standard) -> Double {
    1200 * log2(frequency / self.frequency(reference: reference))
  }

  /// A spelling without key context: black keys become sharps or flats as asked.
  public func spelling(preferSharps: Bool) -> Note {
    let spellings = preferSharps ? Self.sharpSpellings : Self.flatSpellings
    return Note(spellings[pitchClass], octave: midiNumber.floorDivided(by: 12) - 1)
  }

  public static func < (lhs: Pitch, rhs: Pitch) -> Bool {
    lhs.midiNumber < rhs.midiNumber
  }

  public static func + (pitch: Pitch, semitones: Int) -> Pitch {
    Pitch(midiNumber: pitch.midiNumber + semitones)
  }

  public static func - (pitch: Pitch, semitones: Int) -> Pitch {
    Pitch(midiNumber: pitch.midiNumber - semitones)
  }

  /// Semitones from `rhs` up to `lhs`.
  public static func - (lhs: Pitch, rhs: Pitch) -> Int {
    lhs.midiNumber - rhs.midiNumber
  }

  private static let a4MIDINumber = 69

  private static let sharpSpellings: [NoteClass] = [
    NoteClass(.C), NoteClass(.C, .sharp), NoteClass(.D), NoteClass(.D, .sharp), NoteClass(.E),
    NoteClass(.F), NoteClass(.F, .sharp), NoteClass(.G), NoteClass(.G, .sharp), NoteClass(.A),
    NoteClass(.A, .sharp), NoteClass(.B),
  ]

  private static let flatSpellings: [NoteClass] = [
    NoteClass(.C), NoteClass(.D, .flat), NoteClass(.D), NoteClass(.E, .flat), NoteClass(.E),
    NoteClass(.F), NoteClass(.G, .flat), NoteClass(.G), NoteClass(.A, .flat), NoteClass(.A),
    NoteClass(.B, .flat), NoteClass(.B),
  ]
}
