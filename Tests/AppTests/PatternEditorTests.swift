import App
import MusicTheory
import Storage
import TerminalUI
import TestHelpers
import XCTest

final class PatternEditorTests: XCTestCase {
  private func model(size: Size = Size(width: 80, height: 24)) -> AppModel {
    var model = AppModel(
      settings: Settings(), size: size,
      clock: ClockTime(hour: 9, minute: 5, day: AppFixtures.today),
      catalog: AppFixtures.catalog, paths: AppFixtures.paths, detectedGlyphs: .unicode,
      patterns: [FretboardScreenTests.minorPentatonic])
    model.press(.character("4"))
    return model
  }

  private func editor(_ model: AppModel) -> PatternEditorModel? {
    if case .patternEditor(let editor) = model.screen { return editor }
    XCTFail("the editor is not on top")
    return nil
  }

  private func text(_ model: AppModel) -> String {
    AppView.render(model).lines.joined(separator: "\n")
  }

  /// Presses arrows until the editor's cursor stands on `place` (up is toward string 1).
  private func move(_ model: inout AppModel, to place: FretPosition) {
    guard let cursor = editor(model)?.cursor else { return }
    let across = place.fret - cursor.fret
    let along = place.string - cursor.string
    for _ in 0..<abs(across) { model.press(across > 0 ? .right : .left) }
    for _ in 0..<abs(along) { model.press(along > 0 ? .down : .up) }
    XCTAssertEqual(editor(model)?.cursor, place)
  }

  private func type(_ model: inout AppModel, _ text: String) {
    for character in text { model.press(.character(character)) }
  }

  func testANewPatternIsDrawnNamedAndSaved() throws {
    var model = model()
    model.press(.character("n"))
    XCTAssertEqual(editor(model)?.focus, .neck)
    model.press(.enter, .right, .right, .right, .enter)
    XCTAssertEqual(
      editor(model)?.draft.interval(at: FretPosition(string: 6, fret: 6))?.degreeName, "b3")
    XCTAssertTrue(text(model).contains("b3"), text(model))
    XCTAssertEqual(model.press(.control("s")), [], "no name yet")
    XCTAssertEqual(
      editor(model)?.problem,
      Message("editor.problem.noName", ["proposal": "1 b3, root on string 6"]))
    XCTAssertEqual(editor(model)?.focus, .name)
    type(&model, "Minor pentatonic")
    let effects = model.press(.control("s"))
    guard case .savePattern(let pattern, let replacing) = effects.first else {
      return XCTFail("\(effects)")
    }
    XCTAssertFalse(replacing)
    XCTAssertEqual(pattern.id, "minor-pentatonic", "the library's minor-pentatonic-1 is another id")
    XCTAssertEqual(pattern.tones.map(\.offset), [0, 3])
    _ = model.handle(.patternSaved(id: "minor-pentatonic"))
    XCTAssertEqual(editor(model)?.editing, "minor-pentatonic")
    XCTAssertTrue(text(model).contains("Saved as minor-pentatonic."))
    model.press(.escape)
    guard case .fretboard = model.screen else { return XCTFail("a saved pattern leaves at once") }
  }

  /// Ctrl-S again takes the name offered from the shape; saved, a pattern of the same shape
  /// as one in the library is named.
  func testAnUnnamedPatternTakesTheOfferedNameAndItsTwinIsNamed() throws {
    var model = model()
    model.press(.character("n"))
    // The library's minor pentatonic, position 1, drawn again from its tonic.
    let places = FretboardScreenTests.minorPentatonic.tones.map {
      FretPosition(string: $0.string, fret: 5 + $0.offset)
    }
    for place in places {
      move(&model, to: place)
      model.press(.enter)
    }
    XCTAssertEqual(model.press(.control("s")), [])
    let offered = "Minor pentatonic, root on string 6"
    XCTAssertEqual(editor(model)?.problem, Message("editor.problem.noName", ["proposal": offered]))
    let effects = model.press(.control("s"))
    guard case .savePattern(let pattern, _) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(pattern.name, offered)
    XCTAssertEqual(pattern.id, "minor-pentatonic-root-on-string-6")
    _ = model.handle(.patternSaved(id: pattern.id))
    XCTAssertEqual(
      editor(model)?.problem,
      Message("editor.savedSameShape", ["id": pattern.id, "other": "minor-pentatonic-1"]))
    XCTAssertTrue(text(model).contains("the same shape as minor-pentatonic-1"), text(model))
  }

  func testIdsComeFromNamesAndNeverClash() {
    XCTAssertEqual(PatternEditorModel.id(for: "My Box!", taken: []), "my-box")
    XCTAssertEqual(PatternEditorModel.id(for: "my box", taken: ["my-box", "my-box-2"]), "my-box-3")
    XCTAssertEqual(PatternEditorModel.id(for: "Ля минор", taken: []), "pattern")
  }

  func testLeavingWithUnsavedChangesAsksFirst() {
    var model = model()
    model.press(.character("n"), .enter)
    model.press(.escape)
    XCTAssertEqual(editor(model)?.asksToDiscard, true)
    XCTAssertTrue(text(model).contains("Leave without saving?"))
    model.press(.escape)
    XCTAssertEqual(editor(model)?.asksToDiscard, false, "Esc keeps editing")
    model.press(.escape, .character("y"))
    guard case .fretboard = model.screen else { return XCTFail("y leaves") }
  }

  func testALibraryPatternIsEditedAsACopy() throws {
    var model = model()
    model.press(.character("e"))
    let copy = try XCTUnwrap(editor(model))
    XCTAssertNil(copy.editing)
    XCTAssertEqual(copy.basedOn, "minor-pentatonic-1")
    XCTAssertEqual(copy.name, "Minor pentatonic, position 1 (copy)")
    XCTAssertEqual(copy.draft.places.count, 12)
    model.press(.tab, .tab)
    XCTAssertEqual(editor(model)?.focus, .category)
    model.press(.right)
    XCTAssertEqual(editor(model)?.category, .arpeggio)
  }

  func testYourOwnPatternIsEditedInPlace() throws {
    var model = model()
    _ = model.handle(
      .patternsLoaded(
        [FretboardScreenTests.minorPentatonic], own: ["minor-pentatonic-1"], problems: []))
    model.press(.character("e"))
    XCTAssertEqual(editor(model)?.editing, "minor-pentatonic-1")
    model.press(.enter)
    guard case .savePattern(let pattern, let replacing) = model.press(.control("s")).first else {
      return XCTFail("not saved")
    }
    XCTAssertTrue(replacing)
    XCTAssertEqual(pattern.id, "minor-pentatonic-1")
  }

  /// The editor has no field for songs, so saving keeps those the pattern named.
  func testEditingKeepsTheSongsAPatternNames() throws {
    var played = FretboardScreenTests.minorPentatonic
    played.songs = ["Song One"]
    var model = model()
    _ = model.handle(.patternsLoaded([played], own: ["minor-pentatonic-1"], problems: []))
    model.press(.character("e"))
    XCTAssertEqual(editor(model)?.songs, ["Song One"])
    model.press(.enter)
    guard case .savePattern(let pattern, _) = model.press(.control("s")).first else {
      return XCTFail("not saved")
    }
    XCTAssertEqual(pattern.songs, ["Song One"])
  }

  func testOnlyYourOwnPatternIsDeletedAndAfterAsking() {
    var model = model()
    model.press(.character("d"))
    guard case .fretboard(let library) = model.screen else { return XCTFail("not on the list") }
    XCTAssertEqual(library.problem?.key, "fretboard.problem.notYours")
    XCTAssertFalse(library.asksToDelete)

    _ = model.handle(
      .patternsLoaded(
        [FretboardScreenTests.minorPentatonic], own: ["minor-pentatonic-1"], problems: []))
    model.press(.character("d"))
    XCTAssertTrue(text(model).contains("Delete this pattern?"), text(model))
    XCTAssertEqual(model.press(.escape), [], "anything but y keeps it")
    model.press(.character("d"))
    XCTAssertEqual(model.press(.character("y")), [.deletePattern("minor-pentatonic-1")])
  }

  func testCopiedAndPractisedPatternsAreMarkedInTheList() {
    var mine = FretboardScreenTests.minorPentatonic
    mine.id = "my-box"
    mine.basedOn = "minor-pentatonic-1"
    var model = model()
    _ = model.handle(
      .patternsLoaded([FretboardScreenTests.minorPentatonic, mine], own: ["my-box"], problems: []))
    XCTAssertTrue(
      text(model).contains("1 of 2"), "the room opens on the player's own: \(text(model))")
    // All of them, from the first: the library's pattern, which has a copy.
    model.press(.tab, .home)
    XCTAssertTrue(text(model).contains("scale, copied"), text(model))
    var expected = model.settings
    expected.fretboard.practised = ["minor-pentatonic-1"]
    XCTAssertEqual(model.press(.character("x")), [.save(expected)])
    XCTAssertTrue(text(model).contains("scale, copied, practised"), text(model))
    model.press(.character("x"))
    XCTAssertEqual(model.settings.fretboard.practised, [])
  }

  func testSnapshot() {
    for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
      var model = model(size: size)
      model.press(.character("n"), .enter, .right, .right, .enter, .tab)
      type(&model, "Blues lick")
      assertCanvasSnapshot(AppView.render(model), named: "\(size.width)x\(size.height)")
    }
  }
}
