import DSP

/// Which PulseAudio devices to use, how much output latency to aim for, and how late each
/// microphone hears each output.
public struct AudioDeviceSettings: Equatable, Sendable {
  public static let latencyRange = 5...200
  /// Round trips measured outside this range, in milliseconds, are not believed.
  public static let roundTripRange = -50.0...1000.0

  /// A sink name; empty means the server's default.
  public var sink = ""
  /// A source name; empty means the server's default.
  public var source = ""
  /// The ALSA sequencer port MIDI comes from, by address ("20:0") or a part of its name;
  /// empty means every MIDI device connected.
  public var midiPort = ""
  public var targetLatencyMilliseconds = 20
  /// Measured round trips in milliseconds, by sink name and then source name: from the moment
  /// the output clock says a click is heard to the moment the onset detector places it in the
  /// input.
  public var roundTripMilliseconds: [String: [String: Double]] = [:]
  /// How each output's clicks reach each microphone, by sink name and then source name, at the
  /// third-octave frequencies `ClickPath.storedFrequencies`.
  public var clickPaths: [String: [String: ClickPath]] = [:]

  public init() {}

  public func clickPath(sink: String, source: String) -> ClickPath? {
    clickPaths[sink]?[source]
  }

  public mutating func setClickPath(_ path: ClickPath, sink: String, source: String) {
    clickPaths[sink, default: [:]][source] = path.resampled(to: ClickPath.storedFrequencies)
  }

  static func isValidClickPaths(_ paths: [String: [String: ClickPath]]) -> Bool {
    paths.values.allSatisfy { $0.values.allSatisfy(\.isWellFormed) }
  }

  public func roundTrip(sink: String, source: String) -> Double? {
    roundTripMilliseconds[sink]?[source]
  }

  public mutating func setRoundTrip(_ milliseconds: Double, sink: String, source: String) {
    roundTripMilliseconds[sink, default: [:]][source] = milliseconds
  }

  static func isValidRoundTrips(_ trips: [String: [String: Double]]) -> Bool {
    trips.values.allSatisfy { $0.values.allSatisfy(roundTripRange.contains) }
  }
}
