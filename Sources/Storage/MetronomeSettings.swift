/// What the metronome remembers between runs.
public struct MetronomeSettings: Equatable, Sendable {
  public static let bpmRange = 20...300
  public static let subdivisionRange = 1...4

  public var bpm = 90
  /// A time signature as written, e.g. "4/4" or "7/8".
  public var meter = "4/4"
  /// Accents per beat as written, e.g. "X x x ."; empty means the meter's default.
  public var accents = ""
  public var subdivision = 1
  /// Volume of the subdivision ticks, in percent of the click volume.
  public var subdivisionVolume = 60
  /// Named setups, in the order the setlist plays them.
  public var presets: [MetronomePreset] = []

  public init() {}

  /// A meter is "beats/unit" with 1…16 beats and a unit of 2, 4, 8 or 16.
  static func isValidMeter(_ text: String) -> Bool {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let beats = Int(parts[0]), let unit = Int(parts[1]) else {
      return false
    }
    return (1...16).contains(beats) && [2, 4, 8, 16].contains(unit)
  }

  /// Accent strings use X (accent), x (normal) and . (silent), spaces between them allowed.
  static func isValidAccents(_ text: String) -> Bool {
    text.allSatisfy { "Xx. ".contains($0) } && text.filter { $0 != " " }.count <= 16
  }
}
