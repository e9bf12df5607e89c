import Dispatch
import Glibc
import Synchronization

extension WAVFileInput {
  /// One run through the file. A class of its own, so the delivering thread can hold it
  /// without keeping the input alive, and a stopped run can never touch a newer one.
  final class Playback: Sendable {
    /// When frame 0 counted as captured, in real time.
    let startNanoseconds: UInt64?
    /// Entered until the delivering thread is done.
    let finished = DispatchGroup()
    private let stopped = Atomic<Bool>(false)
    private let complete = Atomic<Bool>(false)
    /// Held while the consumer runs, so that `stop()` can wait out a block being delivered.
    private let delivery = Mutex<Void>(())
    /// The delivering thread, which must not wait for itself when the consumer stops the run.
    private let thread = Atomic<UInt>(0)

    init(startNanoseconds: UInt64?) {
      self.startNanoseconds = startNanoseconds
      finished.enter()
    }

    var isComplete: Bool { complete.load(ordering: .acquiring) }

    func stop() {
      stopped.store(true, ordering: .releasing)
      guard pthread_equal(thread.load(ordering: .acquiring), pthread_self()) == 0 else { return }
      delivery.withLock { _ in }
    }

    /// Runs on the delivering thread until the file is delivered or the run stopped.
    func deliver(_ source: Resampler, blockSize: Int, to consumer: Consumer) {
      thread.store(pthread_self(), ordering: .releasing)
      let block = UnsafeMutableBufferPointer<Float>.allocate(capacity: blockSize)
      defer {
        block.deallocate()
        finished.leave()
      }
      var frame: Int64 = 0
      while frame < source.frameCount {
        let count = Int(min(Int64(blockSize), source.frameCount - frame))
        guard waitUntilCaptured(through: frame + Int64(count)) else { return }
        let filled = UnsafeMutableBufferPointer(rebasing: block[..<count])
        source.render(into: filled, from: frame)
        let delivered = delivery.withLock { _ in
          guard !stopped.load(ordering: .acquiring) else { return false }
          consumer(UnsafeBufferPointer(filled), frame)
          return true
        }
        guard delivered else { return }
        frame += Int64(count)
      }
      complete.store(true, ordering: .releasing)
    }

    /// In real time, sleeps until frames up to `end` would have been captured, reckoned from
    /// the start instant each time so late wake-ups never add up to drift; false if stopped
    /// meanwhile. Sleeps are short so that stopping is prompt even with long blocks.
    private func waitUntilCaptured(through end: Int64) -> Bool {
      guard let start = startNanoseconds else { return !stopped.load(ordering: .acquiring) }
      let due = start + UInt64(Double(end) * 1e9 / Double(WAVFileInput.sampleRate))
      while !stopped.load(ordering: .acquiring) {
        let now = MonotonicClock.nanoseconds()
        guard now < due else { return true }
        usleep(UInt32(min(due - now, 10_000_000) / 1_000))
      }
      return false
    }
  }
}
