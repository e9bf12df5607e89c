import Audio
import AudioModel
import FoundationEssentials
import Practice
import Synchronization
import TerminalUI

/// The recorder's timecode, read live from its LTC: an input (a PulseAudio source, or a WAV file
/// standing in, `--ltc-in`) decoded block by block. The last frame read, placed on the
/// monotonic clock by the input's clock, gives the recorder's timecode at any instant, as long
/// as the timecode keeps coming.
final class RecorderTimecode: Sendable {
  /// Without a frame for this long, the timecode is lost: the recorder stopped, or the cable.
  static let lostAfterSeconds = 2.0
  /// The frames the rate is told from: two seconds' worth.
  static let framesKept = 60

  private let input: Microphone
  private let reading = Reading()

  /// What the capture thread has read, behind its lock.
  private final class Reading: Sendable {
    struct State {
      var reader = LTCReader(sampleRate: WAVFileInput.sampleRate)
      var frames: [TimecodeTrack.Frame] = []
      var track: TimecodeTrack?
      var clock: InputClock?
    }

    let state = Mutex(State())
  }

  /// `file` stands in for the input; else `source` is read through PulseAudio.
  init(file: String?, source: String?, server: String?) {
    if let file {
      input = .file(WAVFileInput(url: URL(fileURLWithPath: file), pacing: .realTime))
    } else {
      input = .pulse(PulseAudioInput(source: source, server: server))
    }
  }

  /// Starts reading; throws why the input cannot be read, in one line.
  func start() throws(Launcher.Failure) {
    let (input, reading) = (input, reading)
    do {
      try input.start { block, frame in
        let samples = Array(block)
        reading.state.withLock { state in
          let read = state.reader.read(samples, at: frame).filter { !$0.isReversed }
          guard !read.isEmpty else { return }
          state.frames += read.map(TimecodeTrack.Frame.init)
          state.frames.removeFirst(max(0, state.frames.count - Self.framesKept))
          state.track = TimecodeTrack(frames: state.frames, sampleRate: WAVFileInput.sampleRate)
          state.clock = input.timing()
        }
      }
    } catch {
      throw Launcher.Failure(description: "timecode input: \(error)")
    }
  }

  func stop() { input.stop() }

  /// The recorder's timecode at `instant` (CLOCK_MONOTONIC nanoseconds), at `rate`; nil while
  /// no timecode has come in the last `lostAfterSeconds`.
  func timecode(at instant: UInt64, rate: FrameRate) -> Timecode? {
    reading.state.withLock { state in
      guard let track = state.track, let last = track.frames.last, let clock = state.clock
      else { return nil }
      let ended = clock.instant(whenCaptured: last.end + 1)
      let since = (Double(instant) - Double(ended)) / 1e9
      guard since < Self.lostAfterSeconds else { return nil }
      // The frame after the last one read starts where that one ended.
      return Timecode(frameCount: last.timecode.frameCount + 1, rate: track.rate)
        .converted(to: rate, adding: since)
    }
  }

  /// How much faster the recorder's clock runs than the input's, over the frames kept.
  var driftPPM: Double? { reading.state.withLock { $0.track?.driftPPM } }

  /// The timecode now, at `rate`.
  func now(rate: FrameRate) -> Timecode? {
    timecode(at: MonotonicInstant.now().nanoseconds, rate: rate)
  }
}
