import App
import MusicTheory
import Practice
import Storage
import TerminalUI
import TestHelpers
import XCTest

/// The play-test in a sequence: `s` turns the straight run into thirds, fourths, sixths or
/// groups, played inside the pattern's own places and graded note by note as the straight run.
final class FretboardSequenceTests: XCTestCase {
  /// C major, three notes per string from the tonic on string 6 (eighth fret): C3 to F5.
  static let major = PatternGenerator.library(for: .guitarStandard).first { $0.id == "major-1" }!

  private func model(_ patterns: [FretPattern] = [major]) -> AppModel {
    var settings = Settings()
    settings.fretboard.root = "C"
    return AppModel(
      settings: settings, size: Size(width: 80, height: 24),
      clock: ClockTime(hour: 9, minute: 5, day: AppFixtures.today), catalog: AppFixtures.catalog,
      paths: AppFixtures.paths, detectedGlyphs: .unicode, patterns: patterns, history: [])
  }

  private func screen(_ model: AppModel) -> FretboardModel? {
    if case .fretboard(let screen) = model.screen { return screen }
    XCTFail("the fretboard screen is not on top")
    return nil
  }

  private func text(_ model: AppModel) -> String {
    AppView.render(model).lines.joined(separator: "\n")
  }

  /// Moves the cursor to `place` and plays it.
  @discardableResult
  private func play(_ model: inout AppModel, _ place: FretPosition) -> [Effect] {
    model.moveFretboardCursor(to: place)
    return model.press(.enter)
  }

  private func names(_ steps: [ScaleRun.Step]) -> String {
    steps.map { $0.pitch.spelling(preferSharps: true).noteClass.description }.joined(
      separator: " ")
  }

  func testThirdsAreTakenInsideTheThreeNotesPerStringPosition() throws {
    var model = model()
    model.press(.character("4"), .enter, .character("t"))
    XCTAssertNil(screen(model)?.sequence)
    XCTAssertTrue(text(model).contains("Straight through"), text(model))
    model.press(.character("s"))
    XCTAssertEqual(screen(model)?.sequence, .thirds)
    let up = try XCTUnwrap(screen(model)?.run?.expected)
    XCTAssertEqual(up.count, 32, "16 thirds from the 18 notes C3 to F5")
    XCTAssertEqual(
      names(up),
      "C E D F E G F A G B A C B D C E D F E G F A G B A C B D C E D F")
    // Each note on the pattern's own fret for it: C and E on string 6, F on string 5.
    XCTAssertEqual(
      Array(up.prefix(4).map(\.position)),
      [
        FretPosition(string: 6, fret: 8), FretPosition(string: 6, fret: 12),
        FretPosition(string: 6, fret: 10), FretPosition(string: 5, fret: 8),
      ])
    XCTAssertEqual(up.last?.position, FretPosition(string: 1, fret: 13), "up to the top F")
    XCTAssertTrue(text(model).contains("In thirds, next: C E D F E G F A"), text(model))
  }

  func testAPlayedSequenceIsGradedAsTheStraightRun() throws {
    var model = model()
    model.press(.character("4"), .enter, .character("t"), .character("s"))
    // The straight run's second note where the third belongs.
    play(&model, FretPosition(string: 6, fret: 8))
    let effects = play(&model, FretPosition(string: 6, fret: 10))
    guard case .record(let wrong) = effects.last else { return XCTFail("\(effects)") }
    XCTAssertEqual(wrong.figures["passed"], 0)
    XCTAssertEqual(wrong.figures["sequence"], 1)
    XCTAssertTrue(
      text(model).contains("Note 2: you played D, the scale has E. Enter: again"), text(model))

    model.press(.enter)
    XCTAssertEqual(screen(model)?.sequence, .thirds, "the sequence stays for the next try")
    var last: [Effect] = []
    for step in try XCTUnwrap(screen(model)?.run?.expected) {
      last = play(&model, step.position)
      if step != screen(model)?.run?.expected.last {
        XCTAssertTrue(text(model).contains("In thirds, next:"), text(model))
      }
    }
    guard case .record(let clean) = last.last else { return XCTFail("\(last)") }
    XCTAssertEqual(clean.figures["passed"], 1)
    XCTAssertEqual(clean.figures["descending"], 0)
    XCTAssertTrue(text(model).contains("Clean!"), text(model))
    model.press(.enter)
    let down = try XCTUnwrap(screen(model)?.run?.expected)
    XCTAssertEqual(screen(model)?.run?.direction, .descending)
    XCTAssertEqual(names(Array(down.prefix(4))), "F D E C", "down from the top in thirds")
    XCTAssertEqual(down.last?.position, FretPosition(string: 6, fret: 8))
  }

  func testTheKeyGoesThroughEverySequenceAndBackToStraight() {
    var model = model()
    model.press(.character("4"), .enter, .character("t"))
    var seen: [ScaleSequence?] = []
    for _ in 0...ScaleSequence.allCases.count {
      model.press(.character("s"))
      seen.append(screen(model)?.sequence)
    }
    XCTAssertEqual(seen, ScaleSequence.allCases + [nil])
    model.press(.character("s"), .character("s"), .character("s"), .character("m"))
    XCTAssertTrue(text(model).contains("In sixths, from memory"), text(model))
  }

  func testAnArpeggioIsPlayedStraight() {
    var model = model([FretboardScreenTests.majorArpeggio])
    model.press(.character("4"), .enter, .enter, .enter, .enter, .character("t"))
    XCTAssertEqual(screen(model)?.phase, .running)
    model.press(.character("s"))
    XCTAssertNil(screen(model)?.sequence)
    XCTAssertNil(screen(model)?.run?.sequence)
    XCTAssertFalse(text(model).contains("Straight through"), text(model))
  }

  func testSnapshot() {
    var model = model()
    model.press(.character("4"), .enter, .character("t"), .character("s"))
    play(&model, FretPosition(string: 6, fret: 8))
    play(&model, FretPosition(string: 6, fret: 12))
    assertCanvasSnapshot(AppView.render(model), named: "run.thirds.80x24")
  }
}
