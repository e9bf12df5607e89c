import Audio
import AudioModel
import DSP
import XCTest

final class MetronomePatternTests: XCTestCase {
  // MARK: Meter

  func testMetersAcceptOneToSixteenBeatsOfHalvesToSixteenths() throws {
    XCTAssertEqual(try Meter(beatsPerBar: 1, beatUnit: 2).description, "1/2")
    XCTAssertEqual(try Meter(beatsPerBar: 16, beatUnit: 16).description, "16/16")
    XCTAssertThrowsError(try Meter(beatsPerBar: 0, beatUnit: 4)) {
      XCTAssertEqual($0 as? MetronomeError, .beatsPerBarOutOfRange(0))
    }
    XCTAssertThrowsError(try Meter(beatsPerBar: 17, beatUnit: 4)) {
      XCTAssertEqual($0 as? MetronomeError, .beatsPerBarOutOfRange(17))
    }
    XCTAssertThrowsError(try Meter(beatsPerBar: 4, beatUnit: 3)) {
      XCTAssertEqual(
        ($0 as? MetronomeError)?.description, "beat unit 3 is not supported; use 2, 4, 8, 16")
    }
  }

  func testMetersParseAsMusiciansWriteThem() throws {
    XCTAssertEqual(try Meter(parsing: "6/8"), .sixEight)
    XCTAssertEqual(try Meter(parsing: " 7 / 8 "), .sevenEight)
    for text in ["6-8", "6/", "/8", "x/4", "1 2/8", ""] {
      XCTAssertThrowsError(try Meter(parsing: text), text) {
        XCTAssertEqual($0 as? MetronomeError, .malformedMeter(text))
      }
    }
    XCTAssertEqual(
      MetronomeError.malformedMeter("6-8").description,
      "meter \"6-8\" is not a time signature like 4/4 or 6/8")
  }

  func testPresetsCoverTheCommonMeters() {
    XCTAssertEqual(
      Meter.presets.map(\.description),
      ["2/4", "3/4", "4/4", "5/4", "2/2", "3/8", "5/8", "6/8", "7/8", "9/8", "12/8"])
  }

  // MARK: Accents

  func testAccentsParseWithOrWithoutSpaces() throws {
    let spaced = try AccentPattern(parsing: "X x x .")
    XCTAssertEqual(spaced.beats, [.accent, .normal, .normal, .silent])
    XCTAssertEqual(try AccentPattern(parsing: "Xxx."), spaced)
    XCTAssertEqual(spaced.description, "X x x .")
    XCTAssertEqual(try AccentPattern(parsing: spaced.description), spaced)
  }

  func testAccentErrorsSayWhatAndWhereInOneLine() {
    XCTAssertThrowsError(try AccentPattern(parsing: "X y x")) {
      XCTAssertEqual($0 as? MetronomeError, .unknownAccentMark("y", position: 3))
      XCTAssertEqual(
        "\($0)", "accent pattern has 'y' at position 3; use X (accent), x (normal) or . (silent)")
    }
    for text in ["", "   "] {
      XCTAssertThrowsError(try AccentPattern(parsing: text)) {
        XCTAssertEqual($0 as? MetronomeError, .emptyAccents)
      }
    }
    XCTAssertThrowsError(try AccentPattern(parsing: String(repeating: "x", count: 17))) {
      XCTAssertEqual($0 as? MetronomeError, .beatsPerBarOutOfRange(17))
    }
    for error in [MetronomeError.emptyAccents, .unknownAccentMark("?", position: 1)] {
      XCTAssertFalse(error.description.contains("\n"))
    }
  }

  func testDefaultAccentsStressTheDownbeatAndEachGroupOfEighths() throws {
    let bars: [(Meter, String)] = [
      (.fourFour, "X x x x"), (.twoTwo, "X x"), (.threeEight, "X x x"),
      (.fiveEight, "X x X x x"), (.sixEight, "X x x X x x"), (.sevenEight, "X x X x X x x"),
      (.nineEight, "X x x X x x X x x"), (.twelveEight, "X x x X x x X x x X x x"),
      (try Meter(parsing: "1/4"), "X"), (try Meter(parsing: "8/8"), "X x X x x X x x"),
    ]
    for (meter, bar) in bars {
      XCTAssertEqual(try MetronomePattern(meter: meter).accents.description, bar, "\(meter)")
    }
    XCTAssertEqual(MetronomePattern.standard.meter, .fourFour)
    XCTAssertEqual(MetronomePattern.standard.accents.description, "X x x x")
  }

  func testAGroupingIsABarOfAccentedGroups() throws {
    XCTAssertEqual(try AccentPattern(parsing: "3+2+2").description, "X x x X x X x")
    XCTAssertEqual(try AccentPattern(parsing: " 2 + 3 ").description, "X x X x x")
    XCTAssertThrowsError(try AccentPattern(parsing: "3+")) {
      XCTAssertEqual($0 as? MetronomeError, .unknownAccentMark("3", position: 1))
    }
    XCTAssertThrowsError(try AccentPattern(parsing: "9+9")) {
      XCTAssertEqual($0 as? MetronomeError, .beatsPerBarOutOfRange(18))
    }
  }

  func testAccentsMustFitTheMeter() throws {
    let accents = try AccentPattern(parsing: "X x x")
    XCTAssertThrowsError(try MetronomePattern(meter: .fourFour, accents: accents)) {
      XCTAssertEqual("\($0)", "accent pattern has 3 beats but 4/4 has 4")
    }
    XCTAssertNoThrow(try MetronomePattern(meter: .threeFour, accents: accents))
  }

  // MARK: Ranges

  func testSettingsOutsideTheirRangesAreRefused() throws {
    XCTAssertThrowsError(try MetronomePattern(subdivision: 0)) {
      XCTAssertEqual($0 as? MetronomeError, .subdivisionOutOfRange(0))
    }
    XCTAssertThrowsError(try MetronomePattern(subdivision: 5))
    XCTAssertThrowsError(try MetronomePattern(swing: 0.49)) {
      XCTAssertEqual("\($0)", "swing 0.49 is outside 0.5 (straight)–0.75 (hard swing)")
    }
    XCTAssertThrowsError(try MetronomePattern(swing: 0.8))
    XCTAssertThrowsError(try MetronomePattern(countInBars: 3)) {
      XCTAssertEqual($0 as? MetronomeError, .countInOutOfRange(3))
    }
    XCTAssertThrowsError(try MetronomePattern(countInBars: -1))
    XCTAssertThrowsError(try MetronomePattern(gapClick: .everyNthBar(1))) {
      XCTAssertEqual("\($0)", "gap click cannot mute every 1 bars; use 2 or more")
    }
    XCTAssertThrowsError(try MetronomePattern(gapClick: .randomBars(probability: 1.5)))
    XCTAssertNoThrow(
      try MetronomePattern(
        subdivision: 4, swing: 0.75, countInBars: 2, gapClick: .randomBars(probability: 0)))
  }

  // MARK: Subdivisions and swing

  func testSubdivisionsSplitTheBeatEvenly() throws {
    let triplets = try MetronomePattern(subdivision: 3)
    XCTAssertEqual((0..<3).map(triplets.fraction(ofSubdivision:)), [0, 1.0 / 3, 2.0 / 3])
    let sixteenths = try MetronomePattern(subdivision: 4, swing: 0.7)
    XCTAssertEqual((0..<4).map(sixteenths.fraction(ofSubdivision:)), [0, 0.25, 0.5, 0.75])
  }

  func testSwingMovesTheOffBeatOfEighthsLater() throws {
    XCTAssertEqual(try MetronomePattern(subdivision: 2).fraction(ofSubdivision: 1), 0.5)
    XCTAssertEqual(
      try MetronomePattern(subdivision: 2, swing: 0.75).fraction(ofSubdivision: 1), 0.75)
  }

  // MARK: Gap click

  func testEveryNthBarMutesBarsNTwoNAndSoOn() {
    var generator = TestRandom(seed: 1)
    let muted = (0..<9).filter { GapClick.everyNthBar(3).mutes(bar: $0, using: &generator) }
    XCTAssertEqual(muted, [2, 5, 8])
    XCTAssertFalse((0..<9).contains { GapClick.off.mutes(bar: $0, using: &generator) })
  }

  func testRandomGapsFollowTheSeedAndTheProbability() {
    var first = TestRandom(seed: 42)
    var second = TestRandom(seed: 42)
    let gap = GapClick.randomBars(probability: 0.3)
    let once = (0..<1_000).map { gap.mutes(bar: $0, using: &first) }
    let again = (0..<1_000).map { gap.mutes(bar: $0, using: &second) }
    XCTAssertEqual(once, again)
    XCTAssertEqual(Double(once.filter { $0 }.count) / 1_000, 0.3, accuracy: 0.05)
  }

  // MARK: Speed trainer

  func testTheTrainerStepsEveryFewBarsAndHoldsTheGoal() throws {
    let trainer = try SpeedTrainer(from: 100, to: 112, step: 5, everyBars: 2)
    XCTAssertEqual(
      (0..<10).map(trainer.tempo(atBar:)), [100, 100, 105, 105, 110, 110, 112, 112, 112, 112])
    XCTAssertEqual((0..<5).map(trainer.stepsTempo(atBar:)), [true, false, true, false, true])
  }

  func testTheTrainerStepsDownTowardsALowerGoal() throws {
    let trainer = try SpeedTrainer(from: 140, to: 120, step: 8, everyBars: 1)
    XCTAssertEqual((0..<5).map(trainer.tempo(atBar:)), [140, 132, 124, 120, 120])
  }

  func testTrainerSettingsAreChecked() {
    XCTAssertThrowsError(try SpeedTrainer(from: 10, to: 120, step: 5, everyBars: 2)) {
      XCTAssertEqual($0 as? MetronomeError, .tempoOutOfRange(10))
    }
    XCTAssertThrowsError(try SpeedTrainer(from: 100, to: 320, step: 5, everyBars: 2))
    XCTAssertThrowsError(try SpeedTrainer(from: 100, to: 120, step: 0, everyBars: 2)) {
      XCTAssertEqual("\($0)", "speed trainer step 0 BPM must be more than 0")
    }
    XCTAssertThrowsError(try SpeedTrainer(from: 100, to: 120, step: 5, everyBars: 0)) {
      XCTAssertEqual($0 as? MetronomeError, .trainerIntervalOutOfRange(0))
    }
  }

  // MARK: Volumes

  func testVolumesAreGains() throws {
    var pattern = try MetronomePattern(clickVolume: Gain(percent: 80), subdivisionVolume: .unity)
    pattern.subdivisionVolume = Gain(decibels: -6)
    XCTAssertEqual(pattern.clickVolume, Gain(percent: 80))
    XCTAssertEqual(pattern.subdivisionVolume.decibels, -6, accuracy: 1e-4)
  }
}
