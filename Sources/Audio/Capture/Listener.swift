import AudioModel
import DSP
import Synchronization

/// Runs the onset and pitch detectors over captured blocks, on the capture thread, and hands
/// what they find to `onEvents` in input frames. Clicks the metronome is about to play are
/// announced with `expectClick` so their bleed into the microphone is not taken for a hit.
public final class Listener: Sendable {
  public static let sampleRate = PulseAudioInput.sampleRate
  /// The level, and the newest pitch, are reported this often; more would only flood the
  /// main loop.
  static let levelInterval = sampleRate / 20
  /// Longer gaps in the input (overruns) restart the detectors rather than being bridged.
  static let longestBridgedGap = Int64(sampleRate)

  private let pipeline: Mutex<ListenerPipeline>
  private let onEvents: @Sendable ([ListenerEvent]) -> Void

  /// `clickTemplates` are the metronome's sounds as it plays them, by the clicks' `sound`, and
  /// `clickPath` how they reach the microphone, from a calibration: with both, a click is told
  /// from a hit from the start; without them, once the count-in was heard. `onEvents` runs on
  /// the capture thread: it must be quick and pass the events on.
  public init(
    profile: InstrumentProfile? = nil, clickTemplates: [[Float]] = [], clickPath: ClickPath? = nil,
    onEvents: @escaping @Sendable ([ListenerEvent]) -> Void
  ) {
    self.onEvents = onEvents
    pipeline = Mutex(
      ListenerPipeline(
        sampleRate: Self.sampleRate, levelInterval: Self.levelInterval,
        longestBridgedGap: Self.longestBridgedGap, profile: profile, clickTemplates: clickTemplates,
        clickPath: clickPath))
  }

  /// A metronome click of `sound` will be captured at `frame` (an input frame), `isAlone` when
  /// nothing is played near it; announce it before it arrives, or at the latest a few
  /// milliseconds after.
  /// `isUnsure` when the output's clock had just moved: an onset with the click is not counted.
  public func expectClick(
    atInputFrame frame: Int64, sound: Int, isAlone: Bool, isUnsure: Bool = false
  ) {
    pipeline.withLock {
      $0.expectClick(atInputFrame: frame, sound: sound, isAlone: isAlone, isUnsure: isUnsure)
    }
  }

  /// How the clicks reach the microphone, once the source is known: from a calibration of this
  /// sink and source.
  public func follow(_ clickPath: ClickPath) {
    pipeline.withLock { $0.follow(clickPath) }
  }

  /// The consumer to give a `Microphone`: one block of mono 48 kHz samples and the input frame
  /// of its first sample.
  public func consume(_ block: UnsafeBufferPointer<Float>, at frame: Int64) {
    let captured = CapturedBlock(samples: block)
    let events = pipeline.withLock { $0.consume(captured.samples, at: frame) }
    if !events.isEmpty { onEvents(events) }
  }
}

/// A block of samples from the capture callback (PulseAudio's C thread, or the file reader),
/// handed to the pipeline under its lock. It is only read during that call, which ends before
/// the callback returns and the block is reused, so no two threads ever touch it.
private struct CapturedBlock: @unchecked Sendable {
  let samples: UnsafeBufferPointer<Float>
}
