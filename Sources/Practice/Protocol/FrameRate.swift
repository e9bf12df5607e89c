/// A recorder's timecode frame rate.
///
/// 23.976 and 29.97 count 24 and 30 frame labels a second but run at 1000/1001 of that speed:
/// their non-drop-frame timecode falls behind the wall clock by 3.6 s an hour, as on the
/// recorder. 29.97 drop-frame (`HH:MM:SS;FF`, SMPTE 12M) skips the labels 00 and 01 at the start
/// of every minute but every tenth, and so keeps up with the clock: ten minutes are 17 982
/// frames, 600 s less 0.6 ms.
public enum FrameRate: String, CaseIterable, Sendable {
  case fps23976 = "23.976"
  case fps24 = "24"
  case fps25 = "25"
  case fps2997 = "29.97"
  case fps2997DropFrame = "29.97df"
  case fps30 = "30"

  /// The rates as `fps` and `--fps` list them.
  public static let names = "23.976, 24, 25, 29.97, 29.97df and 30"

  /// A rate as people write it, in any case: its own name, `23.98` for 23.976, `29.97ndf`
  /// for 29.97 and `29.97dropframe` or `29.97d` for 29.97df.
  public init?(name: some StringProtocol) {
    let aliases: [String: FrameRate] = [
      "23.98": .fps23976, "29.97ndf": .fps2997, "29.97d": .fps2997DropFrame,
      "29.97dropframe": .fps2997DropFrame,
    ]
    let name = name.lowercased()
    guard let rate = FrameRate(rawValue: name) ?? aliases[name] else { return nil }
    self = rate
  }

  /// Frame labels in one timecode second.
  public var framesPerTimecodeSecond: Int {
    switch self {
    case .fps23976, .fps24: 24
    case .fps25: 25
    case .fps2997, .fps2997DropFrame, .fps30: 30
    }
  }

  /// Whether the labels 00 and 01 are skipped at the start of most minutes.
  public var isDropFrame: Bool { self == .fps2997DropFrame }

  /// Frames in one second of real time.
  public var framesPerSecond: Double {
    Double(speed.frames) / Double(speed.seconds)
  }

  /// `frames` frames run in exactly `seconds` seconds of real time, so that times are counted
  /// in whole numbers.
  public var speed: (frames: Int, seconds: Int) {
    switch self {
    case .fps23976: (24000, 1001)
    case .fps2997, .fps2997DropFrame: (30000, 1001)
    case .fps24, .fps25, .fps30: (framesPerTimecodeSecond, 1)
    }
  }

  /// The frames from 00:00:00:00 to 24:00:00:00, where timecode starts again.
  public var framesPerDay: Int {
    isDropFrame
      ? 24 * 6 * Self.dropFrameTenMinutes : 24 * 60 * 60 * framesPerTimecodeSecond
  }

  /// Ten minutes of 29.97 drop-frame: 18 000 labels less 2 in each of nine minutes.
  static let dropFrameTenMinutes = 17_982
  /// A minute of 29.97 drop-frame that skips its first two labels.
  static let dropFrameMinute = 1_798
}
