import App
import Audio
import Storage
import TerminalUI
import XCTest

final class MetronomeModelTests: XCTestCase {
  private func openMetronome(_ settings: Settings = Settings()) -> AppModel {
    var model = AppFixtures.model(settings: settings)
    model.press(.enter)
    guard case .metronome = model.screen else {
      XCTFail("the first home entry should open the metronome")
      return model
    }
    return model
  }

  private func metronome(_ model: AppModel) -> MetronomeModel? {
    if case .metronome(let screen) = model.screen { return screen }
    return nil
  }

  private func options(_ settings: Settings, _ change: (inout MetronomeOptions) -> Void = { _ in })
    -> MetronomeOptions
  {
    var options = MetronomeOptions(settings: settings)
    change(&options)
    return options
  }

  func testSpaceStartsAndStops() {
    var model = openMetronome()
    XCTAssertEqual(model.press(.character(" ")), [.metronome(.start(options(Settings())))])
    XCTAssertEqual(metronome(model)?.isRunning, true)
    XCTAssertEqual(model.press(.character(" ")), [.metronome(.stop)])
    XCTAssertEqual(metronome(model)?.isRunning, false)
  }

  func testArrowsChangeTempoAndTheTempoIsSaved() {
    var model = openMetronome()
    var expected = Settings()
    expected.metronome.bpm = 91
    XCTAssertEqual(model.press(.right), [.save(expected)])
    expected.metronome.bpm = 96
    XCTAssertEqual(model.press(.up), [.save(expected)])
    expected.metronome.bpm = 90
    model.press(.down, .left)
    XCTAssertEqual(model.settings.metronome.bpm, 90)
  }

  func testTempoChangesWhilePlayingReachTheEngine() {
    var model = openMetronome()
    model.press(.character(" "))
    var settings = Settings()
    settings.metronome.bpm = 95
    XCTAssertEqual(
      model.press(.up), [.save(settings), .metronome(.update(options(settings)))])
  }

  func testTempoStaysBetween20And300() {
    var settings = Settings()
    settings.metronome.bpm = 298
    var model = openMetronome(settings)
    model.press(.up, .up)
    XCTAssertEqual(model.settings.metronome.bpm, 300)
    settings.metronome.bpm = 22
    model = openMetronome(settings)
    model.press(.down)
    XCTAssertEqual(model.settings.metronome.bpm, 20)
  }

  func testTypedTempoAppliesWithEnterAndKeysGoToTheScreenMeanwhile() {
    var model = openMetronome()
    model.press(.character("1"), .character("4"))
    XCTAssertEqual(metronome(model)?.typedBPM, "14")
    XCTAssertEqual(model.press(.character("q")), [], "q while typing does not leave")
    model.press(.character("4"), .enter)
    XCTAssertEqual(model.settings.metronome.bpm, 144)
    XCTAssertEqual(metronome(model)?.typedBPM, "")
    model.press(.character("5"), .character("0"), .character("0"), .enter)
    XCTAssertEqual(model.settings.metronome.bpm, 144, "500 BPM is refused")
    XCTAssertEqual(metronome(model)?.problem?.key, "metronome.problem.bpm")
    model.press(.character("7"), .escape)
    XCTAssertEqual(metronome(model)?.typedBPM, "")
    guard case .metronome = model.screen else { return XCTFail("Esc while typing left the screen") }
  }

  func testTapTempoUsesTheKeyTimes() {
    var model = openMetronome()
    for ms in [0, 500, 1000, 1500] {
      _ = model.handle(
        .key(
          KeyEvent(
            .character("t"),
            time: MonotonicInstant(nanoseconds: UInt64(ms) * 1_000_000 + 5_000_000_000))))
    }
    XCTAssertEqual(model.settings.metronome.bpm, 120)
  }

  func testMeterCyclesAndResetsAccents() {
    var settings = Settings()
    settings.metronome.accents = "X x x x"
    var model = openMetronome(settings)
    model.press(.character("m"))
    XCTAssertNotEqual(model.settings.metronome.meter, "4/4")
    XCTAssertEqual(model.settings.metronome.accents, "")
    XCTAssertNoThrow(try MetronomeOptions(settings: model.settings).pattern())
  }

  func testAccentEditorAcceptsOnlyValidPatterns() {
    var settings = Settings()
    settings.metronome.meter = "7/8"
    var model = openMetronome(settings)
    model.press(.character("a"))
    XCTAssertNotNil(metronome(model)?.accentDraft)
    for _ in 0..<20 { model.press(.backspace) }
    for c in "X x" { model.press(.character(c)) }
    model.press(.enter)
    XCTAssertEqual(metronome(model)?.problem?.key, "metronome.problem.accents", "3 beats for 7/8")
    XCTAssertEqual(model.settings.metronome.accents, "")
    for c in " x X x X x" { model.press(.character(c)) }
    model.press(.enter)
    XCTAssertEqual(model.settings.metronome.accents, "X x x X x X x")
    XCTAssertNil(metronome(model)?.accentDraft)
  }

  func testSessionOptionsCycleAndAreSentWhilePlaying() {
    var model = openMetronome()
    model.press(.character(" "))
    let effects = model.press(.character("c"))
    XCTAssertEqual(effects, [.metronome(.update(options(Settings()) { $0.countInBars = 1 }))])
    model.press(.character("g"), .character("w"), .character("s"))
    let screen = metronome(model)
    XCTAssertEqual(screen?.gapClick, .everyNthBar(4))
    XCTAssertEqual(screen?.swing, 0.58)
    XCTAssertEqual(model.settings.metronome.subdivision, 2)
  }

  func testTrainerEditorSetsGoalStepAndBars() {
    var model = openMetronome()
    model.press(.character(" "))
    XCTAssertEqual(model.press(.character("p")), [], "opening the editor changes nothing yet")
    XCTAssertEqual(
      metronome(model)?.trainerDraft?.plan, TrainerPlan(goal: 110, step: 2, everyBars: 4))
    model.press(.pageUp, .up, .right, .up, .right, .down, .down)
    XCTAssertEqual(model.press(.character("q")), [], "q is not quit while editing")
    let plan = TrainerPlan(goal: 116, step: 3, everyBars: 2)
    XCTAssertEqual(metronome(model)?.trainerDraft?.plan, plan)
    XCTAssertEqual(
      model.press(.enter), [.metronome(.update(options(Settings()) { $0.trainer = plan }))])
    XCTAssertEqual(metronome(model)?.trainer, plan)
    XCTAssertNil(metronome(model)?.trainerDraft)
    XCTAssertNoThrow(try options(Settings()) { $0.trainer = plan }.pattern())
    model.press(.character("p"), .delete)
    XCTAssertNil(metronome(model)?.trainer, "Del turns the trainer off")
  }

  func testTrainerEditorStaysInRangeAndEscapeKeepsThePlan() {
    var model = openMetronome()
    model.press(.character("p"), .right, .right)
    for _ in 0..<20 { model.press(.up) }
    XCTAssertEqual(metronome(model)?.trainerDraft?.plan.everyBars, TrainerPlan.barsRange.upperBound)
    model.press(.escape)
    XCTAssertNil(metronome(model)?.trainer)
    guard case .metronome = model.screen else {
      return XCTFail("Esc in the editor left the screen")
    }
  }

  private func beat(_ beatInBar: Int, bar: Int = 24, bpm: Double = 90) -> AppEvent {
    .metronomeBeat(
      BeatDisplay(
        bar: bar, beatInBar: beatInBar, isCountIn: false, isMuted: false, bpm: bpm,
        elapsed: .seconds(60), audibleAt: MonotonicInstant(nanoseconds: 60_000_000_000)))
  }

  private func text(_ model: AppModel) -> String {
    AppView.render(model).lines.joined(separator: "\n")
  }

  func testEveryMeterOfTheCycleAndItsGroups() {
    var model = openMetronome()
    var seen: [String] = []
    for _ in 0..<11 {
      model.press(.character("m"))
      seen.append(model.settings.metronome.meter)
    }
    XCTAssertEqual(
      seen, ["5/4", "2/2", "3/8", "5/8", "6/8", "7/8", "9/8", "12/8", "2/4", "3/4", "4/4"])
    var settings = Settings()
    settings.metronome.meter = "6/8"
    model = openMetronome(settings)
    XCTAssertTrue(text(model).contains("●     ○     ○     ●     ○     ○"), "3+3: \(text(model))")
    XCTAssertTrue(text(model).contains("Accents      3+3"), text(model))
  }

  func testAMeterChangedWhilePlayingShowsWhenItsBarBegins() {
    var settings = Settings()
    settings.metronome.meter = "9/8"
    var model = openMetronome(settings)
    model.press(.character(" "))
    _ = model.handle(beat(8))
    model.press(.character("m"))
    XCTAssertEqual(model.settings.metronome.meter, "12/8")
    XCTAssertTrue(text(model).contains("bar 25, beat 9 of 9, normal"), text(model))
    _ = model.handle(beat(0, bar: 25))
    XCTAssertTrue(text(model).contains("bar 26, beat 1 of 12, accent"), text(model))
  }

  func testTheDigitsFollowTheSpeedTrainer() {
    var trained = openMetronome()
    trained.press(.character("p"), .enter, .character(" "))
    XCTAssertNotNil(metronome(trained)?.trainer)
    _ = trained.handle(beat(0, bpm: 98))
    var settings = Settings()
    settings.metronome.bpm = 98
    let plain = openMetronome(settings)
    let digitRows = 2..<(2 + BigDigits.height)
    XCTAssertEqual(
      Array(AppView.render(trained).lines[digitRows]),
      Array(AppView.render(plain).lines[digitRows]), "98, the tempo the trainer reached")
  }

  func testTheAccentEditorTakesAGrouping() {
    var settings = Settings()
    settings.metronome.meter = "7/8"
    var model = openMetronome(settings)
    model.press(.character("a"))
    for _ in 0..<20 { model.press(.backspace) }
    for key in "3+2+2" { model.press(.character(key)) }
    model.press(.enter)
    XCTAssertEqual(model.settings.metronome.accents, "X x x X x X x")
    XCTAssertNil(metronome(model)?.accentDraft)
  }

  func testASetupIsSavedAsANamedPreset() {
    var settings = Settings()
    settings.metronome.bpm = 132
    settings.metronome.meter = "7/8"
    var model = openMetronome(settings)
    model.press(.character("v"))
    for key in "Odd meter" { model.press(.character(key)) }
    XCTAssertTrue(text(model).contains("Save as: Odd meter"), text(model))
    model.press(.enter)
    XCTAssertEqual(
      model.settings.metronome.presets,
      [MetronomePreset(name: "Odd meter", bpm: 132, meter: "7/8", accents: "", subdivision: 1)])
    XCTAssertTrue(text(model).contains("Saved as \"Odd meter\""), text(model))
    model.press(.right)
    XCTAssertEqual(model.settings.metronome.bpm, 133, "the keys are the metronome's again")
    model.press(.character("o"), .enter)
    XCTAssertEqual(model.settings.metronome.bpm, 132, "Enter loads the preset")
  }

  func testTheSetlistPlaysEachPresetForEightBarsThenStops() {
    var settings = Settings()
    settings.metronome.presets = [
      MetronomePreset(name: "Slow", bpm: 60, meter: "4/4", accents: "", subdivision: 1),
      MetronomePreset(name: "Waltz", bpm: 120, meter: "3/4", accents: "", subdivision: 2),
    ]
    var model = openMetronome(settings)
    XCTAssertTrue(text(model).contains("●"))
    model.press(.character("o"))
    XCTAssertTrue(text(model).contains("Waltz"), text(model))
    var slow = settings
    slow.metronome.bpm = 60
    XCTAssertEqual(
      model.press(.character("l")), [.save(slow), .metronome(.start(options(slow)))])
    XCTAssertEqual(model.handle(beat(0, bar: 0)), [])
    XCTAssertTrue(text(model).contains("Setlist 1 of 2: Slow, bar 1 of 8"), text(model))
    XCTAssertEqual(model.handle(beat(3, bar: 6)), [], "the 7th bar's last beat")
    var waltz = slow
    waltz.metronome.bpm = 120
    waltz.metronome.meter = "3/4"
    waltz.metronome.subdivision = 2
    XCTAssertEqual(
      model.handle(beat(3, bar: 7)), [.save(waltz), .metronome(.update(options(waltz)))],
      "the next preset from the next bar line")
    XCTAssertEqual(model.handle(beat(2, bar: 15)), [.metronome(.stop)])
    XCTAssertEqual(metronome(model)?.isRunning, false)
    XCTAssertTrue(text(model).contains("The setlist is played through."), text(model))
  }

  func testAPresetIsDeletedFromTheList() {
    var settings = Settings()
    settings.metronome.presets = [
      MetronomePreset(name: "A", bpm: 60, meter: "4/4", accents: "", subdivision: 1)
    ]
    var model = openMetronome(settings)
    model.press(.character("o"), .character("d"))
    XCTAssertEqual(model.settings.metronome.presets, [])
    XCTAssertNil(metronome(model)?.presetCursor, "the list closes when empty")
    model.press(.character("o"))
    XCTAssertTrue(text(model).contains("No presets yet"), text(model))
  }

  func testATempoOutOfRangeIsSaid() {
    var model = openMetronome()
    model.press(.character("9"), .character("9"), .character("9"), .enter)
    XCTAssertEqual(model.settings.metronome.bpm, 90)
    XCTAssertTrue(
      text(model).contains("999 is not a tempo between 20 and 300 BPM"), text(model))
  }

  func testBeatsAreShownOnlyWhilePlaying() {
    var model = openMetronome()
    let beat = BeatDisplay(
      bar: 0, beatInBar: 2, isCountIn: false, isMuted: false, bpm: 90, elapsed: .seconds(1),
      audibleAt: MonotonicInstant(nanoseconds: 1_000_000_000))
    _ = model.handle(.metronomeBeat(beat))
    XCTAssertNil(metronome(model)?.beat)
    model.press(.character(" "))
    _ = model.handle(.metronomeBeat(beat))
    XCTAssertEqual(metronome(model)?.beat, beat)
  }

  func testLeavingStopsTheSound() {
    var model = openMetronome()
    model.press(.character(" "))
    XCTAssertEqual(model.press(.escape), [.metronome(.stop)])
    guard case .home = model.screen else { return XCTFail("Esc did not go back") }
    XCTAssertEqual(model.press(.enter, .escape), [], "nothing to stop when silent")
  }
}

extension MetronomeModelTests {
  func testBracketsSetTheSubdivisionVolume() {
    var model = AppFixtures.model()
    model.press(.enter, .character("]"))
    XCTAssertEqual(model.settings.metronome.subdivisionVolume, 70)
    for _ in 0..<10 { model.press(.character("[")) }
    XCTAssertEqual(model.settings.metronome.subdivisionVolume, 0)
  }

  func testCommandLineDevicesApplyWithoutBeingSaved() {
    var settings = Settings()
    settings.audio.sink = "saved-sink"
    let overrides = RunOverrides(sink: "usb-interface")
    XCTAssertEqual(overrides.devices(settings.audio).sink, "usb-interface")
    XCTAssertEqual(RunOverrides().devices(settings.audio).sink, "saved-sink")
  }
}
