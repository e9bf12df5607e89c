/// A spelled interval: a quality and a number counted in letters, so the augmented fourth (C–F♯)
/// and the diminished fifth (C–G♭) are different intervals with the same six semitones.
/// Numbers above 8 are compound intervals (M9 is an octave plus M2).
public struct Interval: Hashable, Sendable, CustomStringConvertible {
  public let quality: IntervalQuality
  /// 1 for a unison, 2 for a second, ..., 8 for an octave, 9 for a ninth, ...
  public let number: Int
  public let semitones: Int

  /// Nil when the quality does not apply to the number (see `isValid(quality:number:)`).
  public init?(quality: IntervalQuality, number: Int) {
    guard Self.isValid(quality: quality, number: number),
      let semitones = Self.semitones(quality: quality, number: number)
    else { return nil }
    self.quality = quality
    self.number = number
    self.semitones = semitones
  }

  /// For named constants known to be valid.
  init(_ quality: IntervalQuality, _ number: Int) {
    guard let interval = Interval(quality: quality, number: number) else {
      preconditionFailure("\(quality.symbol)\(number) is not an interval")
    }
    self = interval
  }

  /// Reads short names such as "P1", "m3", "A4", "d5", "M9" or "AA6". Case matters: "m" is minor
  /// and "M" major.
  public init?(shortName: String) {
    guard let numberStart = shortName.firstIndex(where: { $0.isASCII && $0.isNumber }),
      let quality = IntervalQuality.allCases.first(where: {
        $0.symbol == shortName[..<numberStart]
      }),
      let number = Int(shortName[numberStart...]),
      String(number) == shortName[numberStart...]
    else { return nil }
    self.init(quality: quality, number: number)
  }

  /// The interval from `lower` up to `upper` as spelled: C4 to E4 is M3, C4 to F♭4 is d4.
  /// Nil when `upper` is on a lower staff position than `lower`, or the spelling needs a quality
  /// beyond doubly augmented or doubly diminished.
  public init?(from lower: Note, to upper: Note) {
    let number = upper.staffStep - lower.staffStep + 1
    let semitones = upper.pitch - lower.pitch
    let match = IntervalQuality.allCases.lazy
      .compactMap { Interval(quality: $0, number: number) }
      .first { $0.semitones == semitones }
    guard let match else { return nil }
    self = match
  }

  /// Perfect only on unisons, fourths, fifths and octaves (and their compounds), minor and major
  /// only on the others. Diminished unisons are rejected because they would be negative.
  public static func isValid(quality: IntervalQuality, number: Int) -> Bool {
    guard let semitones = semitones(quality: quality, number: number) else { return false }
    return semitones >= 0
  }

  /// "P1", "m3", "A4", "d5", "M9", ...
  public var shortName: String {
    quality.symbol + String(number)
  }

  public var description: String {
    shortName
  }

  /// The interval that completes this one to an octave: M3 becomes m6, A4 becomes d5, P8 becomes
  /// P1. Compound intervals invert as their simple form (M10 becomes m6). Nil for augmented
  /// octaves, whose inversion would be a diminished unison.
  public var inverted: Interval? {
    let simpleOrOctave = number > 8 ? (number - 2) % 7 + 2 : number
    return Interval(quality: quality.inverted, number: 9 - simpleOrOctave)
  }

  /// Whether both intervals span the same number of semitones, such as A4 and d5.
  public func isEnharmonic(with other: Interval) -> Bool {
    semitones == other.semitones
  }

  /// The degree label guitarists use: "1", "b3", "#4", "b5", "bb7", "b9", "#11", "13".
  /// Octaves read as "1". Ninths, elevenths and thirteenths keep their compound number as in chord
  /// symbols; other compound intervals read as their simple degree (a tenth is "3").
  public var guitarLabel: String {
    let degree = [9, 11, 13].contains(number) ? number : Self.simpleNumber(of: number)
    let plainQuality: IntervalQuality = Self.isPerfectType(number) ? .perfect : .major
    let offset = semitones - Interval(plainQuality, number).semitones
    return String(repeating: offset < 0 ? "b" : "#", count: abs(offset)) + String(degree)
  }

  /// The label for a distance in semitones without spelling, as on a fretboard chart:
  /// "1 b2 2 b3 3 4 #4/b5 5 b6 6 b7 7" for 0 through 11, repeating every octave.
  public static func guitarLabel(semitones: Int) -> String {
    semitoneLabels[semitones.modulo(12)]
  }

  /// Which way to move when transposing a note.
  public enum Direction: String, CaseIterable, Codable, Sendable {
    case up
    case down
  }

  private static let semitoneLabels = [
    "1", "b2", "2", "b3", "3", "4", "#4/b5", "5", "b6", "6", "b7", "7",
  ]

  private static func simpleNumber(of number: Int) -> Int {
    (number - 1).modulo(7) + 1
  }

  private static func isPerfectType(_ number: Int) -> Bool {
    [1, 4, 5].contains(simpleNumber(of: number))
  }

  private static func semitones(quality: IntervalQuality, number: Int) -> Int? {
    guard number >= 1,
      let offset = isPerfectType(number) ? quality.offsetFromPerfect : quality.offsetFromMajor
    else { return nil }
    // The perfect and major intervals above C land on the natural letters.
    let plain = Letter.C.advanced(by: number - 1).semitonesFromC + 12 * ((number - 1) / 7)
    return plain + offset
  }
}

extension Interval: Codable {
  /// Encoded as the short name ("M3") so stored intervals are readable and validated on decoding.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let shortName = try container.decode(String.self)
    guard let interval = Interval(shortName: shortName) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "\"\(shortName)\" is not an interval")
    }
    self = interval
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(shortName)
  }
}
