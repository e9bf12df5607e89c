import Foundation
import XCTest

@testable import Practice

/// Takes matched to recorder files by the time they share, on a day that starts at second
/// `day` of the local clock.
final class RecorderLinkTests: XCTestCase {
  private let day = 20_784.0 * RecorderLink.secondsPerDay

  private func take(_ index: Int, _ from: Double, _ to: Double) -> RecorderLink.TakeSpan {
    RecorderLink.TakeSpan(take: index, start: day + from, end: day + to)
  }

  private func file(_ name: String, _ from: Double, _ seconds: Double, day: Int? = 20_784)
    -> RecorderLink.File
  {
    RecorderLink.File(name: name, day: day, startSecondsOfDay: from, duration: seconds)
  }

  private func links(
    _ takes: [RecorderLink.TakeSpan], _ files: [RecorderLink.File], tolerance: Double = 5
  ) -> [String] {
    RecorderLink.match(takes, files, tolerance: tolerance).map {
      "take \($0.take): \(files[$0.file].name) \($0.overlap)"
    }
  }

  /// The recorder's clock runs 40 s ahead of the producer's: each file still shares most of
  /// its time with its own take.
  func testADriftingClockStillFindsEachTakesFile() {
    let takes = [take(0, 36_000, 36_300), take(1, 36_300, 36_700)]
    let files = [file("T001.WAV", 36_030, 240), file("T002.WAV", 36_350, 300)]
    XCTAssertEqual(links(takes, files), ["take 0: T001.WAV 240.0", "take 1: T002.WAV 300.0"])
    let ahead = files.map { file($0.name, $0.startSecondsOfDay + 40, $0.duration) }
    XCTAssertEqual(links(takes, ahead), ["take 0: T001.WAV 235.0", "take 1: T002.WAV 300.0"])
  }

  /// Two files for one take: the one that shares more time with it wins, the other is left.
  func testOfTwoFilesForATakeTheLargerOverlapWins() {
    let files = [file("A.WAV", 36_010, 50), file("B.WAV", 36_050, 140)]
    XCTAssertEqual(links([take(0, 36_000, 36_200)], files), ["take 0: B.WAV 140.0"])
  }

  /// A file is given to one take: a recorder that ran through two takes gives its file to the
  /// take it shares most time with, and the other take has none.
  func testAFileGoesToOneTakeOnly() {
    let takes = [take(0, 36_000, 36_100), take(1, 36_100, 36_400)]
    XCTAssertEqual(links(takes, [file("LONG.WAV", 35_990, 400)]), ["take 1: LONG.WAV 295.0"])
    XCTAssertEqual(
      links([take(0, 36_000, 36_100), take(1, 36_200, 36_300)], [file("MID.WAV", 36_100, 100)]),
      ["take 0: MID.WAV 5.0"], "an equal overlap goes to the earlier take")
  }

  /// A take logged while the recorder was stopped, and a file recorded between takes, are
  /// linked to nothing; the tolerance reaches only so far.
  func testGapsLeaveTakesAndFilesUnmatched() {
    let takes = [take(0, 36_000, 36_100), take(1, 37_000, 37_100)]
    let files = [file("T001.WAV", 36_010, 80), file("T002.WAV", 36_500, 60)]
    XCTAssertEqual(links(takes, files), ["take 0: T001.WAV 80.0"])
    XCTAssertEqual(
      links([take(0, 36_000, 36_100)], [file("EARLY.WAV", 35_900, 97)]), ["take 0: EARLY.WAV 2.0"],
      "a file ending 3 s before the take's line is within 5 s")
    XCTAssertEqual(
      links([take(0, 36_000, 36_100)], [file("EARLY.WAV", 35_900, 97)], tolerance: 2), [])
  }

  /// A take from 23:59 to 00:03: a file dated the day before that starts at 23:58:50, and a
  /// file without a date that starts at 00:00:10, are both on its time.
  func testMidnightIsCrossed() {
    let late = take(0, 86_340, 86_580)
    XCTAssertEqual(links([late], [file("DATED.WAV", 86_330, 250)]), ["take 0: DATED.WAV 245.0"])
    XCTAssertEqual(
      links([late], [file("UNDATED.WAV", 10, 150, day: nil)]), ["take 0: UNDATED.WAV 150.0"])
    XCTAssertEqual(
      links([late], [file("NEXT DAY.WAV", 10, 150, day: 20_786)]), [],
      "a dated file a day later is not on the take's time")
  }

  func testATakesLocalClockIsItsLinesStampAtItsOffset() throws {
    var session = ProtocolSession()
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    for (second, line) in ["mvt 1: 1-10", "take", "take"].enumerated() {
      try session.apply(
        ProtocolSession.Line(
          line, at: start.addingTimeInterval(Double(second) * 60),
          utcOffset: second == 2 ? nil : 3600))
    }
    let first = session.takes[0].localClock(utcOffset: -7200)
    XCTAssertEqual(first.start, 1_800_000_060 + 3600)
    XCTAssertEqual(first.end, 1_800_000_120 + 3600)
    let second = session.takes[1].localClock(utcOffset: -7200)
    XCTAssertEqual(second.start, 1_800_000_120 - 7200, "no offset recorded: the one given")
    XCTAssertNil(second.end)
  }
}
