import Audio
import AudioModel
import Foundation
import XCTest

final class ScheduleLogTests: XCTestCase {
  private static func click(_ beat: Int64) -> ScheduledClick {
    ScheduledClick(
      frame: beat * 100, beat: beat, bar: Int(beat / 4), beatInBar: Int(beat % 4),
      subdivision: 0, kind: beat % 4 == 0 ? .accent : .normal, isCountIn: false, isMuted: false)
  }

  func testKeepsClicksInOrder() {
    let log = ScheduleLog(capacity: 8)
    for beat in 0..<5 { log.append(Self.click(Int64(beat))) }
    XCTAssertEqual(log.snapshot().map(\.beat), [0, 1, 2, 3, 4])
  }

  func testAFullLogDropsTheOldestClicks() {
    let log = ScheduleLog(capacity: 4)
    for beat in 0..<11 { log.append(Self.click(Int64(beat))) }
    XCTAssertEqual(log.snapshot().map(\.beat), [7, 8, 9, 10])
  }

  func testReadersGetTheClicksFromAFrameOn() {
    let log = ScheduleLog(capacity: 4)
    for beat in 0..<6 { log.append(Self.click(Int64(beat))) }
    XCTAssertEqual(log.clicks(since: 300).map(\.beat), [3, 4, 5])
    XCTAssertEqual(log.clicks(since: 0).map(\.beat), [2, 3, 4, 5])
    XCTAssertEqual(log.clicks(since: 501), [])
  }

  func testReadingWhileTheAudioThreadWritesSeesWholeOrderedClicks() {
    let log = ScheduleLog(capacity: 64)
    let count: Int64 = 20_000
    let writer = Thread {
      for beat in 0..<count { log.append(Self.click(beat)) }
    }
    writer.start()
    var reads = 0
    while log.snapshot().last?.beat != count - 1 {
      let seen = log.snapshot()
      XCTAssertTrue(zip(seen, seen.dropFirst()).allSatisfy { $0.beat + 1 == $1.beat })
      XCTAssertTrue(seen.allSatisfy { $0 == Self.click($0.beat) })
      reads += 1
    }
    XCTAssertGreaterThan(reads, 0)
  }
}
