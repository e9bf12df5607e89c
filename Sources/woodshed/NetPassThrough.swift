import App
import FoundationEssentials
import Glibc

/// `woodshed serve`, `account`, `login`, `logout`, `scores`, `leaderboard`, `sync`, `class`,
/// `rate`, `comments`, `news`, `invite`, `follow`, `unfollow`, `following`, `library`, `stats`,
/// `patterns share|inbox|fetch` and `packs publish|browse|fetch` run `woodshed-net`, the sibling
/// binary that links the networking; the practice room stays small and quick to start
/// (ARCHITECTURE.md). The arguments go through unchanged, so `woodshed serve --help` is the
/// real help.
enum NetPassThrough {
  static let commands: Set<String> = [
    "serve", "account", "login", "logout", "scores", "leaderboard", "sync", "refresh",
    "class", "rate", "comments", "news", "invite", "follow", "unfollow", "following",
    "library", "stats",
  ]
  /// The subcommands that need the server; the others of `patterns` and `packs` are the
  /// practice room's.
  static let subcommands: [String: Set<String>] = [
    "patterns": ["share", "inbox", "fetch"], "packs": ["publish", "browse", "fetch"],
  ]

  static func isNetCommand(_ arguments: [String]) -> Bool {
    guard arguments.count > 1 else { return false }
    if commands.contains(arguments[1]) { return true }
    return arguments.count > 2 && subcommands[arguments[1]]?.contains(arguments[2]) == true
  }

  /// Replaces this process with `woodshed-net` when `arguments` name one of its commands;
  /// returns only when they do not. A missing sibling ends the process with one line.
  static func execIfNetCommand(_ arguments: [String]) {
    guard isNetCommand(arguments) else { return }
    let sibling = NetSibling.path
    var argv: [UnsafeMutablePointer<CChar>?] = ([sibling] + arguments.dropFirst()).map {
      strdup($0)
    }
    argv.append(nil)
    execv(sibling, argv)
    let reason = String(cString: strerror(errno))
    let line =
      "Error: cannot run \(sibling) (\(reason)): it comes with woodshed, in the same folder\n"
    _ = Array(line.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(1)
  }
}
