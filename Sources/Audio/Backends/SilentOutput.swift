import AudioModel
import Dispatch
import Glibc
import Synchronization

/// Runs a renderer in real time without a sound device, so that everything visual (the beat
/// display, the schedule log) works when there is no audio server. Frame `f` counts as audible
/// at `start + f / sampleRate` on CLOCK_MONOTONIC.
public final class SilentOutput: Sendable {
  public let sampleRate: Int
  private let blockSize: Int
  private let run = RunState()

  /// Each start gets a new generation; a loop whose generation is no longer current ends. A
  /// class of its own, so the loop can hold it without keeping the output alive.
  private final class RunState: Sendable {
    let current = Mutex<(generation: Int, startNanoseconds: UInt64?)>((0, nil))
  }

  public init(sampleRate: Int = 48_000, blockSize: Int = 480) {
    self.sampleRate = sampleRate
    self.blockSize = blockSize
  }

  deinit { stop() }

  /// Starts pulling blocks from `renderer` at the pace a sound card would, handing each block
  /// to `tap` (a recorder) as a sound card would play it.
  public func start(
    renderer: any AudioRenderer,
    tap: (@Sendable (UnsafeBufferPointer<Float>) -> Void)? = nil
  ) {
    let start = MonotonicClock.nanoseconds()
    let generation = run.current.withLock { run in
      run = (run.generation + 1, start)
      return run.generation
    }
    let rate = Double(sampleRate)
    let size = blockSize
    DispatchQueue(label: "Woodshed.SilentOutput").async { [run] in
      let scratch = UnsafeMutableBufferPointer<Float>.allocate(capacity: size)
      defer { scratch.deallocate() }
      var frame: Int64 = 0
      while run.current.withLock({ $0.generation }) == generation {
        // Catch up on every block whose time has come, so a late wake-up never drifts.
        let due = Int64(Double(MonotonicClock.nanoseconds() &- start) / 1e9 * rate)
        while frame <= due {
          renderer.render(into: scratch, startFrame: frame)
          tap?(UnsafeBufferPointer(scratch))
          frame += Int64(size)
        }
        usleep(5_000)
      }
    }
  }

  public func stop() {
    run.current.withLock { $0 = ($0.generation + 1, nil) }
  }

  /// Which frame is "audible" when; nil while stopped.
  public func timing() -> OutputClock? {
    run.current.withLock { $0.startNanoseconds }.map {
      OutputClock(frame: 0, nanoseconds: $0, sampleRate: sampleRate)
    }
  }
}
