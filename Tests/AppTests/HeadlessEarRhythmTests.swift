import App
import DSP
import Foundation
import MusicTheory
import Practice
import XCTest

/// `woodshed ear quiz|grade --exercise rhythm`: a bar counted in on the woodblock, the rhythm on
/// C5 over the click at 80 to the minute, the JSON's onsets in beats and seconds and its four
/// choices, and the grading of a letter or a number a line.
final class HeadlessEarRhythmTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private func options(level: Int = 1, count: Int = 5, seed: UInt64 = 7) -> HeadlessEar.Options {
    HeadlessEar.Options(
      exercise: "rhythm", items: nil, level: level, soundings: nil, count: count, seed: seed)
  }

  /// Each question: four woodblock clicks 0.75 s apart, then a click on every beat of its bars
  /// (the bar's first accented), each note at its onset after the count-in; a second of silence
  /// between questions.
  func testARhythmIsCountedInThenPlayedOnTheClick() throws {
    let (exercise, questions) = try HeadlessEar.questions(options(items: "quarters two-bars"))
    XCTAssertEqual(exercise, .rhythm)
    var previousEnd: Double?
    for timed in questions {
      let rhythm = try XCTUnwrap(timed.question.rhythm)
      let bars = rhythm.style.bars
      XCTAssertEqual(timed.clicks.count, 4 * (1 + bars))
      for (beat, click) in timed.clicks.enumerated() {
        XCTAssertEqual(click.time, timed.start + Double(beat) * 0.75, accuracy: 1e-9)
        let expected: EarSound.Click.Sound = beat < 4 ? .countIn : beat % 4 == 0 ? .accent : .beat
        XCTAssertEqual(click.sound, expected)
      }
      let firstBeat = try XCTUnwrap(timed.firstBeat)
      XCTAssertEqual(firstBeat, timed.start + 3, accuracy: 1e-9)
      XCTAssertEqual(timed.noteTimes.count, rhythm.onsets.count)
      for (time, onset) in zip(timed.noteTimes, rhythm.onsets) {
        XCTAssertEqual(time.lowerBound, firstBeat + onset.value * 0.75, accuracy: 1e-9)
      }
      XCTAssertTrue(timed.question.notes.allSatisfy { $0 == Note(.C, octave: 5) })
      XCTAssertGreaterThanOrEqual(timed.end, firstBeat + Double(4 * bars - 1) * 0.75)
      if let previousEnd { XCTAssertEqual(timed.start, previousEnd + 1, accuracy: 1e-9) }
      previousEnd = timed.end
    }
    // The clicks sound in the WAV: the first click's sample is the first sound.
    let samples = HeadlessEar.render(Array(questions.prefix(1)), piano: nil)
    XCTAssertGreaterThan(abs(samples[0]), 0.1)
    let firstNote = Int(questions[0].noteTimes[0].lowerBound * 48_000)
    let before = samples[(firstNote - 2_400)..<(firstNote - 400)].map(abs).max() ?? 1
    let after = samples[firstNote..<(firstNote + 2_400)].map(abs).max() ?? 0
    XCTAssertGreaterThan(after, before, "the note starts at its onset")
  }

  /// The JSON: the tempo, beat 0 in the WAV, the onsets in beats ("3/2") and every note's
  /// seconds, each click, the four choices by letter with their cells and onsets, and the right
  /// letter. The same seed writes the same JSON.
  func testTheJSONGivesOnsetsChoicesAndTheRightLetter() throws {
    let (exercise, questions) = try HeadlessEar.questions(options(level: 4))
    let strings = AppFixtures.catalog.localizer(for: "en")
    let json = try HeadlessEar.quizJSON(exercise, questions, seed: 7, strings: strings)
    XCTAssertEqual(
      json,
      try HeadlessEar.quizJSON(
        exercise, try HeadlessEar.questions(options(level: 4)).questions, seed: 7,
        strings: strings))
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    XCTAssertEqual(report["exercise"] as? String, "rhythm")
    let reported = try XCTUnwrap(report["questions"] as? [[String: Any]])
    XCTAssertEqual(reported.count, 5)
    for (entry, timed) in zip(reported, questions) {
      let rhythm = try XCTUnwrap(timed.question.rhythm)
      XCTAssertEqual(entry["bpm"] as? Double, 80)
      XCTAssertEqual(try XCTUnwrap(entry["firstBeat"] as? Double), timed.start + 3, accuracy: 1e-9)
      XCTAssertEqual(entry["onsets"] as? [String], rhythm.onsets.map(\.description))
      XCTAssertEqual(
        entry["answer"] as? String, ["a", "b", "c", "d"][rhythm.answerIndex])
      let notes = try XCTUnwrap(entry["notes"] as? [[String: Any]])
      XCTAssertEqual(notes.compactMap { $0["start"] as? Double }, timed.noteTimes.map(\.lowerBound))
      XCTAssertEqual(notes.compactMap { $0["midi"] as? Int }, timed.question.notes.map { _ in 72 })
      XCTAssertEqual((entry["clicks"] as? [[String: Any]])?.count, 8)
      let choices = try XCTUnwrap(entry["choices"] as? [[String: Any]])
      XCTAssertEqual(choices.compactMap { $0["letter"] as? String }, ["a", "b", "c", "d"])
      XCTAssertEqual(
        choices.compactMap { $0["cells"] as? [String] }, rhythm.choices.map { $0.map(\.id) })
      XCTAssertEqual(
        choices[rhythm.answerIndex]["onsets"] as? [String], rhythm.onsets.map(\.description))
    }
    let text = HeadlessEar.quizText(questions, strings: strings)
    XCTAssertTrue(text.hasPrefix("1. 80 bpm, 0.000-"), text)
    XCTAssertTrue(text.contains("\n   a "), text)
  }

  /// One answer a line: the right letter or number (any case, spaces around) is right; another
  /// letter, a word or nothing is wrong, and the JSON says which letter was understood.
  func testGradingTakesALetterOrANumberALine() throws {
    let (exercise, questions) = try HeadlessEar.questions(options())
    let right = questions.map { $0.question.rhythm!.answerIndex }
    let letters = ["a", "b", "c", "d"]
    let lines = [
      letters[right[0]], " \(right[1] + 1) ", letters[right[2]].uppercased(),
      letters[(right[3] + 1) % 4], "quarters",
    ]
    let answers = folder.appendingPathComponent("answers.txt")
    try Data(lines.joined(separator: "\n").utf8).write(to: answers)
    let verdicts = try HeadlessEar.grade(
      questions, exercise: exercise, answersFile: answers, catalog: AppFixtures.catalog)
    XCTAssertEqual(verdicts.map(\.isRight), [true, true, true, false, false])
    let strings = AppFixtures.catalog.localizer(for: "en")
    let graded = try HeadlessEar.gradeJSON(exercise, verdicts, seed: 7, strings: strings)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(graded.utf8)) as? [String: Any])
    let judged = try XCTUnwrap(report["verdicts"] as? [[String: Any]])
    XCTAssertEqual(judged[1]["understood"] as? String, letters[right[1]])
    XCTAssertEqual(judged[3]["understood"] as? String, letters[(right[3] + 1) % 4])
    XCTAssertNil(judged[4]["understood"] as? String)
    XCTAssertEqual(judged[3]["answer"] as? String, letters[right[3]])
    let text = HeadlessEar.gradeText(verdicts, strings: strings)
    XCTAssertTrue(text.contains("5. wrong: \(letters[right[4]]) ("), text)
    XCTAssertThrowsError(
      try HeadlessEar.questions(
        HeadlessEar.Options(
          exercise: "rhythm", items: nil, level: 1, soundings: nil, count: 2, seed: 7,
          root: "C4")))
  }

  private func options(items: String) -> HeadlessEar.Options {
    HeadlessEar.Options(
      exercise: "rhythm", items: items, level: 1, soundings: nil, count: 6, seed: 3)
  }
}
