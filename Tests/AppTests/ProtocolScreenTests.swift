import App
import Foundation
import Practice
import Storage
import TerminalUI
import TestHelpers
import XCTest

final class ProtocolScreenTests: XCTestCase {
  private func screen(_ model: AppModel) -> ProtocolModel? {
    if case .recordingProtocol(let screen) = model.screen { return screen }
    XCTFail("the protocol screen is not on top")
    return nil
  }

  private func text(_ model: AppModel) -> String {
    AppView.render(model).lines.joined(separator: "\n")
  }

  private func type(_ model: inout AppModel, _ text: String) -> [Effect] {
    text.flatMap { model.press(.character($0)) } + model.press(.enter)
  }

  private let date = Date(timeIntervalSince1970: 1_794_700_000)

  /// The app on the protocol screen, "brahms" chosen from the list and not yet loaded.
  private func openedBrahms() -> AppModel {
    var model = AppFixtures.model()
    model.press(.character("7"))
    _ = model.handle(.protocolsListed([ProtocolSummary(name: "brahms")]))
    model.press(.enter)
    return model
  }

  /// The protocol "brahms" as these lines, entered a minute apart, make it.
  private func loaded(_ lines: [String]) -> AppEvent {
    let entries = lines.enumerated().map {
      ($0.element, date.addingTimeInterval(Double($0.offset) * 60))
    }
    return .protocolLoaded(
      "brahms", session: ProtocolSession.replay(entries).session, recent: Array(lines.suffix(6)),
      problems: [])
  }

  func testANewProtocolIsNamedCreatedAndOpened() throws {
    var model = AppFixtures.model()
    XCTAssertEqual(model.press(.character("7")), [.protocolList])
    _ = model.handle(.protocolsListed([]))
    XCTAssertTrue(text(model).contains("No protocol yet: n starts one"), text(model))
    model.press(.character("n"))
    XCTAssertEqual(type(&model, "brahms"), [.protocolCreate("brahms")])
    _ = model.handle(.protocolsListed([ProtocolSummary(name: "brahms")]))
    _ = model.handle(loaded([]))
    XCTAssertEqual(screen(model)?.phase, .recording)
    XCTAssertEqual(screen(model)?.name, "brahms")
    XCTAssertEqual(
      model.deadline, MonotonicInstant(nanoseconds: 150_000_000), "looks for others' lines")
  }

  /// A window shrunk while a line is typed loses none of it: the keys go on into the line (q
  /// among them), and the line is there when the size is back.
  func testShrinkingWhileTypingKeepsTheLine() throws {
    var model = AppFixtures.model()
    model.press(.character("7"))
    _ = model.handle(.protocolsListed([ProtocolSummary(name: "brahms")]))
    XCTAssertEqual(model.press(.enter), [.protocolLoad("brahms")])
    _ = model.handle(loaded([]))
    model.press(.character(":"))
    for letter in "note quiet" { model.press(.character(letter)) }
    _ = model.handle(.resized(Size(width: 60, height: 20)))
    XCTAssertTrue(model.isTooSmall)
    for letter in " quartet" { XCTAssertEqual(model.press(.character(letter)), []) }
    _ = model.handle(.resized(Size(width: 80, height: 24)))
    XCTAssertEqual(model.press(.enter), [.protocolAdd("brahms", line: "note quiet quartet")])
  }

  func testLinesAreTypedAndQuickKeysLogTakes() throws {
    var model = AppFixtures.model()
    model.press(.character("7"))
    _ = model.handle(.protocolsListed([ProtocolSummary(name: "brahms")]))
    XCTAssertEqual(model.press(.enter), [.protocolLoad("brahms")])
    XCTAssertEqual(type(&model, "n"), [.protocolAdd("brahms", line: "take")])
    XCTAssertEqual(
      type(&model, "f"), [.protocolAddTogether("brahms", lines: ["false", "take"])],
      "one action, for undo")
    XCTAssertEqual(type(&model, "u "), [.protocolAdd("brahms", line: "undo")])
    XCTAssertEqual(type(&model, "17-28 +"), [.protocolAdd("brahms", line: "17-28 +")])
    XCTAssertEqual(
      type(&model, ":note n and f are typed here"),
      [.protocolAdd("brahms", line: "note n and f are typed here")], "after : every key types")
    XCTAssertEqual(
      model.press(.character(":"), .escape, .character("n"), .enter),
      [.protocolAdd("brahms", line: "take")])
    XCTAssertEqual(type(&model, "end 40"), [.protocolAdd("brahms", line: "end 40")])
    XCTAssertEqual(type(&model, "take @A"), [.protocolAdd("brahms", line: "take @A")])
    _ = model.handle(loaded(["mvt 1: 0-40 A=12", "take @A", "12-20 ++", "9 i"]))
    XCTAssertEqual(screen(model)?.session.takes.count, 1)
    XCTAssertTrue(text(model).contains("take 1  bars 12–?"), text(model))
    XCTAssertTrue(text(model).contains("12-20 ++"), text(model))
    _ = model.handle(.protocolRefused("bar 99 is not in movement 1 (0–40)"))
    XCTAssertTrue(text(model).contains("bar 99 is not in movement 1 (0–40)"), text(model))
    XCTAssertEqual(
      model.handle(.tick(MonotonicInstant(nanoseconds: 1_000_000_000))),
      [.protocolRefresh("brahms")])
  }

  func testTheTakeLineSaysATakeIsNoGood() throws {
    var model = AppFixtures.model()
    model.press(.character("7"))
    _ = model.handle(.protocolsListed([ProtocolSummary(name: "brahms")]))
    XCTAssertEqual(model.press(.enter), [.protocolLoad("brahms")])
    XCTAssertEqual(type(&model, "ng"), [.protocolAdd("brahms", line: "ng")])
    _ = model.handle(loaded(["mvt 1: 0-40", "take", "end 40", "all ++"]))
    XCTAssertFalse(text(model).contains("no good"), text(model))
    _ = model.handle(loaded(["mvt 1: 0-40", "take", "end 40", "all ++", "ng"]))
    XCTAssertTrue(text(model).contains("take 1  bars 0–40  ·  no good"), text(model))
    _ = model.handle(loaded(["mvt 1: 0-40", "take", "end 40", "all ++", "keep"]))
    XCTAssertTrue(text(model).contains("take 1  bars 0–40  ·  circled"), text(model))
  }

  func testTheTakeLineAndTheReviewNameTheRecordersFile() throws {
    var model = openedBrahms()
    XCTAssertEqual(
      type(&model, "file T001.WAV"), [.protocolAdd("brahms", line: "file T001.WAV")])
    _ = model.handle(loaded(["mvt 1: 0-40", "take", "end 40", "all ++", "file T001.WAV"]))
    XCTAssertTrue(text(model).contains("take 1  bars 0–40  ·  T001.WAV"), text(model))
    model.press(.tab)
    XCTAssertTrue(text(model).contains("    1  ++  T001.WAV"), text(model))
  }

  /// `T3 40 +` typed while take 4 is current rates bar 40 of take 3, and take 4 stays current.
  func testATypedLineMarksAnEarlierTake() throws {
    var model = openedBrahms()
    let lines = ["mvt 1: 1-40"] + (1...4).flatMap { _ in ["take", "end 40"] }
    _ = model.handle(loaded(lines))
    XCTAssertEqual(type(&model, "T3 40 +"), [.protocolAdd("brahms", line: "T3 40 +")])
    _ = model.handle(loaded(lines + ["T3 40 +"]))
    XCTAssertEqual(screen(model)?.session.takes.map(\.marks.count), [0, 0, 1, 0])
    XCTAssertTrue(text(model).contains("take 4  bars 1–40"), text(model))
    XCTAssertTrue(text(model).contains("T3 40 +"), text(model))
    model.press(.tab)
    model.press(.end)
    XCTAssertTrue(text(model).contains("Bar 40: best +, plan"), text(model))
    XCTAssertTrue(text(model).contains("    3  + "), text(model))
  }

  /// The heading says the day, as its `day` line named it or by its number; the review names
  /// takes numbered again with their day.
  func testTheHeadingSaysTheDay() throws {
    var model = openedBrahms()
    _ = model.handle(loaded(["mvt 1: 1-40", "day 2 — Tuesday", "take"]))
    XCTAssertTrue(text(model).contains("brahms  ·  day 2 — Tuesday  ·  movement 1"), text(model))
    _ = model.handle(
      loaded(["mvt 1: 1-40", "day 2 — Tuesday", "take", "1-40 +", "day restart", "take"]))
    XCTAssertTrue(text(model).contains("brahms  ·  day 2  ·  movement 1"), text(model))
    model.press(.tab)
    XCTAssertTrue(text(model).contains("    1  + "), text(model))
    XCTAssertTrue(text(model).contains("    2/1  · "), text(model))
    _ = type(&model, "g2/1")
    XCTAssertEqual(screen(model)?.cursorRow, 1, "the row of Tuesday's take 1")
  }

  /// `woodshed protocol live` with the recorder's LTC and a DAW: the line under the heading
  /// says the timecode, its rate and drift, and where the cues go; and when no timecode comes.
  func testTheLiveScreenSaysItsTimecodeAndItsDAW() throws {
    var model = openedBrahms()
    _ = model.handle(loaded(["mvt 1: 1-40", "take"]))
    XCTAssertFalse(text(model).contains("LTC"), "no line without links")
    let timecode = try XCTUnwrap(Timecode("10:00:03:12", rate: .fps25))
    _ = model.handle(
      .sessionLinks(
        SessionLinks(
          timecodeKind: "LTC", timecode: timecode, driftPPM: -0.4, daw: "ardour 127.0.0.1:3819")))
    assertCanvasSnapshot(AppView.render(model), named: "live.80x24")
    XCTAssertTrue(
      text(model).contains(
        "LTC 10:00:03:12 (25 fps, drift -0.4 ppm)  ·  DAW ardour 127.0.0.1:3819"), text(model))
    _ = model.handle(.sessionLinks(SessionLinks(timecodeKind: "LTC")))
    XCTAssertTrue(
      text(model).contains("LTC: no timecode (takes use the box's clock)"), text(model))
  }

  func testTheReviewShowsWeakBarsAndThePlan() throws {
    var model = openedBrahms()
    _ = model.handle(
      loaded([
        "mvt 1: 1-40", "take", "1-20 ++", "21-40 ±", "end 40", "take @30", "30-40 +", "end 40",
      ]))
    model.press(.tab)
    XCTAssertEqual(screen(model)?.phase, .reviewing)
    XCTAssertTrue(text(model).contains("bars 21–29: nothing better than ±"), text(model))
    XCTAssertTrue(text(model).contains("plan │1───"), text(model))
    XCTAssertTrue(text(model).contains("│2───"), text(model))
    XCTAssertTrue(text(model).contains("Bar 1: best ++, plan 1. Takes here:"), text(model))
    XCTAssertTrue(text(model).contains("    1  ++ "), text(model))
    assertCanvasSnapshot(AppView.render(model), named: "review.80x24")
    for _ in 0..<29 { model.press(.right) }
    XCTAssertTrue(text(model).contains("Bar 30: best +, plan 2. Takes here:"), text(model))
    XCTAssertTrue(text(model).contains("    1  ± "), text(model))
    XCTAssertTrue(text(model).contains("    2  + "), text(model))
    model.press(.escape)
    XCTAssertEqual(screen(model)?.phase, .choosing)
  }

  func testTheReviewFiltersByRatingJumpsAndNamesUnresolvedBars() throws {
    var model = openedBrahms()
    _ = model.handle(
      loaded([
        "mvt 1: 1-40 A=12", "take", "1-20 ++", "21-40 ±", "end 40", "take @30", "30-40 +", "35 i",
        "end 40",
      ]))
    model.press(.tab, .character("4"))
    XCTAssertTrue(text(model).contains("takes rated ++ or better"), text(model))
    XCTAssertFalse(text(model).contains("  2    "), "take 2 has nothing rated ++")
    model.press(.character("a"), .character("g"), .character("2"), .enter)
    XCTAssertEqual(screen(model)?.cursorRow, 1)
    XCTAssertTrue(text(model).contains("Bar 30: best +, plan 2. Takes here:"), text(model))
    XCTAssertTrue(text(model).contains("  › 2  + "), "the take under the cursor is marked")
    model.press(.character("g"), .character("A"), .enter)
    XCTAssertTrue(text(model).contains("Bar 12: best ++, plan 1. Takes here:"), text(model))
    model.press(.character("g"), .character("z"), .enter)
    XCTAssertTrue(
      text(model).contains("no bar, letter or take \"z\" in this movement"), text(model))
    XCTAssertTrue(text(model).contains("bar 35: every usable take has intonation"), text(model))
  }

  func testTheReviewEditsOrDeletesTheMarkUnderTheCursor() throws {
    var model = openedBrahms()
    _ = model.handle(
      loaded([
        "mvt 1: 1-40 A=12", "take", "1-20 ++", "21-40 ±", "end 40", "take @30", "30-40 +", "35 i",
        "end 40",
      ]))
    model.press(.tab, .character("g"), .character("3"), .character("5"), .enter)
    model.press(.character("e"))
    XCTAssertTrue(
      text(model).contains("move the cursor to a take that marked this bar"),
      "the best row holds no mark: \(text(model))")
    model.press(.up)
    XCTAssertTrue(text(model).contains("  › 2  +  intonation  #3 #4"), text(model))
    XCTAssertTrue(text(model).contains("    1  ±  #2"), text(model))
    model.press(.character("e"))
    XCTAssertEqual(screen(model)?.entry, "#4 35 i", "the latest mark on the bar, as it stands")
    XCTAssertTrue(text(model).contains("> #4 35 i_"), text(model))
    XCTAssertEqual(
      model.press(.backspace, .character("w"), .enter), [.protocolAdd("brahms", line: "#4 35 w")])
    XCTAssertEqual(screen(model)?.phase, .reviewing)
    XCTAssertEqual(model.press(.character("d")), [.protocolAdd("brahms", line: "#4 delete")])
  }

  func testTheReviewShowsOnePartAtATime() throws {
    var model = openedBrahms()
    _ = model.handle(
      loaded(["mvt 1: 1-10", "parts vla vc", "take", "1-10 ++", "5 vla x i", "6 vc x", "end 10"]))
    model.press(.tab, .character("g"), .character("5"), .enter, .up)
    XCTAssertTrue(text(model).contains("Bar 5: best ✗"), text(model))
    XCTAssertTrue(text(model).contains("  › 1  ✗  intonation  #1 #2"), text(model))
    model.press(.character("p"))
    XCTAssertEqual(screen(model)?.part, "vla")
    XCTAssertTrue(text(model).contains("part vla"), text(model))
    model.press(.character("p"))
    XCTAssertEqual(screen(model)?.part, "vc")
    XCTAssertTrue(text(model).contains("Bar 5: best ++"), "the viola's x is not the cello's")
    XCTAssertTrue(text(model).contains("  › 1  ++  #1"), text(model))
    model.press(.character("p"))
    XCTAssertNil(screen(model)?.part, "after the last part, every part again")
  }

  func testAJumpToNothingIsRefusedInTheProducersLanguage() throws {
    var settings = Settings()
    settings.language = "es"
    var model = AppFixtures.model(settings: settings)
    model.press(.character("7"))
    _ = model.handle(.protocolsListed([ProtocolSummary(name: "brahms")]))
    model.press(.enter)
    _ = model.handle(loaded(["mvt 1: 1-40", "take", "1-20 ++", "end 40"]))
    model.press(.tab, .character("g"), .character("z"), .enter)
    XCTAssertTrue(
      text(model).contains("no hay compás, letra ni toma \"z\" en este movimiento"), text(model))
  }

  func testPreparationShowsTheMovementsAndReadsAScore() throws {
    var model = openedBrahms()
    _ = model.handle(loaded(["work Op 38", "mvt 1 \"Allegro\": 0-40 A=12", "numbering movement"]))
    model.press(.tab, .tab)
    XCTAssertEqual(screen(model)?.phase, .preparing)
    XCTAssertTrue(text(model).contains("Op 38"), text(model))
    XCTAssertTrue(text(model).contains("mvt 1 \"Allegro\": 0-40 A=12"), text(model))
    XCTAssertTrue(text(model).contains("Take numbers: movement from 1"), text(model))
    XCTAssertEqual(type(&model, "sop38.mxl"), [.protocolImportScore("brahms", path: "op38.mxl")])
    // The score is read off the main loop; its movement lines come back and are added.
    XCTAssertEqual(
      model.handle(.scoreImported("brahms", lines: ["mvt 2: 1-120", "mvt 3: 1-200"])),
      [.protocolAdd("brahms", line: "mvt 2: 1-120"), .protocolAdd("brahms", line: "mvt 3: 1-200")])
    XCTAssertEqual(type(&model, ":fps 30"), [.protocolAdd("brahms", line: "fps 30")])
    XCTAssertEqual(
      type(&model, "numbering work start 5"),
      [.protocolAdd("brahms", line: "numbering work start 5")], "a line begins with its word")
    model.press(.character("w"), .tab, .character("o"))
    XCTAssertEqual(screen(model)?.phase, .preparing, "Tab goes into the line being typed")
    XCTAssertEqual(screen(model)?.entry, "wo")
    model.press(.escape, .tab)
    XCTAssertEqual(screen(model)?.phase, .recording)
  }

  func testTheRulerSelectsBarsToRateAndTag() throws {
    var model = openedBrahms()
    _ = model.handle(loaded(["mvt 1: 0-40 A=12", "take @A"]))
    model.press(.right)
    XCTAssertEqual(screen(model)?.rulerRange, 12...12, "from the take's first bar")
    XCTAssertTrue(text(model).contains("0-4: rate"), text(model))
    model.press(.character(" "), .right, .right)
    XCTAssertEqual(screen(model)?.rulerRange, 12...14)
    XCTAssertEqual(model.press(.character("3")), [.protocolAdd("brahms", line: "12-14 3")])
    XCTAssertEqual(
      model.press(.character("i")), [.protocolAdd("brahms", line: "14 i")],
      "the range ends with a mark")
    model.press(.escape)
    XCTAssertNil(screen(model)?.rulerRange)
    XCTAssertEqual(screen(model)?.phase, .recording, "Esc leaves the ruler, not the screen")
    XCTAssertEqual(type(&model, "n"), [.protocolAdd("brahms", line: "take")])
  }

  /// Once a line is begun, every key goes into it until Enter or Esc: the quick letters, the
  /// ruler's arrows and Space, Tab, `q` and `?` are letters of it. `edit 24` and `note …`,
  /// typed as the README writes them, arrive whole.
  func testATypedLineTakesEveryKeyUntilEnterOrEsc() throws {
    var model = openedBrahms()
    _ = model.handle(loaded(["mvt 1: 0-40 A=12", "take @A"]))
    XCTAssertEqual(type(&model, "edit 24"), [.protocolAdd("brahms", line: "edit 24")])
    XCTAssertEqual(
      type(&model, "note quiet? the first take, fine"),
      [.protocolAdd("brahms", line: "note quiet? the first take, fine")])
    XCTAssertEqual(
      type(&model, "mnote page turn"), [.protocolAdd("brahms", line: "mnote page turn")])
    XCTAssertEqual(type(&model, "unpin"), [.protocolAdd("brahms", line: "unpin")])
    XCTAssertEqual(type(&model, "false"), [.protocolAdd("brahms", line: "false")])
    XCTAssertEqual(
      model.press(.character("t"), .right, .character(" "), .left, .tab, .character("a")), [])
    XCTAssertNil(screen(model)?.rulerRange, "the arrows did not open the ruler")
    XCTAssertEqual(screen(model)?.phase, .recording, "Tab did not open the review")
    XCTAssertEqual(screen(model)?.entry, "t a")
    XCTAssertTrue(text(model).contains("> t a_"), text(model))
    XCTAssertTrue(text(model).contains("Enter enter the line"), text(model))
    assertCanvasSnapshot(AppView.render(model), named: "typing.80x24")
    model.press(.escape)
    XCTAssertEqual(screen(model)?.isTyping, false)
    XCTAssertEqual(screen(model)?.phase, .recording, "Esc gave up the line, not the screen")
    XCTAssertTrue(text(model).contains("n Enter next take"), text(model))
    model.press(.character("q"))
    XCTAssertEqual(screen(model)?.phase, .choosing, "q at rest still goes back")
  }

  /// A shelf of four: never recorded, under way, delivered, and one archived, with their last
  /// change on the producer's clock (an hour ahead of UTC here).
  private var shelf: [ProtocolSummary] {
    [
      ProtocolSummary(name: "beethoven", status: .toRecord, lastChange: date, utcOffset: 3600),
      ProtocolSummary(
        name: "brahms", status: .recording, lastChange: date.addingTimeInterval(600),
        utcOffset: 3600),
      ProtocolSummary(
        name: "dvorak", status: .done, lastChange: date.addingTimeInterval(-86_400),
        utcOffset: 3600),
      ProtocolSummary(
        name: "elgar", status: .edited, lastChange: date, utcOffset: 3600, isArchived: true),
    ]
  }

  func testTheListShowsEachProtocolsStatusAndLastChange() throws {
    var model = AppFixtures.model()
    model.press(.character("7"))
    _ = model.handle(.protocolsListed(shelf))
    let shown = text(model)
    XCTAssertTrue(shown.contains("beethoven"), shown)
    XCTAssertTrue(shown.contains("to record  2026-11-15 00:46"), shown)
    XCTAssertTrue(shown.contains("recording  2026-11-15 00:56"), shown)
    XCTAssertTrue(shown.contains("done       2026-11-14 00:46"), shown)
    XCTAssertFalse(shown.contains("elgar"), "archived: out of the list")
    XCTAssertTrue(shown.contains("r rename"), shown)
    assertCanvasSnapshot(AppView.render(model), named: "list.80x24")
    model.press(.character("."))
    XCTAssertTrue(text(model).contains("Recording protocols, archived ones too"), text(model))
    XCTAssertTrue(text(model).contains("edited     2026-11-15 00:46  archived"), text(model))
    model.press(.down, .down, .down)
    XCTAssertEqual(model.press(.enter), [], "an archived protocol is not opened")
    XCTAssertTrue(text(model).contains("elgar is archived: a brings it back"), text(model))
    XCTAssertEqual(model.press(.character("a")), [.protocolUnarchive("elgar")])
    model.press(.character("."))
    XCTAssertEqual(screen(model)?.selected, 2, "the cursor stays within the shorter list")
  }

  /// An archived protocol is refused on the list in the producer's language.
  func testAnArchivedProtocolIsRefusedInTheProducersLanguage() throws {
    var settings = Settings()
    settings.language = "ca"
    var model = AppFixtures.model(settings: settings)
    model.press(.character("7"))
    _ = model.handle(.protocolsListed(shelf))
    model.press(.character("."), .down, .down, .down)
    XCTAssertEqual(model.press(.enter), [])
    XCTAssertTrue(text(model).contains("elgar està arxivat: a el recupera"), text(model))
    XCTAssertEqual(model.press(.character("r")), [])
    XCTAssertTrue(
      text(model).contains("elgar està arxivat: a el recupera i després r li canvia el nom"),
      text(model))
  }

  /// Logging, the bar keeps every key it lists at 80 columns in each language: Spanish and
  /// Catalan lost Tab and Esc, Russian Esc.
  func testTheLoggingBarFitsEightyColumnsInEveryLanguage() throws {
    for language in ["en", "ca", "es", "ru"] {
      var settings = Settings()
      settings.language = language
      var model = AppFixtures.model(settings: settings)
      model.press(.character("7"))
      _ = model.handle(.protocolsListed([ProtocolSummary(name: "brahms")]))
      _ = model.handle(loaded(["mvt 1: 1-120", "take"]))
      let strings = model.strings
      let bar = try XCTUnwrap(AppView.render(model).lines.last)
      let enter = strings["key.enter"]
      for expected in [
        "n \(enter) " + strings["protocol.key.next"], "f \(enter) " + strings["protocol.key.false"],
        "u \(enter) " + strings["protocol.key.undo"], "Tab " + strings["protocol.key.review"],
        "Esc " + strings["common.back"],
      ] {
        XCTAssertTrue(bar.contains(expected), "\(language): \(expected) not in \(bar)")
      }
    }
  }

  func testTheReviewAndPreparationBarsFitEightyColumnsInEveryLanguage() throws {
    for language in ["en", "ca", "es", "ru"] {
      var settings = Settings()
      settings.language = language
      var model = AppFixtures.model(settings: settings)
      model.press(.character("7"))
      _ = model.handle(.protocolsListed([ProtocolSummary(name: "brahms")]))
      _ = model.handle(loaded(["mvt 1: 1-120", "take"]))
      let strings = model.strings
      for phase in [ProtocolModel.Phase.reviewing, .preparing] {
        model.press(.tab)
        XCTAssertEqual(screen(model)?.phase, phase)
        let bar = try XCTUnwrap(AppView.render(model).lines.last)
        for expected in ["Tab ", "Esc " + strings["common.back"], "? " + strings["common.help"]] {
          XCTAssertTrue(bar.contains(expected), "\(language), \(phase): \(expected) not in \(bar)")
        }
      }
    }
  }

  func testProtocolsAreRenamedArchivedAndDeletedAfterAYes() throws {
    var model = AppFixtures.model()
    model.press(.character("7"))
    _ = model.handle(.protocolsListed(shelf))
    model.press(.down)
    model.press(.character("r"))
    XCTAssertTrue(text(model).contains("New name for brahms: brahms_"), text(model))
    XCTAssertEqual(model.press(.character("q")), [], "q is a letter of the name")
    model.press(.backspace)
    XCTAssertEqual(type(&model, "-op-38"), [.protocolRename("brahms", to: "brahms-op-38")])
    var renamed = shelf
    renamed[1].name = "zelenka"
    _ = model.handle(.protocolsListed(renamed.sorted { $0.name < $1.name }))
    XCTAssertEqual(
      screen(model)?.selected, 1, "the new name is not listed (refused): the cursor keeps its place"
    )
    model.press(.up)
    model.press(.character("r"))
    for _ in "beethoven" { model.press(.backspace) }
    XCTAssertEqual(type(&model, "bach"), [.protocolRename("beethoven", to: "bach")])
    var again = renamed
    again[0].name = "bach"
    _ = model.handle(.protocolsListed(again.sorted { $0.name < $1.name }))
    XCTAssertEqual(screen(model)?.shown[screen(model)!.selected].name, "bach", "followed")
    _ = model.handle(.protocolsListed(shelf))
    model.press(.down)
    model.press(.character("r"))
    XCTAssertEqual(model.press(.escape), [])
    XCTAssertEqual(screen(model)?.renaming, nil, "Esc gave up the new name")
    XCTAssertEqual(screen(model)?.phase, .choosing)
    XCTAssertEqual(model.press(.character("a")), [.protocolArchive("brahms")])
    XCTAssertEqual(model.press(.character("d")), [])
    XCTAssertTrue(
      text(model).contains("Delete brahms? It goes to the trash folder.  y: delete  n: keep it"),
      text(model))
    XCTAssertEqual(model.press(.character("q")), [], "anything but y keeps it")
    XCTAssertEqual(screen(model)?.deleting, nil)
    XCTAssertEqual(model.press(.character("d"), .character("y")), [.protocolDelete("brahms")])
    _ = model.handle(.protocolRefused("could not move brahms to the trash: Not a directory"))
    XCTAssertTrue(
      text(model).contains("could not move brahms to the trash: Not a directory"), text(model))
  }

  /// Back from a protocol, the list is read again at once: another terminal may have renamed,
  /// archived or deleted some meanwhile.
  func testBackOnTheListItIsListedAgain() throws {
    var model = AppFixtures.model()
    model.press(.character("7"))
    _ = model.handle(.protocolsListed(shelf))
    XCTAssertEqual(model.press(.enter), [.protocolLoad("beethoven")])
    _ = model.handle(loaded([]))
    model.press(.escape)
    XCTAssertEqual(screen(model)?.phase, .choosing)
    XCTAssertEqual(model.deadline, MonotonicInstant(nanoseconds: 0), "at once")
    XCTAssertEqual(model.handle(.tick(MonotonicInstant(nanoseconds: 1))), [.protocolList])
    XCTAssertNil(model.deadline, "once")
  }
}
