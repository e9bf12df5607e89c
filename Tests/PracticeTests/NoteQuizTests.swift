import DSP
import MusicTheory
import Practice
import XCTest

final class NoteQuizTests: XCTestCase {
  private let beginnerNotes = ["C4", "D4", "E4", "F4", "G4", "A4", "B4"].compactMap(
    Note.init(parsing:))
  private var beginner: NoteQuiz.Deck { NoteQuiz.Deck(context: "treble", notes: beginnerNotes) }

  func testACardHasFourDifferentNamesOneRightAtEveryPlace() {
    var random = SplitMix64(seed: 1)
    let names = Set(beginnerNotes.map(\.noteClass))
    var places = Set<Int>()
    for round in 0..<400 {
      let note = beginnerNotes[round % beginnerNotes.count]
      let card = NoteCard(note: note, names: names, using: &random)
      XCTAssertEqual(card.choices.count, 4)
      XCTAssertEqual(Set(card.choices).count, 4, "no name twice")
      XCTAssertEqual(card.choices.filter { $0 == note.noteClass }.count, 1)
      XCTAssertEqual(card.answer, note.noteClass)
      XCTAssertTrue(Set(card.choices).isSubset(of: names), "wrong names come from the pack")
      places.insert(card.answerIndex)
    }
    XCTAssertEqual(places, [0, 1, 2, 3], "the right answer is found at every place")
  }

  func testWrongNamesAreDrawnFromTheWholePack() {
    var random = SplitMix64(seed: 7)
    let names = Set(beginnerNotes.map(\.noteClass))
    var seen = Set<NoteClass>()
    for _ in 0..<200 {
      seen.formUnion(NoteCard(note: beginnerNotes[0], names: names, using: &random).choices)
    }
    XCTAssertEqual(seen, names)
  }

  func testTheSameSeedDealsTheSameSession() {
    func deal(_ seed: UInt64) -> [NoteCard] {
      var random = SplitMix64(seed: seed)
      var quiz = NoteQuiz(decks: [beginner], rounds: 10, using: &random)
      var cards: [NoteCard] = []
      while !quiz.isFinished {
        cards.append(quiz.card)
        quiz.answer(quiz.card.answer, seconds: 1)
        quiz.next(using: &random)
      }
      return cards
    }
    XCTAssertEqual(deal(42), deal(42))
    XCTAssertNotEqual(deal(42), deal(43))
  }

  func testASessionCountsRoundsRightAnswersAndMissedNotes() {
    var random = SplitMix64(seed: 3)
    var quiz = NoteQuiz(decks: [beginner], rounds: 6, using: &random)
    XCTAssertEqual(quiz.round, 1)
    var previous: Note?
    var expectedMissed: [Note] = []
    for round in 1...6 {
      XCTAssertEqual(quiz.round, round)
      XCTAssertNotEqual(quiz.card.note, previous, "never the same note twice running")
      previous = quiz.card.note
      let wrong = quiz.card.choices.first { $0 != quiz.card.answer }!
      let right = round.isMultiple(of: 2)
      if !right, !expectedMissed.contains(quiz.card.note) { expectedMissed.append(quiz.card.note) }
      XCTAssertEqual(quiz.answer(right ? quiz.card.answer : wrong, seconds: Double(round)), right)
      XCTAssertTrue(quiz.isAnswered)
      XCTAssertFalse(quiz.answer(quiz.card.answer, seconds: 0), "one answer per card")
      quiz.next(using: &random)
    }
    XCTAssertTrue(quiz.isFinished)
    XCTAssertEqual(quiz.answers.count, 6)
    XCTAssertEqual(quiz.correctCount, 3)
    XCTAssertEqual(quiz.meanSeconds, 3.5, accuracy: 1e-12)
    XCTAssertEqual(quiz.missedNotes, expectedMissed)
  }

  func testRoundsAreKeptBetweenFiveAndAHundred() {
    var random = SplitMix64(seed: 1)
    XCTAssertEqual(NoteQuiz(decks: [beginner], rounds: 2, using: &random).rounds, 5)
    XCTAssertEqual(NoteQuiz(decks: [beginner], rounds: 500, using: &random).rounds, 100)
  }

  func testCardsComeFromEveryDeckWithTheirOwnWrongNames() throws {
    var random = SplitMix64(seed: 5)
    let bass = ["G2", "A2", "B2", "C3", "D3"].compactMap(Note.init(parsing:))
    let sharps = ["C#4", "D#4", "F#4", "G#4", "A#4"].compactMap(Note.init(parsing:))
    var quiz = NoteQuiz(
      decks: [.init(context: "bass", notes: bass), .init(context: "treble", notes: sharps)],
      rounds: 100, using: &random)
    var decksSeen = Set<Int>()
    while !quiz.isFinished {
      decksSeen.insert(quiz.deck)
      XCTAssertTrue(quiz.decks[quiz.deck].notes.contains(quiz.card.note))
      let deckNames = Set(quiz.decks[quiz.deck].notes.map(\.noteClass))
      XCTAssertTrue(Set(quiz.card.choices).isSubset(of: deckNames), "\(quiz.card)")
      quiz.answer(quiz.card.answer, seconds: 1)
      quiz.next(using: &random)
    }
    XCTAssertEqual(decksSeen, [0, 1])
  }

  func testWeakNotesAreDealtMoreOften() {
    // E4 was missed; every other note was answered quickly three times (box 3, weight 2 against
    // E4's 16).
    var boxes = LeitnerBoxes()
    for note in beginnerNotes {
      for _ in 0..<3 {
        boxes.record(
          .init(
            question: note.description, context: "treble", given: "",
            isCorrect: note.description != "E4",
            seconds: 1))
      }
    }
    var random = SplitMix64(seed: 9)
    var quiz = NoteQuiz(decks: [beginner], rounds: nil, boxes: boxes, using: &random)
    var dealt: [String: Int] = [:]
    for _ in 0..<600 {
      dealt[quiz.card.note.description, default: 0] += 1
      // Right but slow, which leaves every note in its box.
      quiz.answer(quiz.card.answer, seconds: 9)
      quiz.next(using: &random)
    }
    // E4 cannot come twice running, so it comes at most every other card: about 300 of 600.
    XCTAssertGreaterThan(dealt["E4", default: 0], 200, "\(dealt)")
    XCTAssertLessThan(dealt["C4", default: 0], 200, "\(dealt)")
  }

  func testTheBoxesLearnFromEachAnswer() {
    var random = SplitMix64(seed: 2)
    var quiz = NoteQuiz(decks: [beginner], rounds: 5, using: &random)
    let note = quiz.card.note.description
    XCTAssertNil(quiz.boxes.box(of: note, in: "treble"))
    quiz.answer(quiz.card.answer, seconds: 1)
    XCTAssertEqual(quiz.boxes.box(of: note, in: "treble"), 1)
  }

  func testWithoutRoundsTheQuizGoesOnUntilStopped() {
    var random = SplitMix64(seed: 4)
    var quiz = NoteQuiz(decks: [beginner], rounds: nil, using: &random)
    for _ in 0..<150 {
      quiz.answer(quiz.card.answer, seconds: 1)
      quiz.next(using: &random)
    }
    XCTAssertFalse(quiz.isFinished)
    XCTAssertEqual(quiz.round, 151)
  }

  func testAPlayedAnswerKeepsWhatWasHeard() throws {
    var random = SplitMix64(seed: 6)
    var quiz = NoteQuiz(decks: [beginner], rounds: 5, using: &random)
    let octaveUp = quiz.card.note.pitch + 12
    XCTAssertFalse(quiz.answer(heard: octaveUp, isCorrect: false, seconds: 2))
    let answer = try XCTUnwrap(quiz.answers.first)
    XCTAssertEqual(answer.heard, octaveUp)
    XCTAssertFalse(answer.isCorrect, "the caller judged the octave wrong")
    XCTAssertEqual(answer.given.semitonesFromC, quiz.card.note.noteClass.semitonesFromC)
  }
}
