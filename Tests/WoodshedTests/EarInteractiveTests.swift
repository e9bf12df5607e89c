import Foundation
import TerminalHarness
import XCTest

/// The Ear room in the real binary on a pseudo-terminal: the SoundFont piano is loaded by the
/// first question, not before, and without a sound server the room says what to do instead.
final class EarInteractiveTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  private func maps(_ terminal: PseudoTerminal) throws -> String {
    // /proc files say they are empty, so they are read to their end rather than by size.
    let handle = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/\(terminal.processID)/maps"))
    return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
  }

  func testTheFirstQuestionLoadsTheSoundFontPianoAndIsAnswered() throws {
    guard ProcessInfo.processInfo.environment["WOODSHED_TEST_PULSE_SERVER"] != nil else {
      return XCTFail("no private PulseAudio daemon: run the suite with `make test`")
    }
    let terminal = try woodshed.startInTerminal()
    XCTAssertTrue(terminal.waitForOutput(containing: "audio: pulseaudio", timeout: .seconds(10)))
    terminal.send("6")
    XCTAssertTrue(terminal.waitForOutput(containing: "Exercise", timeout: .seconds(5)))
    XCTAssertFalse(try maps(terminal).contains("libfluidsynth"), "not loaded by the setup")
    terminal.send("\r")
    XCTAssertTrue(
      terminal.waitForOutput(containing: "Question 1 of 10", timeout: .seconds(5)),
      terminal.output)
    XCTAssertTrue(try maps(terminal).contains("libfluidsynth"), "the question's piano")
    XCTAssertFalse(terminal.output.contains("built-in voice"), terminal.output)
    // Curses redraws only the cells that change, so the verdict is read back from the history.
    terminal.send("1")
    Thread.sleep(forTimeInterval: 0.5)
    terminal.send("\u{1b}")
    terminal.send("q")
    XCTAssertEqual(terminal.waitForExit(timeout: .seconds(5)), 0)
    let history = try String(
      contentsOf: woodshed.home.appendingPathComponent("data/history.jsonl"), encoding: .utf8)
    XCTAssertTrue(history.contains(#""module":"ear""#), history)
    XCTAssertTrue(history.contains(#""context":"intervals""#), "one answer: \(history)")
  }

  func testWithoutASoundServerTheRoomSaysHowToHearItsQuestions() throws {
    let terminal = try woodshed.startInTerminal(
      environment: woodshed.environment(extra: ["PULSE_SERVER": "unix:/nonexistent"]))
    XCTAssertTrue(terminal.waitForOutput(containing: "no audio", timeout: .seconds(10)))
    terminal.send("6")
    XCTAssertTrue(
      terminal.waitForOutput(containing: "--audio-out q.wav", timeout: .seconds(5)),
      terminal.output)
    terminal.send("\u{1b}")
    terminal.send("q")
    XCTAssertEqual(terminal.waitForExit(timeout: .seconds(5)), 0)
  }
}
