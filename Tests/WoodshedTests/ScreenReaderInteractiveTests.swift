import Foundation
import Glibc
import XCTest

/// `--screen-reader` on the real binary in tmux, a terminal a screen reader reads: the cursor is
/// shown and stands on the line that changed after a key.
final class ScreenReaderInteractiveTests: XCTestCase {
  private var woodshed: WoodshedProcess!
  /// A tmux server of this test's own, so it touches no other session and is always stopped.
  private let socket = "woodshed-sr-\(UUID().uuidString.prefix(8))"

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    _ = try? tmux(["kill-server"])
    woodshed.remove()
  }

  /// Runs a tmux command on this test's server and answers what it printed. Spawned and
  /// waited for by hand, its output through a file: the server that new-session starts keeps
  /// what it inherits, and Foundation's Process waited for ever on it.
  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    let outputPath = woodshed.home.appendingPathComponent("tmux-output").path
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
    var processID = pid_t()
    let spawned = posix_spawn(&processID, argv[0], &actions, nil, &cArguments, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    _ = waitpid(processID, &status, 0)
    return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
  }

  /// Waits until the pane shows `text`, then answers the cursor's row and whether it is shown.
  private func cursor(afterShowing text: String) throws -> (row: Int, shown: Bool, screen: String) {
    let deadline = Date().addingTimeInterval(10)
    var screen = ""
    while Date() < deadline {
      screen = try tmux(["capture-pane", "-p", "-t", "sr"])
      if screen.contains(text) {
        // One more moment for the cursor's move, sent after the text in the same frame.
        Thread.sleep(forTimeInterval: 0.2)
        let fields = try tmux(["display", "-p", "-t", "sr", "#{cursor_y} #{cursor_flag}"])
          .split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        return (Int(fields.first ?? "") ?? -1, fields.last == "1", screen)
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    XCTFail("the screen never showed \(text):\n\(screen)")
    return (-1, false, screen)
  }

  func testTheCursorIsShownOnTheChosenLineAndFollowsAKey() throws {
    let command =
      (woodshed.environment().map { "\($0.key)='\($0.value)'" } + [
        "'\(WoodshedProcess.executable)'", "--screen-reader",
      ]).joined(separator: " ")
    try tmux(["new-session", "-d", "-s", "sr", "-x", "80", "-y", "24", "env -i " + command])
    let home = try cursor(afterShowing: "Metronome")
    XCTAssertTrue(home.shown, "the cursor is visible in screen-reader mode")
    let homeLines = home.screen.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertTrue(homeLines[home.row].contains("Metronome"), home.screen)
    // The chosen line is read out under the title bar too.
    XCTAssertTrue(homeLines[1].contains("Metronome"), home.screen)

    try tmux(["send-keys", "-t", "sr", "Down"])
    let moved = try cursor(afterShowing: "Listen")
    let deadline = Date().addingTimeInterval(5)
    var row = moved.row
    while row == home.row, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      row = try cursor(afterShowing: "Listen").row
    }
    XCTAssertEqual(row, home.row + 1, "the cursor follows the chosen line")
    let lines = try tmux(["capture-pane", "-p", "-t", "sr"])
      .split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertTrue(lines[row].contains("▸"), lines.joined(separator: "\n"))
  }
}
