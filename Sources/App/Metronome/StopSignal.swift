import Dispatch
import Glibc

/// Waits for Ctrl-C, SIGTERM or SIGHUP (or a time limit) without a terminal, so a headless
/// metronome can stop cleanly and let its last click ring out.
final class StopSignal {
  private static let signals = [SIGINT, SIGTERM, SIGHUP]
  private let semaphore = DispatchSemaphore(value: 0)
  private var sources: [any DispatchSourceSignal] = []

  init() {
    let queue = DispatchQueue(label: "Woodshed.StopSignal")
    for number in Self.signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { [semaphore] in semaphore.signal() }
      source.resume()
      sources.append(source)
    }
  }

  deinit {
    for source in sources { source.cancel() }
    for number in Self.signals { signal(number, SIG_DFL) }
  }

  /// Returns on a stop signal, or after `limit` when one is given.
  func wait(upTo limit: Duration?) {
    guard let limit else {
      semaphore.wait()
      return
    }
    let nanoseconds =
      limit.components.seconds * 1_000_000_000
      + limit.components.attoseconds / 1_000_000_000
    _ = semaphore.wait(timeout: .now() + .nanoseconds(Int(nanoseconds)))
  }
}
