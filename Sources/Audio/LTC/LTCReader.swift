import CLTC

/// One frame of linear timecode as read from audio: its labels as the recorder wrote them, and
/// the samples it spans.
public struct LTCFrameRead: Equatable, Sendable {
  public var hours: Int
  public var minutes: Int
  public var seconds: Int
  public var frames: Int
  /// The drop-frame flag: 29.97 drop-frame counting.
  public var isDropFrame: Bool
  /// The first and last sample of the frame, counted from the first sample read.
  public var start: Int64
  public var end: Int64
  /// The tape or the recorder ran backwards.
  public var isReversed: Bool
}

/// Reads SMPTE linear timecode (LTC) from audio with libltc's decoder, block by block as an
/// input delivers it. Not thread-safe: one reader per input, used on its thread.
public final class LTCReader {
  /// LTC frames the decoder holds until they are read; a block of audio never holds as many.
  static let queueLength: Int32 = 64

  private let decoder: OpaquePointer
  private var scratch: [Float] = []

  /// `sampleRate` of the audio; the decoder follows any frame rate from there.
  public init(sampleRate: Int) {
    decoder = ltc_decoder_create(Int32(sampleRate / 25), Self.queueLength)
  }

  deinit { ltc_decoder_free(decoder) }

  /// The frames that end in `samples`, whose first sample is `position` in the stream.
  public func read(_ samples: [Float], at position: Int64) -> [LTCFrameRead] {
    scratch = samples
    var frames: [LTCFrameRead] = []
    var offset = 0
    // A block at a time, so the decoder's queue never overflows before it is read.
    while offset < scratch.count {
      let count = min(1_024, scratch.count - offset)
      scratch.withUnsafeMutableBufferPointer { buffer in
        ltc_decoder_write_float(
          decoder, buffer.baseAddress! + offset, count, ltc_off_t(position) + ltc_off_t(offset))
      }
      offset += count
      var frame = LTCFrameExt()
      while ltc_decoder_read(decoder, &frame) != 0 {
        var time = SMPTETimecode()
        ltc_frame_to_time(&time, &frame.ltc, 0)
        frames.append(
          LTCFrameRead(
            hours: Int(time.hours), minutes: Int(time.mins), seconds: Int(time.secs),
            frames: Int(time.frame), isDropFrame: woodshed_ltc_is_drop_frame(&frame) != 0,
            start: Int64(frame.off_start), end: Int64(frame.off_end),
            isReversed: frame.reverse != 0))
      }
    }
    return frames
  }

  /// Every frame in a whole recording.
  public static func frames(in samples: [Float], sampleRate: Int) -> [LTCFrameRead] {
    LTCReader(sampleRate: sampleRate).read(samples, at: 0)
  }
}
