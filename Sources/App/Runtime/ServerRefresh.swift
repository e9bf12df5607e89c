import FoundationEssentials
import Glibc
import Logging
import Storage

/// The practice room's only tie to the practice-room server: it runs `woodshed-net refresh`,
/// the sibling binary that links the networking, and reads the `ServerSnapshot` it leaves.
/// The practice room links no networking and never waits for the server (ARCHITECTURE.md).
enum ServerRefresh {
  /// What the last refresh learnt; nil when nobody is logged in, or the file cannot be used
  /// (logged: the next refresh writes it afresh).
  static func snapshot(paths: StoragePaths, logger: Logger) -> ServerSnapshot? {
    guard access(paths.accountFile.path, F_OK) == 0 else { return nil }
    do {
      return try ServerSnapshotFile(paths: paths).read()
    } catch {
      logger.warning("\(error)")
      return nil
    }
  }

  /// Runs `woodshed-net refresh` with its output thrown away and waits for it; false at once
  /// when nobody is logged in or the sibling cannot be started.
  static func run(paths: StoragePaths, logger: Logger) -> Bool {
    guard access(paths.accountFile.path, F_OK) == 0 else { return false }
    let sibling = NetSibling.path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      posix_spawn_file_actions_addopen(
        &actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
    }
    var argv: [UnsafeMutablePointer<CChar>?] = [strdup(sibling), strdup("refresh"), nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let failure = posix_spawn(&pid, sibling, &actions, nil, &argv, environ)
    guard failure == 0 else {
      logger.warning("cannot run \(sibling) refresh: \(String(cString: strerror(failure)))")
      return false
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return true
  }
}
