import AudioModel
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// A WAV file standing in for the microphone (`--audio-in FILE.wav`), with the shape of
/// `PulseAudioInput` so the app can use either: blocks of mono float32 at 48 kHz, each with the
/// absolute input frame index of its first sample, counted from 0. Any channel count is
/// averaged to mono and any rate converted by `Resampler`; the last block is shorter when the
/// block size does not divide the length. The whole file is held in memory while it plays.
public final class WAVFileInput: Sendable {
  public static let sampleRate = PulseAudioInput.sampleRate

  /// Receives a block and the absolute input frame index of its first sample.
  public typealias Consumer = PulseAudioInput.Consumer

  public enum Pacing: Sendable {
    /// Each block is delivered when a microphone would have finished capturing it, so the app
    /// behaves as it does live.
    case realTime
    /// Each block follows as soon as the consumer returns, for headless analysis. Frames are
    /// captured at no particular instant, so `timing()` is nil.
    case asFastAsPossible
  }

  public let url: URL
  /// Frames per block, as a sound card's period; 480 is 10 ms.
  public let blockSize: Int
  public let pacing: Pacing
  private let current = Mutex<Playback?>(nil)
  /// The file read and converted, kept after the first read so that a start begins at once.
  private let prepared = Mutex<Resampler?>(nil)

  public init(url: URL, blockSize: Int = 480, pacing: Pacing = .realTime) {
    precondition(blockSize > 0, "blocks must hold at least one frame")
    self.url = url
    self.blockSize = blockSize
    self.pacing = pacing
  }

  deinit { stop() }

  /// Reads the file and starts delivering it from frame 0, stopping any earlier run first;
  /// throws, in one line, why the file cannot be used. `consumer` runs on a private thread with
  /// a block that is valid only during the call; it may call `stop()` but not
  /// `waitUntilFinished()`.
  public func start(consumer: @escaping Consumer) throws(WAVFileInputError) {
    stop()
    let source = try converted()
    let start: UInt64? = pacing == .realTime ? MonotonicClock.nanoseconds() : nil
    let playback = Playback(startNanoseconds: start)
    let replaced = current.withLock { current in
      defer { current = playback }
      return current
    }
    replaced?.stop()
    let size = blockSize
    DispatchQueue(label: "Woodshed.WAVFileInput").async {
      playback.deliver(source, blockSize: size, to: consumer)
    }
  }

  /// Reads and converts the file, once; a caller that prepares it early makes the first start
  /// as prompt as a microphone's.
  public func prepare() throws(WAVFileInputError) {
    _ = try converted()
  }

  private func converted() throws(WAVFileInputError) -> Resampler {
    if let ready = prepared.withLock({ $0 }) { return ready }
    let audio = try Self.monoAudio(of: url)
    let source = Resampler(audio.samples, from: audio.rate, to: Self.sampleRate)
    prepared.withLock { $0 = source }
    return source
  }

  /// Stops delivering; once it returns the consumer is not called again.
  public func stop() {
    current.withLock { current in
      defer { current = nil }
      return current
    }?.stop()
  }

  /// Blocks until the run has delivered every frame or was stopped, and says which: true when
  /// the whole file was delivered. Returns false at once when stopped or never started.
  @discardableResult
  public func waitUntilFinished() -> Bool {
    guard let playback = current.withLock({ $0 }) else { return false }
    playback.finished.wait()
    return playback.isComplete
  }

  /// In real time, frame `f` counts as captured at `start + f / 48 000 s` on CLOCK_MONOTONIC;
  /// nil while stopped and when delivering as fast as possible.
  public func timing() -> InputClock? {
    current.withLock { $0?.startNanoseconds }.map {
      InputClock(frame: 0, nanoseconds: $0, sampleRate: Self.sampleRate)
    }
  }
}
