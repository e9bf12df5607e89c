import AudioModel
import Synchronization

/// Records float32 mono 48 kHz from a PulseAudio source, handing each block to a consumer with
/// its absolute input frame index (frame 0 is the first frame captured).
///
/// Like `PulseAudioOutput`, a failure to start is thrown, and a server lost later is reported
/// through `onStatus`, retried every `retryInterval`, and recording resumes with the frame index
/// continuing where it stopped; the `.connected` status after a reconnect says where.
public final class PulseAudioInput: Sendable {
  public static let sampleRate = ListenerEvent.frameRate

  /// Receives a captured block and the absolute input frame index of its first sample.
  public typealias Consumer = @Sendable (_ block: UnsafeBufferPointer<Float>, _ at: Int64) -> Void

  /// The source asked for; nil means the server's default.
  public let source: String?
  /// The server asked for; nil means `PULSE_SERVER` or the client configuration. A server is
  /// never autospawned.
  public let server: String?
  public let targetLatency: Duration
  public let retryInterval: Duration
  private let onStatus: @Sendable (PulseAudioStreamStatus) -> Void
  private let session = Mutex<Session?>(nil)

  private struct Session: Sendable {
    let connection: PulseConnection
    let recording: PulseRecordEndpoint
  }

  /// `onStatus` is called in order on a private queue, never on the audio thread.
  public init(
    source: String? = nil, server: String? = nil, targetLatency: Duration = .milliseconds(20),
    retryInterval: Duration = .seconds(3),
    onStatus: @escaping @Sendable (PulseAudioStreamStatus) -> Void = { _ in }
  ) {
    self.source = source
    self.server = server
    self.targetLatency = targetLatency
    self.retryInterval = retryInterval
    self.onStatus = onStatus
  }

  /// Records what `sink` plays, through its monitor source.
  public convenience init(
    monitorOf sink: String, server: String? = nil, targetLatency: Duration = .milliseconds(20),
    retryInterval: Duration = .seconds(3),
    onStatus: @escaping @Sendable (PulseAudioStreamStatus) -> Void = { _ in }
  ) {
    self.init(
      source: "\(sink).monitor", server: server, targetLatency: targetLatency,
      retryInterval: retryInterval, onStatus: onStatus)
  }

  deinit { stop() }

  /// Connects and starts recording, stopping any earlier recording first; returns once the
  /// stream runs, or throws why it cannot within `timeout`. `consumer` runs on PulseAudio's
  /// thread with a block that is valid only during the call: it must be quick, copy what it
  /// keeps, and not allocate.
  public func start(timeout: Duration = .seconds(3), consumer: @escaping Consumer)
    throws(PulseAudioError)
  {
    stop()
    let recording = PulseRecordEndpoint(
      source: source, targetLatency: targetLatency, consumer: consumer)
    let connection = try PulseConnection.open(
      recording, server: server, retryInterval: retryInterval, timeout: timeout,
      onStatus: onStatus)
    let replaced = session.withLock { session in
      defer { session = Session(connection: connection, recording: recording) }
      return session
    }
    replaced?.connection.close()
  }

  /// Disconnects; the consumer is not called afterwards.
  public func stop() {
    session.withLock { $0 }?.connection.close()
  }

  /// How long ago the frame about to be delivered was captured; nil while not connected. For a
  /// monitor source it is counted to when the sink plays the frame, so it can be negative.
  public var latency: Duration? {
    session.withLock { $0 }?.connection.withStream(PulseStream.latency(of:))
  }

  /// The source the stream actually records from; nil while not connected.
  public var connectedSource: String? {
    session.withLock { $0 }?.connection.withStream(PulseStream.deviceName(of:))
  }

  /// Which input frame is captured when; nil while not connected.
  public func timing() -> InputClock? {
    guard let session = session.withLock({ $0 }) else { return nil }
    return session.connection.withStream { _ in session.recording.clock }
  }
}
