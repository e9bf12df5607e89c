import Foundation
import TerminalHarness
import XCTest

/// Woodshed reached as on a practice-room box: through a real `sshd` on the loopback, whose
/// login passes the client's `LANG` on (as Debian's does) and has no sound server of its own.
final class SSHLoginTests: XCTestCase {
  private var woodshed: WoodshedProcess!
  private var server: LoopbackSSHServer!
  private let user = LoopbackSSHServer.runningUser

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
    server = try LoopbackSSHServer()
  }

  override func tearDown() {
    server?.stop()
    woodshed.remove()
  }

  /// A client's UTF-8 name that the box has not generated gets ASCII screens; a UTF-8 locale
  /// the box has gets its symbols (so the first check can fail).
  func testAUTF8NameTheBoxHasNotGeneratedGetsASCIIScreens() throws {
    let notGenerated = try home(lang: "en_US.UTF-8")
    XCTAssertTrue(notGenerated.contains("Metronome"), notGenerated)
    XCTAssertTrue(
      notGenerated.unicodeScalars.allSatisfy(\.isASCII),
      "non-ASCII reached the terminal: \(notGenerated.unicodeScalars.filter { !$0.isASCII })")
    let generated = try home(lang: "C.UTF-8")
    XCTAssertTrue(generated.contains("▸"), generated)
  }

  /// With no sound server for the login, doctor names the case and fails.
  func testDoctorOverTheLoginWithoutASoundServerSaysWhatToDo() throws {
    let command = LoopbackSSHServer.command(
      WoodshedProcess.executable, ["doctor"],
      environment: ["WOODSHED_HOME": woodshed.home.path, "PULSE_SERVER": "unix:/nonexistent"])
    let result = try CommandRun.run(
      LoopbackSSHServer.clientPath,
      server.clientArguments(user: user, command: command, onTerminal: false),
      environment: ["PATH": "/usr/bin:/bin", "HOME": woodshed.home.path, "LANG": "C.UTF-8"])
    XCTAssertEqual(result.status, 1, result.output + result.error)
    XCTAssertTrue(
      result.output.contains("No sound server answers this SSH login"), result.output)
  }

  /// The home screen as a client with `lang` sees it over the login.
  private func home(lang: String) throws -> String {
    let command = LoopbackSSHServer.command(
      WoodshedProcess.executable,
      environment: ["WOODSHED_HOME": woodshed.home.path, "PULSE_SERVER": "unix:/nonexistent"])
    let terminal = try PseudoTerminal(
      executable: LoopbackSSHServer.clientPath,
      arguments: server.clientArguments(user: user, command: command),
      environment: [
        "PATH": "/usr/bin:/bin", "HOME": woodshed.home.path, "TERM": "xterm-256color",
        "LANG": lang,
      ])
    XCTAssertTrue(
      terminal.waitForOutput(containing: "quit", timeout: .seconds(20)), terminal.output)
    let shown = terminal.output
    terminal.send("q")
    XCTAssertEqual(terminal.waitForExit(timeout: .seconds(10)), 0, terminal.output)
    return shown
  }
}
