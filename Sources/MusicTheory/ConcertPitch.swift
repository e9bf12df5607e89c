/// The tuning reference: the frequency of A4 in hertz. Orchestras and baroque ensembles tune away
/// from 440 Hz, so the user may choose it within `validRange`.
public struct ConcertPitch: Hashable, Sendable {
  /// Frequency of A4 in hertz.
  public let a4: Double

  /// Wide enough for baroque 415 Hz and modern 466 Hz practice, narrow enough to catch typos.
  public static let validRange: ClosedRange<Double> = 400...480

  public static let standard = ConcertPitch(validatedA4: 440)

  /// Nil when `a4` is outside `validRange`.
  public init?(a4: Double) {
    guard Self.validRange.contains(a4) else { return nil }
    self.init(validatedA4: a4)
  }

  private init(validatedA4 a4: Double) {
    self.a4 = a4
  }
}

extension ConcertPitch: Codable {
  /// Decodes from a bare number of hertz, rejecting values outside `validRange` so a hand-edited
  /// settings file cannot detune everything.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let a4 = try container.decode(Double.self)
    guard let concertPitch = ConcertPitch(a4: a4) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "A4 = \(a4) Hz is outside \(Self.validRange)")
    }
    self = concertPitch
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(a4)
  }
}
