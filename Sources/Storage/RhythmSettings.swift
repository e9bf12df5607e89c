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
  /// The key path's delay from tap calibration, subtracted from every tap.
  public var tapOffsetMilliseconds = 0.0
  /// The MIDI path's delay (USB polling, the driver), measured the same way by playing pads
  /// to the clicks, subtracted from every MIDI hit.
  public var midiOffsetMilliseconds = 0.0

  public init() {}

  static func isValidLine(_ ids: [String]) -> Bool {
    lineLengthRange.contains(ids.count) && ids.allSatisfy { !$0.isEmpty }
  }
}
