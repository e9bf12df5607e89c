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

  /// Runs `woodshed-net refresh` and waits for it; false at once when nobody is logged in or
  /// the sibling cannot be started.
  static func run(paths: StoragePaths, logger: Logger) -> Bool {
    guard access(paths.accountFile.path, F_OK) == 0 else { return false }
    return sibling(["refresh"], logger: logger) != nil
  }

  /// Runs `woodshed-net packs fetch ID` and waits for it: the one line why it failed, or nil.
  static func fetchPack(_ id: String, logger: Logger) -> String? {
    guard let (status, error) = sibling(["packs", "fetch", id], logger: logger) else {
      return "cannot run \(NetSibling.path)"
    }
    guard status != 0 else { return nil }
    let line = error.split(separator: "\n").first.map(String.init) ?? "exit status \(status)"
    return line.hasPrefix("Error: ") ? String(line.dropFirst(7)) : line
  }

  /// Runs the sibling with `arguments`, its output thrown away, and answers its exit status
  /// and what it wrote on standard error; nil when it cannot be started.
  private static func sibling(_ arguments: [String], logger: Logger) -> (Int32, String)? {
    let path = NetSibling.path
    var errorPipe: [Int32] = [0, 0]
    guard pipe(&errorPipe) == 0 else { return nil }
    // Close-on-exec, so that a sibling started meanwhile holds no end of this one's pipe (the
    // child's standard error is a copy, which stays open).
    for end in errorPipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO)
    var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let failure = posix_spawn(&pid, path, &actions, nil, &argv, environ)
    close(errorPipe[1])
    defer { close(errorPipe[0]) }
    guard failure == 0 else {
      logger.warning("cannot run \(path): \(String(cString: strerror(failure)))")
      return nil
    }
    // A line or two: read to the end, then reap the child.
    var error: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(errorPipe[0], &buffer, buffer.count)
      if count > 0 {
        error += buffer[..<count]
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (exitStatus, String(decoding: error, as: UTF8.self))
  }
}
