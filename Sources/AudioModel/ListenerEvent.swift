/// What the listener heard, in input frames (48 kHz, counted from the start of capture).
public enum ListenerEvent: Equatable, Sendable {
  /// A sound started at `frame`: a played note, a clap, a hit.
  case onset(frame: Int64, strength: Float)
  /// The pitch heard around `frame`; a frequency of 0 means no clear pitch.
  case pitch(frame: Int64, frequency: Double, confidence: Double)
  /// How loud the input was over the last stretch, in dBFS (RMS).
  case level(frame: Int64, decibels: Float)
}

extension ListenerEvent {
  /// The input frame the event speaks of.
  public var frame: Int64 {
    switch self {
    case .onset(let frame, _), .pitch(let frame, _, _), .level(let frame, _): frame
    }
  }
}

extension ListenerEvent {
  /// The rate the frames count at: the capture's.
  public static let frameRate = 48_000
}
