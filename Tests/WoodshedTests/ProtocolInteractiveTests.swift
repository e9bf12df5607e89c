import Foundation
import TerminalHarness
import XCTest

/// The Protocol screen in the real binary: a producer and an assistant on two terminals log the
/// same session, and each sees the other's lines.
final class ProtocolInteractiveTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  /// `messages` names the language, as LC_MESSAGES; characters stay C.UTF-8, the one UTF-8
  /// locale every box has, so the screen draws Unicode.
  private func openProtocol(messages: String? = nil, title: String = "Protocol") throws
    -> PseudoTerminal
  {
    let terminal = try woodshed.startInTerminal(
      environment: woodshed.environment(extra: messages.map { ["LC_MESSAGES": $0] } ?? [:]))
    XCTAssertTrue(terminal.waitForOutput(containing: title, timeout: .seconds(10)))
    terminal.send("7")
    XCTAssertTrue(
      terminal.waitForOutput(containing: "brahms", timeout: .seconds(5)), terminal.output)
    terminal.send("\r")
    XCTAssertTrue(
      terminal.waitForOutput(containing: "1–40", timeout: .seconds(5)), terminal.output)
    return terminal
  }

  private func leave(_ terminal: PseudoTerminal) {
    terminal.send("\u{1b}")
    terminal.send("\u{1b}")
    terminal.send("q")
    XCTAssertEqual(terminal.waitForExit(timeout: .seconds(5)), 0)
  }

  private func journalLines() throws -> [String] {
    let journal = try String(
      contentsOf: woodshed.home.appendingPathComponent("data/protocols/brahms/journal.jsonl"),
      encoding: .utf8)
    return journal.split(separator: "\n").compactMap {
      ((try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any])?["line"]
        as? String
    }
  }

  /// Lines typed on the screen as the README writes them arrive whole: the first letter of
  /// `edit` or `note` opens the line instead of acting as a key, and once it is open `q`, `?`,
  /// Tab and the arrows are letters of it.
  func testTypedLinesArriveWhole() throws {
    XCTAssertEqual(try woodshed.run(["protocol", "new", "brahms"]).status, 0)
    XCTAssertEqual(
      try woodshed.run(["protocol", "movement", "brahms", "mvt 1: 1-40 A=12"]).status, 0)
    let producer = try openProtocol()
    producer.send("n\r")
    XCTAssertTrue(
      producer.waitForOutput(containing: "take 1  bars 1–?", timeout: .seconds(3)),
      producer.output)
    producer.send("edit 24\r")
    XCTAssertTrue(producer.waitForOutput(containing: "edit 24", timeout: .seconds(3)))
    producer.send("note quiet? fine\t\u{1b}[D\r")
    XCTAssertTrue(
      producer.waitForOutput(containing: "note quiet? fine", timeout: .seconds(3)), producer.output)
    producer.send("u\r")
    producer.send("f\r")
    XCTAssertTrue(producer.waitForOutput(containing: "take 2", timeout: .seconds(3)))
    leave(producer)
    XCTAssertEqual(
      try journalLines(),
      [
        "mvt 1: 1-40 A=12", "take", "edit 24", "note quiet? fine", "undo", "false", "take",
      ])
  }

  /// A word typed where tags go is refused on the screen's error line, in the producer's
  /// language, with the note it was likely meant as.
  func testAWordForTagsIsRefusedOnTheScreenInTheProducersLanguage() throws {
    XCTAssertEqual(try woodshed.run(["protocol", "new", "brahms"]).status, 0)
    XCTAssertEqual(
      try woodshed.run(["protocol", "movement", "brahms", "mvt 1: 1-40 A=12"]).status, 0)
    XCTAssertEqual(try woodshed.run(["protocol", "add", "brahms", "take"]).status, 0)
    let producer = try openProtocol(messages: "es_ES.UTF-8", title: "Protocolo")
    producer.send("30 bien\r")
    XCTAssertTrue(
      producer.waitForOutput(
        containing: "\"bien\" no es una etiqueta: ¿querías decir \"note bien\"?",
        timeout: .seconds(3)),
      producer.output)
    leave(producer)
    XCTAssertEqual(try journalLines(), ["mvt 1: 1-40 A=12", "take"])
  }

  func testTwoTerminalsSeeEachOthersLinesAndTheJournalKeepsThem() throws {
    XCTAssertEqual(try woodshed.run(["protocol", "new", "brahms"]).status, 0)
    XCTAssertEqual(
      try woodshed.run(["protocol", "movement", "brahms", "mvt 1: 1-40 A=12"]).status, 0)
    let producer = try openProtocol()
    let assistant = try openProtocol()
    producer.send("n\r")
    XCTAssertTrue(
      assistant.waitForOutput(containing: "take 1", timeout: .seconds(3)), assistant.output)
    assistant.send("1-8 ++\r")
    XCTAssertTrue(
      producer.waitForOutput(containing: "1-8 ++", timeout: .seconds(3)), producer.output)
    producer.send("99 +\r")
    XCTAssertTrue(
      producer.waitForOutput(containing: "bar 99 is not in movement 1", timeout: .seconds(3)),
      producer.output)
    for terminal in [producer, assistant] { leave(terminal) }
    XCTAssertEqual(
      try journalLines(), ["mvt 1: 1-40 A=12", "take", "1-8 ++"], "the refused line was not kept")
  }
}
