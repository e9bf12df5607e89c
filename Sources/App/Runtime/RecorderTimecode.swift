import Audio
import AudioModel
import Dispatch
import FoundationEssentials
import Glibc
import MIDI
import Practice
import Synchronization
import TerminalUI

/// Where `woodshed protocol live` reads the recorder's timecode from.
public enum TimecodeInput: Sendable {
  /// LTC from a PulseAudio source, or a WAV recording of it played in real time.
  case ltc(file: String?, source: String?)
  /// MIDI Time Code from an ALSA sequencer port (nil: every device), or a MIDI file played in
  /// real time, or a device node or FIFO read as raw MIDI.
  case mtc(path: String?, port: String?)

  /// What the status line and `doctor` call it.
  var kind: String {
    switch self {
    case .ltc: "LTC"
    case .mtc: "MTC"
    }
  }

  /// Where it comes from, as `doctor` says it: the file, the source or port named, or nil for
  /// the default input (LTC) or every MIDI device (MTC).
  var sourceName: String? {
    switch self {
    case .ltc(let file?, _), .mtc(let file?, _): URL(fileURLWithPath: file).lastPathComponent
    case .ltc(nil, let source): source
    case .mtc(nil, let port): port
    }
  }
}

/// The recorder's timecode, read live: its LTC from an audio input decoded block by block, or
/// its MIDI Time Code. The last frame read, placed on the monotonic clock (by the audio input's
/// clock, or when the quarter frames came), gives the recorder's timecode at any instant, as
/// long as the timecode keeps coming.
final class RecorderTimecode: Sendable {
  /// Without a frame for this long, the timecode is lost: the recorder stopped, or the cable.
  static let lostAfterSeconds = 2.0
  /// The frames the rate is told from: two seconds' worth.
  static let framesKept = 60

  let kind: String
  private let input: Input
  private let reading = Reading()
  private let reception = Reception()

  private enum Input: Sendable {
    case audio(Microphone)
    case midi(path: String?, port: String?)
  }

  /// What the reading thread has read, behind its lock. Frames are placed in samples of the
  /// audio input, or in nanoseconds of the monotonic clock.
  private final class Reading: Sendable {
    struct State {
      var reader = LTCReader(sampleRate: WAVFileInput.sampleRate)
      var decoder = MIDITimecodeDecoder()
      var frames: [TimecodeTrack.Frame] = []
      var track: TimecodeTrack?
      var clock: InputClock?
      var unitsPerSecond = WAVFileInput.sampleRate

      /// Keeps `read`, the last `framesKept` frames, and the track they make.
      mutating func add(_ read: [TimecodeTrack.Frame]) {
        guard !read.isEmpty else { return }
        frames += read
        frames.removeFirst(max(0, frames.count - RecorderTimecode.framesKept))
        track = TimecodeTrack(frames: frames, sampleRate: unitsPerSecond)
      }
    }

    let state = Mutex(State())
  }

  init(_ timecode: TimecodeInput, server: String?) {
    kind = timecode.kind
    switch timecode {
    case .ltc(let file?, _):
      input = .audio(.file(WAVFileInput(url: URL(fileURLWithPath: file), pacing: .realTime)))
    case .ltc(nil, let source):
      input = .audio(.pulse(PulseAudioInput(source: source, server: server)))
    case .mtc(let path, let port):
      input = .midi(path: path, port: port)
    }
  }

  /// Starts reading; throws why the input cannot be read, in one line.
  func start() throws(Launcher.Failure) {
    switch input {
    case .audio(let microphone): try start(microphone)
    case .midi(let path, let port): try startMIDI(path: path, port: port)
    }
  }

  private func start(_ input: Microphone) throws(Launcher.Failure) {
    let reading = reading
    do {
      try input.start { block, frame in
        let samples = Array(block)
        reading.state.withLock { state in
          let read = state.reader.read(samples, at: frame).filter { !$0.isReversed }
          guard !read.isEmpty else { return }
          state.add(read.map(TimecodeTrack.Frame.init))
          state.clock = input.timing()
        }
      }
    } catch {
      throw Launcher.Failure(description: "timecode input: \(error)")
    }
  }

  private func startMIDI(path: String?, port: String?) throws(Launcher.Failure) {
    let source: MIDISource
    do throws(Launcher.Failure) {
      source = try MIDISource.open(path, choice: port, standIn: "--mtc-in")
    } catch {
      throw Launcher.Failure(description: "timecode input: \(error.description)")
    }
    let (reading, reception) = (reading, reception)
    reading.state.withLock { $0.unitsPerSecond = Self.nanosecondsPerSecond }
    DispatchQueue.global(qos: .userInteractive).async {
      source.run(from: .now(), until: reception) { messages, instant in
        let seconds = Double(instant.nanoseconds) / 1e9
        reading.state.withLock { state in
          var read: [MIDITimecodeDecoder.Frame] = []
          for case .timecodeQuarterFrame(let piece, let value) in messages {
            read += state.decoder.add(piece: piece, value: value, at: seconds)
          }
          state.add(read.map { TimecodeTrack.Frame($0, unitsPerSecond: Self.nanosecondsPerSecond) })
        }
      }
    }
  }

  private static let nanosecondsPerSecond = 1_000_000_000

  func stop() {
    switch input {
    case .audio(let microphone): microphone.stop()
    case .midi: reception.stop()
    }
  }

  /// The recorder's timecode at `instant` (CLOCK_MONOTONIC nanoseconds), at `rate`; nil while
  /// no timecode has come in the last `lostAfterSeconds`.
  func timecode(at instant: UInt64, rate: FrameRate) -> Timecode? {
    reading.state.withLock { state in
      guard let track = state.track, let last = track.frames.last else { return nil }
      let ended: UInt64
      if case .audio = input {
        guard let clock = state.clock else { return nil }
        ended = clock.instant(whenCaptured: last.end + 1)
      } else {
        ended = UInt64(max(0, last.end + 1))
      }
      let since = (Double(instant) - Double(ended)) / 1e9
      guard since < Self.lostAfterSeconds else { return nil }
      // The frame after the last one read starts where that one ended.
      return Timecode(frameCount: last.timecode.frameCount + 1, rate: track.rate)
        .converted(to: rate, adding: since)
    }
  }

  /// How much faster the recorder's clock runs than the input's, over the frames kept.
  var driftPPM: Double? { reading.state.withLock { $0.track?.driftPPM } }

  /// The rate the recorder's timecode counts at, once two frames have come.
  var rate: FrameRate? { reading.state.withLock { $0.track?.rate } }

  /// The timecode now, at `rate`.
  func now(rate: FrameRate) -> Timecode? {
    timecode(at: MonotonicInstant.now().nanoseconds, rate: rate)
  }

  /// How long `protocol add` waits for the recorder's timecode: as long as `doctor` listens.
  static let waitSeconds = 3.0

  /// Reads `input` until its timecode comes, for one line entered headless: the recorder's
  /// timecode at `rate` and the box's clock at that same moment, or nil when none came within
  /// `waitSeconds`; throws why the input cannot be read, in one line.
  static func reading(_ input: TimecodeInput, server: String?, rate: FrameRate)
    throws(Launcher.Failure) -> (timecode: Timecode, at: Date)?
  {
    let recorder = RecorderTimecode(input, server: server)
    try recorder.start()
    defer { recorder.stop() }
    let deadline = MonotonicInstant.now().nanoseconds + UInt64(waitSeconds * 1e9)
    while MonotonicInstant.now().nanoseconds < deadline {
      if let timecode = recorder.now(rate: rate) { return (timecode, Date()) }
      usleep(10_000)
    }
    return nil
  }
}
