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

  /// Rhythms tapped on a woodblock into a recording, one per question, each after a bar and
  /// more of silence: the first on time, the second with a note left out, the third with a
  /// tap too many half a beat after its last note. The onset detector finds the taps; each
  /// answer is graded from its first tap, its first beat, by the rhythm trainer's windows.
  func testRhythmsTappedIntoARecordingAreGradedByTheWindows() throws {
    let (exercise, questions) = try HeadlessEar.questions(options(count: 3, seed: 5))
    var answers = questions.map { timed in
      timed.question.rhythm!.onsets.map { $0.value * 0.75 }
    }
    answers[1].remove(at: 1)
    answers[2].append(answers[2].last! + 0.375)
    let rate = 48_000
    let tap = MetronomeVoice.woodblock.samples(sampleRate: rate)
    var samples = [Float](repeating: 0, count: rate * 8 * 3 + rate)
    for (index, answer) in answers.enumerated() {
      for time in answer {
        let start = Int(((1 + Double(index) * 8 + time) * Double(rate)).rounded())
        for (offset, sample) in tap.enumerated() { samples[start + offset] += 0.8 * sample }
      }
    }
    let url = folder.appendingPathComponent("tapped.wav")
    try WAVCodec.encode(WAVAudio(sampleRate: rate, channels: 1, samples: samples), as: .int16)
      .write(to: url)
    let verdicts = try HeadlessEar.gradePlayed(questions, exercise: exercise, audioFile: url)
    XCTAssertEqual(verdicts.map(\.isRight), [true, false, false])
    let missed = try XCTUnwrap(verdicts[1].tapped?.results)
    XCTAssertEqual(missed.count(of: .miss), 1)
    XCTAssertEqual(missed.notes[1].grade, .miss)
    XCTAssertEqual(verdicts[2].tapped?.results.extraCount, 1)
    let strings = AppFixtures.catalog.localizer(for: "en")
    let text = HeadlessEar.gradeText(verdicts, strings: strings)
    let count = answers[1].count + 1
    XCTAssertTrue(text.contains("(\(count - 1) of \(count) notes in time, extra taps: 0)"), text)
    let graded = try HeadlessEar.gradeJSON(exercise, verdicts, seed: 5, strings: strings)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(graded.utf8)) as? [String: Any])
    let judged = try XCTUnwrap(report["verdicts"] as? [[String: Any]])
    XCTAssertEqual(judged[1]["notesInTime"] as? Int, count - 1)
    let taps = try XCTUnwrap(judged[0]["taps"] as? [[String: Any]])
    XCTAssertEqual(taps.compactMap { $0["grade"] as? String }.count, answers[0].count)
    XCTAssertEqual((judged[2]["extraTaps"] as? [Double])?.count, 1)
  }
}
