import CLTC
import Foundation

/// Linear timecode written by libltc's own encoder, as a recorder sends it.
enum LTCSignals {
  /// `frames` frames of LTC from `start` (hours, minutes, seconds, frame), encoded by libltc
  /// for a `clock` Hz sample clock (a recorder's that drifts is not 48 000), as floats; the
  /// second from frame `skippingAt` on is left out, as a recorder that drops one.
  static func encoded(
    fps: Double, standard: LTC_TV_STANDARD, dropFrame: Bool, start: [UInt8], frames: Int,
    clock: Double = 48_000, skippingAt skip: Int? = nil
  ) throws -> [Float] {
    guard let encoder = ltc_encoder_create(clock, fps, standard, 0) else {
      throw CancellationError()
    }
    defer { ltc_encoder_free(encoder) }
    var time = SMPTETimecode()
    time.hours = start[0]
    time.mins = start[1]
    time.secs = start[2]
    time.frame = start[3]
    ltc_encoder_set_timecode(encoder, &time)
    var frame = LTCFrame()
    ltc_encoder_get_frame(encoder, &frame)
    frame.dfbit = dropFrame ? 1 : 0
    ltc_encoder_set_frame(encoder, &frame)
    var samples: [Float] = []
    // One frame more than asked, as the recorder runs on: a frame is read once the next
    // one's first edge closes its last bit.
    for index in 0...frames {
      if index == skip {
        for _ in 0..<Int(fps.rounded()) { ltc_encoder_inc_timecode(encoder) }
      }
      ltc_encoder_encode_frame(encoder)
      var buffer: UnsafeMutablePointer<ltcsnd_sample_t>?
      let count = ltc_encoder_get_bufferptr(encoder, &buffer, 1)
      samples += (0..<Int(count)).map { (Float(buffer![$0]) - 128) / 128 }
      ltc_encoder_inc_timecode(encoder)
    }
    // The recording goes on after the timecode: the decoder knows the last frame has ended.
    return samples + [Float](repeating: 0, count: 4_800)
  }
}
