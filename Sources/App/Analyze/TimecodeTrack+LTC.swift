import Audio
import Practice

extension TimecodeTrack.Frame {
  /// A frame as libltc's decoder read it.
  init(_ read: LTCFrameRead) {
    self.init(
      hours: read.hours, minutes: read.minutes, seconds: read.seconds, frames: read.frames,
      isDropFrame: read.isDropFrame, sample: read.start, end: read.end)
  }
}
