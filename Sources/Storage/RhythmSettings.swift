/// What the rhythm trainer remembers: the tempo and the line of patterns last chosen, how hits
/// come in and are judged, and the delay measured on the key path.
public struct RhythmSettings: Equatable, Sendable {
  /// Where hits come from.
  public enum Input: String, CaseIterable, Codable, Sendable {
    /// A key press (Space), stamped when it is read.
    case tap
    /// An onset heard by the microphone.
    case microphone
    /// A note-on from MIDI pads, an electronic drum kit or a keyboard.
    case midi
  }

  /// How wide the grades' windows are.
  public enum Strictness: String, CaseIterable, Codable, Sendable {
    /// Shares of each note's length: forgiving on long notes, tight on short ones.
    case relative
    /// Fixed milliseconds, for advanced players.
    case strict
  }

  public static let bpmRange = 40...160
  public static let barRange = 1...16
  public static let lineLengthRange = 1...8
  public static let tapOffsetRange = -200.0...500.0

  public var bpm = 90
  /// Pattern ids, in the order played (each a beat or more).
  public var line = ["quarter", "eighths", "triplet", "rest"]
  /// Bars of 4/4 after the count-in.
  public var bars = 4
  public var input = Input.tap
  public var strictness = Strictness.relative
  /// Whether a miss also rings the terminal's bell.
  public var rings = false
  /// A key path's delay and wobble, from a tap calibration on it.
  public struct TapPath: Codable, Equatable, Sendable {
    /// Subtracted from every tap that comes this way.
    public var offsetMilliseconds: Double
    /// How much the delay varies from tap to tap (a standard deviation).
    public var spreadMilliseconds: Double

    public init(offsetMilliseconds: Double, spreadMilliseconds: Double) {
      self.offsetMilliseconds = offsetMilliseconds
      self.spreadMilliseconds = spreadMilliseconds
    }

    enum CodingKeys: String, CodingKey {
      case offsetMilliseconds = "offsetMs"
      case spreadMilliseconds = "spreadMs"
    }
  }

  /// Each key path's calibration, by its name (`KeyRoute.name`: `local`, or `ssh from` and
  /// the client's address): a delay measured over one connection says nothing of another.
  public var tapPaths: [String: TapPath] = [:]
  /// The MIDI path's delay (USB polling, the driver), measured the same way by playing pads
  /// to the clicks, subtracted from every MIDI hit.
  public var midiOffsetMilliseconds = 0.0

  public init() {}

  static func isValidTapPaths(_ paths: [String: TapPath]) -> Bool {
    paths.values.allSatisfy {
      tapOffsetRange.contains($0.offsetMilliseconds) && (0...1000).contains($0.spreadMilliseconds)
    }
  }

  /// The single delay that versions before key paths kept (`rhythm.tapOffsetMs`), measured
  /// on whatever path the player used: it stands for the local terminal's until that is
  /// calibrated, and is written as the local terminal's for those versions.
  var localTapOffsetMilliseconds: Double {
    get { tapPaths[KeyRoute.local.name]?.offsetMilliseconds ?? 0 }
    set {
      guard tapPaths[KeyRoute.local.name] == nil, newValue != 0 else { return }
      tapPaths[KeyRoute.local.name] = TapPath(offsetMilliseconds: newValue, spreadMilliseconds: 0)
    }
  }

  static func isValidLine(_ ids: [String]) -> Bool {
    lineLengthRange.contains(ids.count) && ids.allSatisfy { !$0.isEmpty }
  }
}
