import Synchronization

/// The `void *userdata` that PulseAudio hands back to a C callback, leading to a Swift object.
///
/// PulseAudio keeps the raw pointer and may call back on its own thread at any time until the
/// callback is unset, so the pointer must stay valid and the object behind it must be reachable
/// without a data race. The owner keeps the bridge alive for as long as any callback may use it
/// (PulseAudio does not retain it) and calls `detach()` when the callbacks are unset, which also
/// breaks the bridge's strong reference back to its owner. The lock makes a late callback see
/// either the live target or nothing.
final class PulseCallbackBridge<Target: AnyObject & Sendable>: Sendable {
  private let target = Mutex<Target?>(nil)

  /// The pointer to give PulseAudio; valid while this bridge is alive.
  var userdata: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  /// The object a callback should talk to, or nil once it is gone.
  static func target(of userdata: UnsafeMutableRawPointer?) -> Target? {
    guard let userdata else { return nil }
    return Unmanaged<PulseCallbackBridge>.fromOpaque(userdata).takeUnretainedValue()
      .target.withLock { $0 }
  }

  func attach(_ newTarget: Target) {
    target.withLock { $0 = newTarget }
  }

  func detach() {
    target.withLock { $0 = nil }
  }
}
