import Dispatch
import Glibc

/// Delivers signals as their numbers through a `TerminalWaker`, so the input loop waits for
/// keys and signals in one `poll()`. Dispatch runs the handler on a queue: ordinary Swift, no
/// async-signal-safety limits, no global state.
final class SignalSources {
  private let signals: [Int32]
  private var sources: [any DispatchSourceSignal] = []
  private var previousMask = sigset_t()
  private var isClosed = false

  init(signals: [Int32], waker: TerminalWaker) {
    self.signals = signals
    // Blocked in this thread (and the threads it starts later), the signals stay queued until
    // Dispatch collects them. Dispatch routes them by itself only the first time a process
    // listens, so without this a terminal opened again after `close()` would never hear them.
    var blocked = sigset_t()
    sigemptyset(&blocked)
    for number in signals { sigaddset(&blocked, number) }
    pthread_sigmask(SIG_BLOCK, &blocked, &previousMask)

    let queue = DispatchQueue(label: "Woodshed.SignalSources")
    for number in signals {
      // Ignored at the C level, so the default action (exit) cannot run before Swift sees it.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler {
        waker.post(UInt8(truncatingIfNeeded: number))
      }
      source.resume()
      sources.append(source)
    }
  }

  deinit { close() }

  /// Stops listening and gives the signals back their default actions, so a stuck shutdown can
  /// still be interrupted. Idempotent.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    for source in sources { source.cancel() }
    for number in signals { signal(number, SIG_DFL) }
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
  }
}
