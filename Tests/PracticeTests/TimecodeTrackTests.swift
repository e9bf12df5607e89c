import Practice
import XCTest

/// Timecode read frame by frame: the rate, the jumps and the drift, from labels and samples.
final class TimecodeTrackTests: XCTestCase {
  /// `count` frames from `start` at `rate`, `spacing` samples apart.
  private func frames(
    from start: Timecode, count: Int, spacing: Double, dropFlag: Bool = false
  ) -> [TimecodeTrack.Frame] {
    (0..<count).map { index in
      let timecode = Timecode(frameCount: start.frameCount + index, rate: start.rate)
      return TimecodeTrack.Frame(
        hours: timecode.hours, minutes: timecode.minutes, seconds: timecode.seconds,
        frames: timecode.frames, isDropFrame: dropFlag,
        sample: Int64((Double(index) * spacing).rounded()),
        end: Int64((Double(index + 1) * spacing).rounded()) - 1)
    }
  }

  func testTheRateComesFromTheLabelsTheFlagAndTheSpacing() throws {
    let cases: [(FrameRate, Double)] = [
      (.fps25, 1_920), (.fps24, 2_000), (.fps23976, 2_002), (.fps30, 1_600),
      (.fps2997, 1_601.6), (.fps2997DropFrame, 1_601.6),
    ]
    for (rate, spacing) in cases {
      let start = Timecode(hours: 1, minutes: 0, seconds: 0, frames: 0, rate: rate)
      let track = try XCTUnwrap(
        TimecodeTrack(
          frames: frames(from: start, count: 1_000, spacing: spacing, dropFlag: rate.isDropFrame),
          sampleRate: 48_000), "\(rate)")
      XCTAssertEqual(track.rate, rate)
      XCTAssertEqual(track.jumps, [], "\(rate)")
      // 1601.6 samples a frame is 29.97 exactly, 1 ppm slower than 30000/1001.
      XCTAssertEqual(try XCTUnwrap(track.driftPPM), 0, accuracy: 1.5, "\(rate)")
    }
  }

  func testAGapInTheCountIsAJumpAndTheDriftIsTakenOverTheLongestStretch() throws {
    let start = Timecode(hours: 10, minutes: 0, seconds: 0, frames: 0, rate: .fps25)
    let later = Timecode(hours: 10, minutes: 0, seconds: 10, frames: 0, rate: .fps25)
    // 100 ppm fast: 25 frames in a little less than a second of samples.
    let first = frames(from: start, count: 50, spacing: 1_920 / 1.0001)
    let second = frames(from: later, count: 200, spacing: 1_920 / 1.0001).map {
      var frame = $0
      frame.sample += 100_000
      frame.end += 100_000
      return frame
    }
    let track = try XCTUnwrap(TimecodeTrack(frames: first + second, sampleRate: 48_000))
    XCTAssertEqual(track.jumps.map(\.from.timecode.description), ["10:00:01:24"])
    XCTAssertEqual(track.jumps.map(\.to.timecode.description), ["10:00:10:00"])
    XCTAssertEqual(try XCTUnwrap(track.driftPPM), 100, accuracy: 1)
  }

  func testOneFrameTellsNothing() {
    let start = Timecode(hours: 0, minutes: 0, seconds: 0, frames: 0, rate: .fps25)
    XCTAssertNil(
      TimecodeTrack(frames: frames(from: start, count: 1, spacing: 1_920), sampleRate: 48_000))
  }
}
