import Glibc

/// Spawn attributes that give the child no blocked signals and every signal's default action.
/// A thread of Swift's concurrency pool blocks most signals, and a child spawned from it would
/// inherit that: a tmux server started from an async test ignored `kill-server` (its SIGTERM
/// blocked) and outlived the test with the app in it.
final class CleanSpawnAttributes {
  var attributes = posix_spawnattr_t()

  /// `extraFlags` are set besides resetting the signals, such as a new session.
  init(extraFlags: Int32 = 0) {
    posix_spawnattr_init(&attributes)
    posix_spawnattr_setflags(
      &attributes, Int16(extraFlags | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var signals = sigset_t()
    sigfillset(&signals)
    posix_spawnattr_setsigdefault(&attributes, &signals)
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
  }

  deinit { posix_spawnattr_destroy(&attributes) }
}
