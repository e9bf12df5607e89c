import AudioModel
import MusicTheory
import Storage
import TerminalUI
import TestHelpers
import XCTest

@testable import App

/// Screen-reader mode: where the cursor goes after a frame, what the status line reads out,
/// the decorations blanked.
final class ScreenReaderTests: XCTestCase {
  private func canvas(_ rows: [String], focus: Int? = nil) -> Canvas {
    var canvas = Canvas(width: 20, height: rows.count)
    for (y, row) in rows.enumerated() { canvas.write(row, x: 0, y: y) }
    canvas.focusLine = focus
    return canvas
  }

  func testTheCursorGoesToTheRowWhoseTextChangedMost() {
    let before = canvas(["title", "", "a", "tempo 90", "bar 1"])
    let after = canvas(["title", "", "a", "tempo 120", "bar 2"])
    XCTAssertEqual(
      ScreenReaderFrames.changedLine(from: before, to: after, watched: Array(1..<5)), 3)
  }

  func testTheFocusLineWinsWhenItChangedOrMoved() {
    let before = canvas(["", "one", "two", "many many words"], focus: 1)
    let changed = canvas(["", "One", "two", "other other thing"], focus: 1)
    XCTAssertEqual(
      ScreenReaderFrames.changedLine(from: before, to: changed, watched: Array(0..<4)), 1)
    // A selection moving down a list changes no text once its pointer is gone: the line the
    // view names is still the one to read.
    let moved = canvas(["", "one", "two", "many many words"], focus: 2)
    XCTAssertEqual(
      ScreenReaderFrames.changedLine(from: before, to: moved, watched: Array(0..<4)), 2)
  }

  func testStyleAloneAWipedRowOrAnUnwatchedRowMovesNothing() {
    let before = canvas(["09:05", "", "lit", "gone"])
    var after = canvas(["09:06", "", "lit", ""])
    after.restyle(Rect(x: 0, y: 2, width: 3, height: 1)) { $0.reversed }
    XCTAssertNil(ScreenReaderFrames.changedLine(from: before, to: after, watched: [1, 2, 3]))
  }

  func testANewSizeReadsTheFocusLineElseTheFirstRowWithText() {
    XCTAssertEqual(
      ScreenReaderFrames.changedLine(
        from: nil, to: canvas(["", "", "first", "focus"], focus: 3), watched: [1, 2, 3]), 3)
    XCTAssertEqual(
      ScreenReaderFrames.changedLine(
        from: nil, to: canvas(["", "", "first", "second"]), watched: [1, 2, 3]), 2)
  }

  func testTheFocusLineIsAnnouncedAndStaysUntilTheNext() {
    var frames = ScreenReaderFrames()
    let asked = canvas(["title", "", "Note on line 2", "1 E  2 G", ""], focus: 2)
    var shown = frames.next(asked, statusRow: 1, watched: 1..<5)
    XCTAssertEqual(shown.lines[1].trimmingCharacters(in: .whitespaces), "Note on line 2")
    XCTAssertEqual(shown.cursor, Position(x: 0, y: 2))

    let answered = canvas(["title", "", "Note on line 2", "1 E  2 G", "  Right: G4"], focus: 4)
    shown = frames.next(answered, statusRow: 1, watched: 1..<5)
    XCTAssertEqual(shown.lines[1].trimmingCharacters(in: .whitespaces), "Right: G4")
    XCTAssertEqual(shown.cursor, Position(x: 2, y: 4), "on the line's first character")

    // The clock is not watched, and the answers' row is not the focus: the announcement stays,
    // the cursor follows the change.
    let next = canvas(["title 2", "", "Note on line 2", "1 F  2 A", "  Right: G4"], focus: 4)
    shown = frames.next(next, statusRow: 1, watched: 2..<5)
    XCTAssertEqual(shown.lines[1].trimmingCharacters(in: .whitespaces), "Right: G4")
    XCTAssertEqual(shown.cursor?.y, 3)
  }

  /// Another screen opening is read out by its name: the last screen's announcement would
  /// mislead there.
  func testOpeningAScreenAnnouncesItsNameAndItsFocusLine() {
    var frames = ScreenReaderFrames()
    let home = canvas(["Woodshed", "", "> Metronome", "  Rhythm"], focus: 2)
    var shown = frames.next(home, statusRow: 1, watched: 1..<4, screen: "Home")
    XCTAssertEqual(shown.lines[1].trimmingCharacters(in: .whitespaces), "Home: > Metronome")
    let rhythm = canvas(["Woodshed > Rhythm", "", "The line", "Enter: start"])
    shown = frames.next(rhythm, statusRow: 1, watched: 1..<4, screen: "Rhythm")
    XCTAssertEqual(shown.lines[1].trimmingCharacters(in: .whitespaces), "Rhythm")
    let next = canvas(["Woodshed > Rhythm", "", "The line", "Enter: stop"])
    shown = frames.next(next, statusRow: 1, watched: 1..<4, screen: "Rhythm")
    XCTAssertEqual(shown.lines[1].trimmingCharacters(in: .whitespaces), "Rhythm", "no focus line")
  }

  func testTheSettingIsChangedInSettingsAndSaved() {
    var model = AppFixtures.model()
    XCTAssertFalse(model.screenReader)
    model.openSetting(.screenReader)
    var saved = Settings()
    saved.screenReader = true
    XCTAssertEqual(model.press(.right), [.save(saved)])
    XCTAssertTrue(model.screenReader)
    let forced = AppModel(
      settings: Settings(), size: Size(width: 80, height: 24),
      clock: ClockTime(hour: 9, minute: 5, day: AppFixtures.today), catalog: AppFixtures.catalog,
      paths: AppFixtures.paths, detectedGlyphs: .unicode,
      overrides: RunOverrides(screenReader: true))
    XCTAssertTrue(forced.screenReader, "--screen-reader turns it on whatever the setting")
  }

  /// The value changes in one frame and "Saved." appears in the next, when the save is done:
  /// the cursor stays on the setting; a failed save is no quiet line.
  func testSavedLeavesTheCursorOnTheSettingChangedAndAFailureIsReadOut() {
    var settings = Settings()
    settings.screenReader = true
    var model = AppFixtures.model(settings: settings)
    model.openSetting(.theme)
    var frames = ScreenReaderFrames()
    _ = AppView.frame(model, screenReader: &frames)
    _ = model.press(.right)
    let changed = AppView.frame(model, screenReader: &frames)
    let row = changed.focusLine
    XCTAssertNotNil(row)
    XCTAssertEqual(changed.cursor?.y, row)
    _ = model.handle(.saved)
    let saved = AppView.frame(model, screenReader: &frames)
    XCTAssertTrue(saved.plainText.contains("Saved."), saved.plainText)
    XCTAssertEqual(saved.cursor?.y, row)
    let savedRow = saved.lines.lastIndex { $0.contains("Saved.") }
    XCTAssertTrue(AppView.render(model).quietLines.contains(savedRow ?? -1))
    _ = model.handle(.saveFailed(reason: "No space left on device"))
    let failed = AppView.render(model)
    let failure = failed.lines.lastIndex { $0.contains("No space left on device") }
    XCTAssertNotNil(failure)
    XCTAssertFalse(failed.quietLines.contains(failure ?? -1), "a failed save is read out")
  }

  /// The row added to Settings fills its 80×24 list: why there is no MIDI input is read in
  /// full (TranslationCutTests) in place of the reminder that changes are saved, but a save
  /// that failed keeps its row and the example is cut.
  func testSettingsKeepASaveFailureAt80x24() {
    var model = AppFixtures.model()
    model.openSetting(.midiPort)
    _ = model.handle(
      .midiPortsListed(
        [], problem: String(repeating: "the ALSA sequencer cannot be opened here ", count: 4)))
    _ = model.handle(.saveFailed(reason: "No space left on device"))
    let lines = AppView.render(model).lines
    // The notice over the screen takes a row too: the list fills the rest but for this one.
    XCTAssertTrue(lines[22].contains("No space left on device"), lines.joined(separator: "\n"))
    XCTAssertFalse(lines.contains { $0.contains("No MIDI input") }, "cut first")
  }

  func testEachBeatReadoutChoosesTheBeatsReadOut() {
    let beats = Array(0..<4)
    XCTAssertEqual(
      beats.map { BeatReadout.everyBeat.readsOut(beatInBar: $0) }, [true, true, true, true])
    XCTAssertEqual(
      beats.map { BeatReadout.firstOfBar.readsOut(beatInBar: $0) }, [true, false, false, false])
    XCTAssertEqual(
      beats.map { BeatReadout.startAndStop.readsOut(beatInBar: $0) }, [false, false, false, false])
    XCTAssertEqual(Settings().beatReadout, .firstOfBar)
  }

  /// The rows the cursor stands on in 4/4 with `readout`: once the metronome starts, after
  /// each of `beats` (their place in the bar, a second apart, so the session clock ticks too),
  /// and once it stops; with the tempo line's and the beat line's rows, and the last
  /// announcement.
  private func metronomeCursor(_ readout: BeatReadout, beats: [Int]) -> (
    rows: [Int?], tempo: Int?, beat: Int?, announced: String
  ) {
    var settings = Settings()
    settings.screenReader = true
    settings.beatReadout = readout
    var model = AppFixtures.model(settings: settings)
    var frames = ScreenReaderFrames()
    model.press(.enter)
    _ = AppView.frame(model, screenReader: &frames)
    model.press(.character(" "))
    var shown = AppView.frame(model, screenReader: &frames)
    var rows = [shown.cursor?.y]
    let tempo = shown.lines.firstIndex { $0.contains("BPM  playing") }
    var beatRow: Int?
    for (index, beat) in beats.enumerated() {
      _ = model.handle(
        .metronomeBeat(
          BeatDisplay(
            bar: index / 4, beatInBar: beat, isCountIn: false, isMuted: false, bpm: 90,
            elapsed: .seconds(index + 1), audibleAt: MonotonicInstant(nanoseconds: 0))))
      shown = AppView.frame(model, screenReader: &frames)
      beatRow = shown.lines.firstIndex { $0.contains("beat \(beat + 1) of 4") }
      rows.append(shown.cursor?.y)
    }
    model.press(.character(" "))
    shown = AppView.frame(model, screenReader: &frames)
    rows.append(shown.cursor?.y)
    return (rows, tempo, beatRow, shown.lines[1].trimmingCharacters(in: .whitespaces))
  }

  /// A beat not read out leaves the cursor where it was (so Orca or Speakup stays quiet),
  /// though its words change on the screen; starting and stopping are read out whatever the
  /// choice.
  func testTheMetronomesBeatMovesTheCursorOnlyWhenItIsReadOut() throws {
    let every = metronomeCursor(.everyBeat, beats: [1, 2, 3, 0, 1])
    let tempo = try XCTUnwrap(every.tempo)
    let beat = try XCTUnwrap(every.beat)
    XCTAssertNotEqual(tempo, beat)
    XCTAssertEqual(every.rows, [tempo, beat, beat, beat, beat, beat, tempo])

    let first = metronomeCursor(.firstOfBar, beats: [1, 2, 3, 0, 1])
    XCTAssertEqual(first.rows, [tempo, tempo, tempo, tempo, beat, beat, tempo])
    XCTAssertEqual(first.beat, beat, "the words of the last beat are on the screen")

    let quiet = metronomeCursor(.startAndStop, beats: [1, 2, 3, 0, 1])
    XCTAssertEqual(quiet.rows, [tempo, tempo, tempo, tempo, tempo, tempo, tempo])
    XCTAssertTrue(quiet.announced.contains("BPM stopped"), quiet.announced)
  }

  /// Under a notice at 80×24 the 20 rows do not fit with the status: the list scrolls to keep
  /// the chosen row in view.
  func testSettingsScrollToTheLastRowUnderANoticeAt80x24() {
    var model = AppFixtures.model()
    model.openSetting(.dailyGoal)
    _ = model.handle(.saveFailed(reason: "No space left on device"))
    let lines = AppView.render(model).lines
    XCTAssertTrue(
      lines.contains { $0.contains("▸ Daily practice goal") }, lines.joined(separator: "\n"))
    XCTAssertFalse(lines.contains { $0.contains("Language") }, "scrolled past the first row")
    XCTAssertTrue(lines[22].contains("No space left on device"), lines.joined(separator: "\n"))
  }

  func testDecorationsAreBlankedButPointersStay() {
    var frames = ScreenReaderFrames()
    let shown = frames.next(
      canvas(["", "", "├──┼─●─┤ ██ ▁▃", "▸ Metronome ◂", "⎧ ✓ ♩ b3"]), statusRow: 1,
      watched: 2..<5)
    XCTAssertEqual(shown.lines[2].trimmingCharacters(in: .whitespaces), "")
    XCTAssertEqual(shown.lines[3].trimmingCharacters(in: .whitespaces), "▸ Metronome ◂")
    XCTAssertEqual(shown.lines[4].trimmingCharacters(in: .whitespaces), "✓ ♩ b3")
  }

  /// In ASCII the pictures are drawn with `#`, `-`, `|` and `+`, which no character rule can
  /// tell from text: the widgets mark them, and only their cells are blanked.
  func testPicturesDrawnInASCIIAreBlankedButTheirWordsStay() {
    var settings = Settings()
    settings.screenReader = true
    settings.metronome.bpm = 132
    var model = AppFixtures.model(settings: settings, glyphs: .ascii)
    model.press(.enter)
    var frames = ScreenReaderFrames()
    let plain = AppView.render(model)
    XCTAssertTrue(plain.plainText.contains("####"), "the tempo's big digits are drawn")
    let shown = AppView.frame(model, screenReader: &frames)
    XCTAssertFalse(shown.plainText.contains("#"), shown.plainText)
    XCTAssertFalse(shown.plainText.contains("--"), shown.plainText)
    XCTAssertTrue(shown.plainText.contains("132 BPM"), shown.plainText)
  }

  func testTheModeComesFromTheFlagOrTheSetting() {
    var frames = ScreenReaderFrames()
    var model = AppFixtures.model()
    XCTAssertNil(AppView.frame(model, screenReader: &frames).cursor, "off: the cursor is hidden")
    var settings = Settings()
    settings.screenReader = true
    model = AppFixtures.model(settings: settings)
    let shown = AppView.frame(model, screenReader: &frames)
    // Home's menu names its chosen line; the first frame reads it out.
    XCTAssertEqual(shown.cursor?.y, 6)
    XCTAssertTrue(shown.lines[1].contains("Metronome"), shown.lines[1])
  }
}

/// Screens as screen-reader mode shows them: no decorations, the announcement under the title.
final class ScreenReaderSnapshotTests: XCTestCase {
  private func frames(_ model: AppModel, after earlier: AppModel? = nil) -> Canvas {
    var frames = ScreenReaderFrames()
    if let earlier { _ = AppView.frame(earlier, screenReader: &frames) }
    return AppView.frame(model, screenReader: &frames)
  }

  private var settings: Settings {
    var settings = Settings()
    settings.screenReader = true
    return settings
  }

  func testNotesCardAskedThenAnswered() throws {
    var settings = settings
    settings.notes.packs = ["treble-staff"]
    var model = AppFixtures.model(settings: settings)
    model.press(.character("3"), at: 1)
    model.press(.enter, at: 2)
    let asked = model
    let shown = frames(asked)
    assertCanvasSnapshot(shown, named: "asked-80x24")
    XCTAssertTrue(shown.lines[1].contains("Note "), shown.lines[1])
    guard case .notes(let notes) = model.screen, let card = notes.quiz?.card else {
      return XCTFail("no card")
    }
    let right = try XCTUnwrap(card.choices.firstIndex(of: card.answer))
    model.press(.character(Character("\(right + 1)")), at: 3)
    let answered = frames(model, after: asked)
    assertCanvasSnapshot(answered, named: "answered-80x24")
    XCTAssertTrue(answered.lines[1].contains("Right: "), answered.lines[1])
    XCTAssertEqual(answered.cursor?.y, 22, "on the verdict")
  }

  func testMetronomePlaying() {
    var settings = settings
    settings.metronome.meter = "7/8"
    settings.metronome.accents = "X x x X x X x"
    settings.metronome.bpm = 176
    var model = AppFixtures.model(settings: settings)
    model.press(.enter)
    let stopped = model
    model.press(.character(" "))
    _ = model.handle(
      .metronomeBeat(
        BeatDisplay(
          bar: 3, beatInBar: 3, isCountIn: false, isMuted: false, bpm: 176,
          elapsed: .seconds(75), audibleAt: MonotonicInstant(nanoseconds: 75_000_000_000))))
    let shown = frames(model, after: stopped)
    assertCanvasSnapshot(shown, named: "80x24")
    XCTAssertTrue(shown.lines[1].contains("176 BPM playing"), shown.lines[1])
  }

  func testSettingsWithTheBeatReadOutRow() {
    var model = AppFixtures.model(settings: settings)
    model.openSetting(.beatReadout)
    let shown = frames(model)
    assertCanvasSnapshot(shown, named: "80x24")
    XCTAssertTrue(shown.lines[1].contains("Beat read out"), shown.lines[1])
    XCTAssertTrue(shown.lines[shown.focusLine ?? 0].contains("first of each bar"), shown.plainText)
    var saved = settings
    saved.beatReadout = .startAndStop
    XCTAssertEqual(model.press(.right), [.save(saved)])
    XCTAssertTrue(frames(model).plainText.contains("only start and stop"))
  }

  func testSettingsWithTheScreenReaderRow() {
    var model = AppFixtures.model(settings: settings)
    model.openSetting(.screenReader)
    let shown = frames(model)
    assertCanvasSnapshot(shown, named: "80x24")
    XCTAssertTrue(shown.lines[1].contains("Screen reader"), shown.lines[1])
    XCTAssertEqual(shown.cursor?.y, shown.focusLine)
  }
}
