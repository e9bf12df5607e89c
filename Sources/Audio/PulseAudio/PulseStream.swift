import CPulseAudio

/// Readings from a ready stream, each taken with the main loop's lock held.
enum PulseStream {
  /// The frame that was being heard when PulseAudio last measured a playback stream's timing,
  /// counted from the stream's first frame, and the CLOCK_MONOTONIC instant of the measurement;
  /// nil unless the stream was playing then. Call from the latency-update callback, which runs
  /// as soon as a measurement arrives.
  ///
  /// Computed from the raw measurement rather than `pa_stream_get_time`: that smoothed time
  /// keeps running while a new stream waits behind the sink's buffer and then refuses to go
  /// back, so for a second or more after a start it was off by up to a second.
  static func heardPosition(of stream: OpaquePointer) -> (frames: Double, nanoseconds: UInt64)? {
    let arrival = MonotonicClock.nanoseconds()
    guard let timing = pa_stream_get_timing_info(stream)?.pointee,
      timing.playing != 0, timing.read_index_corrupt == 0
    else { return nil }
    // Frames leave the stream's queue at the read index and are heard a sink latency later.
    return position(
      bytes: timing.read_index, plus: -Double(timing.sink_usec), measuredBefore: arrival,
      transport: timing.transport_usec)
  }

  /// The frame that was being captured when PulseAudio last measured a record stream's timing,
  /// counted from the stream's first frame, and the CLOCK_MONOTONIC instant of the measurement.
  /// Call from the latency-update callback, as `heardPosition(of:)`.
  static func capturedPosition(of stream: OpaquePointer) -> (frames: Double, nanoseconds: UInt64)? {
    let arrival = MonotonicClock.nanoseconds()
    guard let timing = pa_stream_get_timing_info(stream)?.pointee, timing.write_index_corrupt == 0
    else { return nil }
    // Frames enter the stream's queue at the write index a source latency after capture; a
    // monitor source captures what its sink plays, a sink latency after the sink took it.
    return position(
      bytes: timing.write_index, plus: Double(timing.source_usec) - Double(timing.sink_usec),
      measuredBefore: arrival, transport: timing.transport_usec)
  }

  /// How long a frame written now takes to be heard (playback), or how long ago the next frame
  /// to be read was captured (recording).
  static func latency(of stream: OpaquePointer) -> Duration? {
    var microseconds: pa_usec_t = 0
    var negative: Int32 = 0
    guard pa_stream_get_latency(stream, &microseconds, &negative) == 0 else { return nil }
    let latency = Duration.microseconds(Int64(clamping: microseconds))
    return negative != 0 ? .zero - latency : latency
  }

  /// The sink or source a ready stream is connected to.
  static func deviceName(of stream: OpaquePointer) -> String? {
    pa_stream_get_device_name(stream).map { String(cString: $0) }
  }

  /// Asks for a timing measurement now rather than at the next automatic one, which come up
  /// to 1.5 s apart; the latency-update callback receives it.
  static func requestTiming(of stream: OpaquePointer) {
    if let operation = pa_stream_update_timing_info(stream, nil, nil) {
      pa_operation_unref(operation)
    }
  }

  /// The server measured `transport` before the answer arrived here.
  private static func position(
    bytes: Int64, plus microseconds: Double, measuredBefore arrival: UInt64,
    transport: pa_usec_t
  ) -> (frames: Double, nanoseconds: UInt64) {
    let rate = Double(PulseTime.sampleRate)
    let frames = Double(bytes) / Double(PulseTime.bytesPerFrame) + microseconds * rate / 1e6
    return (frames, arrival - min(arrival, transport * 1_000))
  }
}
