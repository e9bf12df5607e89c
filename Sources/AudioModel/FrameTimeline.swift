/// The mapping both stream clocks make between a stream's frames and CLOCK_MONOTONIC: one frame
/// known at one instant, extended at the nominal rate. `InputClock` and `OutputClock` stay two
/// types so that input and output frames cannot be mixed up; the arithmetic is this, once.
enum FrameTimeline {
  /// The frame at `instant`, given that `frame` was at `nanoseconds`.
  static func frame(at instant: UInt64, anchor frame: Double, nanoseconds: UInt64, sampleRate: Int)
    -> Int64
  {
    let seconds = Double(Int64(bitPattern: instant &- nanoseconds)) / 1e9
    return Int64((frame + seconds * Double(sampleRate)).rounded())
  }

  /// The instant of `target`, given that `frame` was at `nanoseconds`; never before the clock's
  /// origin.
  static func instant(of target: Int64, anchor frame: Double, nanoseconds: UInt64, sampleRate: Int)
    -> UInt64
  {
    let seconds = (Double(target) - frame) / Double(sampleRate)
    let instant = (Double(nanoseconds) + seconds * 1e9).rounded()
    return UInt64(min(max(instant, 0), Double(Int64.max)))
  }
}
