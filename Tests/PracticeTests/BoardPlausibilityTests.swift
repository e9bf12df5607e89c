import FoundationEssentials
import GameRecords
import Practice
import XCTest

/// The drill's, the streak's and the rhythm trainer's boards take a record only when its figure
/// is what its answers or graded notes give; each rule has a record that breaks it alone.
final class BoardPlausibilityTests: XCTestCase {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)
  private var hourAgo: Date { now.addingTimeInterval(-3600) }

  private func refusal(_ record: SessionRecord) -> String? {
    do {
      _ = try ScorePlausibility.boardResult(of: record, now: now)
      return nil
    } catch {
      return error.description
    }
  }

  func testADrillCountsItsCardsRightOnItsChoiceOfPacks() throws {
    let result = try ScorePlausibility.boardResult(
      of: PlayedBoards.drill(right: 50, wrong: 6, startedAt: hourAgo), now: now)
    XCTAssertEqual(result.game, .drill)
    XCTAssertEqual(result.score, 50)
    XCTAssertEqual(result.board, "bass-staff,treble-staff", "the packs sorted")
    XCTAssertEqual(result.startedAt, hourAgo)
  }

  func testAStreakCountsTheCardsBeforeItsMistake() throws {
    let result = try ScorePlausibility.boardResult(
      of: PlayedBoards.streak(right: 25, startedAt: hourAgo), now: now)
    XCTAssertEqual(result.game, .streak)
    XCTAssertEqual(result.score, 25)
    XCTAssertEqual(result.board, "bass-staff,treble-staff", "the same packs, the same board")
  }

  func testACountTheAnswersDoNotGiveIsRefused() {
    var drill = PlayedBoards.drill(right: 40, wrong: 5, startedAt: hourAgo)
    drill.figures["right"] = 45
    XCTAssertEqual(refusal(drill), "45 cards right, but the answers give 40")
    var streak = PlayedBoards.streak(right: 12, startedAt: hourAgo)
    streak.figures["right"] = 13
    XCTAssertEqual(refusal(streak), "13 cards right, but the answers give 12")
    var unkept = PlayedBoards.drill(right: 40, startedAt: hourAgo)
    unkept.figures["right"] = nil
    XCTAssertEqual(refusal(unkept), "the record has no count of cards right")
  }

  func testARightAnswerFasterThanAnyoneReadsIsRefused() {
    var drill = PlayedBoards.drill(right: 40, wrong: 2, startedAt: hourAgo)
    drill.answers[3].seconds = 0.1
    XCTAssertEqual(
      refusal(drill), "answer 4 came 0.10 s after its card: faster than anyone reads a note")
    var slip = PlayedBoards.drill(right: 40, wrong: 2, startedAt: hourAgo)
    slip.answers[41].seconds = 0.05
    XCTAssertNil(refusal(slip), "a wrong key pressed in haste gains nothing")
  }

  func testAnswersLongerThanTheSessionAreRefused() {
    let drill = PlayedBoards.drill(right: 60, wrong: 8, startedAt: hourAgo)
    XCTAssertEqual(refusal(drill), "the answers take 61.20 s, longer than the drill's 60.30 s")
    var streak = PlayedBoards.streak(right: 20, startedAt: hourAgo)
    streak.duration = 15
    XCTAssertEqual(refusal(streak), "the answers take 18.90 s, longer than the streak's 15.00 s")
  }

  func testADrillLastsItsMinute() {
    var short = PlayedBoards.drill(right: 20, startedAt: hourAgo)
    short.duration = 45
    XCTAssertEqual(refusal(short), "a drill lasts 60 s, not 45.00 s")
    var long = PlayedBoards.drill(right: 20, startedAt: hourAgo)
    long.duration = 90
    XCTAssertEqual(refusal(long), "a drill lasts 60 s, not 90.00 s")
    var late = PlayedBoards.drill(right: 20, startedAt: hourAgo)
    late.duration = 60.9
    XCTAssertNil(refusal(late), "the tick that ends it comes within a second")
  }

  func testAStreakEndsAtItsFirstMistake() {
    var goesOn = PlayedBoards.streak(right: 10, startedAt: hourAgo)
    goesOn.answers.append(goesOn.answers[0])
    goesOn.duration += 1
    XCTAssertEqual(refusal(goesOn), "answer 12 comes after the streak's first mistake")
    var endless = PlayedBoards.streak(right: 10, startedAt: hourAgo)
    endless.answers.removeLast()
    XCTAssertEqual(refusal(endless), "a streak ends at its first mistake, and this one has none")
  }

  func testASessionFromTheFutureOrLongAgoOrCutShortIsRefused() {
    let future = PlayedBoards.drill(right: 20, startedAt: now.addingTimeInterval(3600))
    XCTAssertEqual(refusal(future), "the game is dated in the future")
    let old = PlayedBoards.streak(right: 5, startedAt: now.addingTimeInterval(-91 * 86_400))
    XCTAssertEqual(refusal(old), "the game is older than 90 days")
    let oldRun = PlayedBoards.rhythm(missed: 0, startedAt: now.addingTimeInterval(-91 * 86_400))
    XCTAssertEqual(refusal(oldRun), "the game is older than 90 days")
    var stopped = PlayedBoards.drill(right: 20, startedAt: hourAgo)
    stopped.isCutShort = true
    XCTAssertEqual(refusal(stopped), "a drill cut short counts for no board")
    var flashcards = PlayedBoards.drill(right: 20, startedAt: hourAgo)
    flashcards.exercise = "flashcards"
    XCTAssertEqual(refusal(flashcards), "the record is not a timed drill's or a streak's")
  }

  func testARhythmRunCountsItsAccuracyFromItsGradedNotes() throws {
    let run = PlayedBoards.rhythm(missed: 2, good: 3, extra: 1, startedAt: hourAgo)
    let result = try ScorePlausibility.boardResult(of: run, now: now)
    XCTAssertEqual(result.game, .rhythm)
    XCTAssertEqual(result.board, "quarter,eighths@90x2")
    XCTAssertEqual(result.score, 100 * 10 / 13, accuracy: 1e-9)
  }

  func testAnAccuracyTheGradedNotesDoNotGiveIsRefused() {
    var run = PlayedBoards.rhythm(missed: 3, startedAt: hourAgo)
    run.figures["accuracy"] = 100
    XCTAssertEqual(refusal(run), "an accuracy of 100.0 %, but the graded notes give 75.0 %")
    var hidden = PlayedBoards.rhythm(missed: 0, startedAt: hourAgo)
    hidden.figures["extra"] = 4
    XCTAssertEqual(refusal(hidden), "an accuracy of 100.0 %, but the graded notes give 75.0 %")
    var missedHit = PlayedBoards.rhythm(missed: 1, startedAt: hourAgo)
    missedHit.graded[0].offsetMilliseconds = 3
    XCTAssertEqual(refusal(missedHit), "note 1 is missed, yet has a hit")
    var goodWithout = PlayedBoards.rhythm(missed: 0, startedAt: hourAgo)
    goodWithout.graded[4].offsetMilliseconds = nil
    XCTAssertEqual(refusal(goodWithout), "note 5 is graded perfect with no hit")
  }

  func testTheGradedNotesMustBeTheLines() {
    var short = PlayedBoards.rhythm(missed: 0, startedAt: hourAgo)
    short.graded.removeLast(4)
    XCTAssertEqual(refusal(short), "the record grades 8 notes, but the line has 12")
    var longer = PlayedBoards.rhythm(missed: 0, startedAt: hourAgo)
    longer.figures["bars"] = 3
    XCTAssertEqual(refusal(longer), "the record grades 12 notes, but the line has 18")
    var unknown = PlayedBoards.rhythm(missed: 0, startedAt: hourAgo)
    unknown.content = ["quarter", "my-own"]
    XCTAssertEqual(refusal(unknown), "the line's pattern my-own is not one Woodshed ships")
    var fast = PlayedBoards.rhythm(missed: 0, startedAt: hourAgo)
    fast.figures["bpm"] = 400
    XCTAssertEqual(refusal(fast), "the record's tempo is not one the trainer plays")
  }

  func testOnlyARunPlayedLiveGoesToABoard() {
    var recorded = PlayedBoards.rhythm(missed: 0, startedAt: hourAgo)
    recorded.figures["live"] = nil
    XCTAssertEqual(
      refusal(recorded),
      "a rhythm graded from a recording or from typed taps is no performance: only runs "
        + "played live in the trainer go to a board")
  }

  func testARecordWithoutWhatItsBoardChecksIsRefused() {
    var noPacks = PlayedBoards.drill(right: 20, startedAt: hourAgo)
    noPacks.content = []
    var badPack = PlayedBoards.streak(right: 5, startedAt: hourAgo)
    badPack.content = ["Treble Staff"]
    var untimed = PlayedBoards.streak(right: 5, startedAt: hourAgo)
    untimed.answers[2].seconds = -1
    var stopped = PlayedBoards.rhythm(missed: 0, startedAt: hourAgo)
    stopped.isCutShort = true
    var noLine = PlayedBoards.rhythm(missed: 0, startedAt: hourAgo)
    noLine.content = []
    var noBars = PlayedBoards.rhythm(missed: 0, startedAt: hourAgo)
    noBars.figures["bars"] = 17
    var noExtra = PlayedBoards.rhythm(missed: 0, startedAt: hourAgo)
    noExtra.figures["extra"] = nil
    var noAccuracy = PlayedBoards.rhythm(missed: 0, startedAt: hourAgo)
    noAccuracy.figures["accuracy"] = nil
    for (record, reason) in [
      (noPacks, "the record names no packs"), (badPack, "the record names no packs"),
      (untimed, "answer 3 has no time"), (stopped, "a run cut short counts for no board"),
      (noLine, "the record names no rhythm line"),
      (noBars, "the record's length in bars is not one the trainer plays"),
      (noExtra, "the record has no count of extra hits"),
      (noAccuracy, "the record has no accuracy"),
    ] {
      XCTAssertEqual(refusal(record), reason)
    }
  }

  func testALineWrittenBeforeGradedNotesWereKeptStillReads() throws {
    let line =
      #"{"module":"rhythm","exercise":"tap","startedAt":"2026-11-27T20:00:00Z","#
      + #""duration":12,"figures":{"accuracy":80,"bpm":90},"content":["quarter"]}"#
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let record = try decoder.decode(SessionRecord.self, from: Data(line.utf8))
    XCTAssertEqual(record.graded, [])
    XCTAssertEqual(refusal(record)?.hasPrefix("a rhythm graded from a recording"), true)

    let run = PlayedBoards.rhythm(missed: 2, good: 1, startedAt: hourAgo)
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let again = try decoder.decode(SessionRecord.self, from: encoder.encode(run))
    XCTAssertEqual(again, run, "the graded notes go into the line and come back")
  }
}
