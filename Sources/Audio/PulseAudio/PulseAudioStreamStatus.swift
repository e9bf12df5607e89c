/// What happened to a running PulseAudio stream, reported as it happens so the app can show it
/// and carry on visual-only while the server is gone.
public enum PulseAudioStreamStatus: Equatable, Sendable {
  /// The stream runs (again).
  case connected(PulseAudioStreamInfo)
  /// The server or stream was lost; reconnection attempts follow every retry interval.
  case unavailable(reason: String)
  /// A reconnection attempt (1, 2, …) has begun.
  case reconnecting(attempt: Int)
}

/// A connected stream.
public struct PulseAudioStreamInfo: Equatable, Sendable {
  /// The sink or source the server actually connected the stream to.
  public var device: String
  /// The absolute frame index of the stream's first frame. A stream opened after a reconnect
  /// continues the counter where the lost stream stopped, so this is where the discontinuity is:
  /// frames before it that were still buffered in the lost stream were never heard (or, for
  /// input, captured), and the wall-clock time of the outage is not counted in frames.
  public var firstFrame: Int64
  /// True for a stream that replaces a lost one.
  public var isReconnection: Bool

  public init(device: String, firstFrame: Int64, isReconnection: Bool) {
    self.device = device
    self.firstFrame = firstFrame
    self.isReconnection = isReconnection
  }
}
