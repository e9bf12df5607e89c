import Foundation
import Glibc

/// A program run in tmux, on a tmux server of its own, so that a test reads the screen as the
/// player sees it (`capture-pane`) rather than the bytes curses sent, which skip what did not
/// change. The server is stopped with the session.
public final class TmuxSession {
  private let socket = "woodshed-test-\(UUID().uuidString.prefix(8))"
  private let scratch: URL
  private let name = "test"

  /// Starts `command` (an executable's path and its arguments) with exactly `environment`,
  /// on a `columns` × `rows` window.
  public init(
    _ command: [String], environment: [String: String], columns: Int = 80, rows: Int = 24
  ) throws {
    scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-tmux-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let line =
      (environment.map { "\($0.key)='\($0.value)'" } + command.map { "'\($0)'" })
      .joined(separator: " ")
    try tmux([
      "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)", "env -i " + line,
    ])
  }

  deinit {
    stop()
  }

  /// Stops the program and the tmux server; the second time does nothing.
  public func stop() {
    _ = try? tmux(["kill-server"])
    try? FileManager.default.removeItem(at: scratch)
  }

  /// The screen as shown now, a line per row.
  public func screen() throws -> String {
    try tmux(["capture-pane", "-p", "-t", name])
  }

  /// Presses keys by tmux's names (`Down`, `Enter`, `Escape`) or types text.
  public func send(_ keys: String...) throws {
    try tmux(["send-keys", "-t", name] + keys)
  }

  /// The screen once it shows `text`; nil if it did not within `timeout` seconds.
  public func screen(showing text: String, within timeout: Double) throws -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
      let shown = try screen()
      if shown.contains(text) { return shown }
      Thread.sleep(forTimeInterval: 0.05)
    } while Date() < deadline
    return nil
  }

  /// The cursor's row and whether it is shown.
  public func cursor() throws -> (row: Int, shown: Bool) {
    let fields = try tmux(["display", "-p", "-t", name, "#{cursor_y} #{cursor_flag}"])
      .split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
    return (Int(fields.first ?? "") ?? -1, fields.last == "1")
  }

  /// Runs a tmux command on this session's server and answers what it printed. Spawned and
  /// waited for by hand, its output through a file: the server that new-session starts keeps
  /// what it inherits, and Foundation's Process waited for ever on it.
  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    let outputPath = scratch.appendingPathComponent("tmux-output").path
    let argv = ["/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(
      &actions, STDOUT_FILENO, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    var cArguments = argv.map { strdup($0) } + [nil]
    defer {
      for argument in cArguments { free(argument) }
    }
    // The first call starts the tmux server, which must take kill-server's SIGTERM.
    let spawning = CleanSpawnAttributes()
    var processID = pid_t()
    let spawned = posix_spawn(
      &processID, argv[0], &actions, &spawning.attributes, &cArguments, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    _ = waitpid(processID, &status, 0)
    return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }
}
