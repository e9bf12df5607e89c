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

  static func isValidProfiles(_ profiles: [String: InstrumentProfile]) -> Bool {
    profiles.allSatisfy { nameLength.contains($0.key.count) && $0.value.isWellFormed }
  }
}
