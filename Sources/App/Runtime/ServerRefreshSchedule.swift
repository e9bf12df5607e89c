import Dispatch
import Storage
import Synchronization

/// When the practice room asks the practice-room server afresh (`ServerRefresh`): at start,
/// after each session saved, so the results show the place it earned, and every ten minutes,
/// or every minute while the server cannot be reached. One refresh at a time; one asked for
/// while another runs follows it. Nothing waits for any of them.
final class ServerRefreshSchedule: Sendable {
  private struct State {
    var isRunning = false
    var isWanted = false
    /// Counts the refreshes done, so that only the timer set after the latest asks again.
    var generation = 0
  }

  private let state = Mutex(State())
  private let refresh: @Sendable () -> Bool
  private let read: @Sendable () -> ServerSnapshot?
  private let post: @Sendable (ServerSnapshot?) -> Void

  static let interval = 600.0
  static let offlineInterval = 60.0

  /// `refresh` asks the server, returning false when nobody is logged in; `read` reads what
  /// it learnt; `post` hands that to the loop.
  init(
    refresh: @escaping @Sendable () -> Bool, read: @escaping @Sendable () -> ServerSnapshot?,
    post: @escaping @Sendable (ServerSnapshot?) -> Void
  ) {
    self.refresh = refresh
    self.read = read
    self.post = post
  }

  /// Shows what the last refresh learnt at once, then asks afresh.
  func start() {
    DispatchQueue.global().async { [self] in
      post(read())
      request()
    }
  }

  /// Asks the server afresh now, or right after the refresh under way.
  func request() {
    let starts = state.withLock { state in
      guard !state.isRunning else {
        state.isWanted = true
        return false
      }
      state.isRunning = true
      return true
    }
    if starts { DispatchQueue.global().async { [self] in run() } }
  }

  private func run() {
    while true {
      guard refresh() else {
        state.withLock { $0 = State(generation: $0.generation) }
        return
      }
      let snapshot = read()
      post(snapshot)
      let (again, generation) = state.withLock { state in
        if state.isWanted {
          state.isWanted = false
          return (true, state.generation)
        }
        state.isRunning = false
        state.generation += 1
        return (false, state.generation)
      }
      if again { continue }
      let wait = snapshot?.isReachable == false ? Self.offlineInterval : Self.interval
      DispatchQueue.global().asyncAfter(deadline: .now() + wait) { [self] in
        if state.withLock({ $0.generation }) == generation { request() }
      }
      return
    }
  }
}
