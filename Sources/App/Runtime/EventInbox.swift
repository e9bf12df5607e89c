import Synchronization
import TerminalUI

/// Events from background threads (the audio probe, later the audio engine) wait here until the
/// main loop takes them; posting wakes the loop out of its blocking wait.
final class EventInbox: Sendable {
  private let pending = Mutex<[AppEvent]>([])
  private let waker: TerminalWaker

  init(waker: TerminalWaker) {
    self.waker = waker
  }

  func post(_ event: AppEvent) {
    pending.withLock { $0.append(event) }
    waker.wake()
  }

  func takeAll() -> [AppEvent] {
    pending.withLock { events in
      defer { events.removeAll() }
      return events
    }
  }
}
