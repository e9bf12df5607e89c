import Audio
import AudioModel
import DSP
import XCTest

final class MetronomeEngineTests: XCTestCase {
  /// A sound card in a test: pulls consecutive blocks and remembers where it is.
  private struct Output {
    let engine: MetronomeEngine
    var frame: Int64 = 0

    mutating func render(_ frames: Int, blockSize: Int = 480) -> [Float] {
      let samples = renderAll(engine, frames: Int64(frames), plan: .fixed(blockSize), from: frame)
      frame += Int64(frames)
      return samples
    }
  }

  private func engine(
    _ pattern: MetronomePattern = .standard, bpm: Double = 120, seed: UInt64 = 1
  ) throws -> MetronomeEngine {
    try MetronomeEngine(
      voices: TestVoices.voices, pattern: pattern, bpm: bpm, random: TestRandom(seed: seed))
  }

  /// A pattern using everything at once: count-in, accents with a rest, triplets, random gaps
  /// and a trainer.
  private func busyPattern() throws -> MetronomePattern {
    try MetronomePattern(
      meter: .fiveFour, accents: AccentPattern(parsing: "X x . x X"), subdivision: 3,
      countInBars: 2, gapClick: .randomBars(probability: 0.3),
      speedTrainer: SpeedTrainer(from: 90, to: 130, step: 7, everyBars: 3),
      subdivisionVolume: Gain(linear: 0.5))
  }

  func testTheOutputIsBitIdenticalForAnyBlockSize() throws {
    let frames: Int64 = 60 * 48_000
    var first: [Float]?
    var firstLog: [ScheduledClick]?
    for plan in [
      BlockPlan.fixed(480), .fixed(1_000), .fixed(4_096), .random(seed: 3, maximum: 3_000),
    ] {
      let engine = try engine(busyPattern(), seed: 5)
      engine.start(atFrame: 0)
      let samples = renderAll(engine, frames: frames, plan: plan)
      if let first, let firstLog {
        XCTAssertTrue(samples == first, "\(plan)")
        XCTAssertEqual(engine.log.snapshot(), firstLog, "\(plan)")
      } else {
        first = samples
        firstLog = engine.log.snapshot()
      }
    }
  }

  func testTheLogMatchesTheRenderedOnsetsAndVoices() throws {
    let pattern = try busyPattern()
    let engine = try engine(pattern, seed: 5)
    engine.start(atFrame: 0)
    let found = onsets(
      in: renderAll(engine, frames: 60 * 48_000, plan: .random(seed: 4, maximum: 2_000)))
    let logged = engine.log.snapshot()
    let audible = logged.filter { !$0.isMuted }

    XCTAssertEqual(found.map(\.frame), audible.map(\.frame))
    let voices = TestVoices.voices
    XCTAssertEqual(
      found.map(\.peak),
      audible.map { click in
        let gain = click.kind == .subdivision ? pattern.subdivisionVolume : pattern.clickVolume
        return voices.samples(for: click.kind)[0] * gain.linear
      })
    XCTAssertTrue(logged.contains { $0.isMuted && $0.kind != .silent }, "a gap bar was drawn")
    XCTAssertTrue(logged.contains { $0.kind == .silent })
    XCTAssertEqual(logged.filter(\.isCountIn).count, 10)
  }

  func testAccentsRestsAndSubdivisionsPickTheirVoices() throws {
    let pattern = try MetronomePattern(
      meter: .fourFour, accents: AccentPattern(parsing: "X x . x"), subdivision: 2, swing: 0.6)
    let engine = try engine(pattern, bpm: 150)
    engine.start(atFrame: 0)
    let found = onsets(in: renderAll(engine, frames: 4 * 19_200, plan: .fixed(333)))
    XCTAssertEqual(
      found.map { TestVoices.kind(ofPeak: $0.peak) },
      [.accent, .subdivision, .normal, .subdivision, .subdivision, .normal, .subdivision])
    // A beat is 19 200 frames; the swung off-beat is 0.6 of it later.
    XCTAssertEqual(
      found.map(\.frame), [0, 11_520, 19_200, 30_720, 49_920, 57_600, 69_120])
  }

  func testNoteTicksSoundWithTheirOwnVoiceWhereTheNotesFall() throws {
    // Dotted eighth and sixteenth, then a rest: the tick is at three quarters of the beat.
    let pattern = try MetronomePattern(meter: .twoFour, targets: [[0.75], []])
    let engine = try engine(pattern, bpm: 120)
    engine.start(atFrame: 0)
    let found = onsets(in: renderAll(engine, frames: 2 * 24_000, plan: .fixed(480)))
    XCTAssertEqual(found.map { TestVoices.kind(ofPeak: $0.peak) }, [.accent, .target, .normal])
    XCTAssertEqual(found.map(\.frame), [0, 18_000, 24_000])
  }

  func testACountInBarSoundsBeforeThePatternWithItsOwnVoice() throws {
    let engine = try engine(MetronomePattern(meter: .threeFour, countInBars: 1), bpm: 120)
    engine.start(atFrame: 0)
    let found = onsets(in: renderAll(engine, frames: 6 * 24_000, plan: .fixed(480)))
    XCTAssertEqual(
      found.map { TestVoices.kind(ofPeak: $0.peak) },
      [.countIn, .countIn, .countIn, .accent, .normal, .normal])
    XCTAssertEqual(engine.log.snapshot().map(\.isCountIn), [true, true, true, false, false, false])
  }

  func testGapBarsAreSilentButStillLogged() throws {
    let engine = try engine(
      MetronomePattern(meter: .twoFour, gapClick: .everyNthBar(2)), bpm: 120)
    engine.start(atFrame: 0)
    let found = onsets(in: renderAll(engine, frames: 8 * 24_000, plan: .fixed(1_000)))
    XCTAssertEqual(found.map(\.frame), [0, 24_000, 96_000, 120_000].map(Int64.init))
    XCTAssertEqual(engine.log.snapshot().filter(\.isMuted).map(\.bar), [1, 1, 3, 3])
  }

  func testRandomGapsReplayFromTheSameSeed() throws {
    let pattern = try MetronomePattern(gapClick: .randomBars(probability: 0.5))
    let runs = try ([9, 9, 10] as [UInt64]).map { seed in
      let engine = try engine(pattern, seed: seed)
      engine.start(atFrame: 0)
      _ = renderAll(engine, frames: 40 * 4 * 24_000, plan: .fixed(480))
      return engine.log.snapshot().filter(\.isMuted).map(\.bar)
    }
    XCTAssertEqual(runs[0], runs[1])
    XCTAssertNotEqual(runs[0], runs[2])
    XCTAssertFalse(runs[0].isEmpty)
  }

  func testTheSpeedTrainerStepsTheTempoOnBarLines() throws {
    let trainer = try SpeedTrainer(from: 60, to: 100, step: 20, everyBars: 1)
    let engine = try engine(MetronomePattern(meter: .twoFour, speedTrainer: trainer), bpm: 200)
    engine.start(atFrame: 0)
    let found = onsets(in: renderAll(engine, frames: 250_000, plan: .fixed(700)))
    // Two beats each at 60 (48 000 frames), 80 (36 000), then 100 BPM (28 800).
    XCTAssertEqual(
      found.map(\.frame), [0, 48_000, 96_000, 132_000, 168_000, 196_800, 225_600])
    XCTAssertEqual(engine.tempo, 100)
  }

  func testStartingAtAFrameInTheFuturePutsTheFirstClickThere() throws {
    let engine = try engine()
    engine.start(atFrame: 1_234)
    let found = onsets(in: renderAll(engine, frames: 30_000, plan: .fixed(480)))
    XCTAssertEqual(found.map(\.frame), [1_234, 25_234])
    XCTAssertTrue(engine.isRunning)
  }

  func testStartingAsSoonAsPossibleBeginsWithTheNextBlock() throws {
    let engine = try engine()
    var output = Output(engine: engine)
    XCTAssertEqual(output.render(960), [Float](repeating: 0, count: 960))
    engine.start()
    let found = onsets(in: output.render(30_000))
    XCTAssertEqual(found.map(\.frame), [0, 24_000], "relative to frame 960")
    XCTAssertEqual(engine.log.snapshot().map(\.frame), [960, 24_960])
  }

  func testStartingAtAFrameAlreadyRenderedBeginsWithTheNextBlock() throws {
    let engine = try engine()
    var output = Output(engine: engine)
    _ = output.render(4_800)
    engine.start(atFrame: 100)
    _ = output.render(480)
    XCTAssertEqual(engine.log.snapshot().first?.frame, 4_800)
  }

  func testStopLetsTheClickThatStartedRingOutWhole() throws {
    let engine = try engine()
    engine.start(atFrame: 0)
    var output = Output(engine: engine)
    let beforeStop = output.render(24_480)
    engine.stop()
    XCTAssertFalse(engine.isRunning)
    let afterStop = output.render(100_000, blockSize: 256)

    let whole = beforeStop + afterStop
    let secondClick = Array(whole[24_000..<(24_000 + TestVoices.normal.count)])
    XCTAssertEqual(secondClick, TestVoices.normal, "the tail after stop is the voice's own tail")
    XCTAssertTrue(whole[(24_000 + TestVoices.normal.count)...].allSatisfy { $0 == 0 })
    XCTAssertEqual(engine.log.snapshot().map(\.frame), [0, 24_000])
  }

  func testStopBetweenClicksPlaysNothingMore() throws {
    let engine = try engine()
    engine.start(atFrame: 0)
    var output = Output(engine: engine)
    _ = output.render(12_000)
    engine.stop()
    XCTAssertTrue(output.render(48_000).allSatisfy { $0 == 0 })
    XCTAssertEqual(engine.log.snapshot().count, 1)
  }

  func testStartingAgainWhileRunningRestartsTheBarAndLetsEarlierClicksRing() throws {
    let engine = try engine()
    engine.start(atFrame: 0)
    var output = Output(engine: engine)
    let before = output.render(24_480)
    engine.start(atFrame: 26_000)
    let whole = before + output.render(48_000)
    XCTAssertEqual(Array(whole[24_000..<25_000]), TestVoices.normal)
    XCTAssertEqual(onsets(in: whole).map(\.frame), [0, 24_000, 26_000, 50_000])
    let logged = engine.log.snapshot()
    XCTAssertEqual(logged.map(\.frame), [0, 24_000, 26_000, 50_000])
    XCTAssertEqual(logged.map(\.beat), [0, 1, 0, 1])
    XCTAssertEqual(logged.map(\.kind), [.accent, .normal, .accent, .normal])
  }

  func testATempoChangeTakesEffectAtTheNextBeat() throws {
    let engine = try engine(bpm: 120)
    engine.start(atFrame: 0)
    var output = Output(engine: engine)
    _ = output.render(30_000, blockSize: 1_000)
    try engine.setTempo(60)
    XCTAssertEqual(engine.tempo, 60)
    _ = output.render(120_000, blockSize: 1_000)
    // Beat 2 keeps its place at 48 000; from there beats are 48 000 frames apart.
    XCTAssertEqual(engine.log.snapshot().map(\.frame), [0, 24_000, 48_000, 96_000, 144_000])
  }

  func testATempoOutOfRangeIsRefusedAndChangesNothing() throws {
    let engine = try engine(bpm: 120)
    XCTAssertThrowsError(try engine.setTempo(10)) {
      XCTAssertEqual($0 as? MetronomeError, .tempoOutOfRange(10))
    }
    XCTAssertEqual(engine.tempo, 120)
    XCTAssertThrowsError(try MetronomeEngine(voices: TestVoices.voices, bpm: 301))
  }

  func testATempoSetWhileStoppedIsWhereTheNextRunStarts() throws {
    let engine = try engine(bpm: 120)
    try engine.setTempo(90)
    engine.start(atFrame: 0)
    _ = renderAll(engine, frames: 40_000)
    XCTAssertEqual(engine.log.snapshot().map(\.frame), [0, 32_000])
  }

  func testANewPatternTakesOverAtTheNextBar() throws {
    let engine = try engine()
    engine.start(atFrame: 0)
    var output = Output(engine: engine)
    _ = output.render(30_000)
    engine.setPattern(try MetronomePattern(meter: .twoFour, accents: AccentPattern(parsing: "X .")))
    _ = output.render(8 * 24_000)
    XCTAssertEqual(
      engine.log.snapshot().map(\.kind),
      [.accent, .normal, .normal, .normal, .accent, .silent, .accent, .silent, .accent, .silent])
    XCTAssertEqual(engine.pattern.meter, .twoFour)
  }

  func testVolumesApplyFromTheNextClick() throws {
    let engine = try engine(MetronomePattern(subdivision: 2))
    engine.start(atFrame: 0)
    var output = Output(engine: engine)
    var samples = output.render(20_000)
    engine.setVolumes(click: Gain(linear: 0.5), subdivision: Gain(linear: 0.25))
    samples += output.render(40_000)
    // The off-beat at 12 000 was scheduled before the change, in the block that ends at 12 480.
    XCTAssertEqual(onsets(in: samples).map(\.peak), [0.8, 0.4, 0.6 * 0.5, 0.4 * 0.25, 0.6 * 0.5])
  }

  /// What a listener is told to recognise: every voice at the volume it is played at.
  func testTheSoundingClicksAreTheVoicesAtTheirVolumes() throws {
    let engine = try engine(MetronomePattern(subdivision: 2))
    engine.setVolumes(click: Gain(linear: 0.5), subdivision: Gain(linear: 0.25))
    let voices = TestVoices.voices
    XCTAssertEqual(
      engine.soundingClicks,
      [
        voices.accent.map { $0 * 0.5 }, voices.normal.map { $0 * 0.5 },
        voices.subdivision.map { $0 * 0.25 }, voices.countIn.map { $0 * 0.5 },
        voices.target.map { $0 * 0.5 },
      ])
  }

  func testNewVoicesApplyFromTheNextClick() throws {
    let engine = try engine()
    engine.start(atFrame: 0)
    var output = Output(engine: engine)
    var samples = output.render(480)
    let quiet = TestVoices.burst(peak: 0.1, length: 300)
    engine.setVoices(
      MetronomeVoices(
        accent: quiet, normal: quiet, subdivision: quiet, countIn: quiet, target: quiet))
    samples += output.render(48_000)
    XCTAssertEqual(Array(samples[0..<1_200]), TestVoices.accent, "the sounding click is kept")
    XCTAssertEqual(onsets(in: samples).map(\.peak), [0.8, 0.1, 0.1])
  }

  func testTheBuiltInVoicesStartAtFullStrengthOnTheirFirstSample() {
    let voices = MetronomeVoices(sampleRate: 48_000)
    for kind in [ClickKind.accent, .normal, .subdivision, .countIn] {
      let samples = voices.samples(for: kind)
      XCTAssertFalse(samples.isEmpty, "\(kind)")
      XCTAssertEqual(
        abs(samples.first ?? 0), samples.map(abs).max() ?? 0, accuracy: 0.05, "\(kind)")
    }
  }
}
