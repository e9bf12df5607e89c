import AudioModel
import CPulseAudio

/// The recording half of `PulseAudioInput`: on PulseAudio's thread, hands each captured block to
/// the consumer with its absolute input frame index, counting from 0 across reconnects.
///
/// Mutable state is guarded by the main loop's lock.
final class PulseRecordEndpoint: PulseStreamEndpoint, @unchecked Sendable {
  let deviceKind = "source"
  let requestedDevice: String?
  let streamName = "Woodshed input"
  private let consumer: PulseAudioInput.Consumer
  private let targetLatency: Duration
  /// PulseAudio's own memory need not be aligned for `Float`, so blocks are copied here first.
  private let buffer: UnsafeMutableBufferPointer<Float>

  private var bridge: PulseCallbackBridge<PulseRecordEndpoint>?
  private(set) var firstFrame: Int64 = 0
  private(set) var nextFrame: Int64 = 0
  /// Which absolute frame is captured when, as last measured; nil until measured.
  private(set) var clock: InputClock?

  init(source: String?, targetLatency: Duration, consumer: @escaping PulseAudioInput.Consumer) {
    self.requestedDevice = source
    self.targetLatency = targetLatency
    self.consumer = consumer
    buffer = .allocate(capacity: max(4 * PulseTime.frames(targetLatency), 4_096))
    buffer.initialize(repeating: 0)
  }

  deinit { buffer.deallocate() }

  func connect(_ stream: OpaquePointer) -> Int32 {
    let bridge = PulseCallbackBridge<PulseRecordEndpoint>()
    bridge.attach(self)
    self.bridge = bridge
    firstFrame = nextFrame
    clock = nil
    pa_stream_set_read_callback(
      stream,
      { stream, _, userdata in
        guard let stream else { return }
        PulseCallbackBridge<PulseRecordEndpoint>.target(of: userdata)?.read(from: stream)
      }, bridge.userdata)
    pa_stream_set_latency_update_callback(
      stream,
      { stream, userdata in
        guard let stream else { return }
        PulseCallbackBridge<PulseRecordEndpoint>.target(of: userdata)?.timingMeasured(stream)
      }, bridge.userdata)
    // The server delivers a block every `fragsize` bytes and, with PA_STREAM_ADJUST_LATENCY,
    // sizes the source's buffer to match, so a captured frame arrives about one target
    // latency after it was captured.
    let fragment = max(PulseTime.frames(targetLatency), 64) * PulseTime.bytesPerFrame
    var attributes = pa_buffer_attr(
      maxlength: .max, tlength: .max, prebuf: .max, minreq: .max, fragsize: UInt32(fragment))
    let flags = pa_stream_flags_t(
      rawValue: PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_AUTO_TIMING_UPDATE.rawValue
        | PA_STREAM_INTERPOLATE_TIMING.rawValue)
    return pa_stream_connect_record(stream, requestedDevice, &attributes, flags)
  }

  /// A recording has nothing to let ring out.
  func finish(_ stream: OpaquePointer, on loop: PulseThreadedMainloop) {}

  func disconnect(from stream: OpaquePointer) {
    pa_stream_set_read_callback(stream, nil, nil)
    pa_stream_set_latency_update_callback(stream, nil, nil)
    bridge?.detach()
    bridge = nil
  }

  private func timingMeasured(_ stream: OpaquePointer) {
    clock = PulseStream.capturedPosition(of: stream).map { position in
      InputClock(
        frame: Double(firstFrame) + position.frames, nanoseconds: position.nanoseconds,
        sampleRate: PulseTime.sampleRate)
    }
  }

  /// Takes everything queued. A hole (data the server dropped) advances the frame index
  /// without a block, so the consumer sees the gap in the indices.
  private func read(from stream: OpaquePointer) {
    var data: UnsafeRawPointer?
    var bytes = 0
    while pa_stream_peek(stream, &data, &bytes) == 0, bytes > 0 {
      let frames = bytes / PulseTime.bytesPerFrame
      if let data { deliver(data, frames: frames) }
      nextFrame += Int64(frames)
      pa_stream_drop(stream)
    }
  }

  private func deliver(_ data: UnsafeRawPointer, frames: Int) {
    var offset = 0
    while offset < frames {
      let count = min(frames - offset, buffer.count)
      UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(
        from: data + offset * PulseTime.bytesPerFrame, byteCount: count * PulseTime.bytesPerFrame)
      consumer(UnsafeBufferPointer(rebasing: buffer[..<count]), nextFrame + Int64(offset))
      offset += count
    }
  }
}
