import DSP

/// What the microphone listens for: the instrument being played, and the fingerprints learned
/// for each instrument by name.
public struct ListeningSettings: Equatable, Sendable {
  /// The instrument whose profile tunes the onset detector; empty means any sound.
  public var instrument = ""
  public var profiles: [String: InstrumentProfile] = [:]

  public init() {}

  /// The profile of the chosen instrument, if it has one.
  public var profile: InstrumentProfile? { profiles[instrument] }

  /// Names are what the user typed, trimmed; they key a JSON object.
  public static let nameLength = 1...24

  /// `typed` without surrounding spaces, if it makes a name: printable and not too long.
  public static func instrumentName(_ typed: String) -> String? {
    let name = String(
      typed.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    guard nameLength.contains(name.count),
      name.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control })
    else { return nil }
    return name
  }

  static func isValidProfiles(_ profiles: [String: InstrumentProfile]) -> Bool {
    profiles.allSatisfy { instrumentName($0.key) == $0.key && $0.value.isWellFormed }
  }
}
