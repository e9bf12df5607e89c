import AudioModel
import CPulseAudio
import Synchronization

/// The playback half of `PulseAudioOutput`: on PulseAudio's thread, pulls exactly the requested
/// frames from the renderer into a preallocated buffer and writes them, counting frames from 0
/// across reconnects so the renderer always sees consecutive blocks.
///
/// Mutable state is guarded by the main loop's lock, except the atomic underrun count.
final class PulsePlaybackEndpoint: PulseStreamEndpoint, @unchecked Sendable {
  /// 5 ms: long enough that a cut waveform does not click, short enough not to be heard as a fade.
  static let fadeFrames = 240

  let deviceKind = "sink"
  let requestedDevice: String?
  let streamName = "Woodshed output"
  private let renderer: any AudioRenderer
  private let targetLatency: Duration
  private let buffer: UnsafeMutableBufferPointer<Float>
  private let underruns = Atomic<Int>(0)

  private var bridge: PulseCallbackBridge<PulsePlaybackEndpoint>?
  private(set) var firstFrame: Int64 = 0
  private(set) var nextFrame: Int64 = 0
  private var isFinishing = false
  /// Which absolute frame is audible when, as last measured; nil until measured while playing.
  private(set) var clock: OutputClock?

  init(renderer: any AudioRenderer, sink: String?, targetLatency: Duration) {
    self.renderer = renderer
    self.requestedDevice = sink
    self.targetLatency = targetLatency
    // Requests rarely exceed the buffer length the server granted; bigger ones are served in
    // several blocks rather than by allocating on the audio thread.
    let capacity = max(4 * PulseTime.frames(targetLatency), 4_096)
    buffer = .allocate(capacity: capacity)
    buffer.initialize(repeating: 0)
  }

  deinit { buffer.deallocate() }

  var underrunCount: Int { underruns.load(ordering: .relaxed) }

  func connect(_ stream: OpaquePointer) -> Int32 {
    let bridge = PulseCallbackBridge<PulsePlaybackEndpoint>()
    bridge.attach(self)
    self.bridge = bridge
    firstFrame = nextFrame
    clock = nil
    pa_stream_set_write_callback(
      stream,
      { stream, bytes, userdata in
        guard let stream else { return }
        PulseCallbackBridge<PulsePlaybackEndpoint>.target(of: userdata)?
          .write(bytes: bytes, to: stream)
      }, bridge.userdata)
    pa_stream_set_underflow_callback(
      stream,
      { stream, userdata in
        guard let stream else { return }
        PulseCallbackBridge<PulsePlaybackEndpoint>.target(of: userdata)?.underflowed(stream)
      }, bridge.userdata)
    // Playback stopping and starting moves the clock, so each asks for a fresh measurement.
    pa_stream_set_started_callback(
      stream,
      { stream, _ in
        guard let stream else { return }
        PulseStream.requestTiming(of: stream)
      }, nil)
    pa_stream_set_latency_update_callback(
      stream,
      { stream, userdata in
        guard let stream else { return }
        PulseCallbackBridge<PulsePlaybackEndpoint>.target(of: userdata)?.timingMeasured(stream)
      }, bridge.userdata)
    var attributes = Self.bufferAttributes(targetLatency: targetLatency)
    let flags = pa_stream_flags_t(
      rawValue: PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_AUTO_TIMING_UPDATE.rawValue
        | PA_STREAM_INTERPOLATE_TIMING.rawValue)
    return pa_stream_connect_playback(stream, requestedDevice, &attributes, flags, nil, nil)
  }

  /// With `PA_STREAM_ADJUST_LATENCY` the server splits `tlength` between the sink's buffer and
  /// the stream's queue so that the whole latency comes close to it (at 20 ms: about 5 ms in
  /// the sink, 15 ms queued). Refills are asked for in quarters of the target (`minreq`), so a
  /// late callback still finds most of the queue filled. `prebuf` is left to the server, which
  /// grants the queue less one refill: playback starts, and restarts after an underrun, only
  /// with that much queued, so an underrun delays what follows rather than dropping it, and
  /// the next timing measurement shows the delay in `OutputClock`.
  static func bufferAttributes(targetLatency: Duration) -> pa_buffer_attr {
    let target = max(PulseTime.frames(targetLatency), 256)
    return pa_buffer_attr(
      maxlength: .max, tlength: UInt32(target * PulseTime.bytesPerFrame), prebuf: .max,
      minreq: UInt32(target / 4 * PulseTime.bytesPerFrame), fragsize: .max)
  }

  /// Ends with a 5 ms fade of the next frames, so a sound still playing cannot pop, then waits
  /// until everything written has been played. The fade is rendered on the closing thread, but
  /// under the loop's lock, so never at the same time as the audio thread renders.
  func finish(_ stream: OpaquePointer, on loop: PulseThreadedMainloop) {
    isFinishing = true
    let fade = UnsafeMutableBufferPointer(rebasing: buffer[..<Self.fadeFrames])
    renderer.render(into: fade, startFrame: nextFrame)
    let last = Float(fade.count - 1)
    for index in fade.indices {
      fade[index] *= (last - Float(index)) / last
    }
    if write(fade, to: stream), let drain = pa_stream_drain(stream, nil, nil) {
      _ = loop.wait(for: drain, timeout: targetLatency * 4 + .milliseconds(500))
    }
  }

  func disconnect(from stream: OpaquePointer) {
    pa_stream_set_write_callback(stream, nil, nil)
    pa_stream_set_underflow_callback(stream, nil, nil)
    pa_stream_set_started_callback(stream, nil, nil)
    pa_stream_set_latency_update_callback(stream, nil, nil)
    bridge?.detach()
    bridge = nil
  }

  private func write(bytes: Int, to stream: OpaquePointer) {
    guard !isFinishing else { return }
    var remaining = bytes / PulseTime.bytesPerFrame
    while remaining > 0 {
      let block = UnsafeMutableBufferPointer(rebasing: buffer[..<min(remaining, buffer.count)])
      renderer.render(into: block, startFrame: nextFrame)
      guard write(block, to: stream) else { return }
      remaining -= block.count
    }
  }

  private func write(_ block: UnsafeMutableBufferPointer<Float>, to stream: OpaquePointer) -> Bool {
    let written = pa_stream_write(
      stream, block.baseAddress, block.count * PulseTime.bytesPerFrame, nil, 0, PA_SEEK_RELATIVE)
    guard written == 0 else { return false }
    nextFrame += Int64(block.count)
    return true
  }

  private func underflowed(_ stream: OpaquePointer) {
    // Draining ends in an underflow by design.
    guard !isFinishing else { return }
    underruns.add(1, ordering: .relaxed)
    PulseStream.requestTiming(of: stream)
  }

  private func timingMeasured(_ stream: OpaquePointer) {
    clock = PulseStream.heardPosition(of: stream).map { position in
      OutputClock(
        frame: Double(firstFrame) + position.frames, nanoseconds: position.nanoseconds,
        sampleRate: PulseTime.sampleRate)
    }
  }
}
