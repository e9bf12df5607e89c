import Audio
import AudioModel
import DSP
import MusicTheory
import Practice
import Storage
import TerminalUI
import TestHelpers
import XCTest

@testable import App

final class RhythmScreenTests: XCTestCase {
  private func model(
    size: Size = Size(width: 80, height: 24), settings: Settings = Settings(),
    history: [SessionRecord] = [], overrides: RunOverrides = .init()
  ) -> AppModel {
    var model = AppModel(
      settings: settings, size: size, clock: ClockTime(hour: 9, minute: 5, day: AppFixtures.today),
      catalog: AppFixtures.catalog, paths: AppFixtures.paths, detectedGlyphs: .unicode,
      overrides: overrides, rhythms: RhythmPattern.shipped, history: history)
    _ = model.handle(.audio(AppFixtures.audio))
    return model
  }

  private func screen(_ model: AppModel) -> RhythmModel? {
    if case .rhythm(let screen) = model.screen { return screen }
    XCTFail("the rhythm screen is not on top")
    return nil
  }

  private func text(_ model: AppModel) -> String {
    AppView.render(model).lines.joined(separator: "\n")
  }

  private func instant(_ seconds: Double) -> MonotonicInstant {
    MonotonicInstant(nanoseconds: UInt64((seconds * 1e9).rounded()))
  }

  private func press(_ model: inout AppModel, _ key: Key, at seconds: Double) -> [Effect] {
    model.handle(.key(KeyEvent(key, time: instant(seconds))))
  }

  private func tick(_ model: inout AppModel, at seconds: Double) -> [Effect] {
    model.handle(.tick(instant(seconds)))
  }

  /// The count-in's first click heard at `seconds` at `bpm`: the line starts four beats later.
  @discardableResult
  private func countIn(_ model: inout AppModel, at seconds: Double, bpm: Double = 60) -> [Effect] {
    model.handle(
      .metronomeBeat(
        BeatDisplay(
          bar: -1, beatInBar: 0, isCountIn: true, isMuted: false, bpm: bpm, elapsed: .zero,
          audibleAt: instant(seconds))))
  }

  func testTheLineTempoAndChoicesAreSetAndSaved() throws {
    var model = model()
    model.press(.character("5"))
    XCTAssertTrue(text(model).contains("◂Quarter▸  Two eighths   Triplet   Rest"), text(model))
    model.press(.right, .down)
    XCTAssertEqual(model.settings.rhythm.line[1], "rest", "the next pattern in learning order")
    model.press(.up, .up)
    XCTAssertEqual(model.settings.rhythm.line[1], "quarter")
    model.press(.character("a"))
    XCTAssertEqual(
      model.settings.rhythm.line, ["quarter", "quarter", "quarter", "triplet", "rest"])
    XCTAssertEqual(screen(model)?.slot, 2)
    model.press(.character("x"), .character("x"))
    XCTAssertEqual(model.settings.rhythm.line, ["quarter", "quarter", "rest"])
    model.press(.character("+"), .character("+"))
    XCTAssertEqual(model.settings.rhythm.bpm, 94)
    for _ in 0..<40 { model.press(.character("-")) }
    XCTAssertEqual(model.settings.rhythm.bpm, 40, "no slower than 40")
    model.press(.character("]"), .character("i"), .character("s"), .character("b"))
    XCTAssertEqual(model.settings.rhythm.bars, 5)
    XCTAssertEqual(model.settings.rhythm.input, .microphone)
    XCTAssertEqual(model.settings.rhythm.strictness, .strict)
    XCTAssertTrue(model.settings.rhythm.rings)
    XCTAssertTrue(
      text(model).contains("Hits: your instrument, through the microphone"), text(model))
    _ = press(&model, .character("t"), at: 1)
    _ = press(&model, .character("t"), at: 1.5)
    XCTAssertEqual(model.settings.rhythm.bpm, 120, "tapped")
  }

  func testEnterStartsTheClickWithTicksOnTheNotes() throws {
    var settings = Settings()
    settings.rhythm.bpm = 60
    var model = model(settings: settings)
    model.press(.character("5"))
    let effects = model.press(.enter)
    guard case .metronome(.start(let options)) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(options.bpm, 60)
    XCTAssertEqual(options.countInBars, 1)
    XCTAssertEqual(options.meter, "4/4")
    XCTAssertEqual(
      options.targets,
      Array(repeating: [[0.0], [0, 0.5], [0, 1.0 / 3, 2.0 / 3], []], count: 4).flatMap { $0 },
      "beat by beat over the 4 bars")
    XCTAssertEqual(options.heldBeats, Array(repeating: false, count: 16), "no note is held over")
    XCTAssertEqual(effects.count, 1, "taps need no microphone")
    XCTAssertEqual(screen(model)?.phase, .running)
  }

  func testEveryTapIsGradedAtOnceAndTheRunEndsWithItsResults() throws {
    var settings = Settings()
    settings.rhythm.bpm = 60
    settings.rhythm.bars = 1
    settings.rhythm.tapPaths = ["local": .init(offsetMilliseconds: 20, spreadMilliseconds: 1)]
    settings.rhythm.rings = true
    var model = model(settings: settings)
    model.press(.character("5"), .enter)
    // Count-in at 10 s: the line's beats at 14, 15, 16 and 17 s.
    countIn(&model, at: 10)
    XCTAssertEqual(screen(model)?.grid?.firstBeat, .seconds(14))
    // The quarter, tapped 20 ms late, which is the key path's own delay: dead on.
    _ = press(&model, .character(" "), at: 14.02)
    XCTAssertEqual(screen(model)?.feedback?.grade, .perfect)
    XCTAssertEqual(screen(model)?.feedback?.offsetMilliseconds ?? 99, 0, accuracy: 0.001)
    XCTAssertTrue(text(model).contains("Perfect  0 ms"), text(model))
    // The first eighth 120 ms late: good (perfect ends at 75 ms of a 500 ms eighth).
    _ = press(&model, .character(" "), at: 15.14)
    XCTAssertEqual(screen(model)?.feedback?.grade, .good)
    XCTAssertTrue(text(model).contains("Good  +120 ms"), text(model))
    // The second eighth is never played: when its window closes, a miss, with the bell.
    XCTAssertEqual(tick(&model, at: 15.7), [])
    XCTAssertEqual(tick(&model, at: 15.76), [.bell])
    XCTAssertEqual(screen(model)?.feedback?.grade, .miss)
    // A tap in the rest is an extra hit.
    XCTAssertEqual(press(&model, .character(" "), at: 17.5), [.bell])
    XCTAssertNil(screen(model)?.feedback?.grade)
    XCTAssertTrue(text(model).contains("Extra hit"), text(model))
    let effects = tick(&model, at: 18.1)
    XCTAssertTrue(effects.contains(.metronome(.stop)), "\(effects)")
    guard case .record(let record) = effects.last else { return XCTFail("\(effects)") }
    XCTAssertEqual(record.module, "rhythm")
    XCTAssertEqual(record.exercise, "tap")
    XCTAssertEqual(record.content, ["quarter", "eighths", "triplet", "rest"])
    // 1 perfect + 1 good of 6 notes and 1 extra: the triplet's three and one eighth missed.
    XCTAssertEqual(record.figures["perfect"], 1)
    XCTAssertEqual(record.figures["missed"], 4)
    XCTAssertEqual(record.figures["extra"], 1)
    XCTAssertEqual(record.score ?? 0, 2.0 / 7, accuracy: 1e-9)
    XCTAssertFalse(record.isCutShort)
    // What a leaderboard counts again: each note's grade and hit, the bars, a live run.
    XCTAssertEqual(record.graded.map(\.grade), [.perfect, .good, .miss, .miss, .miss, .miss])
    XCTAssertEqual(record.graded[1].offsetMilliseconds ?? 0, 120, accuracy: 1e-6)
    XCTAssertNil(record.graded[2].offsetMilliseconds)
    XCTAssertEqual(record.figures["bars"], 1)
    XCTAssertEqual(record.figures["live"], 1, "taps on the keys are played live")
    let end = Date(timeIntervalSince1970: 1_800_000_000)
    let result = try ScorePlausibility.rhythmResult(of: record.ended(at: end), now: end)
    XCTAssertEqual(result.board, "quarter,eighths,triplet,rest@\(settings.rhythm.bpm)x1")
    XCTAssertEqual(result.score, 200.0 / 7, accuracy: 1e-9, "the run's record its board takes")
    guard case .results = screen(model)?.phase else { return XCTFail("no results") }
    XCTAssertTrue(text(model).contains("Accuracy 28.6 %"), text(model))
    XCTAssertTrue(
      text(model).contains("Perfect 1   Good 1   Inaccurate 0   Missed 4   Extra hits 1"),
      text(model))
    XCTAssertTrue(text(model).contains("Enter again"), text(model))
    let again = model.press(.enter)
    guard case .metronome(.start) = again.first else { return XCTFail("again: \(again)") }
    XCTAssertEqual(screen(model)?.phase, .running, "Enter plays the line again")
    XCTAssertEqual(screen(model)?.hits, [])
  }

  /// A finished run of the default line at 60 BPM, tapped, with `accuracy` %.
  private func earlierRun(accuracy: Double, bpm: Double = 60, exercise: String = "tap")
    -> SessionRecord
  {
    SessionRecord(
      module: "rhythm", exercise: exercise, startedAt: Date(timeIntervalSince1970: 0),
      duration: 10, score: accuracy / 100, figures: ["bpm": bpm, "accuracy": accuracy],
      content: ["quarter", "eighths", "triplet", "rest"])
  }

  /// One bar at 60 BPM with only its first note tapped, dead on: 1 of 6 notes, 16.7 %.
  private func resultsOfOneTap(after history: [SessionRecord], server: ServerSnapshot? = nil)
    -> String
  {
    var settings = Settings()
    settings.rhythm.bpm = 60
    settings.rhythm.bars = 1
    var model = model(settings: settings, history: history)
    _ = model.handle(.serverSnapshot(server))
    model.press(.character("5"), .enter)
    countIn(&model, at: 10)
    _ = press(&model, .character(" "), at: 14)
    _ = tick(&model, at: 18.1)
    return text(model)
  }

  func testTheResultsSayThePlaceOnTheServersBoardOfThisLineAtThisTempoAndLength() {
    let line = Settings().rhythm.line
    func server(_ board: String) -> ServerSnapshot {
      ServerSnapshot(
        server: "http://box:8420", checkedAt: Date(timeIntervalSince1970: 0), isReachable: true,
        places: [
          .init(
            game: "rhythm", board: board, place: 3, players: 8, leader: "ada", leaderScore: 97.5)
        ])
    }
    let here = resultsOfOneTap(after: [], server: server(line.joined(separator: ",") + "@60x1"))
    XCTAssertTrue(
      here.contains("Server board (60 BPM, bars: 1): place 3 of 8; first ada, 97.5 %"), here)
    let otherTempo = resultsOfOneTap(
      after: [], server: server(line.joined(separator: ",") + "@90x1"))
    XCTAssertFalse(otherTempo.contains("Server board"), otherTempo)
    let longer = resultsOfOneTap(after: [], server: server(line.joined(separator: ",") + "@60x4"))
    XCTAssertFalse(longer.contains("Server board"), longer)
    XCTAssertFalse(resultsOfOneTap(after: []).contains("Server board"))
  }

  func testTheResultsSayHowTheyStandAgainstTheBestOnThisLine() {
    XCTAssertTrue(
      resultsOfOneTap(after: []).contains(
        "Accuracy 16.7 %   First score here: the one to beat."))
    let beaten = resultsOfOneTap(after: [earlierRun(accuracy: 10), earlierRun(accuracy: 12.5)])
    XCTAssertTrue(beaten.contains("New best: 16.7 % (was 12.5 %)!"), beaten)
    let notBeaten = resultsOfOneTap(after: [earlierRun(accuracy: 50), earlierRun(accuracy: 12.5)])
    XCTAssertTrue(notBeaten.contains("Your best: 50.0 %"), notBeaten)
    // Another tempo or another input is another challenge.
    let elsewhere = resultsOfOneTap(after: [
      earlierRun(accuracy: 50, bpm: 90), earlierRun(accuracy: 50, exercise: "microphone"),
    ])
    XCTAssertTrue(elsewhere.contains("First score here"), elsewhere)
  }

  func testTheClickKnowsTheBeatsAHalfNoteIsHeldOver() throws {
    var settings = Settings()
    settings.rhythm.line = ["half", "quarter", "quarter"]
    settings.rhythm.bars = 1
    var model = model(settings: settings)
    model.press(.character("5"))
    let effects = model.press(.enter)
    guard case .metronome(.start(let options)) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(options.heldBeats, [false, true, false, false])
  }

  func testEscapeStopsARunAndKeepsWhatWasPlayed() throws {
    var settings = Settings()
    settings.rhythm.bpm = 60
    var model = model(settings: settings)
    model.press(.character("5"), .enter)
    countIn(&model, at: 10)
    _ = press(&model, .character(" "), at: 14)
    _ = tick(&model, at: 15.5)
    let effects = press(&model, .escape, at: 15.5)
    guard case .record(let record) = effects.last else { return XCTFail("\(effects)") }
    XCTAssertTrue(record.isCutShort)
    XCTAssertEqual(record.figures["perfect"], 1)
    XCTAssertEqual(record.figures["missed"], 1, "only the eighth whose time had come")
    model.press(.escape)
    XCTAssertEqual(screen(model)?.phase, .setup)
    model.press(.escape)
    guard case .home = model.screen else { return XCTFail("Esc in setup leaves") }
  }

  func testControlCSavesTheRunUnderWay() throws {
    var settings = Settings()
    settings.rhythm.bpm = 60
    var model = model(settings: settings)
    model.press(.character("5"), .enter)
    countIn(&model, at: 10)
    _ = press(&model, .character(" "), at: 14.03)
    _ = tick(&model, at: 14.6)
    let effects = press(&model, .control("c"), at: 14.6)
    guard case .record(let record) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertTrue(record.isCutShort)
    XCTAssertEqual(record.figures["perfect"], 1)
    XCTAssertEqual(effects.last, .quit)
  }

  func testTheMicrophoneHitsAtTheirAttackLessTheRoundTrip() throws {
    var settings = Settings()
    settings.rhythm.bpm = 60
    settings.rhythm.input = .microphone
    var model = model(settings: settings)
    model.press(.character("5"))
    XCTAssertEqual(model.press(.enter).count, 1, "the click first")
    XCTAssertEqual(
      countIn(&model, at: 10), [.listen(.start(profile: nil))], "listening from the first click")
    // Input frame 0 was captured at 10 s; the round trip is 30 ms.
    let timing = InputTiming(
      clock: InputClock(frame: 0, nanoseconds: 10_000_000_000, sampleRate: 48_000),
      roundTrip: .milliseconds(30))
    // The edge puts the onset on the shared clock, less the round trip: 14.03 − 0.03 s.
    let played = PlayedEvent.heard([.onset(frame: 4 * 48_000 + 1_440, strength: 1)], timing: timing)
    XCTAssertEqual(played.map(\.instant), [instant(14)])
    _ = model.handle(.played(played))
    XCTAssertEqual(screen(model)?.feedback?.grade, .perfect)
    XCTAssertEqual(screen(model)?.feedback?.offsetMilliseconds ?? 99, 0, accuracy: 0.01)
    XCTAssertEqual(
      press(&model, .character(" "), at: 15), [], "keys are not hits in microphone mode")
    XCTAssertEqual(screen(model)?.hits.count, 1)
    _ = pad(&model, at: [15])
    XCTAssertEqual(screen(model)?.hits.count, 1, "nor MIDI pads")
    _ = model.handle(.heardNote(440, attackAt: 15, estimates: 3))
    XCTAssertEqual(screen(model)?.hits.count, 2, "an attack is a hit, its pitch estimates are not")
  }

  func testAMicrophoneNoteIsNotCalledMissedWhileItsOnsetCanStillBeReported() throws {
    // The onset of a note played 0.1 s late is reported up to a quarter of a second after it;
    // a tap's is not, so the tap's note is missed sooner.
    for input in [RhythmSettings.Input.tap, .microphone] {
      var settings = Settings()
      settings.rhythm.bpm = 60
      settings.rhythm.input = input
      var model = model(settings: settings)
      model.press(.character("5"), .enter)
      countIn(&model, at: 10)
      let limit = RhythmWindows.relative.limit(RhythmWindows.relative.inaccurate, windowBase: 1)
      _ = tick(&model, at: 14 + limit + 0.01)
      if input == .tap {
        XCTAssertEqual(screen(model)?.feedback?.grade, .miss)
        continue
      }
      XCTAssertNil(screen(model)?.feedback, "not yet missed")
      let timing = InputTiming(
        clock: InputClock(frame: 0, nanoseconds: 10_000_000_000, sampleRate: 48_000),
        roundTrip: .zero)
      _ = model.handle(
        .played(PlayedEvent.heard([.onset(frame: 4 * 48_000 + 4_800, strength: 1)], timing: timing))
      )
      XCTAssertNotEqual(screen(model)?.feedback?.grade, .miss)
      XCTAssertEqual(screen(model)?.hits.count, 1)
      _ = tick(&model, at: 14 + limit + OnsetDetector.longestReportDelaySeconds + 0.01)
      XCTAssertNotEqual(screen(model)?.feedback?.grade, .miss, "the played note is no miss")
    }
  }

  func testTapCalibrationMeasuresAndSavesTheDelay() throws {
    var model = model()
    model.press(.character("5"))
    let effects = press(&model, .character("l"), at: 1)
    guard case .metronome(.start(let options)) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(options.bpm, 90)
    XCTAssertEqual(options.targets, [])
    countIn(&model, at: 10, bpm: 90)
    let beat = 60.0 / 90
    let first = 10 + 4 * beat
    for index in 0..<16 {
      _ = press(
        &model, .character(" "),
        at: first + Double(index) * beat + 0.025 + (index % 2 == 0 ? 0.002 : -0.002))
    }
    XCTAssertTrue(text(model).contains("16 taps"), text(model))
    let done = tick(&model, at: first + 16.1 * beat)
    let path = try XCTUnwrap(model.settings.rhythm.tapPaths["local"])
    XCTAssertEqual(path.offsetMilliseconds, 25)
    // Every tap 2 ms from the median: the spread read from that is 2 × 1.4826 ms, saved to
    // a tenth.
    XCTAssertEqual(path.spreadMilliseconds, 3.0, accuracy: 0.01)
    XCTAssertTrue(done.contains(.metronome(.stop)), "\(done)")
    guard case .save = done.first else { return XCTFail("the delay is saved: \(done)") }
    XCTAssertTrue(text(model).contains("Your taps arrive 25.0 ms late"), text(model))
    XCTAssertTrue(text(model).contains("Enter back"), text(model))
    model.press(.enter)
    XCTAssertEqual(screen(model)?.phase, .setup)
  }

  /// Over SSH the click may not be heard at the keyboard: the calibration shows the count-in
  /// and each click as it sounds.
  func testTapCalibrationShowsTheCountInAndEachClick() throws {
    var model = model()
    model.press(.character("5"))
    _ = press(&model, .character("l"), at: 1)
    XCTAssertFalse(text(model).contains("Click"), text(model))
    _ = countIn(&model, at: 10, bpm: 90)
    XCTAssertTrue(text(model).contains("█"), "the count-in's big 4: \(text(model))")
    XCTAssertFalse(text(model).contains("Click"), text(model))
    _ = model.handle(
      .metronomeBeat(
        BeatDisplay(
          bar: 1, beatInBar: 2, isCountIn: false, isMuted: false, bpm: 90, elapsed: .zero,
          audibleAt: instant(10 + 10 * 60.0 / 90))))
    XCTAssertTrue(text(model).contains("Click 7 of 16"), text(model))
  }

  func testEachKeyPathKeepsItsOwnDelay() throws {
    let remote = RunOverrides(
      keyRoute: KeyRoute(environment: ["SSH_CONNECTION": "10.0.0.5 5022 10.0.0.1 22"]))
    var model = model(overrides: remote)
    model.press(.character("5"))
    XCTAssertTrue(
      text(model).contains("Tap delay over ssh from 10.0.0.5: not measured yet"), text(model))
    _ = press(&model, .character("l"), at: 1)
    countIn(&model, at: 10, bpm: 90)
    let beat = 60.0 / 90
    let first = 10 + 4 * beat
    for index in 0..<16 {
      _ = press(&model, .character(" "), at: first + Double(index) * beat + 0.03)
    }
    _ = tick(&model, at: first + 16.1 * beat)
    XCTAssertEqual(
      model.settings.rhythm.tapPaths,
      ["ssh from 10.0.0.5": .init(offsetMilliseconds: 30, spreadMilliseconds: 0)])
    model.press(.enter)
    XCTAssertTrue(text(model).contains("Tap delay over ssh from 10.0.0.5: 30.0 ms"), text(model))

    // At the box's own keyboard the SSH path's delay is not taken off: an exact tap is exact.
    var settings = model.settings
    settings.rhythm.bpm = 60
    settings.rhythm.bars = 1
    var local = self.model(settings: settings)
    local.press(.character("5"))
    XCTAssertTrue(text(local).contains("Tap delay: 0.0 ms"), text(local))
    local.press(.enter)
    countIn(&local, at: 10)
    _ = press(&local, .character(" "), at: 14)
    XCTAssertEqual(screen(local)?.feedback?.grade, .perfect)
    XCTAssertEqual(screen(local)?.feedback?.offsetMilliseconds ?? 99, 0, accuracy: 0.001)
  }

  func testAWobblyKeyPathIsGradedWithinWhatItCanTellApartAndSaysSo() throws {
    let route = KeyRoute(environment: ["SSH_CLIENT": "10.0.0.5 5022 22"])
    var settings = Settings()
    settings.rhythm.bpm = 60
    settings.rhythm.bars = 1
    settings.rhythm.strictness = .strict
    settings.rhythm.tapPaths = [
      route.name: .init(offsetMilliseconds: 30, spreadMilliseconds: 20),
      "local": .init(offsetMilliseconds: 0, spreadMilliseconds: 1),
    ]
    for (overrides, grade) in [
      (RunOverrides(keyRoute: route), RhythmGrade.perfect), (RunOverrides(), .good),
    ] {
      var model = model(settings: settings, overrides: overrides)
      model.press(.character("5"), .enter)
      countIn(&model, at: 10)
      let delay = overrides.keyRoute == .local ? 0 : 0.03
      // 35 ms late: beyond strict's 20 ms perfect, within the 40 ms a 20 ms spread blurs.
      _ = press(&model, .character(" "), at: 14.035 + delay)
      XCTAssertEqual(screen(model)?.feedback?.grade, grade, overrides.keyRoute.name)
      _ = tick(&model, at: 18.1)
      let wobble =
        "Keys over ssh from 10.0.0.5 wobble: within 40 ms of a note is perfect"
      XCTAssertEqual(text(model).contains(wobble), grade == .perfect, text(model))
    }
  }

  func testTapsThatWanderAreNotSaved() throws {
    var model = model()
    model.press(.character("5"))
    _ = press(&model, .character("l"), at: 1)
    countIn(&model, at: 10, bpm: 90)
    let beat = 60.0 / 90
    let first = 10 + 4 * beat
    let wander = [0, 120, -90, 150, 30, -140, 100, -60, 170, -30, 80, -110, 60, -20, 130, -80]
    for (index, milliseconds) in wander.enumerated() {
      _ = press(
        &model, .character(" "), at: first + Double(index) * beat + Double(milliseconds) / 1000)
    }
    let done = tick(&model, at: first + 16.1 * beat)
    XCTAssertEqual(model.settings.rhythm.tapPaths, [:], "the old delay stays")
    XCTAssertFalse(done.contains { if case .save = $0 { true } else { false } }, "\(done)")
    XCTAssertTrue(
      text(model).contains("Your taps wandered too far from the clicks"), text(model))
  }

  private func resultsText(_ results: RhythmResults) -> String {
    var canvas = Canvas(width: 80, height: RhythmResultsView.height)
    RhythmResultsView.render(
      results, seconds: 12, strings: AppFixtures.catalog.localizer(for: "en"), glyphs: .unicode,
      in: canvas.bounds, on: &canvas)
    return canvas.lines.joined(separator: "\n")
  }

  func testResultsNeverContradictThemselves() {
    let missed = (0..<4).map {
      RhythmResults.NoteResult(expected: Double($0), hit: nil, grade: .miss)
    }
    let offBeat = resultsText(RhythmResults(notes: missed, extraHits: [0.5, 1.5, 2.5]))
    XCTAssertTrue(offBeat.contains("Missed 4   Extra hits 3"), offBeat)
    XCTAssertTrue(offBeat.contains("None of your 3 hits landed near a note"), offBeat)
    XCTAssertFalse(offBeat.contains("No hit was heard"), offBeat)
    XCTAssertTrue(
      resultsText(RhythmResults(notes: missed, extraHits: [])).contains("No hit was heard"))

    let steady = (0..<4).map {
      RhythmResults.NoteResult(
        expected: Double($0), hit: Double($0) + [0.002, 0.006, 0.004, 0.005][$0],
        grade: $0 == 0 ? .inaccurate : .perfect)
    }
    let text = resultsText(RhythmResults(notes: steady, extraHits: []))
    XCTAssertTrue(text.contains("Accuracy 100.0 %"), text)
    XCTAssertTrue(text.contains("inaccurate counts neither way"), "the rule beside the figure")
    XCTAssertTrue(text.contains("On average 4.2 ms late: still on the beat"), text)
    XCTAssertFalse(text.contains("dragging"), text)
  }

  func testALongLineShowsEveryPatternsName() {
    var settings = Settings()
    settings.rhythm.line = [
      "quarter", "eighths", "triplet", "sixteenths", "rest", "quarter", "eighths", "triplet",
    ]
    var model = model(settings: settings)
    model.press(.character("5"))
    let text = text(model)
    XCTAssertEqual(
      text.components(separatedBy: "Triplet").count - 1, 2, "both triplets named: \(text)")
    XCTAssertTrue(text.contains("Enter"), text)
  }

  /// Quarter, half note, then eighth, quarter tied over the beat, eighth, over 2 bars at 60 BPM:
  /// the tied pattern would cross the first bar line, so it waits for bar 2 and beat 4 rests;
  /// the second half note would cross the end, so it is not started and the last beat rests.
  private func longNotesSettings() -> Settings {
    var settings = Settings()
    settings.rhythm.bpm = 60
    settings.rhythm.bars = 2
    settings.rhythm.line = ["quarter", "half", "tied-syncopation"]
    return settings
  }

  func testALineWithAHalfNoteAndATieIsLaidInBarsAndGradedOnItsOnsets() throws {
    var model = model(settings: longNotesSettings())
    model.press(.character("5"))
    XCTAssertTrue(
      text(model).contains("Times through the line: 1, then its first 1 of 3 patterns"),
      text(model))
    XCTAssertTrue(
      text(model).contains("Beats left silent: 2 (a pattern never crosses a bar line)"),
      text(model))
    let effects = model.press(.enter)
    guard case .metronome(.start(let options)) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertEqual(
      options.targets, [[0], [0], [], [], [0, 0.5], [0.5], [0], []],
      "a tick on every onset, none on the half note's second beat nor the tied-into beat")
    countIn(&model, at: 10)
    // Notes at 14 (quarter), 15 (half), 18, 18.5 and 19.5 (the tie), 20 (quarter).
    for time in [14.0, 15.35, 18, 18.5, 19, 19.5, 20.02] {
      _ = press(&model, .character(" "), at: time)
    }
    XCTAssertEqual(
      screen(model)?.results?.notes.map(\.grade),
      [
        .perfect, .inaccurate, .perfect, .perfect, .perfect, .perfect,
      ], "the half note 350 ms late is judged on a quarter's windows")
    XCTAssertEqual(screen(model)?.results?.extraHits, [19], "the tied-into beat is not played")
    _ = tick(&model, at: 22.1)
    guard case .results(let report) = screen(model)?.phase else { return XCTFail("no results") }
    XCTAssertEqual(report.results.accuracy, 5.0 / 6 * 100, accuracy: 1e-9, "5 perfect, 1 extra")
  }

  func testSnapshotsOfALineWithAHalfNoteAndATie() throws {
    for glyphs in [GlyphChoice.unicode, .ascii] {
      for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
        let name = "\(glyphs.rawValue)-\(size.width)x\(size.height)"
        var settings = longNotesSettings()
        settings.glyphs = glyphs
        var model = model(size: size, settings: settings)
        model.press(.character("5"), .right)
        assertCanvasSnapshot(AppView.render(model), named: "setup.\(name)")
        model.press(.enter)
        countIn(&model, at: 10)
        for time in [14.0, 15.05, 18.02, 18.5, 19] {
          _ = press(&model, .character(" "), at: time)
        }
        _ = tick(&model, at: 19.2)
        assertCanvasSnapshot(AppView.render(model), named: "run.\(name)")
      }
    }
  }

  private func pad(_ model: inout AppModel, at seconds: [Double]) -> [Effect] {
    model.handle(
      .played(
        seconds.map {
          PlayedEvent(
            instant: instant($0), pitch: Pitch(midiNumber: 38), velocity: 100, source: .midi)
        }))
  }

  func testMIDIPadsHitLessTheirPathsDelayFromTheFirstClick() throws {
    let record = try midiRun(overrides: .init())
    XCTAssertEqual(record.figures["live"], 1, "pads played live")
  }

  func testARunPlayedInFromAFileIsNoLivePerformance() throws {
    let record = try midiRun(overrides: RunOverrides(midiIn: "pads.mid"))
    XCTAssertNil(record.figures["live"], "a MIDI file played the pads")
    XCTAssertEqual(record.graded.count, 4, "graded all the same")
  }

  /// A run of four quarters on MIDI pads, two of them played.
  private func midiRun(overrides: RunOverrides) throws -> SessionRecord {
    var settings = Settings()
    settings.rhythm.bpm = 60
    settings.rhythm.bars = 1
    settings.rhythm.line = ["quarter", "quarter", "quarter", "quarter"]
    settings.rhythm.midiOffsetMilliseconds = 8
    var model = model(settings: settings, overrides: overrides)
    model.press(.character("5"), .character("i"), .character("i"))
    XCTAssertEqual(model.settings.rhythm.input, .midi, "taps, microphone, then MIDI")
    XCTAssertTrue(text(model).contains("Hits: MIDI pads, drums or keyboard"), text(model))
    XCTAssertTrue(text(model).contains("MIDI delay: 8.0 ms"), text(model))
    XCTAssertEqual(model.press(.enter).count, 1, "the click first")
    XCTAssertEqual(
      countIn(&model, at: 10), [.midiIn(.start(from: instant(10)))],
      "MIDI from the first click, a file's time zero on it")
    XCTAssertEqual(press(&model, .character(" "), at: 14), [], "keys are not hits with pads")
    _ = pad(&model, at: [14.008, 15.108])
    let offsets = screen(model)?.results?.notes.map(\.offsetMilliseconds) ?? []
    XCTAssertEqual(offsets.count, 4)
    XCTAssertEqual(offsets.first.flatMap(\.self) ?? 99, 0, accuracy: 1e-6)
    XCTAssertEqual(offsets.dropFirst().first.flatMap(\.self) ?? 99, 100, accuracy: 1e-6)
    XCTAssertEqual(offsets.suffix(2).compactMap(\.self), [], "the last two not played yet")
    let effects = tick(&model, at: 18.1)
    XCTAssertEqual(Array(effects.prefix(2)), [.metronome(.stop), .midiIn(.stop)])
    let recorded: SessionRecord? =
      if case .record(let record) = effects.last { record } else { nil }
    let record = try XCTUnwrap(recorded, "\(effects)")
    XCTAssertEqual(record.exercise, "midi")
    return record
  }

  func testWithoutMIDIARunTakesTaps() throws {
    var settings = Settings()
    settings.rhythm.bpm = 60
    settings.rhythm.input = .midi
    var model = model(settings: settings)
    model.press(.character("5"), .enter)
    countIn(&model, at: 10)
    _ = model.handle(.midiInput(failure: "no ALSA sequencer (No such file or directory)"))
    XCTAssertTrue(
      text(model).contains("No MIDI input: no ALSA sequencer (No such file or directory)"),
      text(model))
    _ = press(&model, .character(" "), at: 14)
    XCTAssertEqual(screen(model)?.hits.count, 1)
    XCTAssertEqual(pad(&model, at: [15]), [], "nor pads, once they failed")
  }

  func testMIDICalibrationMeasuresThePadsDelay() throws {
    var settings = Settings()
    settings.rhythm.input = .midi
    var model = model(settings: settings)
    model.press(.character("5"))
    _ = press(&model, .character("l"), at: 1)
    XCTAssertTrue(text(model).contains("Play a pad on each of the 16 clicks"), text(model))
    let beat = 60.0 / 90
    let first = 10 + 4 * beat
    XCTAssertEqual(countIn(&model, at: 10, bpm: 90), [.midiIn(.start(from: instant(10)))])
    _ = pad(&model, at: (0..<16).map { first + Double($0) * beat + 0.006 })
    let done = tick(&model, at: first + 16.1 * beat)
    XCTAssertEqual(model.settings.rhythm.midiOffsetMilliseconds, 6)
    XCTAssertEqual(model.settings.rhythm.tapPaths, [:], "the taps' delay kept")
    XCTAssertTrue(done.contains(.midiIn(.stop)), "\(done)")
    XCTAssertTrue(text(model).contains("Your MIDI hits arrive 6.0 ms late"), text(model))
  }

  /// The count-in's digits and words, and the bar's words, are quiet for screen-reader mode on
  /// a beat not read out; the grid's play-head always is, as it moves every frame.
  func testOnlyTheBeatsReadOutAreLeftToMoveTheCursor() throws {
    func quietRows(_ readout: BeatReadout, at seconds: Double) -> (quiet: Set<Int>, lines: [String])
    {
      var settings = Settings()
      settings.rhythm.bpm = 60
      settings.beatReadout = readout
      var model = model(settings: settings)
      model.press(.character("5"))
      model.press(.enter)
      countIn(&model, at: 10)
      _ = tick(&model, at: seconds)
      let canvas = AppView.render(model)
      return (canvas.quietLines, canvas.lines)
    }
    func row(_ text: String, in lines: [String]) throws -> Int {
      try XCTUnwrap(lines.firstIndex { $0.contains(text) }, lines.joined(separator: "\n"))
    }
    let firstCount = quietRows(.firstOfBar, at: 10.1)
    let countRow = try row("Count-in: 4 to go", in: firstCount.lines)
    XCTAssertFalse(firstCount.quiet.contains(countRow))
    let laterCount = quietRows(.firstOfBar, at: 11.1)
    XCTAssertTrue(laterCount.quiet.contains(try row("Count-in: 3 to go", in: laterCount.lines)))
    XCTAssertFalse(quietRows(.everyBeat, at: 11.1).quiet.contains(countRow))

    let barStart = quietRows(.firstOfBar, at: 14.1)
    let barRow = try row("beat 1 of 4", in: barStart.lines)
    XCTAssertFalse(barStart.quiet.contains(barRow))
    XCTAssertTrue(quietRows(.firstOfBar, at: 15.1).quiet.contains(barRow))
    XCTAssertTrue(quietRows(.startAndStop, at: 14.1).quiet.contains(barRow))
    XCTAssertFalse(quietRows(.everyBeat, at: 15.1).quiet.contains(barRow))
    XCTAssertTrue(
      quietRows(.everyBeat, at: 15.1).quiet.isSuperset(of: (barRow + 5)..<(barRow + 10)),
      "the grid's rows")
  }

  func testSnapshots() throws {
    for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
      let name = "\(size.width)x\(size.height)"
      var settings = Settings()
      settings.rhythm.bpm = 60
      settings.rhythm.bars = 1
      var model = model(size: size, settings: settings)
      model.press(.character("5"))
      assertCanvasSnapshot(AppView.render(model), named: "setup.\(name)")
      model.press(.enter)
      countIn(&model, at: 10)
      _ = press(&model, .character(" "), at: 14.01)
      _ = press(&model, .character(" "), at: 15.04)
      _ = press(&model, .character(" "), at: 15.6)
      _ = tick(&model, at: 15.65)
      assertCanvasSnapshot(AppView.render(model), named: "run.\(name)")
      _ = tick(&model, at: 18.2)
      assertCanvasSnapshot(AppView.render(model), named: "results.\(name)")
    }
  }

  func testSnapshotsOnMIDIPads() throws {
    for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
      var settings = Settings()
      settings.rhythm.bpm = 60
      settings.rhythm.bars = 1
      settings.rhythm.input = .midi
      settings.rhythm.midiOffsetMilliseconds = 4.5
      var model = model(size: size, settings: settings)
      model.press(.character("5"))
      assertCanvasSnapshot(AppView.render(model), named: "setup-midi.\(size.width)x\(size.height)")
      model.press(.enter)
      countIn(&model, at: 10)
      _ = pad(&model, at: [14.01, 15.04])
      _ = tick(&model, at: 15.2)
      assertCanvasSnapshot(AppView.render(model), named: "run-midi.\(size.width)x\(size.height)")
    }
  }
}
