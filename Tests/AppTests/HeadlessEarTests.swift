import App
import Audio
import DSP
import Foundation
import MusicTheory
import Practice
import XCTest

/// `woodshed ear`: the questions laid out, rendered and graded.
final class HeadlessEarTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  private func options(
    _ exercise: String, items: String? = nil, soundings: String? = nil, count: Int = 20,
    seed: UInt64 = 7
  ) -> HeadlessEar.Options {
    HeadlessEar.Options(
      exercise: exercise, items: items, level: 1, soundings: soundings, count: count, seed: seed)
  }

  /// A chord's notes start on the same sample, the question's first, after a second of
  /// silence; nothing audible sounds before it; on the SoundFont piano and on the built-in
  /// voice.
  func testChordNotesStartTogetherAfterASecondOfSilence() throws {
    let (_, questions) = try HeadlessEar.questions(options("chords", count: 3))
    let piano = try SoundFontSynth.load(sampleRate: HeadlessEar.sampleRate).get()
    for voice in [piano, nil] {
      try checkChords(questions, HeadlessEar.render(questions, piano: voice))
    }
  }

  private func checkChords(_ questions: [HeadlessEar.TimedQuestion], _ samples: [Float]) throws {
    for (previous, next) in zip(questions, questions.dropFirst()) {
      XCTAssertEqual(next.start - previous.end, 1, accuracy: 1e-9)
      XCTAssertEqual(Set(next.noteTimes.map(\.lowerBound)), [next.start])
      let first = Int((next.start * Double(HeadlessEar.sampleRate)).rounded())
      // The piano's release has faded under −60 dB half a second before the next question.
      let before = samples[(first - HeadlessEar.sampleRate / 2)..<first]
      XCTAssertLessThan(before.map(abs).max() ?? 1, 0.001)
      XCTAssertNotEqual(samples[first + 1], 0)
    }
    XCTAssertLessThanOrEqual(samples.map(abs).max() ?? 0, 1, "a chord never clips")
    XCTAssertEqual(
      samples.count, Int((questions.last!.end * Double(HeadlessEar.sampleRate)).rounded()))
  }

  /// A scale runs from its root to its octave, half a second a note, up or down, a second of
  /// silence after it; the report names it in the player's language.
  func testScalesRunHalfASecondANote() throws {
    let (exercise, questions) = try HeadlessEar.questions(
      options("scales", items: "major dorian", soundings: "up down", count: 6))
    XCTAssertEqual(exercise, .scales)
    for timed in questions {
      XCTAssertEqual(timed.question.notes.count, 8)
      XCTAssertEqual(
        timed.noteTimes.map(\.lowerBound), (0..<8).map { timed.start + Double($0) * 0.5 })
      XCTAssertEqual(timed.end - timed.start, 4, accuracy: 1e-9)
      let run = timed.question.notes.map(\.pitch.midiNumber)
      XCTAssertEqual(abs(run[7] - run[0]), 12, "the root and its octave")
    }
    XCTAssertEqual(Set(questions.map(\.question.sounding)), [.up, .down])
    for (previous, next) in zip(questions, questions.dropFirst()) {
      XCTAssertEqual(next.start - previous.end, 1, accuracy: 1e-9)
    }
    let samples = HeadlessEar.render(questions, piano: nil)
    XCTAssertEqual(
      samples.count, Int((questions.last!.end * Double(HeadlessEar.sampleRate)).rounded()))
    let json = try HeadlessEar.quizJSON(
      exercise, questions, seed: 7, strings: AppFixtures.catalog.localizer(for: "ca"))
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    XCTAssertEqual(report["exercise"] as? String, "scales")
    let reported = try XCTUnwrap(report["questions"] as? [[String: Any]])
    XCTAssertEqual(
      reported.compactMap { $0["answer"] as? String },
      questions.map(\.question.item.shortName))
    let names = ["major": "major", "dorian": "dòric"]
    XCTAssertEqual(
      reported.compactMap { $0["answerName"] as? String },
      questions.map { names[$0.question.item.shortName]! })
  }

  func testBadOptionsAreOneClearLine() {
    let cases: [(HeadlessEar.Options, String)] = [
      (
        options("melody"),
        "unknown exercise \"melody\": use intervals, chords, scales, degrees, cadences, intonation, dictation or rhythm"
      ),
      (
        HeadlessEar.Options(
          exercise: "cadences", items: nil, level: 1, soundings: nil, count: 1, seed: 1, notes: 2),
        "--notes is for degrees"
      ),
      (
        HeadlessEar.Options(
          exercise: "degrees", items: nil, level: 1, soundings: nil, count: 1, seed: 1, notes: 4),
        "--notes must be 1 to 3, not 4"
      ),
      (
        HeadlessEar.Options(
          exercise: "degrees", items: nil, level: 1, soundings: nil, count: 1, seed: 1,
          root: "C4"),
        "--range and --root are not for degrees: their key places them"
      ),
      (
        options("degrees", items: "1 #5"),
        "unknown degrees item \"#5\": use 1 3 5 2 4 6 7 b2 #4 b3 b6 b7"
      ),
      (options("intervals", count: 0), "--count must be 1 to 500, not 0"),
      (
        options("chords", items: "maj m9"),
        "unknown chords item \"m9\": use maj m dim aug sus2 sus4 maj7 7 m7 m7b5 dim7 mMaj7"
      ),
      (options("chords", soundings: "up"), "unknown sounding \"up\" for chords: use harmonic"),
      (
        options("scales", soundings: "harmonic"),
        "unknown sounding \"harmonic\" for scales: use up down"
      ),
      (
        options("scales", items: "major m3"),
        "unknown scales item \"m3\": use major natural-minor harmonic-minor melodic-minor major-pentatonic minor-pentatonic blues dorian mixolydian lydian phrygian locrian phrygian-dominant lydian-dominant major-blues"
      ),
      (
        HeadlessEar.Options(
          exercise: "intervals", items: nil, level: 1, soundings: nil, count: 1, seed: 1,
          inversions: true),
        "--inversions is for chords"
      ),
      (
        HeadlessEar.Options(
          exercise: "intervals", items: nil, level: 6, soundings: nil, count: 1, seed: 1),
        "--level must be 1 to 5 for intervals, not 6"
      ),
    ]
    for (options, message) in cases {
      XCTAssertThrowsError(try HeadlessEar.questions(options)) { error in
        XCTAssertEqual("\(error)", message)
      }
    }
  }

  /// A degree question: I–IV–V–I, each chord's four notes together for 0.6 s, then 0.4 s of
  /// rest, then the degrees a second each; a second of silence before the next question's
  /// cadence. Graded with every degree of the line; the JSON has the key and its chords.
  func testDegreesFollowTheirCadenceAndAreGradedByLine() throws {
    let (exercise, questions) = try HeadlessEar.questions(
      HeadlessEar.Options(
        exercise: "degrees", items: nil, level: 5, soundings: nil, count: 5, seed: 7, notes: 2))
    XCTAssertEqual(exercise, .degrees)
    var start = 0.0
    for timed in questions {
      let keyNotes = timed.sounds.filter { $0.part == .key }
      XCTAssertEqual(keyNotes.count, 16)
      let milliseconds = { (seconds: Double) in Int((seconds * 1000).rounded()) }
      XCTAssertEqual(
        Set(keyNotes.map { milliseconds($0.time.lowerBound) }),
        Set((0..<4).map { milliseconds(start + Double($0) * 0.6) }))
      XCTAssertEqual(timed.start, start)
      XCTAssertEqual(timed.question.notes.count, 2)
      XCTAssertEqual(timed.noteTimes[0].lowerBound, start + 2.8, accuracy: 1e-9)
      XCTAssertEqual(timed.noteTimes[1].lowerBound, start + 3.8, accuracy: 1e-9)
      XCTAssertEqual(timed.end, start + 4.8, accuracy: 1e-9)
      start = timed.end + 1
    }
    let answers = folder.appendingPathComponent("answers.txt")
    let right = questions[0].question.answer.map(\.shortName).joined(separator: " ")
    let first = questions[1].question.answer[0].shortName
    try Data("\(right)\n\(first)\n\(right), 1\nseven\n".utf8).write(to: answers)
    let verdicts = try HeadlessEar.grade(
      questions, exercise: exercise, answersFile: answers, catalog: AppFixtures.catalog)
    XCTAssertEqual(verdicts.map(\.isRight), [true, false, false, false, false])
    XCTAssertEqual(verdicts[0].understoodItems, questions[0].question.answer)
    XCTAssertNil(verdicts[3].understoodItems, "\"seven\" names no degree")

    let json = try HeadlessEar.quizJSON(
      exercise, questions, seed: 7, strings: AppFixtures.catalog.localizer(for: "en"))
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let reported = try XCTUnwrap(report["questions"] as? [[String: Any]])
    XCTAssertEqual(reported.count, 5)
    XCTAssertEqual(reported[0]["key"] as? String, questions[0].question.key?.description)
    XCTAssertEqual((reported[0]["keyNotes"] as? [[String: Any]])?.count, 16)
    XCTAssertEqual(reported[0]["answer"] as? String, right)
    let notes = try XCTUnwrap(reported[0]["notes"] as? [[String: Any]])
    XCTAssertEqual(
      notes.compactMap { $0["midi"] as? Int }, questions[0].question.notes.map(\.pitch.midiNumber))
  }

  /// An intonation question: the note a second, 0.3 s of rest, the same key a second, its
  /// cents off as the level says; the JSON gives each note's frequency and cents, the text the
  /// cents; typed answers in any language are graded.
  func testIntonationPairsAreOffByTheLevelsCentsAndGradedByName() throws {
    let (exercise, questions) = try HeadlessEar.questions(
      HeadlessEar.Options(
        exercise: "intonation", items: nil, level: 3, soundings: nil, count: 6, seed: 7))
    XCTAssertEqual(exercise, .intonation)
    for timed in questions {
      XCTAssertEqual(timed.noteTimes[0].lowerBound, timed.start, accuracy: 1e-9)
      XCTAssertEqual(timed.noteTimes[1].lowerBound, timed.start + 1.3, accuracy: 1e-9)
      XCTAssertEqual(timed.end, timed.start + 2.3, accuracy: 1e-9)
      XCTAssertEqual(timed.sounds.map(\.cents), [0, timed.question.detuning])
      XCTAssertTrue([-20, 0, 20].contains(timed.question.detuning))
    }
    let json = try HeadlessEar.quizJSON(
      exercise, questions, seed: 7, strings: AppFixtures.catalog.localizer(for: "en"))
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let reported = try XCTUnwrap(report["questions"] as? [[String: Any]])
    for (timed, question) in zip(questions, reported) {
      let notes = try XCTUnwrap(question["notes"] as? [[String: Any]])
      let pitch = timed.question.notes[0].pitch
      XCTAssertEqual(notes.compactMap { $0["midi"] as? Int }, [pitch.midiNumber, pitch.midiNumber])
      XCTAssertEqual(notes.compactMap { $0["cents"] as? Int }, [0, timed.question.detuning])
      let hertz = notes.compactMap { $0["frequency"] as? Double }
      XCTAssertEqual(hertz.count, 2)
      XCTAssertEqual(hertz[0], pitch.frequency(), accuracy: 0.001)
      XCTAssertEqual(
        pitch.centsOffset(of: hertz[1]), Double(timed.question.detuning), accuracy: 0.01)
      XCTAssertEqual(question["answer"] as? String, timed.question.item.shortName)
    }
    let text = HeadlessEar.quizText(questions, strings: AppFixtures.catalog.localizer(for: "en"))
    let first = questions[0].question
    let signed = (first.detuning > 0 ? "+" : "") + "\(first.detuning)"
    XCTAssertTrue(
      text.hasPrefix(
        "1. up \(first.notes[0]) (\(first.notes[0].pitch.midiNumber)) "
          + "\(first.notes[1]) (\(first.notes[1].pitch.midiNumber)) "
          + "\(signed) cents, 0.000-2.300 s"), text)

    let answers = folder.appendingPathComponent("answers.txt")
    let names = [
      "flat": ["flat", "bajo", "baix", "ниже"],
      "in-tune": ["in tune", "afinado", "Afinat", "чисто"],
      "sharp": ["sharp", "alto", "alt", "выше"],
    ]
    let typed = questions.enumerated().map { index, timed in
      names[timed.question.item.shortName]![index % 4]
    }
    let wrong = questions[5].question.item == .intonation(.sharp) ? "flat" : "sharp"
    try Data((typed.prefix(5) + [wrong]).joined(separator: "\n").utf8).write(to: answers)
    let verdicts = try HeadlessEar.grade(
      questions, exercise: exercise, answersFile: answers, catalog: AppFixtures.catalog)
    XCTAssertEqual(verdicts.map(\.isRight), [true, true, true, true, true, false])
    XCTAssertThrowsError(
      try HeadlessEar.questions(
        HeadlessEar.Options(
          exercise: "intonation", items: nil, level: 1, soundings: nil, count: 2, seed: 7,
          range: "C3-C5")))
  }

  /// A dictation: I–IV–V–I, 0.4 s of rest, then the melody at 0.75 s a note; the JSON gives
  /// the key, its chords and each note's name, MIDI number and time. Typed answers are graded
  /// note by note: with octaves or without, in any naming, a note spelled otherwise right when
  /// it sounds the same; the JSON says which notes were wrong and what was written there.
  func testDictationIsLaidOutAndGradedNoteByNote() throws {
    let (exercise, questions) = try HeadlessEar.questions(
      HeadlessEar.Options(
        exercise: "dictation", items: "thirds leaps", level: 1, soundings: nil, count: 6,
        seed: 7))
    XCTAssertEqual(exercise, .dictation)
    for timed in questions {
      XCTAssertTrue(
        [.melody(.thirds), .melody(.leaps)].contains(timed.question.item), "\(timed.question.item)")
      XCTAssertEqual(timed.sounds.filter { $0.part == .key }.count, 16)
      let first = timed.start + 4 * 0.6 + 0.4
      for (index, time) in timed.noteTimes.enumerated() {
        XCTAssertEqual(time.lowerBound, first + Double(index) * 0.75, accuracy: 1e-9)
        XCTAssertEqual(time.upperBound - time.lowerBound, 0.75, accuracy: 1e-9)
      }
      XCTAssertEqual(timed.question.notes[0].noteClass, timed.question.key?.tonic)
    }
    let json = try HeadlessEar.quizJSON(
      exercise, questions, seed: 7, strings: AppFixtures.catalog.localizer(for: "en"))
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let reported = try XCTUnwrap(report["questions"] as? [[String: Any]])
    let melody = questions[0].question.notes
    XCTAssertEqual(reported[0]["key"] as? String, questions[0].question.key?.description)
    XCTAssertEqual(
      reported[0]["answer"] as? String, melody.map(\.description).joined(separator: " "))
    let notes = try XCTUnwrap(reported[0]["notes"] as? [[String: Any]])
    XCTAssertEqual(notes.compactMap { $0["name"] as? String }, melody.map(\.description))
    XCTAssertEqual(notes.compactMap { $0["midi"] as? Int }, melody.map(\.pitch.midiNumber))
    XCTAssertEqual(
      notes.compactMap { $0["start"] as? Double }, questions[0].noteTimes.map(\.lowerBound))

    // 1: right with octaves; 2: right without; 3: in Latin names; 4: the second note a
    // semitone up, and a note added; 5: one note short; 6: the right notes respelled.
    let answers = folder.appendingPathComponent("answers.txt")
    let named = { (index: Int) in questions[index].question.notes }
    let latin = ["C": "do", "D": "re", "E": "mi", "F": "fa", "G": "sol", "A": "la", "B": "si"]
    let raised = Pitch(midiNumber: named(3)[1].pitch.midiNumber + 1).spelling(preferSharps: true)
    let respelled = named(5).map { note in
      note.pitch.spelling(preferSharps: note.accidental.semitones <= 0)
    }
    let lines = [
      named(0).map(\.description).joined(separator: " "),
      named(1).map(\.noteClass.description).joined(separator: ", "),
      named(2).map { latin[$0.letter.rawValue]! + latinAccidental($0) + "\($0.octave)" }
        .joined(separator: " "),
      ([named(3)[0], raised] + named(3).dropFirst(2) + [named(3)[0]]).map(\.description)
        .joined(separator: " "),
      named(4).dropLast().map(\.description).joined(separator: " "),
      respelled.map(\.description).joined(separator: " "),
    ]
    try Data(lines.joined(separator: "\n").utf8).write(to: answers)
    let verdicts = try HeadlessEar.grade(
      questions, exercise: exercise, answersFile: answers, catalog: AppFixtures.catalog)
    XCTAssertEqual(
      verdicts.map(\.isRight), [true, true, true, false, false, true], lines.joined(separator: "\n")
    )
    XCTAssertEqual(
      verdicts[3].noteMarks, [true, false] + Array(repeating: true, count: named(3).count - 2))
    XCTAssertEqual(
      verdicts[4].noteMarks, Array(repeating: true, count: named(4).count - 1) + [false])
    let graded = try HeadlessEar.gradeJSON(
      exercise, verdicts, seed: 7, strings: AppFixtures.catalog.localizer(for: "en"))
    let gradeReport = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(graded.utf8)) as? [String: Any])
    let judged = try XCTUnwrap(gradeReport["verdicts"] as? [[String: Any]])
    XCTAssertEqual(judged[3]["notesRight"] as? Int, named(3).count - 1)
    let wrong = try XCTUnwrap(judged[3]["wrongNotes"] as? [[String: Any]])
    XCTAssertEqual(wrong.count, 1)
    XCTAssertEqual(wrong[0]["place"] as? Int, 2)
    XCTAssertEqual(wrong[0]["asked"] as? String, named(3)[1].description)
    XCTAssertEqual(wrong[0]["given"] as? String, raised.description)
    XCTAssertEqual(judged[3]["addedNotes"] as? [String], [named(3)[0].description])
    XCTAssertEqual(
      judged[1]["understood"] as? String,
      named(1).map(\.noteClass.description).joined(separator: " "),
      "no octave where none was written")
    let missing = try XCTUnwrap(judged[4]["wrongNotes"] as? [[String: Any]])
    XCTAssertNil(missing[0]["given"] as? String, "nothing was written there")
    let text = HeadlessEar.gradeText(verdicts, strings: AppFixtures.catalog.localizer(for: "en"))
    XCTAssertTrue(
      text.contains("4. wrong: \(named(3).map(\.description).joined(separator: " "))"), text)
    XCTAssertTrue(text.contains("(\(named(3).count - 1) of \(named(3).count) notes right)"), text)
    XCTAssertTrue(text.contains("answered \"\(lines[3])\""), text)
    XCTAssertThrowsError(
      try HeadlessEar.questions(
        HeadlessEar.Options(
          exercise: "dictation", items: nil, level: 1, soundings: nil, count: 2, seed: 7,
          root: "C4")))
  }

  /// Dictations answered by playing: each melody on the built-in voice an octave down, 0.4 s a
  /// note, a second and a half of silence between answers; the second answer's third note a
  /// semitone off, the third answer a note short. Every note is heard and graded at its place
  /// in any octave; the right notes are written as asked, in the octave played.
  func testDictationIsGradedFromAPlayedRecording() throws {
    let (exercise, questions) = try HeadlessEar.questions(
      HeadlessEar.Options(
        exercise: "dictation", items: "steps thirds leaps", level: 1, soundings: nil, count: 3,
        seed: 11))
    var melodies = questions.map { $0.question.notes.map { $0.pitch.midiNumber - 12 } }
    melodies[1][2] += 1
    melodies[2].removeLast()
    let rate = 48_000
    var samples: [Float] = []
    for melody in melodies {
      samples += [Float](repeating: 0, count: rate * 3 / 2)
      for key in melody {
        samples += Synth.softPiano(
          frequency: Pitch(midiNumber: key).frequency(), duration: 0.4, sampleRate: rate
        ).map { 0.6 * $0 }
      }
    }
    samples += [Float](repeating: 0, count: rate)
    let url = folder.appendingPathComponent("played.wav")
    try WAVCodec.encode(WAVAudio(sampleRate: rate, channels: 1, samples: samples), as: .int16)
      .write(to: url)
    let heard = HeadlessEar.heardNotes(samples, sampleRate: rate)
    XCTAssertEqual(heard.map(\.pitch.midiNumber), melodies.flatMap { $0 })
    let verdicts = try HeadlessEar.gradePlayed(questions, exercise: exercise, audioFile: url)
    XCTAssertEqual(verdicts.map(\.isRight), [true, false, false])
    let lowered = questions[0].question.notes.map { Note($0.noteClass, octave: $0.octave - 1) }
    XCTAssertEqual(verdicts[0].given, lowered.map(\.description).joined(separator: " "))
    var marks = Array(repeating: true, count: melodies[1].count)
    marks[2] = false
    XCTAssertEqual(verdicts[1].noteMarks, marks)
    XCTAssertEqual(verdicts[2].noteMarks?.last, false)
    XCTAssertEqual(verdicts[2].noteMarks?.dropLast().allSatisfy { $0 }, true)
    XCTAssertThrowsError(
      try HeadlessEar.gradePlayed(questions, exercise: .chords, audioFile: url))
  }

  private func latinAccidental(_ note: Note) -> String {
    ["bb", "b", "", "#", "##"][note.accidental.semitones + 2]
  }

  /// A cadence: the tonic chord for 0.6 s, 0.4 s of rest, then its chords a second each, four
  /// notes together; graded by its name in any language.
  func testCadencesSoundAfterTheirTonicAndAreGradedByName() throws {
    let (exercise, questions) = try HeadlessEar.questions(
      HeadlessEar.Options(
        exercise: "cadences", items: nil, level: 2, soundings: nil, count: 4, seed: 7))
    for timed in questions {
      XCTAssertEqual(timed.sounds.filter { $0.part == .key }.count, 4)
      let asked = timed.sounds.filter { $0.part == .question }
      XCTAssertEqual(asked.count, 8)
      XCTAssertEqual(asked.first!.time.lowerBound, timed.start + 1, accuracy: 1e-9)
      XCTAssertEqual(asked.last!.time.lowerBound, timed.start + 2, accuracy: 1e-9)
    }
    let answers = folder.appendingPathComponent("answers.txt")
    let spanish = AppFixtures.catalog.localizer(for: "es")
    let names = questions.map { EarNames.name(of: $0.question.item, strings: spanish) }
    try Data((names.prefix(3) + ["perfect"]).joined(separator: "\n").utf8).write(to: answers)
    let verdicts = try HeadlessEar.grade(
      questions, exercise: exercise, answersFile: answers, catalog: AppFixtures.catalog)
    XCTAssertEqual(verdicts.prefix(3).map(\.isRight), [true, true, true])
    XCTAssertEqual(verdicts[3].isRight, questions[3].question.item == .cadence(.perfect))
  }

  /// The ear cannot tell A4 from d5: either answer is right for the tritone. An answer in any
  /// language counts; a missing or unreadable one is wrong.
  func testGradingTakesTheTritoneEitherWayAndAnyLanguage() throws {
    let (exercise, questions) = try HeadlessEar.questions(
      options("intervals", items: "A4", count: 4))
    let answers = folder.appendingPathComponent("answers.txt")
    try Data("d5\nувеличенная кварта\nquinta\n".utf8).write(to: answers)
    let verdicts = try HeadlessEar.grade(
      questions, exercise: exercise, answersFile: answers, catalog: AppFixtures.catalog)
    XCTAssertEqual(verdicts.map(\.isRight), [true, true, false, false])
    XCTAssertEqual(verdicts.map(\.understood), [.interval(.d5), .interval(.A4), nil, nil])
    XCTAssertEqual(
      HeadlessEar.gradeText(verdicts, strings: AppFixtures.catalog.localizer(for: "es")),
      """
      1. bien: A4 (cuarta aumentada)
      2. bien: A4 (cuarta aumentada)
      3. mal: A4 (cuarta aumentada); no se entiende: "quinta"
      4. mal: A4 (cuarta aumentada); sin respuesta
      Puntuación: 2 de 4 (50 %)

      """)
  }

  /// The score's share is rounded as every screen rounds one: 2 of 3 is 67 %.
  func testTheScoreIsRoundedAsEverywhere() throws {
    let (exercise, questions) = try HeadlessEar.questions(
      options("intervals", items: "P5", count: 3))
    let answers = folder.appendingPathComponent("answers.txt")
    try Data("P5\nP5\nm3\n".utf8).write(to: answers)
    let verdicts = try HeadlessEar.grade(
      questions, exercise: exercise, answersFile: answers, catalog: AppFixtures.catalog)
    let text = HeadlessEar.gradeText(verdicts, strings: AppFixtures.catalog.localizer(for: "en"))
    XCTAssertTrue(text.hasSuffix("Score: 2 of 3 (67 %)\n"), text)
  }

  /// With inversions asked, the chord alone is not enough: the inversion must be right too.
  func testGradingChordsWithTheirInversions() throws {
    let (exercise, questions) = try HeadlessEar.questions(
      HeadlessEar.Options(
        exercise: "chords", items: "maj", level: 1, soundings: nil, count: 3, seed: 4,
        inversions: true))
    let inversions = questions.map(\.question.inversion)
    let names = ["root", "inv1", "inv2"]
    let answers = folder.appendingPathComponent("answers.txt")
    let lines = [
      "maj \(names[inversions[0]])", "major, \(names[(inversions[1] + 1) % 3])", "maj",
    ]
    try Data(lines.joined(separator: "\n").utf8).write(to: answers)
    let verdicts = try HeadlessEar.grade(
      questions, exercise: exercise, answersFile: answers, catalog: AppFixtures.catalog)
    XCTAssertEqual(verdicts.map(\.isRight), [true, false, false])
    XCTAssertEqual(
      verdicts.map(\.understoodInversion), [inversions[0], (inversions[1] + 1) % 3, nil])
    XCTAssertTrue(
      HeadlessEar.quizText(questions, strings: AppFixtures.catalog.localizer(for: "en"))
        .contains(": maj \(names[inversions[0]]) (major, "))
  }
}
