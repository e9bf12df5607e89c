import Audio
import Foundation
import MusicTheory
import Practice
import Storage
import TerminalUI
import TestHelpers
import XCTest

@testable import App

/// Rhythm dictation in the Ear room: the last exercise; each question a bar counted in, then
/// the rhythm on the click; 1-4 chooses among the four written; the verdict, `r` and Space; the
/// history keeps each cell of the rhythm, heard as the one chosen.
final class EarRhythmRoomTests: XCTestCase {
  private func screen(_ model: AppModel) -> EarModel? {
    if case .ear(let screen) = model.screen { return screen }
    XCTFail("the ear room is not on top")
    return nil
  }

  private func text(_ model: AppModel) -> String {
    AppView.render(model).lines.joined(separator: "\n")
  }

  /// The room open on rhythm dictation, started at 1 s at `level`.
  private func started(level: Int = 1) -> (AppModel, [Effect]) {
    var model = AppFixtures.model()
    model.press(.character("6"), .left)
    for _ in 1..<level { model.press(.down, .right, .up) }
    let effects = model.press(.enter, at: 1)
    return (model, effects)
  }

  func testRhythmIsTheLastExerciseWithItsLevels() {
    var model = AppFixtures.model()
    model.press(.character("6"), .left)
    XCTAssertEqual(screen(model)?.exercise, .rhythm, "the last exercise")
    XCTAssertEqual(screen(model)?.rows, [.exercise, .level, .count])
    XCTAssertTrue(text(model).contains("Rhythm dictation"), text(model))
    XCTAssertTrue(text(model).contains("Items: Quarters and eighths, one bar"), text(model))
    model.press(.down, .left, .left)
    XCTAssertEqual(screen(model)?.level, 5)
    XCTAssertTrue(text(model).contains("All of them, two bars"), text(model))
  }

  /// The question sounds at once: the count-in's clicks and the bar's, the notes at their
  /// onsets, as `ear quiz` renders it; the screen asks to choose 1-4 among four grids.
  func testAQuestionSoundsOnTheClickAndShowsFourRhythms() throws {
    let (model, effects) = started()
    let question = try XCTUnwrap(screen(model)?.question)
    let rhythm = try XCTUnwrap(question.rhythm)
    guard case .playEar(let sound) = effects.last else { return XCTFail("\(effects)") }
    XCTAssertEqual(sound, EarSound(question))
    XCTAssertEqual(
      sound.clicks.map(\.sound),
      Array(repeating: .countIn, count: 4) + [.accent] + Array(repeating: .beat, count: 3))
    XCTAssertEqual(
      sound.notes.map(\.start), HeadlessEar.layout(question, from: 0).map(\.time.lowerBound))
    XCTAssertEqual(sound.notes.first?.start ?? 0, 3 + rhythm.onsets[0].value * 0.75, accuracy: 1e-9)
    XCTAssertTrue(text(model).contains("Which rhythm did you hear?"), text(model))
    XCTAssertEqual(screen(model)?.keyHints, EarModel.rhythmHints)
    for number in 1...4 {
      XCTAssertTrue(text(model).contains("  \(number)   "), "choice \(number)\n" + text(model))
    }
  }

  /// A wrong choice: the verdict names both, the cells of the right one in words; `r` plays the
  /// question again, Space the one chosen and then the right one; the record keeps each cell,
  /// the changed one heard as the chosen one's.
  func testAWrongChoiceIsJudgedComparedAndRecordedCellByCell() throws {
    var (model, _) = started()
    let rhythm = try XCTUnwrap(screen(model)?.question?.rhythm)
    let wrong = (rhythm.answerIndex + 1) % 4
    model.press(.character("9"), at: 2)
    XCTAssertEqual(screen(model)?.isAnswered, false, "no fifth rhythm")
    model.press(.character(Character("\(wrong + 1)")), at: 2)
    let answer = try XCTUnwrap(screen(model)?.answers.last)
    XCTAssertFalse(answer.isCorrect)
    XCTAssertEqual(answer.givenItems, rhythm.choices[wrong].map(EarItem.cell))
    XCTAssertTrue(
      text(model).contains("Rhythm \(rhythm.answerIndex + 1), not \(wrong + 1)"), text(model))
    XCTAssertTrue(
      text(model).contains("\(rhythm.answerIndex + 1): Quarter")
        || text(model).contains("\(rhythm.answerIndex + 1): Two eighths"), text(model))
    let again = model.press(.character("r"), at: 3)
    XCTAssertEqual(again, [.playEar(EarSound(screen(model)!.question!))])
    let compared = model.press(.character(" "), at: 4)
    guard case .playEar(let both) = compared.first else { return XCTFail("\(compared)") }
    XCTAssertEqual(both.clicks.count, 16, "a bar counted in and a bar, twice")
    XCTAssertEqual(
      both.notes.count,
      RhythmDictation.line(rhythm.choices[wrong], bars: 1).notes.count + rhythm.onsets.count)

    let records = EarModel.recorded(answer)
    XCTAssertEqual(records.map(\.question), rhythm.cells.map(\.id))
    XCTAssertEqual(records.map(\.context), Array(repeating: "rhythm", count: rhythm.cells.count))
    let changed = rhythm.cells.indices.filter { rhythm.cells[$0] != rhythm.choices[wrong][$0] }
    XCTAssertEqual(changed.count, 1)
    XCTAssertEqual(
      records.filter { !$0.isCorrect }.map(\.given), [rhythm.choices[wrong][changed[0]].id])
  }

  /// A session answered right to the end: the score, and the history's line per cell.
  func testAWholeSessionRightIsRecorded() throws {
    var (model, _) = started(level: 2)
    XCTAssertEqual(screen(model)?.level, 2)
    var effects: [Effect] = []
    var time = 2.0
    while let ear = screen(model), ear.phase == .asking, !ear.isAnswered {
      let right = try XCTUnwrap(ear.question?.rhythm?.answerIndex)
      effects += model.press(.character(Character("\(right + 1)")), at: time)
      effects += model.press(.enter, at: time + 0.5)
      time += 1
    }
    let record = try XCTUnwrap(
      effects.compactMap { effect -> SessionRecord? in
        if case .record(let record) = effect { return record }
        return nil
      }.first)
    XCTAssertEqual(record.exercise, "rhythm")
    XCTAssertEqual(record.score, 1)
    XCTAssertTrue(record.answers.allSatisfy(\.isCorrect))
    XCTAssertEqual(record.content, ["quarters", "rests"])
    XCTAssertTrue(text(model).contains("10 of 10"), text(model))
  }

  private func assertClose(
    _ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
  }

  private func tick(_ model: inout AppModel, at seconds: Double) -> [Effect] {
    model.handle(.tick(MonotonicInstant(nanoseconds: UInt64((seconds * 1e9).rounded()))))
  }

  /// `t` sounds the clicks alone, a bar counted in and the rhythm's bar, and takes every key:
  /// Space taps. Taps on the notes, with one along the count-in, answer right once the last
  /// note's window has closed; the history keeps every cell right.
  func testARhythmTappedInTimeIsRight() throws {
    var (model, _) = started()
    let question = try XCTUnwrap(screen(model)?.question)
    let rhythm = try XCTUnwrap(question.rhythm)
    let effects = model.press(.character("t"), at: 2)
    XCTAssertEqual(
      effects, [.playEar(EarSound(placed: [], clicks: HeadlessEar.clicks(of: question, from: 0)))])
    let tapping = try XCTUnwrap(screen(model)?.tapping)
    XCTAssertEqual(tapping.firstBeat, 5, accuracy: 1e-9)
    XCTAssertEqual(tapping.end, 5 + 4.5 * 0.75, accuracy: 1e-9)
    XCTAssertEqual(screen(model)?.capturesKeys, true)
    XCTAssertEqual(screen(model)?.keyHints, EarModel.tappingHints)
    XCTAssertTrue(text(model).contains("Tap the rhythm with Space"), text(model))
    model.press(.character(" "), at: 3.5)
    for onset in rhythm.onsets {
      model.press(.character(" "), at: 5 + onset.value * 0.75 + 0.02)
    }
    model.press(.character("1"), at: 7.9)
    XCTAssertEqual(screen(model)?.isAnswered, false, "the taps are not graded before the end")
    XCTAssertEqual(tick(&model, at: 7.9), [])
    _ = tick(&model, at: 5 + 4.5 * 0.75)
    let answer = try XCTUnwrap(screen(model)?.answers.last)
    XCTAssertTrue(answer.isCorrect)
    XCTAssertNil(screen(model)?.tapping)
    XCTAssertEqual(answer.taps?.results.notes.count, rhythm.onsets.count)
    XCTAssertTrue(EarModel.recorded(answer).allSatisfy(\.isCorrect))
    XCTAssertTrue(text(model).contains("Tapped right"), text(model))
    // Space plays your taps where they landed after a bar counted in, then the rhythm.
    let compared = model.press(.character(" "), at: 9)
    guard case .playEar(let both) = compared.first else { return XCTFail("\(compared)") }
    XCTAssertEqual(both.notes.count, 2 * rhythm.onsets.count)
    assertClose(
      both.notes.prefix(rhythm.onsets.count).map(\.start),
      rhythm.onsets.map { 3 + $0.value * 0.75 + 0.02 }, accuracy: 1e-6)
  }

  /// The clicks to tap along with are first heard 60 ms after `t` (the output's start-up, as
  /// the runtime reports it): taps on the notes as heard are graded on them, not 60 ms late. A
  /// sound heard before `t`, or a second report, moves nothing.
  func testTapsCountFromWhenTheClicksAreHeard() throws {
    var (model, _) = started()
    let rhythm = try XCTUnwrap(screen(model)?.question?.rhythm)
    model.press(.character("t"), at: 2)
    let instant = { (seconds: Double) in MonotonicInstant(nanoseconds: UInt64(seconds * 1e9)) }
    _ = model.handle(.earSoundStarted(instant(1.99)))
    XCTAssertEqual(try XCTUnwrap(screen(model)?.tapping).firstBeat, 5, accuracy: 1e-9)
    _ = model.handle(.earSoundStarted(instant(2.06)))
    _ = model.handle(.earSoundStarted(instant(2.3)))
    let tapping = try XCTUnwrap(screen(model)?.tapping)
    XCTAssertEqual(tapping.firstBeat, 5.06, accuracy: 1e-6)
    XCTAssertEqual(tapping.end, 5.06 + 4.5 * 0.75, accuracy: 1e-6)
    for onset in rhythm.onsets { model.press(.character(" "), at: 5.06 + onset.value * 0.75) }
    _ = tick(&model, at: 5.06 + 4.5 * 0.75)
    let answer = try XCTUnwrap(screen(model)?.answers.last)
    let offsets = answer.taps?.results.notes.compactMap(\.offsetMilliseconds) ?? []
    XCTAssertEqual(offsets.count, rhythm.onsets.count)
    for offset in offsets { XCTAssertEqual(offset, 0, accuracy: 0.01) }
  }

  /// A tap too late for its note and one too many: wrong, the cells they fall in kept as tapped
  /// off; the verdict counts the notes in time and the taps extra. Esc gives up tapping and
  /// the rhythm still waits for its answer.
  func testARhythmTappedOffIsWrongCellByCell() throws {
    var (model, _) = started()
    let rhythm = try XCTUnwrap(screen(model)?.question?.rhythm)
    model.press(.character("t"), at: 2)
    model.press(.escape, at: 2.5)
    XCTAssertNil(screen(model)?.tapping)
    XCTAssertEqual(screen(model)?.isAnswered, false)
    model.press(.character("t"), at: 3)
    let first = 6.0
    var taps = rhythm.onsets.map { first + $0.value * 0.75 }
    taps[0] += 0.4  // past a quarter's window, 0.375 s, and an eighth's
    taps.append(first + 3.9 * 0.75)
    for tap in taps.sorted() { model.press(.character(" "), at: tap) }
    _ = tick(&model, at: first + 4.5 * 0.75)
    let answer = try XCTUnwrap(screen(model)?.answers.last)
    XCTAssertFalse(answer.isCorrect)
    let marks = answer.marks
    XCTAssertEqual(marks.first, false)
    XCTAssertEqual(marks.last, false)
    let records = EarModel.recorded(answer)
    XCTAssertEqual(records.filter { !$0.isCorrect }.map(\.given).first, EarModel.tappedOff)
    let count = rhythm.onsets.count
    XCTAssertTrue(
      text(model).contains("\(count - 1) of \(count) notes in time, extra taps: 2"), text(model))
  }

  /// The room renders a rhythm's clicks under its notes, as the quiz's WAV has them: the clicks
  /// alone for tapping (the woodblock's count-in, then the bar's clicks) each from its own
  /// sample, silence between them; on the built-in voice and, where it is installed, on the
  /// SoundFont piano.
  func testTheClicksSoundUnderTheRhythmOnEitherPiano() throws {
    let (model, _) = started()
    let question = try XCTUnwrap(screen(model)?.question)
    let clicks = EarSound(placed: [], clicks: HeadlessEar.clicks(of: question, from: 0))
    XCTAssertEqual(clicks.seconds, 7 * 0.75 + 0.1, accuracy: 1e-9)
    var pianos: [SoundFontSynth?] = [nil]
    if case .success(let piano) = SoundFontSynth.load(sampleRate: 48_000) { pianos.append(piano) }
    for piano in pianos {
      let samples = NotePlayer.render(clicks, piano: piano, reference: .standard)
      XCTAssertEqual(samples.count, Int((clicks.seconds * 48_000).rounded()))
      for beat in 0..<8 {
        let start = beat * 36_000
        XCTAssertGreaterThan(
          samples[start..<(start + 480)].map(abs).max() ?? 0, 0.1, "beat \(beat)")
        if beat < 7 {
          XCTAssertEqual(samples[(start + 12_000)..<(start + 30_000)].map(abs).max(), 0)
        }
      }
      let whole = NotePlayer.render(EarSound(question), piano: piano, reference: .standard)
      let firstNote = Int(HeadlessEar.countInSeconds * 48_000) + 6_000
      XCTAssertGreaterThan(whole[firstNote..<(firstNote + 4_800)].map(abs).max() ?? 0, 0.01)
    }
  }

  /// The cells missed come back most: with a history where every cell of level 1 but the two
  /// eighths is known (box 4), a session's rhythms are mostly eighths; without it, about half.
  func testTheCellsMissedComeBackMost() {
    let answers = (0..<6).flatMap { _ in
      [
        SessionRecord.Answer(
          question: "quarter", context: "rhythm", given: "quarter", isCorrect: true, seconds: 1),
        SessionRecord.Answer(
          question: "eighths", context: "rhythm", given: "quarter", isCorrect: false, seconds: 1),
      ]
    }
    let history = [
      SessionRecord(
        module: "ear", exercise: "rhythm", startedAt: Date(timeIntervalSince1970: 0),
        duration: 60, answers: answers)
    ]
    func eighthsShare(_ history: [SessionRecord]) -> Double {
      var model = AppFixtures.model(history: history)
      model.press(.character("6"), .left, .down, .down, .right, .right)  // 30 questions
      model.press(.enter, at: 1)
      var cells: [RhythmPattern] = []
      var time = 2.0
      while let ear = screen(model), ear.phase == .asking, let rhythm = ear.question?.rhythm {
        cells += rhythm.cells
        // The quarters tapped, the eighths not, so the boxes stay as the history left them.
        model.press(.character("t"), at: time)
        for placement in rhythm.line.placements where placement.pattern == .quarter {
          model.press(.character(" "), at: time + 3 + Double(placement.beat) * 0.75)
        }
        _ = tick(&model, at: time + 10)
        model.press(.enter, at: time + 11)
        time += 12
      }
      XCTAssertEqual(cells.count, 120)
      return Double(cells.count(where: { $0 == .eighths })) / Double(cells.count)
    }
    XCTAssertGreaterThan(eighthsShare(history), 0.85, "16 of every 17 draws on average")
    let fresh = eighthsShare([])
    XCTAssertLessThan(fresh, 0.75)
  }
}
