import CPulseAudio
import Dispatch

/// A PulseAudio context carrying one stream, from `open` to `close`. If the server or the
/// stream is lost mid-session, it reports why, tries to reconnect every `retryInterval` in the
/// background, and reopens the same endpoint, which keeps counting frames where it stopped.
///
/// All mutable state is touched only on the main loop's thread or under its lock.
final class PulseConnection: @unchecked Sendable {
  private enum Phase {
    case starting, running, retrying, closed
  }

  private let loop: PulseThreadedMainloop
  private let endpoint: any PulseStreamEndpoint
  private let server: String?
  private let retryInterval: Duration
  private let onStatus: @Sendable (PulseAudioStreamStatus) -> Void
  /// Status callbacks run here, in order, so the app's handler never runs on the audio thread
  /// and may call back into the output or input freely.
  private let statusQueue = DispatchQueue(label: "woodshed.pulseaudio.status")
  private let bridge = PulseCallbackBridge<PulseConnection>()

  private var phase = Phase.starting
  private var context: OpaquePointer?
  private var stream: OpaquePointer?
  private var retryTimer: OpaquePointer?
  private var watchdogTimer: OpaquePointer?
  /// The endpoint's frame index at the last look, and how many looks it has stood still.
  private var watchedFrame: Int64?
  private var stillLooks = 0
  private var attempts = 0
  private var startFailure: PulseAudioError?

  private init(
    loop: PulseThreadedMainloop, endpoint: any PulseStreamEndpoint, server: String?,
    retryInterval: Duration, onStatus: @escaping @Sendable (PulseAudioStreamStatus) -> Void
  ) {
    self.loop = loop
    self.endpoint = endpoint
    self.server = server
    self.retryInterval = retryInterval
    self.onStatus = onStatus
  }

  /// Connects to `server` (nil: `PULSE_SERVER` or the client configuration; never autospawned)
  /// and opens the endpoint's stream, waiting up to `timeout` for it to run.
  static func open(
    _ endpoint: any PulseStreamEndpoint, server: String?, retryInterval: Duration,
    timeout: Duration, onStatus: @escaping @Sendable (PulseAudioStreamStatus) -> Void
  ) throws(PulseAudioError) -> PulseConnection {
    guard let loop = PulseThreadedMainloop(), loop.start() else {
      throw .unavailable(reason: "PulseAudio client could not start")
    }
    let connection = PulseConnection(
      loop: loop, endpoint: endpoint, server: server, retryInterval: retryInterval,
      onStatus: onStatus)
    connection.bridge.attach(connection)
    if let failure = loop.withLock({ connection.begin(timeout: timeout) }) {
      connection.close()
      throw failure
    }
    return connection
  }

  /// Ends the stream (letting the endpoint finish gracefully), disconnects and stops retrying.
  /// Closing again does nothing.
  func close() {
    guard !loop.isCurrentThread else {
      // The loop's thread cannot stop itself.
      DispatchQueue.global().async { self.close() }
      return
    }
    let wasOpen = loop.withLock {
      guard phase != .closed else { return false }
      if phase == .running, let stream { endpoint.finish(stream, on: loop) }
      phase = .closed
      cancelRetry()
      dropContext()
      return true
    }
    guard wasOpen else { return }
    loop.stop()
    bridge.detach()
  }

  /// Runs `body` on the running stream under the loop's lock; nil while there is none.
  func withStream<Result>(_ body: (OpaquePointer) -> Result?) -> Result? {
    loop.withLock {
      guard phase == .running, let stream else { return nil }
      return body(stream)
    }
  }

  private func begin(timeout: Duration) -> PulseAudioError? {
    connectContext()
    let settled = loop.wait(timeout: timeout) { phase != .starting || startFailure != nil }
    if !settled {
      fail(.unavailable(reason: "PulseAudio server did not answer in time"))
    }
    return startFailure
  }

  private func connectContext() {
    guard let context = pa_context_new(loop.api, "Woodshed") else {
      return fail(.unavailable(reason: "PulseAudio client could not start"))
    }
    self.context = context
    pa_context_set_state_callback(
      context,
      { context, userdata in
        PulseCallbackBridge<PulseConnection>.target(of: userdata)?.contextChanged(context)
      }, bridge.userdata)
    // A connection refused at once may already have failed through the state callback.
    if pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) < 0,
      self.context == context
    {
      fail(.unavailable(reason: reason(context)))
    }
  }

  private func contextChanged(_ changed: OpaquePointer?) {
    guard let context, changed == context else { return }
    switch pa_context_get_state(context) {
    case PA_CONTEXT_READY: openStream(on: context)
    case PA_CONTEXT_FAILED, PA_CONTEXT_TERMINATED: fail(.unavailable(reason: reason(context)))
    default: break
    }
  }

  private func openStream(on context: OpaquePointer) {
    var spec = pa_sample_spec(
      format: PA_SAMPLE_FLOAT32LE, rate: UInt32(PulseTime.sampleRate), channels: 1)
    guard let stream = pa_stream_new(context, endpoint.streamName, &spec, nil) else {
      return fail(.refused(reason: reason(context)))
    }
    self.stream = stream
    pa_stream_set_state_callback(
      stream,
      { stream, userdata in
        PulseCallbackBridge<PulseConnection>.target(of: userdata)?.streamChanged(stream)
      }, bridge.userdata)
    if endpoint.connect(stream) < 0, self.stream == stream {
      fail(.refused(reason: reason(context)))
    }
  }

  private func streamChanged(_ changed: OpaquePointer?) {
    guard let stream, changed == stream else { return }
    switch pa_stream_get_state(stream) {
    case PA_STREAM_READY: streamStarted(stream)
    case PA_STREAM_FAILED, PA_STREAM_TERMINATED: fail(.refused(reason: reason(context)))
    default: break
    }
  }

  private func streamStarted(_ stream: OpaquePointer) {
    let info = PulseAudioStreamInfo(
      device: PulseStream.deviceName(of: stream) ?? endpoint.requestedDevice ?? "default",
      firstFrame: endpoint.firstFrame,
      isReconnection: phase == .retrying)
    phase = .running
    attempts = 0
    watchedFrame = nil
    stillLooks = 0
    scheduleWatchdog()
    report(.connected(info))
    loop.signal()
  }

  /// Every failure ends here: before the first start it is the answer to `open`; later it makes
  /// the connection retry in the background.
  private func fail(_ error: PulseAudioError) {
    switch phase {
    case .closed:
      return
    case .starting:
      dropContext()
      startFailure = error
      loop.signal()
    case .running:
      dropContext()
      phase = .retrying
      report(.unavailable(reason: error.reason))
      scheduleRetry()
    case .retrying:
      dropContext()
      scheduleRetry()
    }
  }

  /// A server stopped (`kill -STOP`, a hung machine) keeps its socket open and says nothing;
  /// only the data standing still shows it. After `stallLimit` it is treated as lost.
  static let stallLimit = Duration.seconds(2)
  private static let watchdogInterval = Duration.milliseconds(250)

  private func scheduleWatchdog() {
    cancelWatchdog()
    watchdogTimer = loop.addTimer(
      after: Self.watchdogInterval,
      callback: { _, _, _, userdata in
        PulseCallbackBridge<PulseConnection>.target(of: userdata)?.watch()
      }, userdata: bridge.userdata)
  }

  private func cancelWatchdog() {
    guard let watchdogTimer else { return }
    loop.removeTimer(watchdogTimer)
    self.watchdogTimer = nil
  }

  private func watch() {
    cancelWatchdog()
    guard phase == .running else { return }
    let frame = endpoint.nextFrame
    // A new stream may wait a while for its first request: the watch starts once data moved.
    if frame == watchedFrame, frame != endpoint.firstFrame {
      stillLooks += 1
      if Self.watchdogInterval * stillLooks >= Self.stallLimit {
        return fail(.unavailable(reason: "PulseAudio: the server stopped answering"))
      }
    } else {
      stillLooks = 0
      watchedFrame = frame
    }
    scheduleWatchdog()
  }

  private func scheduleRetry() {
    cancelRetry()
    retryTimer = loop.addTimer(
      after: retryInterval,
      callback: { _, _, _, userdata in
        PulseCallbackBridge<PulseConnection>.target(of: userdata)?.retry()
      }, userdata: bridge.userdata)
  }

  private func cancelRetry() {
    guard let retryTimer else { return }
    loop.removeTimer(retryTimer)
    self.retryTimer = nil
  }

  private func retry() {
    cancelRetry()
    guard phase == .retrying else { return }
    attempts += 1
    report(.reconnecting(attempt: attempts))
    connectContext()
  }

  /// Unhooks every callback before letting go, so nothing reaches this object from a dead
  /// context or stream.
  private func dropContext() {
    cancelWatchdog()
    if let stream {
      pa_stream_set_state_callback(stream, nil, nil)
      endpoint.disconnect(from: stream)
      pa_stream_disconnect(stream)
      pa_stream_unref(stream)
      self.stream = nil
    }
    if let context {
      pa_context_set_state_callback(context, nil, nil)
      pa_context_disconnect(context)
      pa_context_unref(context)
      self.context = nil
    }
  }

  private func reason(_ context: OpaquePointer?) -> String {
    let code = context.map(pa_context_errno) ?? Int32(PA_ERR_UNKNOWN.rawValue)
    if code == Int32(PA_ERR_NOENTITY.rawValue), let device = endpoint.requestedDevice {
      return "PulseAudio: no \(endpoint.deviceKind) named \"\(device)\""
    }
    let text = pa_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    return "PulseAudio: \(text)"
  }

  private func report(_ status: PulseAudioStreamStatus) {
    let onStatus = onStatus
    statusQueue.async { onStatus(status) }
  }
}
