import AudioModel
import Synchronization

/// The most recent clicks an engine scheduled, written on the audio thread and read from any
/// other. It keeps a fixed number of clicks, overwriting the oldest, so appending never
/// allocates; readers copy what they need out under the lock.
public final class ScheduleLog: Sendable {
  public let capacity: Int
  private let ring: Mutex<Ring>

  private struct Ring {
    var clicks: [ScheduledClick]
    /// Where the next click goes once the ring is full; then also the oldest click.
    var next = 0

    var inOrder: some Collection<ScheduledClick> {
      clicks[next...] + clicks[..<next]
    }
  }

  /// `capacity` should cover the clicks a reader may fall behind by: the default holds more
  /// than three minutes at 300 BPM with sixteenths, in under 200 kB.
  public init(capacity: Int = 4096) {
    precondition(capacity > 0, "a log must hold at least one click")
    self.capacity = capacity
    var clicks: [ScheduledClick] = []
    clicks.reserveCapacity(capacity)
    ring = Mutex(Ring(clicks: clicks))
  }

  public func append(_ click: ScheduledClick) {
    ring.withLock { ring in
      if ring.clicks.count < capacity {
        ring.clicks.append(click)
      } else {
        ring.clicks[ring.next] = click
        ring.next = (ring.next + 1) % capacity
      }
    }
  }

  /// Every click still held, oldest first.
  public func snapshot() -> [ScheduledClick] {
    ring.withLock { Array($0.inOrder) }
  }

  /// The clicks held whose onset is at or after `frame`, oldest first. Clicks are logged in
  /// frame order, so a reader that passes one past the last frame it saw gets only new ones.
  public func clicks(since frame: Int64) -> [ScheduledClick] {
    ring.withLock { $0.inOrder.filter { $0.frame >= frame } }
  }
}
