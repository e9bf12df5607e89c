/// A recorder's timecode frame rate.
///
/// 29.97 is counted non-drop-frame: 30 frame labels a second, running at 30000/1001 frames a
/// second, so its timecode drifts slowly behind the wall clock as on the recorder. Drop-frame
/// timecode (`HH:MM:SS;FF`) is not supported.
public enum FrameRate: String, CaseIterable, Sendable {
  case fps24 = "24"
  case fps25 = "25"
  case fps2997 = "29.97"
  case fps30 = "30"

  /// Frame labels in one timecode second.
  public var framesPerTimecodeSecond: Int {
    switch self {
    case .fps24: 24
    case .fps25: 25
    case .fps2997, .fps30: 30
    }
  }

  /// Frames in one second of real time.
  public var framesPerSecond: Double {
    Double(speed.frames) / Double(speed.seconds)
  }

  /// `frames` frames run in exactly `seconds` seconds of real time, so that times are counted
  /// in whole numbers.
  public var speed: (frames: Int, seconds: Int) {
    self == .fps2997 ? (30000, 1001) : (framesPerTimecodeSecond, 1)
  }
}
