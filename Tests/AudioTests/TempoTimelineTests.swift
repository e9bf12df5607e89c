import Audio
import AudioModel
import XCTest

final class TempoTimelineTests: XCTestCase {
  private let rate = TestVoices.sampleRate

  func testTenHoursOfBeatsAtOddTempiMatchTheClosedFormExactly() throws {
    // Tempi as numerator / denominator, so the expected frames come from exact integers.
    let tempi: [(Int64, Int64)] = [(20, 1), (377, 10), (973, 10), (13_333, 100), (2_999, 10)]
    for (numerator, denominator) in tempi {
      let bpm = Double(numerator) / Double(denominator)
      let timeline = try TempoTimeline(bpm: bpm, sampleRate: rate)
      let tenHoursInMinutes = 600.0
      let beats = Int64(tenHoursInMinutes * bpm)
      var mismatches = 0
      for k in 0...beats
      where timeline.frame(ofBeat: k)
        != idealFrame(ofBeat: k, bpmNumerator: numerator, bpmDenominator: denominator)
      {
        mismatches += 1
      }
      XCTAssertEqual(mismatches, 0, "\(bpm) BPM")
    }
  }

  func testSummingRoundedBeatLengthsWouldDriftWhereTheTimelineDoesNot() throws {
    let timeline = try TempoTimeline(bpm: 97.3, sampleRate: rate)
    let roundedBeat = Int64((60 * Double(rate) / 97.3).rounded())
    let beatsInTenHours: Int64 = 58_380
    XCTAssertEqual(
      timeline.frame(ofBeat: beatsInTenHours),
      idealFrame(ofBeat: beatsInTenHours, bpmNumerator: 973, bpmDenominator: 10))
    XCTAssertGreaterThan(
      abs(roundedBeat * beatsInTenHours - timeline.frame(ofBeat: beatsInTenHours)),
      Int64(rate / 10),
      "the naive sum should be audibly off, or this test shows nothing")
  }

  func testBeatsCountFromTheStartFrame() throws {
    let timeline = try TempoTimeline(bpm: 120, sampleRate: rate, startFrame: 1_234)
    XCTAssertEqual(timeline.frame(ofBeat: 0), 1_234)
    XCTAssertEqual(timeline.frame(ofBeat: 3), 1_234 + 72_000)
  }

  func testATempoChangeKeepsEveryEarlierBeatAndStartsAtItsBoundary() throws {
    let before = try TempoTimeline(bpm: 120, sampleRate: rate)
    let after = try before.changingTempo(to: 90, atBeat: 10)

    for k in 0...10 as ClosedRange<Int64> {
      XCTAssertEqual(after.frame(ofBeat: k), before.frame(ofBeat: k), "beat \(k)")
    }
    XCTAssertEqual(after.frame(ofBeat: 10), 240_000)
    XCTAssertEqual(after.frame(ofBeat: 11), 240_000 + 32_000)
    XCTAssertEqual(after.frame(ofBeat: 1_010), 240_000 + 1_000 * 32_000)
    XCTAssertEqual(after.bpm(atBeat: 9), 120)
    XCTAssertEqual(after.bpm(atBeat: 10), 90)
    XCTAssertEqual(
      after.segments,
      [
        .init(startFrame: 0, startBeat: 0, bpm: 120),
        .init(startFrame: 240_000, startBeat: 10, bpm: 90),
      ])
  }

  func testBeatsAfterAChangeAreComputedFromTheChangeNotAccumulated() throws {
    let timeline = try TempoTimeline(bpm: 120, sampleRate: rate).changingTempo(to: 97.3, atBeat: 7)
    for k in [8, 100, 58_000] as [Int64] {
      XCTAssertEqual(
        timeline.frame(ofBeat: k),
        168_000 + idealFrame(ofBeat: k - 7, bpmNumerator: 973, bpmDenominator: 10))
    }
  }

  func testAnEarlierChangeReplacesChangesPlannedAfterIt() throws {
    let timeline = try TempoTimeline(bpm: 120, sampleRate: rate)
      .changingTempo(to: 60, atBeat: 20)
      .changingTempo(to: 240, atBeat: 10)
    XCTAssertEqual(timeline.segments.map(\.startBeat), [0, 10])
    XCTAssertEqual(timeline.frame(ofBeat: 30), 240_000 + 20 * 12_000)
  }

  func testFractionsOfABeatUseThatBeatsTempo() throws {
    let timeline = try TempoTimeline(bpm: 120, sampleRate: rate).changingTempo(to: 60, atBeat: 2)
    XCTAssertEqual(timeline.frame(ofBeat: 1, fraction: 0.5), 24_000 + 12_000)
    XCTAssertEqual(timeline.frame(ofBeat: 2, fraction: 0.5), 48_000 + 24_000)
    XCTAssertEqual(timeline.frame(ofBeat: 2, fraction: 2.0 / 3), 48_000 + 32_000)
    XCTAssertEqual(timeline.frame(ofBeat: 3, fraction: 0), timeline.frame(ofBeat: 3))
  }

  func testDiscardingHistoryKeepsLaterBeatsWhereTheyWere() throws {
    var timeline = try TempoTimeline(bpm: 120, sampleRate: rate)
      .changingTempo(to: 90, atBeat: 4)
      .changingTempo(to: 200, atBeat: 8)
    let later = (8...20).map { timeline.frame(ofBeat: Int64($0)) }
    timeline.discardSegments(before: 9)
    XCTAssertEqual(timeline.segments.map(\.startBeat), [8])
    XCTAssertEqual((8...20).map { timeline.frame(ofBeat: Int64($0)) }, later)
  }

  func testTempoMustBeBetween20And300BPM() {
    for bpm in [20, 20.5, 120, 300] {
      XCTAssertNoThrow(try TempoTimeline(bpm: bpm, sampleRate: rate), "\(bpm)")
    }
    for bpm in [0, 19.99, 300.01, 1_000, -120, .nan, .infinity] {
      XCTAssertThrowsError(try TempoTimeline(bpm: bpm, sampleRate: rate), "\(bpm)") { error in
        guard case .tempoOutOfRange = error as? MetronomeError else {
          return XCTFail("unexpected \(error)")
        }
      }
    }
    XCTAssertThrowsError(
      try TempoTimeline(bpm: 120, sampleRate: rate).changingTempo(to: 301, atBeat: 1))
  }

  func testTempoErrorsAreOneLineAndNameTheRange() {
    XCTAssertEqual(
      MetronomeError.tempoOutOfRange(350).description, "tempo 350 BPM is outside 20–300 BPM")
    XCTAssertEqual(
      MetronomeError.tempoOutOfRange(12.5).description, "tempo 12.5 BPM is outside 20–300 BPM")
  }
}
