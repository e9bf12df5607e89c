import Glibc
import TerminalUI
import XCTest

final class CursesTerminalTests: XCTestCase {
  /// Runs `body` with standard input on /dev/null, so the test means the same when `swift test`
  /// is started from an interactive terminal.
  private func withStandardInputRedirected(_ body: () -> Void) {
    let saved = dup(STDIN_FILENO)
    let null = open("/dev/null", O_RDONLY)
    dup2(null, STDIN_FILENO)
    close(null)
    defer {
      dup2(saved, STDIN_FILENO)
      close(saved)
    }
    body()
  }

  func testOpenRefusesWhenStandardInputIsNotATerminal() {
    var thrown: (any Error)?
    withStandardInputRedirected {
      do {
        let terminal = try CursesTerminal.open(
          theme: .dark, environment: ["TERM": "xterm-256color"])
        terminal.close()
      } catch {
        thrown = error
      }
    }
    XCTAssertEqual(thrown as? TerminalError, .notATerminal)
    XCTAssertEqual(
      thrown.map { "\($0)" },
      "the full-screen interface needs a terminal, but standard input or output is not one")
  }

  func testErrorDescriptionsAreOneLine() {
    let errors: [TerminalError] = [.notATerminal, .cannotStart("unknown terminal type \"vt52x\"")]
    for error in errors {
      XCTAssertFalse(error.description.contains("\n"))
    }
    XCTAssertEqual(
      TerminalError.cannotStart("TERM is not set").description,
      "cannot start the full-screen interface: TERM is not set")
  }
}
