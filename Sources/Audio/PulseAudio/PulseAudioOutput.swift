import AudioModel
import CPulseAudio
import Synchronization

/// Plays an `AudioRenderer` through a PulseAudio sink: float32, mono, 48 kHz, pulled on
/// PulseAudio's thread in exactly the blocks the server asks for, with frame 0 the first frame
/// written. This output's frame counter is the app's master clock.
///
/// A failure to start is thrown. A server lost later is reported through `onStatus`
/// (`.unavailable`), retried every `retryInterval`, and on success playback resumes with the
/// same renderer: the frame counter continues where it stopped, so the renderer keeps seeing
/// consecutive blocks and the schedule simply continues; the `.connected` status after a
/// reconnect carries the frame where the discontinuity is. No PulseAudio failure crashes.
public final class PulseAudioOutput: Sendable {
  public static let sampleRate = PulseTime.sampleRate

  /// The sink asked for; nil means the server's default.
  public let sink: String?
  /// The server asked for; nil means `PULSE_SERVER` or the client configuration. A server is
  /// never autospawned.
  public let server: String?
  public let targetLatency: Duration
  public let retryInterval: Duration
  private let onStatus: @Sendable (PulseAudioStreamStatus) -> Void
  private let session = Mutex<Session?>(nil)

  private struct Session: Sendable {
    let connection: PulseConnection
    let playback: PulsePlaybackEndpoint
  }

  /// `onStatus` is called in order on a private queue, never on the audio thread.
  public init(
    sink: String? = nil, server: String? = nil, targetLatency: Duration = .milliseconds(20),
    retryInterval: Duration = .seconds(3),
    onStatus: @escaping @Sendable (PulseAudioStreamStatus) -> Void = { _ in }
  ) {
    self.sink = sink
    self.server = server
    self.targetLatency = targetLatency
    self.retryInterval = retryInterval
    self.onStatus = onStatus
  }

  deinit { stop() }

  /// Connects and starts pulling from `renderer`, stopping any earlier playback first; returns
  /// once the stream runs, or throws why it cannot within `timeout`.
  public func start(renderer: any AudioRenderer, timeout: Duration = .seconds(3))
    throws(PulseAudioError)
  {
    stop()
    let playback = PulsePlaybackEndpoint(
      renderer: renderer, sink: sink, targetLatency: targetLatency)
    let connection = try PulseConnection.open(
      playback, server: server, retryInterval: retryInterval, timeout: timeout,
      onStatus: onStatus)
    let replaced = session.withLock { session in
      defer { session = Session(connection: connection, playback: playback) }
      return session
    }
    replaced?.connection.close()
  }

  /// Fades the next 5 ms out, waits until everything written has been heard, and disconnects.
  /// Sounds the renderer already made ring out first. Must not be called from the renderer.
  public func stop() {
    session.withLock { $0 }?.connection.close()
  }

  /// How long a frame written now takes to be heard; nil while not connected.
  public var latency: Duration? {
    session.withLock { $0 }?.connection.withStream(PulseStream.latency(of:))
  }

  /// Underruns since the last `start`: times the stream ran dry because the renderer, or the
  /// machine, was too slow. Each delays everything after it by the time it lasted.
  public var underrunCount: Int {
    session.withLock { $0 }?.playback.underrunCount ?? 0
  }

  /// The sink the stream actually plays on; nil while not connected.
  public var connectedSink: String? {
    session.withLock { $0 }?.connection.withStream(PulseStream.deviceName(of:))
  }

  /// Which output frame is audible when; nil while not connected or not playing.
  public func timing() -> OutputClock? {
    guard let session = session.withLock({ $0 }) else { return nil }
    return session.connection.withStream { _ in session.playback.clock }
  }
}
