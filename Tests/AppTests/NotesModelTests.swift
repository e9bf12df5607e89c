import App
import MusicTheory
import Practice
import Storage
import TerminalUI
import XCTest

final class NotesModelTests: XCTestCase {
  private func screen(_ model: AppModel) -> NotesModel? {
    if case .notes(let screen) = model.screen { return screen }
    XCTFail("the notes screen is not on top")
    return nil
  }

  private func started(_ settings: Settings = Settings()) -> AppModel {
    var model = AppFixtures.model(settings: settings)
    model.press(.character("3"), at: 1)
    model.press(.enter, at: 2)
    return model
  }

  private func card(_ model: AppModel) -> NoteCard? { screen(model)?.quiz?.card }

  func testChoosingPacksAndRoundsIsSaved() {
    var model = AppFixtures.model()
    model.press(.character("3"))
    XCTAssertEqual(screen(model)?.phase, .choosing)
    var expected = Settings()
    expected.notes.packs = ["treble-c4-b4", AppFixtures.packs[1].id]
    XCTAssertEqual(model.press(.down, .character(" ")), [.save(expected)])
    expected.notes.packs = [AppFixtures.packs[1].id]
    XCTAssertEqual(model.press(.up, .character(" ")), [.save(expected)])
    XCTAssertEqual(model.press(.down, .character(" ")), [], "the last chosen pack stays chosen")
    model.press(.right, .right)
    XCTAssertEqual(model.settings.notes.rounds, 30)
    for _ in 0..<30 { model.press(.left) }
    XCTAssertEqual(model.settings.notes.rounds, 5)
  }

  func testARightAnswerAdvancesAfterTheDelay() throws {
    var model = started()
    XCTAssertEqual(screen(model)?.phase, .playing)
    let first = try XCTUnwrap(card(model))
    XCTAssertTrue(AppFixtures.packs[0].notes.contains(first.note))
    XCTAssertEqual(
      model.press(.character(Character("\(first.answerIndex + 1)")), at: 3.25),
      [.playNote(first.note.pitch)], "the answer is heard")
    let quiz = try XCTUnwrap(screen(model)?.quiz)
    XCTAssertEqual(quiz.correctCount, 1)
    XCTAssertEqual(quiz.answers.first?.seconds ?? 0, 1.25, accuracy: 1e-9)
    XCTAssertEqual(model.deadline, MonotonicInstant(nanoseconds: 4_750_000_000))
    model.press(.character("1"), at: 3.5)
    XCTAssertEqual(screen(model)?.quiz?.answers.count, 1, "one answer per card")
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 4_700_000_000)))
    XCTAssertEqual(screen(model)?.quiz?.round, 1, "not before the delay")
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 4_750_000_000)))
    XCTAssertEqual(screen(model)?.quiz?.round, 2)
    XCTAssertNotEqual(card(model)?.note, first.note)
    XCTAssertNil(model.deadline)
  }

  func testByHandTheNextCardWaitsForEnter() throws {
    var settings = Settings()
    settings.notes.advancesByHand = true
    var model = started(settings)
    let first = try XCTUnwrap(card(model))
    let wrong = try XCTUnwrap(first.choices.firstIndex { $0 != first.answer })
    model.press(.character(Character("\(wrong + 1)")), at: 3)
    XCTAssertNil(model.deadline)
    XCTAssertEqual(screen(model)?.quiz?.correctCount, 0)
    model.press(.enter, at: 10)
    XCTAssertEqual(screen(model)?.quiz?.round, 2)
  }

  func testTypedNamesFollowTheNamingInTheSettings() throws {
    var settings = Settings()
    settings.noteNaming = .latin
    var model = started(settings)
    let answer = try XCTUnwrap(card(model)).answer
    model.press(.character("x"), at: 2.5)
    XCTAssertEqual(screen(model)?.typed, "x")
    XCTAssertEqual(model.press(.character("q")), [], "q is typed, not quit")
    model.press(.enter, at: 2.6)
    XCTAssertEqual(screen(model)?.problem?.key, "notes.problem.unknownName")
    XCTAssertEqual(screen(model)?.quiz?.answers.count, 0)
    let latin = NamingSystem.latin.name(of: answer, glyphs: .ascii).lowercased()
    for character in latin { model.press(.character(character), at: 3) }
    model.press(.enter, at: 3)
    XCTAssertEqual(screen(model)?.quiz?.correctCount, 1, latin)
  }

  func testTheSessionEndsWithItsCardsAndStartsAgainOnEnter() throws {
    var settings = Settings()
    settings.notes.rounds = 5
    var model = started(settings)
    for round in 0..<5 {
      let card = try XCTUnwrap(card(model))
      model.press(.character(Character("\(card.answerIndex + 1)")), at: Double(3 + round))
      model.press(.enter, at: Double(3 + round) + 0.1)
    }
    XCTAssertEqual(screen(model)?.phase, .finished)
    XCTAssertEqual(screen(model)?.quiz?.correctCount, 5)
    model.press(.enter)
    XCTAssertEqual(screen(model)?.phase, .choosing)
    XCTAssertEqual(model.press(.escape), [.stopNotes])
  }
}
