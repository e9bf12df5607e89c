import Foundation
import Glibc
import TerminalHarness

/// Start to first frame over SSH on the loopback, beside the local figure: a player on a
/// practice-room box logs in and opens Woodshed through a private `sshd` with keys made for the
/// run. The same login printing one word instead is timed too, so what Woodshed adds to the
/// login can be read off.
func sshStartFigures(woodshed: String) -> [String] {
  let server: LoopbackSSHServer
  do {
    server = try LoopbackSSHServer()
  } catch {
    return ["start over SSH: \(error), left out"]
  }
  defer { server.stop() }
  let user = LoopbackSSHServer.runningUser
  let path = URL(fileURLWithPath: woodshed).standardizedFileURL.path
  let pulse = ProcessInfo.processInfo.environment["PULSE_SERVER"] ?? "unix:/nonexistent"
  var logins: [Double] = []
  var starts: [Double] = []
  for _ in 0..<15 {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-bench-ssh-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let woodshedCommand = LoopbackSSHServer.command(
      path, environment: ["HOME": home.path, "WOODSHED_HOME": home.path, "PULSE_SERVER": pulse])
    // The hint bar, with its "quit", is the last thing drawn in the first frame.
    for command in ["exec echo quit", woodshedCommand] {
      let opened = ContinuousClock.now
      guard
        let terminal = try? PseudoTerminal(
          executable: LoopbackSSHServer.clientPath,
          arguments: server.clientArguments(user: user, command: command),
          environment: [
            "PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "LANG": "C.UTF-8",
            "HOME": server.folder.path,
          ],
          size: PseudoTerminal.Size(columns: 120, rows: 40))
      else { return ["start over SSH: cannot open a pseudo-terminal, left out"] }
      guard terminal.waitForOutput(containing: "quit", timeout: .seconds(10)) else {
        return [
          "start over SSH: nothing drawn, left out: "
            + terminal.output.suffix(300).filter { $0.isASCII && !$0.isNewline }
        ]
      }
      let elapsed = seconds(ContinuousClock.now - opened) * 1000
      if command == woodshedCommand { starts.append(elapsed) } else { logins.append(elapsed) }
      terminal.send("q")
      _ = terminal.waitForExit(timeout: .seconds(5))
    }
  }
  return [
    String(
      format:
        "start to first frame over SSH on the loopback: median %.1f ms, max %.1f ms (%d runs); the same login echoing a word: median %.1f ms",
      median(starts), starts.max() ?? 0, starts.count, median(logins))
  ]
}
