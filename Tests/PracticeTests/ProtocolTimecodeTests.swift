import DSP
import Practice
import XCTest

final class ProtocolTimecodeTests: XCTestCase {
  func testReadsAndPrintsHHMMSSFF() {
    let table: [(String, FrameRate, String?)] = [
      ("10:00:00:00", .fps25, "10:00:00:00"),
      ("1:2:3:4", .fps25, "01:02:03:04"),
      ("23:59:59:24", .fps25, "23:59:59:24"),
      ("23:59:59:29", .fps2997, "23:59:59:29"),
      ("00:00:00:25", .fps25, nil),
      ("00:00:00:24", .fps24, nil),
      ("24:00:00:00", .fps25, nil),
      ("00:60:00:00", .fps25, nil),
      ("00:00:60:00", .fps25, nil),
      ("10:00:00", .fps25, nil),
      ("10:00:00:00:00", .fps25, nil),
      ("10:00:+1:00", .fps25, nil),
      ("100:00:00:00", .fps25, nil),
      ("10:00::00", .fps25, nil),
    ]
    for (text, rate, expected) in table {
      XCTAssertEqual(Timecode(text, rate: rate)?.description, expected, "\(text) at \(rate)")
    }
  }

  func testFieldsAndFrameCount() throws {
    let timecode = try XCTUnwrap(Timecode("01:02:03:04", rate: .fps24))
    XCTAssertEqual(timecode.frameCount, (3600 + 2 * 60 + 3) * 24 + 4)
    XCTAssertEqual(
      [timecode.hours, timecode.minutes, timecode.seconds, timecode.frames], [1, 2, 3, 4])
  }

  func testAddingRealTime() throws {
    let start = try XCTUnwrap(Timecode("10:00:00:00", rate: .fps25))
    let table: [(Double, String)] = [
      (0, "10:00:00:00"), (0.039, "10:00:00:00"), (0.04, "10:00:00:01"), (1, "10:00:01:00"),
      (61.5, "10:01:01:12"), (3600, "11:00:00:00"), (-0.04, "09:59:59:24"),
      (14 * 3600, "00:00:00:00"),
    ]
    for (seconds, expected) in table {
      XCTAssertEqual(start.adding(seconds: seconds).description, expected, "\(seconds) s")
    }
  }

  func testYearsLaterNeitherOverflowsNorDrifts() throws {
    let start = try XCTUnwrap(Timecode("01:00:00:00", rate: .fps2997))
    // Ten years of 365 days at 29.97 non-drop, counted in exact whole numbers.
    XCTAssertEqual(start.adding(seconds: 3650 * 86_400).description, "09:29:15:01")
    XCTAssertEqual(
      try XCTUnwrap(Timecode("01:00:00:00", rate: .fps25)).adding(seconds: 3650 * 86_400)
        .description, "01:00:00:00")
  }

  func testAClockCenturiesOffGivesALabelNotACrash() throws {
    // A damaged journal line can put a take in the year 9999; the label is then meaningless,
    // but it must be one.
    let start = try XCTUnwrap(Timecode("01:00:00;00", rate: .fps2997DropFrame))
    for interval in [1e12, -1e12, 1e300, .infinity, -.infinity, .nan] {
      XCTAssertEqual(start.adding(seconds: interval).rate, .fps2997DropFrame)
      XCTAssertEqual(start.converted(to: .fps23976, adding: interval).rate, .fps23976)
    }
    XCTAssertEqual(
      start.adding(seconds: 1e12), start.adding(seconds: 100 * 365.25 * 86_400))
  }

  func testTwentyNineNineSevenIsNonDropFrameAndLagsTheWallClock() throws {
    let start = try XCTUnwrap(Timecode("00:00:00:00", rate: .fps2997))
    XCTAssertEqual(start.adding(seconds: 1).description, "00:00:00:29")
    XCTAssertEqual(start.adding(seconds: 1.001).description, "00:00:01:00")
    XCTAssertEqual(start.adding(seconds: 3600).description, "00:59:56:12")
  }

  func testFramesAreClampedToTheRate() {
    let timecode = Timecode(hours: 1, minutes: 0, seconds: 0, frames: 29, rate: .fps25)
    XCTAssertEqual(timecode.description, "01:00:00:24")
  }

  func testEveryRateHasItsLabelsAndSpeed() {
    XCTAssertEqual(
      FrameRate.allCases.map(\.rawValue), ["23.976", "24", "25", "29.97", "29.97df", "30"])
    XCTAssertEqual(FrameRate.allCases.map(\.framesPerTimecodeSecond), [24, 24, 25, 30, 30, 30])
    XCTAssertEqual(FrameRate.fps2997.framesPerSecond, 29.97, accuracy: 0.0001)
    XCTAssertEqual(FrameRate.fps23976.framesPerSecond, 23.976, accuracy: 0.0001)
    XCTAssertEqual(FrameRate.allCases.filter(\.isDropFrame), [.fps2997DropFrame])
    let names: [(String, FrameRate?)] = [
      ("23.976", .fps23976), ("23.98", .fps23976), ("29.97DF", .fps2997DropFrame),
      ("29.97d", .fps2997DropFrame), ("29.97NDF", .fps2997), ("30", .fps30), ("29", nil),
      ("30df", nil), ("", nil),
    ]
    for (name, rate) in names { XCTAssertEqual(FrameRate(name: name), rate, name) }
  }

  /// SMPTE 12M's reference points of 29.97 drop-frame.
  func testDropFrameLabelsSkipTheFirstTwoFramesOfMostMinutes() {
    let table: [(Int, String)] = [
      (0, "00:00:00;00"), (1799, "00:00:59;29"), (1800, "00:01:00;02"), (3597, "00:01:59;29"),
      (3598, "00:02:00;02"), (17_981, "00:09:59;29"), (17_982, "00:10:00;00"),
      (17_982 + 1800, "00:11:00;02"), (107_892, "01:00:00;00"), (2_589_407, "23:59:59;29"),
      (2_589_408, "00:00:00;00"),
    ]
    for (frames, label) in table {
      XCTAssertEqual(Timecode(frameCount: frames, rate: .fps2997DropFrame).description, label)
      XCTAssertEqual(
        Timecode(label, rate: .fps2997DropFrame)?.frameCount, frames % 2_589_408, label)
    }
    let refused = ["00:01:00;00", "00:01:00;01", "10:59:00;01", "00:01:00:00"]
    for label in refused { XCTAssertNil(Timecode(label, rate: .fps2997DropFrame), label) }
    XCTAssertEqual(Timecode("00:10:00:00", rate: .fps2997DropFrame)?.description, "00:10:00;00")
    XCTAssertNil(Timecode("00:10:00;00", rate: .fps25), "; is drop-frame only")
    XCTAssertEqual(
      Timecode(hours: 0, minutes: 1, seconds: 0, frames: 0, rate: .fps2997DropFrame).description,
      "00:01:00;02", "a skipped label becomes the next")
  }

  /// Drop-frame runs with the clock, to the frame every ten minutes; 23.976 lags as 29.97 does.
  func testDropFrameKeepsUpWithTheClockAndTwentyThreeNineSevenSixLags() {
    let dropFrame = Timecode(frameCount: 0, rate: .fps2997DropFrame)
    XCTAssertEqual(dropFrame.adding(seconds: 600).description, "00:10:00;00")
    XCTAssertEqual(dropFrame.adding(seconds: 3600).description, "01:00:00;00")
    XCTAssertEqual(dropFrame.adding(seconds: 60).description, "00:00:59;28")
    let film = Timecode(frameCount: 0, rate: .fps23976)
    XCTAssertEqual(film.adding(seconds: 1.001).description, "00:00:01:00")
    XCTAssertEqual(film.adding(seconds: 3600).description, "00:59:56:09")
  }

  /// Every frame of the first 12 minutes and 5 000 random ones of the day, at every rate:
  /// the label reads back as the frame, labels follow one another, and drop-frame's never
  /// name a frame it skips.
  func testLabelsAndFramesRoundTripAtEveryRate() {
    var generator = SplitMix64(seed: 19)
    var problems: [String] = []
    for rate in FrameRate.allCases {
      let day = rate.framesPerDay
      let random = (0..<5_000).map { _ in Int.random(in: 0..<day, using: &generator) }
      for frame in Array(0..<(12 * 60 * 30)) + random {
        let timecode = Timecode(frameCount: frame, rate: rate)
        let label = "\(timecode) at \(rate.rawValue)"
        if Timecode(timecode.description, rate: rate) != timecode {
          problems.append("\(label) does not read back")
        }
        let again = Timecode(
          hours: timecode.hours, minutes: timecode.minutes, seconds: timecode.seconds,
          frames: timecode.frames, rate: rate)
        if again != timecode { problems.append("\(label) from its fields is \(again)") }
        if rate.isDropFrame, timecode.seconds == 0, timecode.frames < 2,
          timecode.minutes % 10 != 0
        {
          problems.append("\(label) is a skipped label")
        }
        let next = Timecode(frameCount: frame + 1, rate: rate)
        let step = Self.labelNumber(next) - Self.labelNumber(timecode)
        let skips =
          rate.isDropFrame && next.seconds == 0 && next.frames == 2 && next.minutes % 10 != 0
        if step != (skips ? 3 : 1), (frame + 1) % day != 0 {
          problems.append("\(label) is followed by \(next)")
        }
      }
    }
    XCTAssertEqual(problems.count, 0, problems.prefix(10).joined(separator: "\n"))
  }

  /// Every label of the day that a recorder can show reads as a frame and prints as typed.
  func testEveryLabelAtEveryRateReadsBackAsTyped() {
    var generator = SplitMix64(seed: 2997)
    for rate in FrameRate.allCases {
      for _ in 0..<5_000 {
        let fields = [24, 60, 60, rate.framesPerTimecodeSecond].map {
          Int.random(in: 0..<$0, using: &generator)
        }
        let text =
          fields.dropLast().map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
          + (rate.isDropFrame ? ";" : ":") + (fields[3] < 10 ? "0\(fields[3])" : "\(fields[3])")
        let skipped = rate.isDropFrame && fields[2] == 0 && fields[3] < 2 && fields[1] % 10 != 0
        XCTAssertEqual(Timecode(text, rate: rate)?.description, skipped ? nil : text, text)
      }
    }
  }

  /// A time converted to another rate is the frame under way there at the same instant,
  /// counted from 00:00:00:00: never after it, less than a frame before.
  func testConvertingToAnotherRateKeepsTheInstant() throws {
    let table: [(String, FrameRate, FrameRate, String)] = [
      ("01:00:00:20", .fps25, .fps30, "01:00:00:24"),
      ("01:00:00:24", .fps30, .fps25, "01:00:00:20"),
      ("10:00:00:00", .fps25, .fps2997, "09:59:24:01"),
      ("10:00:00:00", .fps25, .fps2997DropFrame, "10:00:00;01"),
      ("00:10:00;00", .fps2997DropFrame, .fps30, "00:09:59:29"),
      ("01:00:00:00", .fps23976, .fps24, "01:00:03:14"),
      ("23:59:59:24", .fps25, .fps24, "23:59:59:23"),
    ]
    for (text, from, to, expected) in table {
      let timecode = try XCTUnwrap(Timecode(text, rate: from))
      XCTAssertEqual(timecode.converted(to: to).description, expected, "\(text) at \(from)")
    }
    var generator = SplitMix64(seed: 25)
    var problems: [String] = []
    for from in FrameRate.allCases {
      let (f1, s1) = from.speed
      // Instants within the shortest day, drop-frame's 86 399.9 s.
      let last = 86_399 * f1 / s1
      for _ in 0..<2_000 {
        let frame = Int.random(in: 0..<last, using: &generator)
        let timecode = Timecode(frameCount: frame, rate: from)
        for to in FrameRate.allCases {
          let (f2, s2) = to.speed
          let converted = timecode.converted(to: to)
          let instant = frame * s1 * f2
          if converted.frameCount * s2 * f1 > instant
            || instant >= (converted.frameCount + 1) * s2 * f1
          {
            problems.append("\(timecode) at \(from) is \(converted) at \(to)")
          }
        }
      }
    }
    XCTAssertEqual(problems.count, 0, problems.prefix(10).joined(separator: "\n"))
  }

  /// The labels counted one by one from midnight, skipped ones included.
  private static func labelNumber(_ timecode: Timecode) -> Int {
    ((timecode.hours * 60 + timecode.minutes) * 60 + timecode.seconds)
      * timecode.rate.framesPerTimecodeSecond + timecode.frames
  }
}
