import CPulseAudio
import Glibc

/// A `pa_threaded_mainloop`: PulseAudio's own event thread, on which every stream callback runs
/// with the loop's lock held. Other threads take the same lock before touching any PulseAudio
/// object, which is what makes the `@unchecked Sendable` types of this folder safe.
final class PulseThreadedMainloop: @unchecked Sendable {
  private let loop: OpaquePointer

  init?() {
    guard let loop = pa_threaded_mainloop_new() else { return nil }
    self.loop = loop
  }

  /// Frees the loop, first ending its thread if it still runs.
  deinit { pa_threaded_mainloop_free(loop) }

  var api: UnsafeMutablePointer<pa_mainloop_api> { pa_threaded_mainloop_get_api(loop) }

  /// True on the loop's own thread, where the lock is already held.
  var isCurrentThread: Bool { pa_threaded_mainloop_in_thread(loop) != 0 }

  func start() -> Bool { pa_threaded_mainloop_start(loop) >= 0 }

  /// Ends the thread; callers must not hold the lock, and no callback runs afterwards.
  func stop() { pa_threaded_mainloop_stop(loop) }

  /// Runs `body` under the loop's lock. On the loop thread the lock is already held, and taking
  /// it again would deadlock, so `body` just runs.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    if isCurrentThread { return try body() }
    pa_threaded_mainloop_lock(loop)
    defer { pa_threaded_mainloop_unlock(loop) }
    return try body()
  }

  /// Wakes `wait(timeout:until:)`; callbacks call it whenever something a waiter checks changed.
  func signal() { pa_threaded_mainloop_signal(loop, 0) }

  /// Sleeps with the lock released until `isDone()` holds or `timeout` passes; false on timeout.
  /// Called with the lock held, off the loop thread.
  func wait(timeout: Duration, until isDone: () -> Bool) -> Bool {
    if isDone() { return true }
    let deadline = PulseDeadline(loop: loop)
    let box = Unmanaged.passRetained(deadline)
    guard
      let event = addTimer(
        after: timeout,
        callback: { _, _, _, userdata in
          guard let userdata else { return }
          let deadline = Unmanaged<PulseDeadline>.fromOpaque(userdata).takeUnretainedValue()
          deadline.hasPassed = true
          pa_threaded_mainloop_signal(deadline.loop, 0)
        }, userdata: box.toOpaque())
    else {
      box.release()
      return isDone()
    }
    while !isDone() && !deadline.hasPassed {
      pa_threaded_mainloop_wait(loop)
    }
    removeTimer(event)
    box.release()
    return isDone()
  }

  /// Waits up to `timeout` for a PulseAudio operation to complete, then lets go of it; false if
  /// it did not complete in time (it is then cancelled). Called with the lock held.
  func wait(for operation: OpaquePointer, timeout: Duration) -> Bool {
    pa_operation_set_state_callback(
      operation,
      { _, userdata in
        guard let userdata else { return }
        pa_threaded_mainloop_signal(OpaquePointer(userdata), 0)
      }, UnsafeMutableRawPointer(loop))
    let completed = wait(timeout: timeout) {
      pa_operation_get_state(operation) != PA_OPERATION_RUNNING
    }
    if !completed { pa_operation_cancel(operation) }
    pa_operation_set_state_callback(operation, nil, nil)
    pa_operation_unref(operation)
    return completed
  }

  /// A one-shot timer on the loop thread; its owner frees it with `removeTimer`, fired or not.
  func addTimer(
    after delay: Duration, callback: pa_time_event_cb_t,
    userdata: UnsafeMutableRawPointer?
  ) -> OpaquePointer? {
    var when = timeval()
    pa_gettimeofday(&when)
    pa_timeval_add(&when, PulseTime.microseconds(delay))
    return api.pointee.time_new?(api, &when, callback, userdata)
  }

  func removeTimer(_ event: OpaquePointer) {
    api.pointee.time_free?(event)
  }
}

/// Lets a timer wake a waiter whose deadline passed; only touched under the loop's lock.
private final class PulseDeadline {
  let loop: OpaquePointer
  var hasPassed = false

  init(loop: OpaquePointer) { self.loop = loop }
}
