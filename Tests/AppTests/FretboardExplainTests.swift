import AudioModel
import MusicTheory
import Practice
import Storage
import TerminalUI
import TestHelpers
import XCTest

@testable import App

/// `i` explains the scale being played through, and a wrong note is shown on the neck beside
/// the one expected.
final class FretboardExplainTests: XCTestCase {
  private func model(
    _ patterns: [FretPattern] = [FretboardScreenTests.minorPentatonic], root: String = "A",
    glyphs: GlyphSet.Kind = .unicode
  ) -> AppModel {
    var settings = Settings()
    settings.fretboard.root = root
    return AppModel(
      settings: settings, size: Size(width: 80, height: 24),
      clock: ClockTime(hour: 9, minute: 5, day: AppFixtures.today), catalog: AppFixtures.catalog,
      paths: AppFixtures.paths, detectedGlyphs: glyphs, patterns: patterns, history: [])
  }

  private func screen(_ model: AppModel) -> FretboardModel? {
    if case .fretboard(let screen) = model.screen { return screen }
    XCTFail("the fretboard screen is not on top")
    return nil
  }

  private func text(_ model: AppModel) -> String {
    AppView.render(model).lines.joined(separator: "\n")
  }

  /// Moves the cursor onto `place` and presses Enter at `seconds`.
  private func play(
    _ model: inout AppModel, _ place: FretPosition, at seconds: Double = 0
  ) -> [Effect] {
    model.moveFretboardCursor(to: place)
    return model.press(.enter, at: seconds)
  }

  func testIExplainsTheScaleAndTheRunWaitsMeanwhile() throws {
    var model = model()
    model.press(.character("4"), .enter, .character("t"))
    let steps = try XCTUnwrap(screen(model)?.run?.expected)
    _ = play(&model, steps[0].position)
    XCTAssertEqual(model.press(.character("i")), [], "in free time nothing is stopped")
    XCTAssertEqual(screen(model)?.explains, true)
    let shown = text(model)
    XCTAssertTrue(shown.contains("A Minor pentatonic"), shown)
    XCTAssertTrue(shown.contains("Intervals  1 ♭3 4 5 ♭7"), shown)
    XCTAssertTrue(shown.contains("Steps      W+H-W-W-W+H-W"), shown)
    XCTAssertTrue(shown.contains("Notes      A C D E G"), shown)
    XCTAssertTrue(shown.contains("Played in  Blues, rock and metal solos"), shown)
    XCTAssertTrue(shown.contains("Chords     none"), shown)
    XCTAssertTrue(shown.contains("i or Esc: back to the run, which waited"), shown)
    XCTAssertTrue(shown.contains("i close"), "the key bar says how to close it: \(shown)")

    // Keys meant for the run do nothing while it waits: Enter plays no note, `p` plays nothing.
    XCTAssertEqual(model.press(.enter), [])
    XCTAssertEqual(model.press(.character("p")), [])
    XCTAssertEqual(screen(model)?.run?.played, [steps[0].pitch])
    model.press(.character("i"))
    XCTAssertEqual(screen(model)?.explains, false)
    XCTAssertEqual(screen(model)?.phase, .running)
    XCTAssertEqual(screen(model)?.run?.played, [steps[0].pitch], "the run goes on where it was")
    _ = play(&model, steps[1].position)
    XCTAssertEqual(screen(model)?.run?.played, steps.prefix(2).map(\.pitch))

    model.press(.character("i"))
    XCTAssertEqual(model.press(.escape), [], "Esc closes the explanation, not the run")
    XCTAssertEqual(screen(model)?.explains, false)
    XCTAssertEqual(screen(model)?.phase, .running)
  }

  func testOnTheClickTheExplanationStopsItAndTheTryCountsInAgain() throws {
    var model = model()
    model.press(.character("4"), .enter, .character("t"), .character("c"))
    let steps = try XCTUnwrap(screen(model)?.run?.expected)
    _ = model.handle(
      .metronomeBeat(
        BeatDisplay(
          bar: -1, beatInBar: 0, isCountIn: true, isMuted: false, bpm: 60, elapsed: .zero,
          audibleAt: MonotonicInstant(nanoseconds: 10_000_000_000))))
    _ = play(&model, steps[0].position, at: 14)
    XCTAssertNotNil(model.deadline)
    XCTAssertEqual(model.press(.character("i")), [.metronome(.stop)])
    XCTAssertNil(model.deadline, "no beat is awaited while the scale is explained")
    XCTAssertEqual(model.handle(.tick(MonotonicInstant(nanoseconds: 60_000_000_000))), [])
    XCTAssertEqual(screen(model)?.run?.verdict, .right, "no beat went by without its note")
    XCTAssertTrue(text(model).contains("the click stopped"), text(model))
    let options = try XCTUnwrap(screen(model)?.clickOptions(model.settings))
    XCTAssertEqual(model.press(.character("i")), [.metronome(.start(options))])
    XCTAssertEqual(screen(model)?.run?.played, [], "the try starts again")
    XCTAssertNil(screen(model)?.run?.grid, "after a bar of count-in")
  }

  func testOnTheNeckTheExplanationNamesASevenNoteScalesChordsAndHoldsTheRunBack() throws {
    var model = model([FretboardSequenceTests.major], root: "C")
    model.press(.character("4"), .enter, .character("i"))
    let shown = text(model)
    XCTAssertTrue(shown.contains("Steps      W-W-H-W-W-W-H"), shown)
    XCTAssertTrue(
      shown.contains("Triads     I C, ii Dm, iii Em, IV F, V G, vi Am, vii° Bdim"), shown)
    XCTAssertTrue(shown.contains("Sevenths   Imaj7 Cmaj7, ii7 Dm7"), shown)
    XCTAssertTrue(shown.contains("i or Esc: close"), shown)
    model.press(.character("t"))
    XCTAssertEqual(screen(model)?.phase, .exploring, "no run starts while it is open")
    model.press(.escape)
    XCTAssertEqual(screen(model)?.explains, false)
    XCTAssertEqual(screen(model)?.phase, .exploring, "Esc closes it and stays on the neck")
  }

  /// In ASCII the half-diminished seventh is spelled out: its `ø` would stand in as `o`, the
  /// fully diminished seventh's sign.
  func testInASCIITheHalfDiminishedSeventhIsNotTakenForADiminishedOne() {
    var model = model([FretboardSequenceTests.major], root: "C", glyphs: .ascii)
    model.press(.character("4"), .enter, .character("i"))
    let shown = text(model)
    XCTAssertTrue(shown.contains("viim7b5 Bm7b5"), shown)
    XCTAssertFalse(shown.contains("viio7"), shown)
    XCTAssertTrue(shown.contains("viio Bdim"), "a triad's o is the diminished one: \(shown)")
  }

  func testTheStepsAndTheDegreesAsTheTerminalDrawsThem() {
    XCTAssertEqual(
      ScaleExplanation.steps(ScaleType.harmonicMinor.intervals), [2, 1, 2, 2, 1, 3, 1])
    XCTAssertEqual(ScaleExplanation.steps(ScaleType.in.intervals), [1, 4, 2, 1, 4])
    var model = model(glyphs: .ascii)
    model.press(.character("4"), .enter, .character("i"))
    XCTAssertTrue(text(model).contains("Intervals  1 b3 4 5 b7"), text(model))
  }

  func testAWrongNoteKeepsTheNotePlayedWhereItWasAndTheOneExpected() throws {
    var model = model()
    model.press(.character("4"), .enter, .character("t"))
    let steps = try XCTUnwrap(screen(model)?.run?.expected)
    _ = play(&model, steps[0].position)
    // C at the eighth fret is next; one fret short is B.
    let wrongPlace = FretPosition(string: 6, fret: 7)
    _ = play(&model, wrongPlace)
    let wrong = try XCTUnwrap(screen(model)?.wrongNote)
    XCTAssertEqual(wrong.played, Tuning.guitarStandard.pitch(string: 6, fret: 7))
    XCTAssertEqual(wrong.place, wrongPlace)
    XCTAssertEqual(wrong.expected, steps[1])
    let shown = text(model)
    XCTAssertTrue(shown.contains("you played B, the scale has C"), shown)
    XCTAssertTrue(
      shown.contains("Played: string 6: 7 (B). Expected: string 6: 8 (C)."),
      "in words too: \(shown)")
    model.press(.enter)
    XCTAssertNil(screen(model)?.wrongNote, "the next try clears it")
  }

  func testAWrongNoteFromTheInstrumentIsPlacedNearTheNoteExpected() throws {
    var model = model()
    model.press(.character("4"), .enter, .character("t"), .character("l"))
    let steps = try XCTUnwrap(screen(model)?.run?.expected)
    let keys = [steps[0].pitch, steps[1].pitch + 1].enumerated().map { index, pitch in
      PlayedEvent(
        instant: MonotonicInstant(nanoseconds: UInt64(10 + index) * 1_000_000_000), pitch: pitch,
        velocity: 80, source: .midi)
    }
    _ = model.handle(.played(keys))
    let wrong = try XCTUnwrap(screen(model)?.wrongNote)
    XCTAssertEqual(wrong.played, steps[1].pitch + 1)
    XCTAssertEqual(
      wrong.place, FretPosition(string: 6, fret: 9), "C# a fret past C, not at the cursor")
    XCTAssertEqual(wrong.expected, steps[1])
  }

  func testEveryScaleTypeSaysWhereItIsPlayedInEveryLanguage() throws {
    let english = AppFixtures.catalog.localizer(for: "en")
    for type in ScaleType.all {
      let line = try XCTUnwrap(english.textIfPresent(type.usageKey), type.usageKey)
      for language in ["es", "ca", "ru"] {
        let said = try XCTUnwrap(
          AppFixtures.catalog.localizer(for: language).textIfPresent(type.usageKey),
          "\(language) \(type.usageKey)")
        XCTAssertNotEqual(said, line, "\(language) \(type.usageKey)")
      }
    }
  }

  /// A wrong note on the neck is `FretboardScreenTests`' "run.wrong" snapshot.
  func testSnapshots() {
    var explained = model()
    explained.press(.character("4"), .enter, .character("t"), .character("i"))
    assertCanvasSnapshot(AppView.render(explained), named: "run.explained.80x24")

    var major = model([FretboardSequenceTests.major], root: "C")
    major.press(.character("4"), .enter, .character("i"))
    assertCanvasSnapshot(AppView.render(major), named: "neck.explained.80x24")

    var ascii = model(glyphs: .ascii)
    ascii.press(.character("4"), .enter, .character("t"), .character("i"))
    assertCanvasSnapshot(AppView.render(ascii), named: "run.explained.ascii.80x24")
  }
}
