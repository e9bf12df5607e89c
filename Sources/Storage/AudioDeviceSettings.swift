/// Which PulseAudio devices to use and how much output latency to aim for.
public struct AudioDeviceSettings: Equatable, Sendable {
  public static let latencyRange = 5...200

  /// A sink name; empty means the server's default.
  public var sink = ""
  /// A source name; empty means the server's default.
  public var source = ""
  public var targetLatencyMilliseconds = 20

  public init() {}
}
