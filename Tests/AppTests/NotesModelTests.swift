import App
import MusicTheory
import Practice
import Storage
import TerminalUI
import Foundation
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

  private func answerRight(_ model: inout AppModel, at seconds: Double) throws -> [Effect] {
    let card = try XCTUnwrap(card(model))
    return model.press(.character(Character("\(card.answerIndex + 1)")), at: seconds)
  }

  private func records(_ effects: [Effect]) -> [SessionRecord] {
    effects.compactMap { if case .record(let record) = $0 { record } else { nil } }
  }

  func testTheLastAnswerRecordsTheSession() throws {
    var settings = Settings()
    settings.notes.rounds = 5
    var model = started(settings)
    var asked: [Note] = []
    for round in 0..<4 {
      asked.append(try XCTUnwrap(card(model)).note)
      XCTAssertEqual(records(try answerRight(&model, at: Double(3 + round))), [])
      model.press(.enter, at: Double(3 + round) + 0.5)
    }
    let last = try XCTUnwrap(card(model))
    asked.append(last.note)
    let wrong = try XCTUnwrap(last.choices.firstIndex { $0 != last.answer })
    let effects = model.press(.character(Character("\(wrong + 1)")), at: 9)
    let record = try XCTUnwrap(records(effects).first)
    XCTAssertEqual(record.module, "notes")
    XCTAssertEqual(record.exercise, "flashcards")
    XCTAssertEqual(record.content, ["treble-c4-b4"])
    XCTAssertEqual(record.duration, 7, accuracy: 1e-9, "from the first card to the last answer")
    XCTAssertEqual(record.score ?? -1, 0.8, accuracy: 1e-9)
    XCTAssertEqual(record.figures["rounds"], 5)
    XCTAssertFalse(record.isCutShort)
    XCTAssertEqual(record.answers.map(\.question), asked.map(\.description))
    XCTAssertEqual(record.answers.map(\.context), Array(repeating: "treble", count: 5))
    XCTAssertEqual(record.answers.last?.given, last.choices[wrong].description)
    XCTAssertEqual(record.missed, [last.note.description])
    XCTAssertEqual(record.answers.first?.seconds ?? 0, 1, accuracy: 1e-9)
  }

  func testLeavingMidwayAsksFirstThenRecordsWhatWasDone() throws {
    var model = started()
    _ = try answerRight(&model, at: 3)
    XCTAssertEqual(model.press(.escape, at: 4), [], "asks before leaving")
    XCTAssertEqual(screen(model)?.stopButton, 0)
    XCTAssertEqual(model.press(.escape, at: 5), [], "Esc in the box goes on")
    XCTAssertNil(screen(model)?.stopButton)
    XCTAssertEqual(screen(model)?.phase, .playing)

    model.press(.character("q"), at: 6)
    XCTAssertEqual(screen(model)?.stopButton, 0, "q asks too")
    model.press(.right, at: 6.5)
    XCTAssertEqual(model.press(.enter, at: 7), [], "Enter on Go on")
    XCTAssertEqual(screen(model)?.phase, .playing)

    model.press(.escape, at: 8)
    let effects = model.press(.enter, at: 9)
    let record = try XCTUnwrap(records(effects).first)
    XCTAssertTrue(record.isCutShort)
    XCTAssertEqual(record.answers.count, 1)
    XCTAssertEqual(record.duration, 7, accuracy: 1e-9)
    XCTAssertEqual(effects.last, .stopNotes)
    guard case .home = model.screen else { return XCTFail("the screen was not left") }
  }

  func testLeavingBeforeTheFirstAnswerRecordsNothing() {
    var model = started()
    XCTAssertEqual(model.press(.escape, at: 3), [.stopNotes])
    guard case .home = model.screen else { return XCTFail("the screen was not left") }
  }

  func testControlCRecordsTheSessionUnderWayBeforeQuitting() throws {
    var model = started()
    _ = try answerRight(&model, at: 3)
    let effects = model.press(.control("c"), at: 4)
    XCTAssertEqual(effects.last, .quit)
    XCTAssertEqual(records(effects).first?.isCutShort, true)
    XCTAssertEqual(records(effects).first?.answers.count, 1)
  }

  func testARecordedSessionIsShownOnTheHomeScreen() throws {
    var model = AppFixtures.model()
    let record = SessionRecord(
      module: "notes", exercise: "flashcards", startedAt: Date(timeIntervalSince1970: 0),
      duration: 30, score: 0.5,
      answers: [
        .init(question: "C4", context: "treble", given: "C", isCorrect: true, seconds: 1),
        .init(question: "E4", context: "treble", given: "F", isCorrect: false, seconds: 2),
      ])
    _ = model.handle(.recorded(record))
    XCTAssertEqual(model.history, [record])
    let screen = AppView.render(model).lines.joined(separator: "\n")
    XCTAssertTrue(
      screen.contains("Last session: Notes (Flashcards), 1 of 2 right (50 %), 1.5 s a card"), screen)
  }
}
