import Audio
import AudioModel
import XCTest

final class ClickSchedulerTests: XCTestCase {
  private let rate = TestVoices.sampleRate

  private func clicks(
    _ pattern: MetronomePattern, bpm: Double = 120, count: Int, seed: UInt64 = 1,
    origin: Int64 = 0
  ) throws -> [ScheduledClick] {
    var scheduler = try ClickScheduler(
      pattern: pattern, bpm: bpm, sampleRate: rate, origin: origin)
    var generator = TestRandom(seed: seed)
    return (0..<count).map { _ in scheduler.next(using: &generator) }
  }

  func testBeatsFollowTheAccentsOfTheBar() throws {
    let pattern = try MetronomePattern(
      meter: .fourFour, accents: AccentPattern(parsing: "X x . x"))
    let scheduled = try clicks(pattern, count: 8)
    XCTAssertEqual(
      scheduled.map(\.kind),
      [.accent, .normal, .silent, .normal, .accent, .normal, .silent, .normal])
    XCTAssertEqual(
      scheduled.map(\.isMuted), [false, false, true, false, false, false, true, false])
    XCTAssertEqual(scheduled.map(\.frame), (0..<8).map { Int64($0) * 24_000 })
    XCTAssertEqual(scheduled.map(\.beat), Array(0..<8))
    XCTAssertEqual(scheduled.map(\.bar), [0, 0, 0, 0, 1, 1, 1, 1])
    XCTAssertEqual(scheduled.map(\.beatInBar), [0, 1, 2, 3, 0, 1, 2, 3])
  }

  func testFramesStartAtTheOrigin() throws {
    let scheduled = try clicks(.standard, bpm: 90, count: 3, origin: 5_000)
    XCTAssertEqual(scheduled.map(\.frame), [5_000, 37_000, 69_000])
  }

  func testTripletsFallAtThirdsOfTheBeatFromTheClosedForm() throws {
    // 97.3 BPM: thirds of a beat are fractional frames, rounded from the beat number each time.
    let scheduled = try clicks(MetronomePattern(subdivision: 3), bpm: 97.3, count: 3 * 400)
    for click in scheduled {
      let third = click.beat * 3 + Int64(click.subdivision)
      XCTAssertEqual(
        click.frame, idealFrame(ofBeat: third, bpmNumerator: 973 * 3, bpmDenominator: 10))
    }
    XCTAssertEqual(scheduled.prefix(4).map(\.kind), [.accent, .subdivision, .subdivision, .normal])
    XCTAssertEqual(scheduled.prefix(4).map(\.subdivision), [0, 1, 2, 0])
  }

  func testSwingPutsTheOffBeatAtTheSwingRatio() throws {
    let scheduled = try clicks(MetronomePattern(subdivision: 2, swing: 2.0 / 3), count: 4)
    XCTAssertEqual(scheduled.map(\.frame), [0, 16_000, 24_000, 40_000])
    let hard = try clicks(MetronomePattern(subdivision: 2, swing: 0.75), count: 2)
    XCTAssertEqual(hard.map(\.frame), [0, 18_000])
  }

  func testSubdivisionsStillClickUnderASilentBeat() throws {
    let pattern = try MetronomePattern(
      meter: .twoFour, accents: AccentPattern(parsing: "X ."), subdivision: 2)
    let scheduled = try clicks(pattern, count: 4)
    XCTAssertEqual(scheduled.map(\.kind), [.accent, .subdivision, .silent, .subdivision])
    XCTAssertEqual(scheduled.map(\.isMuted), [false, false, true, false])
  }

  func testACountInBarComesFirstWithItsOwnVoiceAndNoSubdivisions() throws {
    let pattern = try MetronomePattern(meter: .threeFour, subdivision: 2, countInBars: 1)
    let scheduled = try clicks(pattern, count: 5)
    XCTAssertEqual(scheduled.map(\.kind), [.countIn, .countIn, .countIn, .accent, .subdivision])
    XCTAssertEqual(scheduled.map(\.isCountIn), [true, true, true, false, false])
    XCTAssertEqual(scheduled.map(\.bar), [-1, -1, -1, 0, 0])
    XCTAssertEqual(scheduled.map(\.beat), [0, 1, 2, 3, 3])
    XCTAssertEqual(scheduled.map(\.frame), [0, 24_000, 48_000, 72_000, 84_000])
  }

  func testNoteTicksFollowTheBeatsAfterTheCountInInTimeOrder() throws {
    // At 120 BPM a beat is 24 000 frames. Beat 0: a triplet; beat 1: an off-beat eighth; then
    // the line again. Subdivided in eighths, so ticks and subdivisions interleave.
    let pattern = try MetronomePattern(
      meter: .twoFour, subdivision: 2, countInBars: 1, targets: [[0, 1.0 / 3, 2.0 / 3], [0.5]])
    let scheduled = try clicks(pattern, count: 2 + 5 + 3 + 5)
    XCTAssertEqual(
      scheduled.map(\.kind),
      [
        .countIn, .countIn,
        .accent, .target, .target, .subdivision, .target,
        .normal, .target, .subdivision,
        .accent, .target, .target, .subdivision, .target,
      ])
    XCTAssertEqual(
      scheduled[2..<7].map(\.frame), [48_000, 48_000, 56_000, 60_000, 64_000],
      "a tick on the beat sounds with it")
    XCTAssertEqual(scheduled[7..<10].map(\.frame), [72_000, 84_000, 84_000])
    XCTAssertEqual(scheduled[2..<7].map(\.subdivision), [0, 1, 2, 3, 4])
    XCTAssertEqual(scheduled[2..<7].map(\.beat), [2, 2, 2, 2, 2])
  }

  /// A line of notes rests where no note falls near the beat: not in its first quarter, nor
  /// at the very end of the beat before. The count-in and lines without notes never rest.
  func testTheBeatsWhereTheLineRestsAreMarked() throws {
    // After the count-in: a note on the beat; notes from its middle on (a rest at the click);
    // nothing, but a note just before the beat; a note in the middle (a rest at the click).
    let pattern = try MetronomePattern(
      meter: .fourFour, countInBars: 1, targets: [[0], [0.5, 0.95], [], [0.5]])
    let beats = try clicks(pattern, count: 30).filter { $0.subdivision == 0 }
    XCTAssertEqual(
      beats.prefix(12).map(\.isRest),
      [false, false, false, false, false, true, false, true, false, true, false, true])
    XCTAssertFalse(try clicks(MetronomePattern(), count: 8).contains { $0.isRest })
  }

  /// A beat a written note is held over has no note near its click, yet the note may sound
  /// there: it is no rest, so the click's sound is not learned under it.
  func testABeatANoteIsHeldOverIsNoRest() throws {
    let pattern = try MetronomePattern(
      meter: .fourFour, countInBars: 1, targets: [[0], [], [0], []],
      heldBeats: [false, true, false, false])
    let beats = try clicks(pattern, count: 30).filter { $0.subdivision == 0 }
    XCTAssertEqual(
      beats.prefix(8).map(\.isRest), [false, false, false, false, false, false, false, true])
  }

  func testANoteTickOutsideTheBeatIsRefused() {
    XCTAssertThrowsError(try MetronomePattern(targets: [[0, 1]])) { error in
      XCTAssertEqual(
        (error as? MetronomeError)?.description,
        "a note tick at 1 of a beat is outside the beat (0 to under 1)")
    }
  }

  func testACountInCanBeAllAccents() throws {
    let pattern = try MetronomePattern(
      meter: .twoFour, countInBars: 2, countInStyle: .allAccented)
    let scheduled = try clicks(pattern, count: 6)
    XCTAssertEqual(scheduled.map(\.kind), [.accent, .accent, .accent, .accent, .accent, .normal])
    XCTAssertEqual(scheduled.map(\.bar), [-2, -2, -1, -1, 0, 0])
    XCTAssertEqual(scheduled.map(\.isCountIn), [true, true, true, true, false, false])
  }

  func testGapBarsAreMutedButLogged() throws {
    let pattern = try MetronomePattern(
      meter: .twoFour, subdivision: 2, countInBars: 1, gapClick: .everyNthBar(2))
    let scheduled = try clicks(pattern, count: 2 + 4 * 4)
    let mutedBars = Set(scheduled.filter(\.isMuted).map(\.bar))
    XCTAssertEqual(mutedBars, [1, 3])
    XCTAssertTrue(scheduled.filter { $0.bar == 1 }.allSatisfy(\.isMuted))
    XCTAssertEqual(scheduled.filter { $0.bar == 1 }.count, 4, "beats and subdivisions of the gap")
  }

  func testRandomGapsDrawOncePerBarFromTheGivenGenerator() throws {
    let gap = GapClick.randomBars(probability: 0.5)
    let pattern = try MetronomePattern(meter: .threeFour, subdivision: 2, gapClick: gap)
    let scheduled = try clicks(pattern, count: 6 * 40, seed: 99)
    var generator = TestRandom(seed: 99)
    let expected = (0..<40).filter { gap.mutes(bar: $0, using: &generator) }
    XCTAssertEqual(Set(scheduled.filter(\.isMuted).map(\.bar)), Set(expected))
    XCTAssertFalse(expected.isEmpty)
    XCTAssertEqual(try clicks(pattern, count: 6 * 40, seed: 99), scheduled)
  }

  func testTheSpeedTrainerChangesTempoOnBarDownbeats() throws {
    let trainer = try SpeedTrainer(from: 100, to: 120, step: 20, everyBars: 2)
    let pattern = try MetronomePattern(
      meter: .twoFour, countInBars: 1, speedTrainer: trainer)
    let scheduled = try clicks(pattern, bpm: 60, count: 2 + 2 * 4)
    let gaps = zip(scheduled.dropFirst(), scheduled).map { $0.frame - $1.frame }
    // 100 BPM (28 800 frames) for the count-in and bars 0–1, 120 BPM (24 000) from bar 2.
    XCTAssertEqual(gaps, [28_800, 28_800, 28_800, 28_800, 28_800, 28_800, 24_000, 24_000, 24_000])
    XCTAssertEqual(scheduled[6].bar, 2)
    XCTAssertEqual(scheduled[6].beatInBar, 0)
    XCTAssertEqual(scheduled[6].frame, 6 * 28_800)
  }

  func testATempoChangeWaitsForTheNextBeatBoundary() throws {
    var scheduler = try ClickScheduler(
      pattern: MetronomePattern(subdivision: 2), bpm: 120, sampleRate: rate)
    var generator = TestRandom(seed: 1)
    XCTAssertEqual(scheduler.next(using: &generator).frame, 0)
    try scheduler.changeTempo(to: 60)
    XCTAssertEqual(scheduler.tempo, 60)
    XCTAssertEqual(scheduler.nextFrame, 12_000, "the off-beat keeps the old tempo")
    let rest = (0..<4).map { _ in scheduler.next(using: &generator).frame }
    XCTAssertEqual(rest, [12_000, 24_000, 48_000, 72_000])
    XCTAssertEqual(scheduler.timeline.segments.count, 1, "history is dropped as it goes")
  }

  func testATempoChangeOutOfRangeIsRefused() throws {
    var scheduler = try ClickScheduler(pattern: .standard, bpm: 120, sampleRate: rate)
    XCTAssertThrowsError(try scheduler.changeTempo(to: 400)) {
      XCTAssertEqual($0 as? MetronomeError, .tempoOutOfRange(400))
    }
    XCTAssertEqual(scheduler.tempo, 120)
  }

  func testAPatternChangeWaitsForTheNextBar() throws {
    var scheduler = try ClickScheduler(pattern: .standard, bpm: 120, sampleRate: rate)
    var generator = TestRandom(seed: 1)
    _ = scheduler.next(using: &generator)
    scheduler.changePattern(
      to: try MetronomePattern(meter: .threeFour, accents: AccentPattern(parsing: "X . x")))
    let rest = (0..<6).map { _ in scheduler.next(using: &generator) }
    XCTAssertEqual(rest.map(\.kind), [.normal, .normal, .normal, .accent, .silent, .normal])
    XCTAssertEqual(rest.map(\.bar), [0, 0, 0, 1, 1, 1])
    XCTAssertEqual(scheduler.pattern.meter, .threeFour)
  }

  func testANewPatternsTrainerStartsAtTheBarItTakesOver() throws {
    var scheduler = try ClickScheduler(
      pattern: MetronomePattern(meter: .twoFour), bpm: 120, sampleRate: rate)
    var generator = TestRandom(seed: 1)
    _ = (0..<3).map { _ in scheduler.next(using: &generator) }
    let trainer = try SpeedTrainer(from: 60, to: 90, step: 30, everyBars: 1)
    scheduler.changePattern(to: try MetronomePattern(meter: .twoFour, speedTrainer: trainer))
    let frames = (0..<5).map { _ in scheduler.next(using: &generator).frame }
    // Beat 3 ends bar 1 at 120 BPM; bar 2 is the trainer's first (60), bar 3 its second (90).
    XCTAssertEqual(frames, [72_000, 96_000, 144_000, 192_000, 224_000])
  }
}
