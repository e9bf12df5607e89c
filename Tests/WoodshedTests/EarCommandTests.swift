import Foundation
import XCTest

/// `woodshed ear quiz` and `woodshed ear grade`, run as the built binary.
final class EarCommandTests: XCTestCase {
  private var woodshed: WoodshedProcess!
  private let quiz = [
    "--exercise", "intervals", "--items", "m3 M3 P5", "--count", "5", "--seed", "7", "--sounding",
    "up down harmonic",
  ]

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  func testTheQuizAsText() throws {
    let result = try woodshed.run(["ear", "quiz"] + quiz)
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertEqual(
      result.output,
      """
      1. up Bb4 (70) D5 (74), 0.000-2.000 s: M3 (major third)
      2. up B3 (59) D#4 (63), 3.000-5.000 s: M3 (major third)
      3. down F3 (53) D3 (50), 6.000-8.000 s: m3 (minor third)
      4. harmonic A4 (69) E5 (76), 9.000-10.500 s: P5 (perfect fifth)
      5. up Eb4 (63) Bb4 (70), 11.500-13.500 s: P5 (perfect fifth)

      """)
  }

  func testTheQuizAsJSONInThePlayersLanguage() throws {
    try woodshed.writeSettings(#"{"language": "ru"}"#)
    let result = try woodshed.run(["ear", "quiz", "--json"] + quiz)
    XCTAssertEqual(result.status, 0, result.error)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    XCTAssertEqual(report["exercise"] as? String, "intervals")
    XCTAssertEqual(report["seed"] as? Int, 7)
    let questions = try XCTUnwrap(report["questions"] as? [[String: Any]])
    XCTAssertEqual(questions.count, 5)
    let third = questions[2]
    XCTAssertEqual(third["sounding"] as? String, "down")
    XCTAssertEqual(third["answer"] as? String, "m3")
    XCTAssertEqual(third["answerName"] as? String, "малая терция")
    XCTAssertEqual(third["start"] as? Double, 6)
    XCTAssertEqual(third["end"] as? Double, 8)
    let notes = try XCTUnwrap(third["notes"] as? [[String: Any]])
    XCTAssertEqual(notes.compactMap { $0["name"] as? String }, ["F3", "D3"])
    XCTAssertEqual(notes.compactMap { $0["midi"] as? Int }, [53, 50])
    XCTAssertEqual(notes.compactMap { $0["start"] as? Double }, [6, 7])
    let chord = try XCTUnwrap(questions[3]["notes"] as? [[String: Any]])
    XCTAssertEqual(chord.compactMap { $0["start"] as? Double }, [9, 9])
  }

  /// The WAV is as long as the questions say, at 48 kHz in 16 bits, and is never written over
  /// without --force.
  func testTheQuizRenderedToAWAVFile() throws {
    let wav = woodshed.home.appendingPathComponent("q.wav")
    let result = try woodshed.run(["ear", "quiz", "--audio-out", wav.path] + quiz)
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertTrue(result.output.hasPrefix("1. up Bb4 (70) D5 (74)"), result.output)
    let size = try XCTUnwrap(
      FileManager.default.attributesOfItem(atPath: wav.path)[.size] as? Int)
    XCTAssertEqual(size, 44 + 2 * Int(13.5 * 48_000))
    let again = try woodshed.run(["ear", "quiz", "--audio-out", wav.path] + quiz)
    XCTAssertNotEqual(again.status, 0)
    XCTAssertEqual(again.error, "Error: q.wav already exists; choose another name or add --force\n")
    XCTAssertEqual(
      try woodshed.run(["ear", "quiz", "--audio-out", wav.path, "--force"] + quiz).status, 0)
  }

  /// Without the SoundFont (here WOODSHED_SOUNDFONT names one that is not there) the
  /// questions are rendered all the same, in the built-in voice, and a line says why.
  func testWithoutTheSoundFontTheBuiltInPianoPlaysAndALineSaysWhy() throws {
    let wav = woodshed.home.appendingPathComponent("q.wav")
    let result = try woodshed.run(
      ["ear", "quiz", "--audio-out", wav.path] + quiz,
      environment: woodshed.environment(extra: ["WOODSHED_SOUNDFONT": "/nonexistent/piano.sf2"]))
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertEqual(
      result.error,
      "warning: no SoundFont piano (no SoundFont at /nonexistent/piano.sf2 (Debian: timgm6mb-soundfont)): "
        + "the built-in piano plays\n")
    XCTAssertTrue(FileManager.default.fileExists(atPath: wav.path))
    let sounded = try woodshed.run(["ear", "quiz", "--audio-out", wav.path, "--force"] + quiz)
    XCTAssertEqual(sounded.error, "", "the SoundFont piano says nothing")
  }

  /// `--range` keeps every note in it, `--root` puts every question on one note; both say in
  /// one line what is wrong with them.
  func testARangeOrAFixedRoot() throws {
    let ranged = try woodshed.run(
      [
        "ear", "quiz", "--exercise", "intervals", "--items", "P8", "--range", "C4-C5", "--count",
        "2",
      ])
    XCTAssertEqual(ranged.status, 0, ranged.error)
    XCTAssertEqual(
      ranged.output,
      "1. up C4 (60) C5 (72), 0.000-2.000 s: P8 (octave)\n"
        + "2. up C4 (60) C5 (72), 3.000-5.000 s: P8 (octave)\n")
    let rooted = try woodshed.run(
      ["ear", "quiz", "--exercise", "intervals", "--items", "m3", "--root", "F#3", "--count", "1"])
    XCTAssertEqual(rooted.output, "1. up F#3 (54) A3 (57), 0.000-2.000 s: m3 (minor third)\n")
    let refusals = [
      (
        ["--range", "E4-G4", "--items", "P8"], "--range E4-G4 cannot hold P8: choose a wider range"
      ),
      (
        ["--range", "C5-C4"],
        "--range must be a lower and a higher note from A0 to C8, as C3-C5, not \"C5-C4\""
      ),
      (["--range", "C3-C5", "--root", "C4"], "--range and --root: give one of them"),
      (["--root", "C8", "--items", "P8"], "--root C8 puts notes beyond the piano's A0 to C8"),
      (["--root", "H2"], "--root must be a note with its octave, as F#3"),
    ]
    for (arguments, message) in refusals {
      let result = try woodshed.run(["ear", "quiz", "--exercise", "intervals"] + arguments)
      XCTAssertNotEqual(result.status, 0)
      XCTAssertEqual(result.error, "Error: \(message)\n")
    }
  }

  func testGradingARightAndAWrongAnswersFile() throws {
    let right = woodshed.home.appendingPathComponent("right.txt")
    try Data("M3\nmajor third\ntercera menor\nчистая квинта\nP5\n".utf8).write(to: right)
    let graded = try woodshed.run(["ear", "grade", "--answers", right.path] + quiz)
    XCTAssertEqual(graded.status, 0, graded.error)
    XCTAssertTrue(graded.output.hasSuffix("5. right: P5 (perfect fifth)\nScore: 5 of 5 (100 %)\n"))
    let wrong = woodshed.home.appendingPathComponent("wrong.txt")
    try Data("m3\r\nM3\nfifth\n".utf8).write(to: wrong)
    let text = try woodshed.run(["ear", "grade", "--answers", wrong.path] + quiz)
    XCTAssertEqual(
      text.output,
      """
      1. wrong: M3 (major third); answered "m3"
      2. right: M3 (major third)
      3. wrong: m3 (minor third); not understood: "fifth"
      4. wrong: P5 (perfect fifth); no answer
      5. wrong: P5 (perfect fifth); no answer
      Score: 1 of 5 (20 %)

      """)
    let json = try woodshed.run(["ear", "grade", "--json", "--answers", wrong.path] + quiz)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    XCTAssertEqual(report["right"] as? Int, 1)
    XCTAssertEqual(report["count"] as? Int, 5)
    let verdicts = try XCTUnwrap(report["verdicts"] as? [[String: Any]])
    XCTAssertEqual(
      verdicts.compactMap { $0["right"] as? Bool }, [false, true, false, false, false])
    XCTAssertEqual(verdicts[0]["understood"] as? String, "m3")
    XCTAssertEqual(verdicts[0]["given"] as? String, "m3")
  }

  /// Chords in their inversions, answered in three languages; an empty line is no answer,
  /// not the major triad that a chord symbol writes as nothing.
  func testChordsWithTheirInversions() throws {
    let chords = [
      "--exercise", "chords", "--level", "4", "--inversions", "--count", "4", "--seed", "2",
    ]
    let quiz = try woodshed.run(["ear", "quiz"] + chords)
    XCTAssertEqual(quiz.status, 0, quiz.error)
    XCTAssertEqual(
      quiz.output,
      """
      1. harmonic D4 (62) G4 (67) A4 (69), 0.000-1.500 s: sus4 root (suspended fourth, root position)
      2. harmonic D5 (74) Gb5 (78) Bb5 (82), 2.500-4.000 s: aug inv2 (augmented, second inversion)
      3. harmonic A4 (69) Db5 (73) F5 (77), 5.000-6.500 s: aug inv2 (augmented, second inversion)
      4. harmonic A3 (57) C4 (60) E4 (64), 7.500-9.000 s: m root (minor, root position)

      """)
    let answers = woodshed.home.appendingPathComponent("answers.txt")
    try Data("sus4 root\naumentado, segunda inversión\naug inv1\n\n".utf8).write(to: answers)
    let graded = try woodshed.run(["ear", "grade", "--answers", answers.path] + chords)
    XCTAssertEqual(
      graded.output,
      """
      1. right: sus4 root (suspended fourth, root position)
      2. right: aug inv2 (augmented, second inversion)
      3. wrong: aug inv2 (augmented, second inversion); answered "aug inv1"
      4. wrong: m root (minor, root position); no answer
      Score: 2 of 4 (50 %)

      """)
  }

  /// Names and verdicts in the player's language, in ASCII where the locale cannot show more.
  func testSpanishNamesInASCIIUnderTheCLocale() throws {
    try woodshed.writeSettings(#"{"language": "es"}"#)
    let arguments = ["ear", "quiz", "--exercise", "intervals", "--items", "m7", "--count", "1"]
    let unicode = try woodshed.run(arguments)
    XCTAssertTrue(unicode.output.hasSuffix(": m7 (séptima menor)\n"), unicode.output)
    let ascii = try woodshed.run(arguments, environment: woodshed.environment(lang: "C"))
    XCTAssertTrue(ascii.output.hasSuffix(": m7 (septima menor)\n"), ascii.output)
    let answers = woodshed.home.appendingPathComponent("answers.txt")
    try Data("séptima menor\n".utf8).write(to: answers)
    let grading = ["ear", "grade", "--exercise", "intervals", "--items", "m7", "--count", "1"]
    let graded = try woodshed.run(grading + ["--answers", answers.path])
    XCTAssertEqual(graded.output, "1. bien: m7 (séptima menor)\nPuntuación: 1 de 1 (100 %)\n")
    let gradedInASCII = try woodshed.run(
      grading + ["--answers", answers.path], environment: woodshed.environment(lang: "C"))
    XCTAssertEqual(
      gradedInASCII.output, "1. bien: m7 (septima menor)\nPuntuacion: 1 de 1 (100 %)\n")
  }

  /// Scales: each a run of eight notes, half a second each, from the root to its octave; the
  /// answers graded by short name or in any language.
  func testScalesQuizzedAndGraded() throws {
    let scales = ["--exercise", "scales", "--items", "major dorian", "--count", "5", "--seed", "7"]
    let result = try woodshed.run(["ear", "quiz", "--json"] + scales)
    XCTAssertEqual(result.status, 0, result.error)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    XCTAssertEqual(report["exercise"] as? String, "scales")
    let questions = try XCTUnwrap(report["questions"] as? [[String: Any]])
    XCTAssertEqual(questions.count, 5)
    var answers: [String] = []
    for question in questions {
      XCTAssertEqual(question["sounding"] as? String, "up")
      let answer = try XCTUnwrap(question["answer"] as? String)
      XCTAssertTrue(["major", "dorian"].contains(answer), answer)
      answers.append(answer)
      let notes = try XCTUnwrap(question["notes"] as? [[String: Any]])
      XCTAssertEqual(notes.count, 8)
      let midi = notes.compactMap { $0["midi"] as? Int }
      XCTAssertEqual(midi.last.map { $0 - midi[0] }, 12, "up to the octave")
      let starts = notes.compactMap { $0["start"] as? Double }
      let start = try XCTUnwrap(question["start"] as? Double)
      XCTAssertEqual(starts, (0..<8).map { start + Double($0) * 0.5 })
      XCTAssertEqual(question["end"] as? Double, start + 4)
    }
    // The first right by its short name, the second in Spanish, the third given the other.
    let file = woodshed.home.appendingPathComponent("scales.txt")
    let spanish = ["major": "mayor", "dorian": "dórico"]
    let other = ["major": "dorian", "dorian": "major"]
    try Data(
      [answers[0], spanish[answers[1]]!, other[answers[2]]!].joined(separator: "\n").utf8
    ).write(to: file)
    let graded = try woodshed.run(["ear", "grade", "--json", "--answers", file.path] + scales)
    XCTAssertEqual(graded.status, 0, graded.error)
    let verdicts = try XCTUnwrap(
      (JSONSerialization.jsonObject(with: Data(graded.output.utf8)) as? [String: Any])?[
        "verdicts"] as? [[String: Any]])
    XCTAssertEqual(
      verdicts.compactMap { $0["right"] as? Bool }, [true, true, false, false, false])
    XCTAssertEqual(verdicts[1]["understood"] as? String, answers[1])
  }

  /// Degrees two in a row, each question after its key's I–IV–V–I (4 × 0.6 s, 0.4 s of rest,
  /// two notes of a second: 4.8 s, then a second of silence), as text and as a WAV file;
  /// graded a line per question, the degrees on it separated by spaces. Checked by hand: in
  /// F♯ major C♯ is 5 and F♯ 1, in A♭ D♭ is 4 and B♭ 2, in D♭ E♭ is 2 and A♭ 5, in C♯ G♯ is 5,
  /// in B A♯ is 7.
  func testDegreesQuizzedAndGraded() throws {
    let degrees = [
      "--exercise", "degrees", "--level", "3", "--notes", "2", "--count", "5", "--seed", "7",
    ]
    let wav = woodshed.home.appendingPathComponent("q.wav")
    let result = try woodshed.run(["ear", "quiz", "--audio-out", wav.path] + degrees)
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertEqual(
      result.output,
      """
      1. F# major C#5 (73) F#4 (66), 0.000-4.800 s: 5 1
      2. Ab major Db5 (73) Bb4 (70), 5.800-10.600 s: 4 2
      3. Db major Eb4 (63) Ab4 (68), 11.600-16.400 s: 2 5
      4. C# major G#4 (68) C#4 (61), 17.400-22.200 s: 5 1
      5. B major A#4 (70) A#4 (70), 23.200-28.000 s: 7 7

      """)
    let size = try XCTUnwrap(
      FileManager.default.attributesOfItem(atPath: wav.path)[.size] as? Int)
    XCTAssertEqual(size, 44 + 2 * Int(28 * 48_000))
    let file = woodshed.home.appendingPathComponent("degrees.txt")
    try Data("5 1\n4,2\n2\n5 1 1\n7 6\n".utf8).write(to: file)
    let graded = try woodshed.run(["ear", "grade", "--answers", file.path] + degrees)
    XCTAssertEqual(graded.status, 0, graded.error)
    XCTAssertEqual(
      graded.output,
      """
      1. right: 5 1
      2. right: 4 2
      3. wrong: 2 5; answered "2"
      4. wrong: 5 1; answered "5 1 1"
      5. wrong: 7 7; answered "7 6"
      Score: 2 of 5 (40 %)

      """)
  }

  /// Cadences: in the JSON each question's key, the tonic chord that sets it (four notes
  /// together for 0.6 s), then the cadence's two chords a second each after 0.4 s of rest;
  /// graded by names in Russian and English.
  func testCadencesQuizzedAndGraded() throws {
    let cadences = ["--exercise", "cadences", "--level", "2", "--count", "5", "--seed", "7"]
    let result = try woodshed.run(["ear", "quiz", "--json"] + cadences)
    XCTAssertEqual(result.status, 0, result.error)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let questions = try XCTUnwrap(report["questions"] as? [[String: Any]])
    XCTAssertEqual(
      questions.compactMap { $0["answer"] as? String },
      ["plagal", "imperfect", "plagal", "plagal", "deceptive"])
    XCTAssertEqual(
      questions.compactMap { $0["key"] as? String },
      ["Cb major", "F major", "Eb major", "Gb major", "F# major"])
    for question in questions {
      let start = try XCTUnwrap(question["start"] as? Double)
      let keyNotes = try XCTUnwrap(question["keyNotes"] as? [[String: Any]])
      XCTAssertEqual(
        keyNotes.compactMap { $0["start"] as? Double }, Array(repeating: start, count: 4))
      let notes = try XCTUnwrap(question["notes"] as? [[String: Any]])
      let starts = notes.compactMap { $0["start"] as? Double }
      XCTAssertEqual(
        starts, Array(repeating: start + 1, count: 4) + Array(repeating: start + 2, count: 4))
    }
    let file = woodshed.home.appendingPathComponent("cadences.txt")
    try Data(
      "плагальная каденция\nimperfect cadence\nperfect\nPlagal Cadence\nprerwannaja\n".utf8
    ).write(to: file)
    let graded = try woodshed.run(["ear", "grade", "--json", "--answers", file.path] + cadences)
    XCTAssertEqual(graded.status, 0, graded.error)
    let verdicts = try XCTUnwrap(
      (JSONSerialization.jsonObject(with: Data(graded.output.utf8)) as? [String: Any])?[
        "verdicts"] as? [[String: Any]])
    XCTAssertEqual(verdicts.compactMap { $0["right"] as? Bool }, [true, true, false, true, false])
    XCTAssertEqual(verdicts[2]["understood"] as? String, "perfect")
    XCTAssertNil(verdicts[4]["understood"] as? String)
  }

  /// Intonation from the built binary: the README's questions (level 3, seed 1), each note's
  /// frequency and cents in the JSON (B-flat4 20 cents sharp is 471.580 Hz), graded in any
  /// language.
  func testIntonationQuizzedAndGraded() throws {
    let intonation = ["--exercise", "intonation", "--level", "3", "--count", "5", "--seed", "1"]
    let result = try woodshed.run(["ear", "quiz", "--json"] + intonation)
    XCTAssertEqual(result.status, 0, result.error)
    let report = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let questions = try XCTUnwrap(report["questions"] as? [[String: Any]])
    XCTAssertEqual(
      questions.compactMap { $0["answer"] as? String },
      ["in-tune", "in-tune", "sharp", "sharp", "in-tune"])
    let third = try XCTUnwrap(questions[2]["notes"] as? [[String: Any]])
    XCTAssertEqual(third.compactMap { $0["midi"] as? Int }, [70, 70])
    XCTAssertEqual(third.compactMap { $0["cents"] as? Int }, [0, 20])
    XCTAssertEqual(third.compactMap { $0["frequency"] as? Double }, [466.164, 471.58])
    let file = woodshed.home.appendingPathComponent("intonation.txt")
    try Data("in tune\nafinado\nвыше\nflat\n".utf8).write(to: file)
    let graded = try woodshed.run(["ear", "grade", "--json", "--answers", file.path] + intonation)
    XCTAssertEqual(graded.status, 0, graded.error)
    let verdicts = try XCTUnwrap(
      (JSONSerialization.jsonObject(with: Data(graded.output.utf8)) as? [String: Any])?[
        "verdicts"] as? [[String: Any]])
    XCTAssertEqual(verdicts.compactMap { $0["right"] as? Bool }, [true, true, true, false, false])
    XCTAssertEqual(verdicts[3]["understood"] as? String, "flat")
  }

  /// The README's dictation example, from the built binary: the quiz, then a line of notes per
  /// melody graded (octaves, Latin names without them, one note wrong); --audio-in takes a
  /// dictation's recording only, and grade needs one of the two.
  func testDictationQuizzedAndGraded() throws {
    let dictation = ["--exercise", "dictation", "--level", "3", "--count", "3", "--seed", "7"]
    let result = try woodshed.run(["ear", "quiz"] + dictation)
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertEqual(
      result.output,
      """
      1. Cb major Cb5 (71) Db5 (73) Cb5 (71) Ab4 (68) Bb4 (70), 0.000-6.550 s: Cb5 Db5 Cb5 Ab4 Bb4
      2. F major F5 (77) G5 (79) A5 (81), 7.550-12.600 s: F5 G5 A5
      3. G major G4 (67) F#4 (66) B4 (71) A4 (69) D5 (74) B4 (71) G4 (67) A4 (69), 13.600-22.400 s: G4 F#4 B4 A4 D5 B4 G4 A4

      """)
    let file = woodshed.home.appendingPathComponent("melodies.txt")
    try Data("Cb5 Db5 Cb5 Ab4 Bb4\nfa sol la\nG F# B A D C G A\n".utf8).write(to: file)
    let graded = try woodshed.run(["ear", "grade", "--answers", file.path] + dictation)
    XCTAssertEqual(graded.status, 0, graded.error)
    XCTAssertEqual(
      graded.output,
      """
      1. right: Cb5 Db5 Cb5 Ab4 Bb4
      2. right: F5 G5 A5
      3. wrong: G4 F#4 B4 A4 D5 B4 G4 A4; answered "G F# B A D C G A" (7 of 8 notes right)
      Score: 2 of 3 (67 %)

      """)
    let neither = try woodshed.run(["ear", "grade"] + dictation)
    XCTAssertNotEqual(neither.status, 0)
    XCTAssertTrue(
      neither.error.hasPrefix("Error: give one of --answers FILE and --audio-in FILE.wav"),
      neither.error)
    let wav = woodshed.home.appendingPathComponent("q.wav")
    let rendered = try woodshed.run(
      ["ear", "quiz", "--exercise", "chords", "--count", "1", "--audio-out", wav.path])
    XCTAssertEqual(rendered.status, 0, rendered.error)
    let chords = try woodshed.run(
      ["ear", "grade", "--exercise", "chords", "--count", "1", "--audio-in", wav.path])
    XCTAssertNotEqual(chords.status, 0)
    XCTAssertEqual(
      chords.error,
      "Error: --audio-in grades intervals, degrees, dictation and rhythm; use --answers\n")
  }

  /// The README's rhythm example, from the built binary: the quiz's lines with beat 0, the
  /// onsets and the four choices, then a letter or a number a line graded.
  func testRhythmQuizzedAndGraded() throws {
    let rhythm = ["--exercise", "rhythm", "--level", "2", "--count", "2", "--seed", "7"]
    let result = try woodshed.run(["ear", "quiz"] + rhythm)
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertEqual(
      result.output,
      """
      1. 80 bpm, 0.000-5.925 s, beat 0 at 3.000 s; onsets (beats) 0 1 3/2 2 5/2 3; (s) 3.000 3.750 4.125 4.500 4.875 5.250: a (Quarter + Two eighths + Two eighths + Quarter)
         a quarter eighths eighths quarter
         b eighths eighths eighths quarter
         c quarter eighths quarter quarter
         d quarter quarter eighths quarter
      2. 80 bpm, 6.925-12.888 s, beat 0 at 9.925 s; onsets (beats) 0 1 3/2 2 5/2 3 7/2; (s) 9.925 10.675 11.050 11.425 11.800 12.175 12.550: b (Quarter + Two eighths + Two eighths + Two eighths)
         a quarter eighths eighths quarter
         b quarter eighths eighths eighths
         c quarter eighths quarter eighths
         d eighths eighths eighths eighths

      """)
    let file = woodshed.home.appendingPathComponent("letters.txt")
    try Data("a\n3\n".utf8).write(to: file)
    let graded = try woodshed.run(["ear", "grade", "--answers", file.path] + rhythm)
    XCTAssertEqual(graded.status, 0, graded.error)
    XCTAssertEqual(
      graded.output,
      """
      1. right: a (Quarter + Two eighths + Two eighths + Quarter)
      2. wrong: b (Quarter + Two eighths + Two eighths + Two eighths); answered "3"
      Score: 1 of 2 (50 %)

      """)
  }

  func testBadInputIsOneLineAndFails() throws {
    let tooMany = woodshed.home.appendingPathComponent("many.txt")
    try Data("m3\nm3\n".utf8).write(to: tooMany)
    let cases: [([String], String)] = [
      (
        ["quiz", "--exercise", "melody"],
        "unknown exercise \"melody\": use intervals, chords, scales, degrees, cadences, intonation, dictation or rhythm"
      ),
      (["quiz", "--exercise", "cadences", "--notes", "2"], "--notes is for degrees"),
      (["quiz", "--exercise", "intervals", "--count", "0"], "--count must be 1 to 500, not 0"),
      (
        ["quiz", "--exercise", "intervals", "--items", "m3 X9"],
        "unknown intervals item \"X9\": use M2 M3 P4 P5 P8 m2 m3 m6 M6 A4 m7 M7 m9 M9 m10 M10 P11 A11 P12 m13 M13 m14 M14 P15"
      ),
      (
        ["grade", "--exercise", "chords", "--answers", "/nonexistent/answers.txt"],
        "cannot read answers.txt: No such file or directory"
      ),
      (
        ["grade", "--exercise", "chords", "--count", "1", "--answers", tooMany.path],
        "many.txt has 2 answers for 1 questions"
      ),
    ]
    for (arguments, message) in cases {
      let result = try woodshed.run(["ear"] + arguments)
      XCTAssertNotEqual(result.status, 0, arguments.joined(separator: " "))
      XCTAssertEqual(result.error, "Error: \(message)\n")
      XCTAssertEqual(result.output, "")
    }
  }
}
