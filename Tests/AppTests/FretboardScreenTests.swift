import App
import Audio
import AudioModel
import Foundation
import MusicTheory
import Practice
import Storage
import TerminalUI
import TestHelpers
import XCTest

final class FretboardScreenTests: XCTestCase {
  /// Minor pentatonic, first position, from the tonic on the sixth string.
  static let minorPentatonic = FretPattern(
    id: "minor-pentatonic-1", name: "Minor pentatonic, position 1", category: .scale,
    tuning: .guitarStandard,
    tones: [
      (6, 0), (6, 3), (5, 0), (5, 2), (4, 0), (4, 2), (3, 0), (3, 2), (2, 0), (2, 3), (1, 0),
      (1, 3),
    ]
    .map { FretPattern.Tone(string: $0.0, offset: $0.1) })
  static let majorArpeggio = FretPattern(
    id: "major-arpeggio-1", name: "Major arpeggio, position 1", category: .arpeggio,
    tuning: .guitarStandard,
    tones: [(5, 0), (5, 4), (4, 2), (3, 2), (2, 0)].map {
      FretPattern.Tone(string: $0.0, offset: $0.1)
    })

  /// The game at its fixed levels, as it was before its pace could fit the player: the tests
  /// of its levels, points and records play it so.
  static let fixedLevels = {
    var settings = Settings()
    settings.fretboard.gamePace = .fixedLevels
    return settings
  }()

  private func model(
    size: Size = Size(width: 80, height: 24), settings: Settings = Settings(),
    patterns: [FretPattern] = [minorPentatonic, majorArpeggio], history: [SessionRecord] = []
  ) -> AppModel {
    AppModel(
      settings: settings, size: size, clock: ClockTime(hour: 9, minute: 5, day: AppFixtures.today),
      catalog: AppFixtures.catalog, paths: AppFixtures.paths, detectedGlyphs: .unicode,
      patterns: patterns, history: history)
  }

  private func screen(_ model: AppModel) -> FretboardModel? {
    if case .fretboard(let screen) = model.screen { return screen }
    XCTFail("the fretboard screen is not on top")
    return nil
  }

  private func text(_ model: AppModel) -> String {
    AppView.render(model).lines.joined(separator: "\n")
  }

  func testAPatternIsPlacedOnTheRootWithItsIntervals() throws {
    var model = model()
    model.press(.character("4"), .enter)
    XCTAssertEqual(screen(model)?.phase, .exploring)
    // A minor pentatonic: the tonic on the sixth string at the fifth fret.
    XCTAssertEqual(
      FretboardModel.placement(of: Self.minorPentatonic, root: NoteClass(.A)).first,
      FretPosition(string: 6, fret: 5))
    let lines = AppView.render(model).lines
    XCTAssertTrue(lines.contains { $0.contains("A  C  D  E  G") }, text(model))
    let highE = try XCTUnwrap(lines.first { $0.contains("E ├") })
    XCTAssertTrue(
      highE.contains("──1─┼────┼────┼─b3─"), "A at 5, C at 8 on the top string: \(highE)")
  }

  func testTheRootSlidesAndIsSaved() {
    var model = model()
    model.press(.character("4"))
    var expected = Settings()
    expected.fretboard.root = "Bb"
    XCTAssertEqual(model.press(.right), [.save(expected)])
    XCTAssertEqual(
      FretboardModel.placement(of: Self.minorPentatonic, root: NoteClass(.G)).first?.fret, 3)
    XCTAssertEqual(
      FretboardModel.placement(of: Self.minorPentatonic, root: NoteClass(.E)).first?.fret, 0)
    XCTAssertEqual(
      FretboardModel.placement(of: Self.majorArpeggio, root: NoteClass(.C)).first,
      FretPosition(string: 5, fret: 3))
  }

  func testLabelsCycleAndTheNeckCanBeLeftHanded() {
    var model = model()
    model.press(.character("4"), .enter)
    XCTAssertTrue(text(model).contains("Labels: intervals"))
    model.press(.character("l"))
    XCTAssertEqual(model.settings.fretboard.labels, .notes)
    XCTAssertTrue(text(model).contains("Labels: note names"))
    model.press(.character("l"))
    XCTAssertEqual(model.settings.fretboard.labels, .degrees)
    let highE = AppView.render(model).lines.first { $0.contains("E ├") } ?? ""
    XCTAssertTrue(highE.contains("──1─┼────┼────┼──3─"), "b3 is the third degree: \(highE)")
    model.press(.character("l"), .character("l"))
    XCTAssertEqual(model.settings.fretboard.labels, .intervals, "round again")
    model.press(.character("h"))
    XCTAssertTrue(model.settings.fretboard.isLeftHanded)
    model.press(.escape)
    XCTAssertEqual(screen(model)?.phase, .choosing, "Esc goes back to the list first")
    model.press(.escape)
    guard case .home = model.screen else { return XCTFail("Esc again leaves") }
  }

  func testSnapshots() {
    for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
      var model = model(size: size)
      model.press(.character("4"))
      assertCanvasSnapshot(AppView.render(model), named: "list.\(size.width)x\(size.height)")
      model.press(.enter)
      assertCanvasSnapshot(AppView.render(model), named: "neck.\(size.width)x\(size.height)")
    }
    for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
      let name = "\(size.width)x\(size.height)"
      var model = model(size: size, settings: Self.fixedLevels)
      model.press(.character("4"), .enter, .character("g"), .enter)
      // Nine seconds into the game, after its three of countdown.
      _ = model.handle(.tick(MonotonicInstant(nanoseconds: 12_000_000_000)))
      model.press(.right, .down)
      assertCanvasSnapshot(AppView.render(model), named: "game.\(name)")

      var running = self.model(size: size)
      running.press(.character("4"), .enter, .character("t"), .enter, .right, .right, .enter)
      assertCanvasSnapshot(AppView.render(running), named: "run.wrong.\(name)")
    }
  }

  /// A note-name question and a heard one, nine seconds into their games.
  func testNoteNameAndHeardGameSnapshots() {
    for (mode, name) in [(Key.character("n"), "noteNames"), (.character("e"), "heard")] {
      var model = model(settings: Self.fixedLevels)
      model.press(.character("4"), .enter, mode, .character("g"), .enter)
      _ = model.handle(.tick(MonotonicInstant(nanoseconds: 12_000_000_000)))
      assertCanvasSnapshot(AppView.render(model), named: "game.\(name).80x24")
    }
  }

  private func press(_ model: inout AppModel, _ key: Key, at seconds: Double) -> [Effect] {
    model.handle(.key(KeyEvent(key, time: MonotonicInstant(nanoseconds: UInt64(seconds * 1e9)))))
  }

  private func type(_ model: inout AppModel, _ text: String, at seconds: Double) -> [Effect] {
    text.flatMap { press(&model, .character($0), at: seconds) } + press(&model, .enter, at: seconds)
  }

  func testTheIntervalGameIsExplainedFirstThenPlayedAndRecorded() throws {
    var model = model(settings: Self.fixedLevels)
    model.press(.character("4"), .enter)
    _ = press(&model, .character("g"), at: 1)
    XCTAssertEqual(screen(model)?.phase, .explaining)
    XCTAssertTrue(text(model).contains("The interval game"))
    _ = press(&model, .enter, at: 2)
    XCTAssertEqual(screen(model)?.phase, .playing)
    XCTAssertEqual(model.deadline, MonotonicInstant(nanoseconds: 2_100_000_000), "the lane moves")
    XCTAssertEqual(model.handle(.tick(MonotonicInstant(nanoseconds: 2_500_000_000))), [])
    XCTAssertTrue(text(model).contains("3..."), "a countdown first: \(text(model))")
    XCTAssertEqual(screen(model)?.game?.questions, [])
    XCTAssertEqual(model.handle(.tick(MonotonicInstant(nanoseconds: 5_500_000_000))), [])
    let game = try XCTUnwrap(screen(model)?.game)
    let oldest = try XCTUnwrap(game.questions.first)
    XCTAssertTrue(text(model).contains("Mark every \(oldest.interval.degreeName)"), text(model))

    let wrong = try XCTUnwrap(game.tones.keys.first { !game.targets.contains($0) })
    XCTAssertEqual(type(&model, "\(wrong.string) \(wrong.fret)", at: 6), [])
    XCTAssertEqual(screen(model)?.lastMark, .wrong)
    let holds = try XCTUnwrap(game.tones[wrong]).degreeName
    XCTAssertTrue(
      text(model).contains(
        "String \(wrong.string), fret \(wrong.fret) is the \(holds), not the "
          + "\(oldest.interval.degreeName) (-1)"), text(model))
    _ = press(&model, .character("?"), at: 6.1)
    XCTAssertTrue(model.showsKeys, "? shows the keys in the game")
    _ = press(&model, .character("?"), at: 6.2)
    XCTAssertEqual(type(&model, "9 9", at: 6.3), [])
    XCTAssertTrue(text(model).contains("\"9 9\" is no place"), text(model))
    var sounded = 0
    for target in game.targets {
      let effects = type(&model, "\(target.string) \(target.fret)", at: 7)
      if case .playNotes(let pitches, .guitar) = effects.first, pitches.count == 2 { sounded += 1 }
    }
    XCTAssertEqual(sounded, game.targets.count, "tonic then the note, on each right mark")
    XCTAssertEqual(screen(model)?.lastMark, .cleared)
    // Cleared with the lane last moved half a second in: 10 points and 10 for speed.
    let score = -1 + game.targets.count + 10 + 10
    XCTAssertEqual(screen(model)?.game?.score, score)

    _ = press(&model, .character(" "), at: 8)
    XCTAssertTrue(text(model).contains("Paused: Space goes on"), text(model))
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 30_000_000_000)))
    XCTAssertEqual(screen(model)?.game?.isOver, false, "the lane waits while paused")
    _ = press(&model, .character(" "), at: 30)
    let effects = press(&model, .escape, at: 32)
    guard case .record(let record) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(record.module, "fretboard")
    XCTAssertEqual(record.content, ["minor-pentatonic-1"])
    XCTAssertEqual(record.figures["score"], Double(score))
    XCTAssertEqual(record.figures["band"], 1)
    XCTAssertEqual(record.duration, 5, accuracy: 1e-9, "from 5 s to 32 s, 22 s paused")
    XCTAssertEqual(screen(model)?.phase, .gameOver)
    XCTAssertTrue(
      text(model).contains(
        "Game over: \(score) points, level 1, 1 s.  First score here: the one to beat."),
      text(model))
  }

  /// Marks a player makes 0.2 s apart between two frames keep their spacing in the record, so
  /// the leaderboards' check (no mark under 0.15 s after the one before) takes the game.
  func testTheRecordKeepsWhenEachKeyCameAndPassesTheLeaderboardsCheck() throws {
    var model = model(settings: Self.fixedLevels)
    model.press(.character("4"), .enter)
    _ = press(&model, .character("g"), at: 1)
    _ = press(&model, .enter, at: 2)
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 5_500_000_000)))
    let game = try XCTUnwrap(screen(model)?.game)
    var at = 5.52
    for target in game.targets.sorted(by: { ($0.string, $0.fret) < ($1.string, $1.fret) }) {
      _ = type(&model, "\(target.string) \(target.fret)", at: at)
      at += 0.2
    }
    XCTAssertEqual(screen(model)?.lastMark, .cleared)
    let effects = press(&model, .escape, at: 6.5)
    guard case .record(let record) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(record.answers.count, game.targets.count)
    XCTAssertEqual(record.answers[0].seconds, 0.52, accuracy: 1e-9, "from the game's start")
    for answer in record.answers.dropFirst() {
      XCTAssertEqual(answer.seconds, 0.2, accuracy: 1e-9, "the keys' spacing, not the frames'")
    }
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let result = try ScorePlausibility.intervalResult(of: record.ended(at: now), now: now)
    XCTAssertEqual(result.score, screen(model)?.game?.score)
  }

  /// A key held on a wrong place repeats: past 500 marks the game is saved without them, so
  /// its line stays under the 64 KiB a history line may have and is not lost.
  func testAGameWithMoreMarksThanALineHoldsIsSavedWithoutThem() throws {
    var model = model()
    model.press(.character("4"), .enter)
    _ = press(&model, .character("g"), at: 1)
    _ = press(&model, .enter, at: 2)
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 5_500_000_000)))
    let game = try XCTUnwrap(screen(model)?.game)
    let wrong = try XCTUnwrap(
      game.tones.keys.sorted { ($0.string, $0.fret) < ($1.string, $1.fret) }.first {
        !game.targets.contains($0)
      })
    for mark in 0..<501 {
      _ = type(&model, "\(wrong.string) \(wrong.fret)", at: 6 + Double(mark) * 0.01)
    }
    let effects = press(&model, .escape, at: 12)
    guard case .record(let record) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(record.figures["score"], -501)
    XCTAssertEqual(record.answers, [], "501 marks: the game is kept, its marks are not")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    var kept = record
    kept.answers = Array(
      repeating: SessionRecord.Answer(
        question: "b13", context: "level 6", given: "12 24", isCorrect: false, seconds: 1234.567,
        lane: 0.999), count: 500)
    XCTAssertLessThan(
      try encoder.encode(kept).count, 64 * 1024, "500 of the longest marks fit in a line")
  }

  func testAQuestionReachingTheEdgeEndsTheGameAgainstTheRecord() throws {
    let earlier = SessionRecord(
      module: "fretboard", exercise: "intervals", startedAt: Date(timeIntervalSince1970: 0),
      duration: 30, figures: ["score": 50, "band": 1, "level": 1], content: ["minor-pentatonic-1"])
    var model = model(
      settings: Self.fixedLevels, patterns: [Self.minorPentatonic], history: [earlier])
    model.press(.character("4"), .enter)
    _ = press(&model, .character("g"), at: 1)
    XCTAssertEqual(screen(model)?.phase, .playing, "no explanation once played")
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 6_000_000_000)))
    XCTAssertTrue(text(model).contains("Best 50"), "the best to beat: \(text(model))")
    let effects = model.handle(.tick(MonotonicInstant(nanoseconds: 20_100_000_000)))
    XCTAssertEqual(screen(model)?.phase, .gameOver)
    guard case .record(let record) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(record.figures["score"], 0)
    XCTAssertEqual(screen(model)?.previousBest, FretboardModel.Best(score: 50, seconds: 30))
    XCTAssertTrue(text(model).contains("Your best: 50 points"), text(model))
    _ = press(&model, .enter, at: 20)
    XCTAssertEqual(screen(model)?.phase, .playing, "Enter plays again")
  }

  func testTheOpenPatternIsHeardWholeOrAFretAtATime() throws {
    var model = model()
    model.press(.character("4"), .enter)
    let positions = FretboardModel.placement(of: Self.minorPentatonic, root: NoteClass(.A))
    let pitches = positions.map { Tuning.guitarStandard.pitch(string: $0.string, fret: $0.fret) }
    XCTAssertEqual(model.press(.character("p")), [.playNotes(pitches.sorted(), .guitar)])
    model.press(.character("f"))
    XCTAssertEqual(screen(model)?.fretCursor, positions.first)
    XCTAssertTrue(text(model).contains("Enter sounds the fret"), text(model))
    model.press(.right)
    let place = try XCTUnwrap(screen(model)?.fretCursor)
    XCTAssertEqual(place.fret, positions[0].fret + 1, "the arrows move along the neck")
    XCTAssertEqual(
      model.press(.enter),
      [.playNotes([Tuning.guitarStandard.pitch(string: place.string, fret: place.fret)], .guitar)])
    model.press(.escape)
    XCTAssertNil(screen(model)?.fretCursor, "Esc ends playing frets")
    XCTAssertEqual(screen(model)?.phase, .exploring, "and stays on the neck")
  }

  func testARunIsTimedFromItsFirstNote() {
    var model = model()
    model.press(.character("4"), .enter, .character("t"))
    _ = press(&model, .enter, at: 2)
    _ = press(&model, .right, at: 3)
    let effects = press(&model, .enter, at: 5.5)
    guard case .record(let record) = effects.last else { return XCTFail("\(effects)") }
    XCTAssertEqual(record.figures["passed"], 0)
    XCTAssertEqual(record.duration, 3.5, accuracy: 1e-9, "from the first note to the wrong one")
  }

  func testAPatternIsPlayedThroughUpThenDownWithWhatWentWrong() throws {
    var model = model()
    model.press(.character("4"), .enter, .character("t"))
    XCTAssertEqual(screen(model)?.phase, .running)
    XCTAssertTrue(
      text(model).contains("Play A Minor pentatonic, position 1, going up"), text(model))
    let run = try XCTUnwrap(screen(model)?.run)
    XCTAssertEqual(model.press(.character("p")), [.playNotes(run.expected.map(\.pitch), .guitar)])
    XCTAssertEqual(
      screen(model)?.cursor, FretPosition(string: 6, fret: 5), "the cursor starts on A")
    XCTAssertEqual(model.press(.enter), [.playNotes([run.expected[0].pitch], .guitar)])
    // The next note is C at the eighth fret; one fret short is B, which the scale lacks.
    model.press(.right, .right)
    let effects = model.press(.enter)
    guard case .record(let record) = effects.last else { return XCTFail("\(effects)") }
    XCTAssertEqual(record.exercise, "run")
    XCTAssertEqual(record.figures["passed"], 0)
    XCTAssertTrue(
      text(model).contains("Note 2: you played B, the scale has C. Enter: again"), text(model))

    model.press(.enter)
    XCTAssertEqual(screen(model)?.run?.direction, .ascending, "a mistake tries the same way")
    let steps = try XCTUnwrap(screen(model)?.run?.expected)
    var last: [Effect] = []
    for step in steps {
      model.moveFretboardCursor(to: step.position)
      last = model.press(.enter)
    }
    guard case .record(let clean) = last.last else { return XCTFail("\(last)") }
    XCTAssertEqual(clean.figures["passed"], 1)
    XCTAssertTrue(text(model).contains("Clean!"))
    model.press(.enter)
    XCTAssertEqual(screen(model)?.run?.direction, .descending)
    for step in try XCTUnwrap(screen(model)?.run?.expected) {
      model.moveFretboardCursor(to: step.position)
      model.press(.enter)
    }
    XCTAssertEqual(screen(model)?.run?.verdict, .finished)
    XCTAssertTrue(
      text(model).contains("Level 1 passed! Enter: level 2, from memory"), text(model))
    model.press(.enter)
    XCTAssertEqual(screen(model)?.runLevel.number, 2)
    XCTAssertEqual(screen(model)?.showsMarkers, false, "level 2 hides the places")
    XCTAssertEqual(screen(model)?.run?.direction, .ascending)
    XCTAssertTrue(text(model).contains("Level 2 of 5: from memory"), text(model))
    model.press(.escape)
    XCTAssertEqual(screen(model)?.phase, .exploring)
  }

  /// Plays the run under way note by note with the cursor, all at time 0.
  private func playThrough(_ model: inout AppModel) throws {
    for step in try XCTUnwrap(screen(model)?.run?.expected) {
      _ = play(&model, step.position, at: 0)
    }
  }

  func testALevelIsPassedOnlyWhenPlayedAsItAsks() throws {
    let earlier = SessionRecord(
      module: "fretboard", exercise: "run", startedAt: Date(timeIntervalSince1970: 0), duration: 0,
      figures: ["passed": 1, "descending": 0], content: ["minor-pentatonic-1"])
    var model = model(history: [earlier, earlier.with(descending: true)])
    model.press(.character("4"), .enter, .character("t"))
    XCTAssertEqual(screen(model)?.runLevel.number, 2, "level 1 was passed before")
    model.press(.character("m"))
    try playThrough(&model)
    model.press(.enter)
    try playThrough(&model)
    XCTAssertEqual(screen(model)?.run?.verdict, .finished)
    XCTAssertTrue(
      text(model).contains("Clean, but level 2 is played from memory. Enter: again"), text(model))
    model.press(.enter)
    XCTAssertEqual(screen(model)?.runLevel.number, 2)
    XCTAssertEqual(screen(model)?.showsMarkers, false)
    XCTAssertEqual(screen(model)?.run?.direction, .ascending)
  }

  func testTheClickLevelsStartTheClickAtTheirTempo() throws {
    var history: [SessionRecord] = []
    for descending in [false, true] {
      history.append(
        SessionRecord(
          module: "fretboard", exercise: "run", startedAt: Date(timeIntervalSince1970: 0),
          duration: 0,
          figures: ["passed": 1, "descending": descending ? 1 : 0, "markers": 0, "bpm": 96],
          content: ["minor-pentatonic-1"]))
    }
    var model = model(history: history)
    model.press(.character("4"), .enter)
    let effects = model.press(.character("t"))
    XCTAssertEqual(screen(model)?.runLevel.number, 5)
    XCTAssertEqual(model.settings.fretboard.bpm, 120, "at least as fast as the level asks")
    XCTAssertEqual(effects.last, .metronome(.start(screen(model)!.clickOptions(model.settings))))
    XCTAssertTrue(
      text(model).contains("Level 5 of 5: from memory, on the click at 120 BPM or faster"),
      text(model))
  }

  func testThePatternCanBePlayedOnTheInstrument() throws {
    var model = model()
    model.press(.character("4"), .enter, .character("t"))
    XCTAssertEqual(
      model.press(.character("l")), [.listen(.start(profile: nil)), .midiIn(.start(from: nil))])
    XCTAssertTrue(text(model).contains("Listening: play the notes"), text(model))
    let run = try XCTUnwrap(screen(model)?.run)
    func held(_ pitch: Pitch, at seconds: Double) -> AppEvent {
      .heardNote(pitch.frequency(), attackAt: seconds)
    }
    XCTAssertEqual(model.handle(held(run.expected[0].pitch, at: 1)), [])
    XCTAssertEqual(screen(model)?.run?.played, [run.expected[0].pitch])
    let effects = model.handle(held(run.expected[1].pitch + 1, at: 2))
    guard case .record(let record) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(record.figures["passed"], 0)
    XCTAssertEqual(
      model.press(.escape), [.listen(.stop), .midiIn(.stop)], "leaving the run stops listening")
    XCTAssertEqual(screen(model)?.listens, false)
  }

  func testAMIDIKeyboardPlaysThePatternWithoutAMicrophone() throws {
    var model = model()
    model.press(.character("4"), .enter, .character("t"), .character("l"))
    _ = model.handle(.midiInput(failure: nil, port: "Keystation 49"))
    _ = model.handle(.listening(failure: "PulseAudio: Connection refused"))
    XCTAssertEqual(screen(model)?.listens, true, "MIDI still listens")
    XCTAssertTrue(
      text(model).contains("play the notes on your instrument or on Keystation 49"), text(model))
    let run = try XCTUnwrap(screen(model)?.run)
    let keys = run.expected.prefix(2).enumerated().map { index, step in
      PlayedEvent(
        instant: MonotonicInstant(nanoseconds: UInt64(10 + index) * 1_000_000_000),
        pitch: step.pitch, velocity: 80, source: .midi)
    }
    XCTAssertEqual(model.handle(.played(keys)), [])
    XCTAssertEqual(screen(model)?.run?.played, run.expected.prefix(2).map(\.pitch))
  }

  func testWithoutAMicrophoneTheCursorStillPlays() {
    var model = model()
    model.press(.character("4"), .enter, .character("t"), .character("l"))
    _ = model.handle(.listening(failure: "PulseAudio: Connection refused"))
    XCTAssertEqual(screen(model)?.listens, false)
    XCTAssertTrue(
      text(model).contains("No microphone: PulseAudio: Connection refused"), text(model))
  }

  func testRecordsAndAchievementsComeFromTheHistory() {
    func game(
      _ pattern: String, score: Double, level: Double, seconds: Double = 60, passed: Bool = false
    ) -> SessionRecord {
      SessionRecord(
        module: "fretboard", exercise: "intervals", startedAt: Date(timeIntervalSince1970: 0),
        duration: seconds, figures: ["score": score, "level": level, "passed": passed ? 1 : 0],
        content: [pattern])
    }
    let history = [
      game("minor-pentatonic-1", score: 40, level: 2, seconds: 95),
      game("minor-pentatonic-1", score: 90, level: 3),
      game("major-arpeggio-1", score: 500, level: 6, passed: true),
    ]
    var model = model(patterns: [Self.minorPentatonic, Self.majorArpeggio], history: history)
    model.press(.character("4"), .character("r"))
    XCTAssertEqual(screen(model)?.phase, .records)
    let lines = AppView.render(model).lines
    let text = lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("Records: 3 interval games played"), text)
    var one = self.model(patterns: [Self.minorPentatonic], history: [history[0]])
    one.press(.character("4"), .character("r"))
    let single = AppView.render(one).lines.joined(separator: "\n")
    XCTAssertTrue(single.contains("Records: 1 interval game played"), single)
    let arpeggio = lines.firstIndex {
      $0.contains("Major arpeggio, position 1: 500 points, level 6, longest 60 s")
    }
    let pentatonic = lines.firstIndex {
      $0.contains("Minor pentatonic, position 1: 90 points, level 3, longest 95 s")
    }
    XCTAssertNotNil(arpeggio)
    XCTAssertLessThan(arpeggio ?? 99, pentatonic ?? 0, "best first, one line per pattern")
    XCTAssertTrue(text.contains("✓ Passed a pattern at level 6"), text)
    XCTAssertTrue(text.contains("✓ Reached level 5"), text)
    XCTAssertFalse(text.contains("✓ 10 games played"), text)
    model.press(.escape)
    XCTAssertEqual(screen(model)?.phase, .choosing)
  }

  func testAClassChainsStepsShowAsAchievements() {
    var model = model(patterns: [Self.minorPentatonic], history: [])
    _ = model.handle(
      .serverSnapshot(
        ServerSnapshot(
          server: "http://room", checkedAt: Date(timeIntervalSince1970: 0), isReachable: true,
          chainSteps: [
            .init(
              className: "Tuesday guitar", number: 1, kind: "pattern",
              items: ["minor-pentatonic-1"], level: 3, threshold: 90, isReached: true),
            .init(
              className: "Tuesday guitar", number: 2, kind: "drill",
              items: ["treble-staff", "bass-staff"], threshold: 30, isReached: false),
            .init(
              className: "Tuesday guitar", number: 3, kind: "rhythm",
              items: ["quarter", "eighths"], bpm: 90, bars: 8, threshold: 92.5, isReached: false),
          ])))
    model.press(.character("4"), .character("r"))
    let text = AppView.render(model).lines.joined(separator: "\n")
    XCTAssertTrue(
      text.contains("✓ Tuesday guitar, step 1: minor-pentatonic-1, level 3 at 90 %"), text)
    XCTAssertTrue(
      text.contains(
        "  Tuesday guitar, step 2: drill treble-staff, bass-staff, 30 cards"), text)
    XCTAssertTrue(
      text.contains("  Tuesday guitar, step 3: quarter, eighths at 90 bpm over 8 bars, 92.5 %"),
      text)
  }

  func testTheRecordsPageBestsAreTheWrittenIntervalGames() {
    let history = [40.0, 900].enumerated().map { index, score in
      SessionRecord(
        module: "fretboard", exercise: "intervals", startedAt: Date(timeIntervalSince1970: 0),
        duration: 60, figures: ["score": score, "level": 1, "passed": 0, "mode": Double(index)],
        content: ["minor-pentatonic-1"])
    }
    var model = model(patterns: [Self.minorPentatonic], history: history)
    model.press(.character("4"), .character("r"))
    let text = AppView.render(model).lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("Minor pentatonic, position 1: 40 points"), text)
    XCTAssertFalse(text.contains("900 points"), "a note-name game scores another game: \(text)")
  }

  func testAClickCanPlayAlongAtTheFretboardsTempo() throws {
    var model = model()
    model.press(.character("4"), .enter, .character("t"))
    let effects = model.press(.character("c"))
    guard case .metronome(.start(let options)) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(options.bpm, 60)
    XCTAssertEqual(options.countInBars, 1)
    XCTAssertEqual(options.meter, "4/4")
    XCTAssertEqual(options.clickSound, .metronome)
    let faster = model.press(.character("+"))
    XCTAssertEqual(model.settings.fretboard.bpm, 64)
    XCTAssertTrue(
      faster.contains(.metronome(.start(screen(model)!.clickOptions(model.settings)))),
      "a new tempo counts in again: \(faster)")
    XCTAssertTrue(text(model).contains("Click at 64 BPM"), text(model))
    XCTAssertTrue(text(model).contains("Listen to the bar of count-in"), text(model))
    XCTAssertEqual(model.press(.escape), [.metronome(.stop)], "leaving the run stops the click")
  }

  /// Moves the cursor onto `place` and presses Enter at `seconds`.
  private func play(
    _ model: inout AppModel, _ place: FretPosition, at seconds: Double
  ) -> [Effect] {
    model.moveFretboardCursor(to: place)
    return press(&model, .enter, at: seconds)
  }

  private func beat(bar: Int, _ beatInBar: Int, at seconds: Double, bpm: Double = 60) -> AppEvent {
    .metronomeBeat(
      BeatDisplay(
        bar: bar, beatInBar: beatInBar, isCountIn: bar < 0, isMuted: false, bpm: bpm,
        elapsed: .zero, audibleAt: MonotonicInstant(nanoseconds: UInt64(seconds * 1e9))))
  }

  func testWithTheClickEachNoteIsPlayedOnItsBeat() throws {
    var model = model()
    model.press(.character("4"), .enter, .character("t"), .character("c"))
    let steps = try XCTUnwrap(screen(model)?.run?.expected)
    XCTAssertEqual(play(&model, steps[0].position, at: 1), [.playNotes([steps[0].pitch], .guitar)])
    XCTAssertEqual(
      screen(model)?.run?.played, [], "before the count-in is heard, no beat to play on")
    // The count-in's downbeat at 10 s, at 60 BPM: the first note belongs at 14 s.
    _ = model.handle(beat(bar: -1, 0, at: 10))
    _ = model.handle(beat(bar: -1, 1, at: 11))
    XCTAssertEqual(screen(model)?.run?.grid?.firstBeat, .seconds(14))
    XCTAssertTrue(text(model).contains("Listen to the bar of count-in"), text(model))
    XCTAssertEqual(model.deadline, MonotonicInstant(nanoseconds: 14_150_000_000))
    _ = play(&model, steps[0].position, at: 14.05)
    _ = play(&model, steps[1].position, at: 14.9)
    XCTAssertTrue(text(model).contains("2 of 12 notes"), text(model))
    let late = play(&model, steps[2].position, at: 16.25)
    guard case .record(let record) = late.last else { return XCTFail("\(late)") }
    XCTAssertEqual(record.figures["passed"], 0)
    XCTAssertEqual(record.figures["bpm"], 60)
    XCTAssertTrue(text(model).contains("Note 3: 250 ms late"), text(model))

    XCTAssertEqual(
      model.press(.enter), [.metronome(.start(screen(model)!.clickOptions(model.settings)))],
      "another try counts in again")
    XCTAssertNil(screen(model)?.run?.grid)
    _ = model.handle(beat(bar: -1, 0, at: 30))
    _ = play(&model, steps[0].position, at: 34)
    XCTAssertEqual(model.handle(.tick(MonotonicInstant(nanoseconds: 35_100_000_000))), [])
    let missed = model.handle(.tick(MonotonicInstant(nanoseconds: 35_200_000_000)))
    guard case .record = missed.last else { return XCTFail("\(missed)") }
    XCTAssertTrue(text(model).contains("Note 2: its click went by without it"), text(model))
  }

  func testPlayedIntoTheMicrophoneANoteIsTimedFromItsAttack() throws {
    var model = model()
    model.press(.character("4"), .enter, .character("t"), .character("c"), .character("l"))
    _ = model.handle(beat(bar: -1, 0, at: 10))
    let steps = try XCTUnwrap(screen(model)?.run?.expected)
    // Attacked at 14.01 s: on the first beat, though held 150 ms later.
    XCTAssertEqual(model.handle(.heardNote(steps[0].pitch.frequency(), attackAt: 14.01)), [])
    XCTAssertEqual(screen(model)?.run?.verdict, .right)
    _ = model.handle(.heardNote(steps[1].pitch.frequency(), attackAt: 15.28))
    XCTAssertEqual(screen(model)?.run?.verdict, .offBeat(index: 1, by: .milliseconds(280)))
  }

  func testPresentingThePatternMarksEachNoteAsItSounds() throws {
    var model = model()
    model.press(.character("4"), .enter, .character("t"))
    let run = try XCTUnwrap(screen(model)?.run)
    XCTAssertEqual(
      press(&model, .character("p"), at: 10), [.playNotes(run.expected.map(\.pitch), .guitar)])
    XCTAssertEqual(screen(model)?.presentedNote, 0)
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 10_500_000_000)))
    XCTAssertEqual(screen(model)?.presentedNote, 1, "0.4 s apart")
    XCTAssertEqual(model.deadline, MonotonicInstant(nanoseconds: 10_800_000_000), "the next note")
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 14_900_000_000)))
    XCTAssertNil(screen(model)?.presentedNote, "all twelve have sounded")
    XCTAssertNil(model.deadline)
  }

  func testTheTempoCanBeTapped() {
    var model = model()
    model.press(.character("4"), .enter, .character("t"))
    for (index, seconds) in [10.0, 10.5, 11.0, 11.5].enumerated() {
      _ = press(&model, .character("t"), at: seconds)
      if index == 0 { XCTAssertEqual(model.settings.fretboard.bpm, 60, "one tap is no tempo yet") }
    }
    XCTAssertEqual(model.settings.fretboard.bpm, 120)
    XCTAssertTrue(text(model).contains("c: play along with a click at 120 BPM"), text(model))
  }

  func testTheArpeggiosOpenAfterTheirTutorial() {
    var model = model()
    model.press(.character("4"), .down)
    XCTAssertTrue(text(model).contains("(tutorial first)"), text(model))
    model.press(.enter)
    XCTAssertEqual(screen(model)?.phase, .tutorial(page: 0))
    XCTAssertTrue(text(model).contains("Arpeggios (1 of 3)"), text(model))
    model.press(.enter, .enter)
    XCTAssertFalse(model.settings.fretboard.arpeggiosUnlocked)
    let effects = model.press(.enter)
    XCTAssertTrue(model.settings.fretboard.arpeggiosUnlocked)
    XCTAssertTrue(effects.contains { if case .save = $0 { true } else { false } }, "remembered")
    XCTAssertEqual(screen(model)?.phase, .exploring)
    model.press(.escape)
    XCTAssertFalse(text(model).contains("(tutorial first)"))
  }

  func testPatternsPlayedCleanBothWaysPassLevels() {
    func run(
      _ id: String, descending: Bool, passed: Bool = true, markers: Double? = nil,
      bpm: Double? = nil
    ) -> SessionRecord {
      var figures = ["passed": passed ? 1.0 : 0, "descending": descending ? 1 : 0]
      figures["markers"] = markers
      figures["bpm"] = bpm
      return SessionRecord(
        module: "fretboard", exercise: "run", startedAt: Date(timeIntervalSince1970: 0),
        duration: 0,
        figures: figures, content: [id])
    }
    let history = [
      // Recorded before levels: places shown, free time.
      run("a", descending: false), run("a", descending: true),
      run("b", descending: false), run("b", descending: true, passed: false),
      // From memory on a 100 BPM click both ways: levels 1 to 4.
      run("c", descending: false, markers: 0, bpm: 100),
      run("c", descending: true, markers: 0, bpm: 100),
      // Up from memory at 120, down with the places shown: only level 1 both ways.
      run("d", descending: false, markers: 0, bpm: 120),
      run("d", descending: true, markers: 1, bpm: 120),
    ]
    XCTAssertEqual(FretboardModel.runLevels(in: history), ["a": 1, "c": 4, "d": 1])
    var stopped = run("e", descending: false)
    stopped.isCutShort = true
    XCTAssertEqual(
      FretboardModel.runLevels(in: history + [stopped, run("e", descending: true)]),
      ["a": 1, "c": 4, "d": 1], "a run cut short passes no level")
  }

  func testAGameCutShortIsNoRecord() {
    func game(score: Double, level: Double, seconds: Double, cutShort: Bool) -> SessionRecord {
      SessionRecord(
        module: "fretboard", exercise: "intervals", startedAt: Date(timeIntervalSince1970: 0),
        duration: seconds, figures: ["score": score, "band": 1, "level": level],
        content: ["minor-pentatonic-1"], isCutShort: cutShort)
    }
    let history = [
      game(score: 40, level: 2, seconds: 30, cutShort: false),
      game(score: 90, level: 5, seconds: 200, cutShort: true),
    ]
    let best = FretboardModel.best(pattern: "minor-pentatonic-1", band: 1, in: history)
    XCTAssertEqual(best?.score, 40)
    XCTAssertEqual(best?.seconds, 30)
    var model = model(patterns: [Self.minorPentatonic], history: history)
    model.press(.character("4"), .character("r"))
    let text = AppView.render(model).lines.joined(separator: "\n")
    XCTAssertTrue(text.contains("Records: 1 interval game played"), text)
    XCTAssertTrue(
      text.contains("Minor pentatonic, position 1: 40 points, level 2, longest 30 s"), text)
    XCTAssertFalse(text.contains("✓ Reached level 5"), "reached only in the stopped game: \(text)")
  }

  func testControlCSavesTheGameUnderWay() {
    var model = model()
    model.press(.character("4"), .enter, .character("g"), .enter)
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 6_000_000_000)))
    let effects = press(&model, .control("c"), at: 6)
    XCTAssertEqual(effects.last, .quit)
    guard case .record(let record) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertTrue(record.isCutShort)
    XCTAssertEqual(record.duration, 3, accuracy: 1e-9, "6 s less the countdown")
  }

  func testALongerGameIsARecordOfItsOwn() {
    let short = SessionRecord(
      module: "fretboard", exercise: "intervals", startedAt: Date(timeIntervalSince1970: 0),
      duration: 10, figures: ["score": 50, "band": 1, "level": 1], content: ["minor-pentatonic-1"])
    var model = model(
      settings: Self.fixedLevels, patterns: [Self.minorPentatonic], history: [short])
    model.press(.character("4"), .enter)
    _ = press(&model, .character("g"), at: 1)
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 20_100_000_000)))
    XCTAssertTrue(text(model).contains("Your longest game (was 10 s)!"), text(model))
  }

  /// By default the pace fits the player: it is shown where the level was, two quick right
  /// marks speed the lane up, a wrong one slows it down, and the record keeps the pace and
  /// stays off the boards.
  func testTheGamesPaceFollowsThePlayerIsShownAndKeptOffTheBoards() throws {
    var model = model()
    model.press(.character("4"), .enter)
    _ = press(&model, .character("g"), at: 1)
    XCTAssertTrue(text(model).contains("The pace follows you"), text(model))
    _ = press(&model, .enter, at: 2)
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 5_500_000_000)))
    let game = try XCTUnwrap(screen(model)?.game)
    XCTAssertTrue(game.isAdaptive)
    XCTAssertTrue(text(model).contains("Pace 16.0 s   Score 0"), text(model))
    var at = 5.6
    for target in game.targets.sorted(by: { ($0.string, $0.fret) < ($1.string, $1.fret) }) {
      _ = type(&model, "\(target.string) \(target.fret)", at: at)
      at += 0.3
    }
    XCTAssertEqual(screen(model)?.lastMark, .cleared)
    let quick = try XCTUnwrap(screen(model)?.game?.crossingSeconds)
    XCTAssertEqual(quick, 16 * pow(0.96, Double(game.targets.count)), accuracy: 1e-9)
    XCTAssertTrue(
      text(model).contains("Pace \(String(format: "%.1f", quick)) s"), "shown: \(text(model))")

    // The next question enters 4 s of game time after the first, at 9 s on the clock.
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 9_500_000_000)))
    let next = try XCTUnwrap(screen(model)?.game)
    let wrong = try XCTUnwrap(
      next.tones.keys.sorted { ($0.string, $0.fret) < ($1.string, $1.fret) }.first {
        !next.targets.contains($0)
      })
    _ = type(&model, "\(wrong.string) \(wrong.fret)", at: 9.6)
    let slowed = try XCTUnwrap(screen(model)?.game?.crossingSeconds)
    XCTAssertGreaterThan(slowed, quick, "a wrong mark slows the lane down")

    let effects = press(&model, .escape, at: 10)
    guard case .record(let record) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(record.figures["adaptive"], 1)
    XCTAssertEqual(record.figures["pace"], (slowed * 10).rounded() / 10)
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    XCTAssertThrowsError(
      try ScorePlausibility.intervalResult(of: record.ended(at: now), now: now),
      "a board ranks the fixed game: each player's adaptive game is another")
    let marks = game.targets.count + 1
    let percent = (200 * game.targets.count + marks) / (2 * marks)
    XCTAssertTrue(
      text(model).contains(
        "at a pace of \(String(format: "%.1f", slowed)) s, \(percent)% right and in time"),
      text(model))
  }

  /// The setting keeps the fixed levels: level 1's 16 s, 4 % less for each question cleared.
  func testTheFixedLevelsSettingKeepsTheCrossingTimes() throws {
    var model = model(settings: Self.fixedLevels)
    model.press(.character("4"), .enter)
    _ = press(&model, .character("g"), at: 1)
    XCTAssertFalse(text(model).contains("The pace follows you"), text(model))
    _ = press(&model, .enter, at: 2)
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 5_500_000_000)))
    let game = try XCTUnwrap(screen(model)?.game)
    XCTAssertFalse(game.isAdaptive)
    XCTAssertEqual(game.crossingSeconds, 16)
    XCTAssertTrue(text(model).contains("Level 1   Score 0"), text(model))
    for target in game.targets { _ = type(&model, "\(target.string) \(target.fret)", at: 5.6) }
    XCTAssertEqual(
      screen(model)?.game?.crossingSeconds,
      IntervalGame.crossingSeconds(level: 1, clearedAtLevel: 1))
    XCTAssertEqual(try XCTUnwrap(screen(model)?.game?.crossingSeconds), 15.36, accuracy: 1e-9)
  }

  /// An adaptive game starts at the pace the last one with the pattern ended at. Nine seconds
  /// in at 10.5 s a crossing, four questions are on the lane, a new one every 2.6 s.
  func testAnAdaptiveGameStartsWhereTheLastOneEnded() throws {
    let last = SessionRecord(
      module: "fretboard", exercise: "intervals", startedAt: Date(timeIntervalSince1970: 0),
      duration: 200, figures: ["score": 300, "band": 2, "level": 3, "adaptive": 1, "pace": 10.5],
      content: ["minor-pentatonic-1"])
    var model = model(patterns: [Self.minorPentatonic], history: [last])
    model.press(.character("4"), .enter, .character("g"))
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 12_000_000_000)))
    let game = try XCTUnwrap(screen(model)?.game)
    XCTAssertEqual(game.crossingSeconds, 10.5)
    XCTAssertEqual(game.questions.count, 4)
    XCTAssertEqual(game.level, 3, "the level whose speed 10.5 s reaches: labels, no colours")
    assertCanvasSnapshot(AppView.render(model), named: "game.adaptive.80x24")
  }

  func testPatternsAreReadWhenTheFretboardIsFirstOpened() {
    var model = AppFixtures.model()
    XCTAssertNil(model.patterns)
    XCTAssertEqual(model.press(.character("4")), [.loadPatterns])
    _ = model.handle(.patternsLoaded([Self.minorPentatonic], problems: ["bad.json: tones: empty"]))
    XCTAssertEqual(model.patterns, [Self.minorPentatonic])
    XCTAssertEqual(model.notices.last?.key, "notice.patternSkipped")
    model.press(.escape, .escape)
    XCTAssertEqual(model.press(.character("4")), [], "read once")
  }

  func testTheLibraryIsOfferedFromTheShapesLearnedFirst() throws {
    let library = PatternLibrary(
      builtIn: RepositoryPaths.assets.appendingPathComponent("patterns"),
      user: URL(fileURLWithPath: "/nonexistent"))
    XCTAssertEqual(library.problems, [])
    let ids = PatternOrder.sorted(library.patterns).map(\.id)
    XCTAssertEqual(ids.count, library.patterns.count)
    XCTAssertEqual(ids.prefix(3), ["major-1", "major-2", "major-3"])
    let pentatonic = try XCTUnwrap(ids.firstIndex(of: "minor-pentatonic-1"))
    XCTAssertLessThan(pentatonic, try XCTUnwrap(ids.firstIndex(of: "dorian-1")))
    XCTAssertLessThan(
      try XCTUnwrap(ids.firstIndex(of: "major-arpeggio-1")),
      try XCTUnwrap(ids.firstIndex(of: "7-arpeggio-1")))
    XCTAssertLessThan(
      try XCTUnwrap(ids.firstIndex(of: "major-pentatonic-5")),
      try XCTUnwrap(ids.firstIndex(of: "blues-1")), "positions in order within a family")
    let chords = try XCTUnwrap(ids.firstIndex(of: "major-chord-1"))
    XCTAssertEqual(ids.lastIndex { $0.contains("-arpeggio-") }, chords - 1, "after the arpeggios")
    XCTAssertEqual(
      ids[chords...].prefix(4),
      ["major-chord-1", "major-chord-2", "major-chord-3", "minor-chord-1"])
  }

  /// A minor pentatonic on A: the note each interval names.
  private static let aMinorPentatonicNames = ["b3": "C", "4": "D", "5": "E", "b7": "G"]

  func testTheNoteNameGameAsksNotesInTheKeyAndKeepsOffTheBoards() throws {
    var model = model(settings: Self.fixedLevels)
    model.press(.character("4"), .enter)
    _ = press(&model, .character("n"), at: 0.5)
    XCTAssertEqual(screen(model)?.gameMode, .noteNames)
    _ = press(&model, .character("g"), at: 1)
    XCTAssertTrue(text(model).contains("This game: note names."), text(model))
    _ = press(&model, .enter, at: 2)
    XCTAssertEqual(model.handle(.tick(MonotonicInstant(nanoseconds: 5_500_000_000))), [])
    let game = try XCTUnwrap(screen(model)?.game)
    let oldest = try XCTUnwrap(game.questions.first)
    let name = try XCTUnwrap(Self.aMinorPentatonicNames[oldest.interval.degreeName])
    XCTAssertTrue(text(model).contains("Mark every \(name):"), text(model))
    XCTAssertTrue(text(model).contains("(\(name))"), "the lane names the note: \(text(model))")
    XCTAssertTrue(text(model).contains("· note names"), text(model))
    var at = 5.6
    for target in game.targets.sorted(by: { ($0.string, $0.fret) < ($1.string, $1.fret) }) {
      _ = type(&model, "\(target.string) \(target.fret)", at: at)
      at += 0.2
    }
    XCTAssertEqual(screen(model)?.lastMark, .cleared, "answered where the note lies, as ever")
    XCTAssertEqual(screen(model)?.game?.score, game.targets.count + 20)
    let effects = press(&model, .escape, at: 7)
    guard case .record(let record) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(record.figures["mode"], 1)
    XCTAssertNil(record.figures["heard"])
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    XCTAssertThrowsError(
      try ScorePlausibility.intervalResult(of: record.ended(at: now), now: now),
      "a board ranks one game: note names are kept off it")
    XCTAssertNil(
      FretboardModel.best(pattern: "minor-pentatonic-1", band: 1, in: [record.ended(at: now)]),
      "nor do they beat the interval game's records")
    XCTAssertNotNil(
      FretboardModel.best(
        pattern: "minor-pentatonic-1", band: 1, mode: .noteNames, in: [record.ended(at: now)]))
  }

  func testTheHeardGameSoundsTheTonicAndTheNoteAndNamesItOnceAnswered() throws {
    var model = model()
    model.press(.character("4"), .enter)
    _ = press(&model, .character("e"), at: 0.5)
    _ = press(&model, .character("g"), at: 1)
    _ = press(&model, .enter, at: 2)
    XCTAssertEqual(model.handle(.tick(MonotonicInstant(nanoseconds: 2_500_000_000))), [])
    let sounded = model.handle(.tick(MonotonicInstant(nanoseconds: 5_500_000_000)))
    let game = try XCTUnwrap(screen(model)?.game)
    let oldest = try XCTUnwrap(game.questions.first)
    // The lowest tonic of the box: A on the sixth string's fifth fret, MIDI 45.
    let tonic = Pitch(midiNumber: 45)
    let sound = Effect.playNotes([tonic, tonic + oldest.interval.semitones], .guitar)
    XCTAssertEqual(sounded, [sound], "the question is sounded as it comes to be answered")
    XCTAssertEqual(
      model.handle(.tick(MonotonicInstant(nanoseconds: 5_600_000_000))), [], "once")
    let lane = try XCTUnwrap(AppView.render(model).lines.first { $0.contains("···") })
    XCTAssertTrue(lane.contains("(?)"), "the lane does not write the question: \(lane)")
    XCTAssertTrue(text(model).contains("Mark every place of the note you heard"), text(model))
    XCTAssertEqual(press(&model, .character("r"), at: 5.7), [sound], "r sounds it again")

    let wrong = try XCTUnwrap(game.tones.keys.first { !game.targets.contains($0) })
    _ = type(&model, "\(wrong.string) \(wrong.fret)", at: 5.8)
    XCTAssertTrue(text(model).contains("not the note you heard (-1)"), text(model))
    var last: [Effect] = []
    var at = 6.0
    for target in game.targets.sorted(by: { ($0.string, $0.fret) < ($1.string, $1.fret) }) {
      last = type(&model, "\(target.string) \(target.fret)", at: at)
      at += 0.2
    }
    XCTAssertEqual(screen(model)?.lastMark, .cleared)
    XCTAssertEqual(last, [], "the next question sounds instead")
    XCTAssertTrue(
      text(model).contains("That was \(oldest.interval.degreeName)."), "the verdict names it")
    // The next question enters 4 s of game time after the first: 9 s, after the countdown.
    guard
      case .playNotes(let pitches, .guitar) = model.handle(
        .tick(MonotonicInstant(nanoseconds: 9_100_000_000))
      ).first
    else { return XCTFail("the next question is sounded") }
    XCTAssertEqual(pitches.first, tonic)
    let left = try XCTUnwrap(screen(model)?.game?.questions.first?.interval)
    XCTAssertEqual(pitches.last, tonic + left.semitones)
    let effects = press(&model, .escape, at: 10)
    guard case .record(let record) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(record.figures["heard"], 1)
    XCTAssertTrue(
      text(model).contains("That was \(left.degreeName)."),
      "the question left is named: \(text(model))")
    XCTAssertNil(record.figures["mode"])
  }
}

final class PatternsForOtherTuningsTests: XCTestCase {
  func testEveryPresetGetsAValidLibrary() {
    for tuning in Tuning.presets {
      let library = PatternGenerator.library(for: tuning)
      XCTAssertGreaterThan(library.count, 150, tuning.id)
      for pattern in library {
        XCTAssertNoThrow(try FretPattern(json: pattern.json), "\(tuning.id) \(pattern.id)")
      }
    }
  }

  func testChangingTheTuningMakesTheShapesAgain() {
    var model = AppFixtures.model()
    _ = model.handle(.patternsLoaded([FretboardScreenTests.minorPentatonic], problems: []))
    model.openSetting(.tuning)
    model.press(.right)
    XCTAssertEqual(model.settings.fretboard.tuning, .dropD)
    XCTAssertNil(model.patterns, "read again for the new tuning when the fretboard opens")
  }
}

extension SessionRecord {
  /// The same run the other way.
  fileprivate func with(descending: Bool) -> SessionRecord {
    var figures = self.figures
    figures["descending"] = descending ? 1 : 0
    return SessionRecord(
      module: module, exercise: exercise, startedAt: startedAt, duration: duration,
      figures: figures, content: content)
  }
}
