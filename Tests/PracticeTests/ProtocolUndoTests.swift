import Foundation
import Practice
import XCTest

/// `undo` puts back the session before the latest line in effect without replaying the journal,
/// and makes the session that replaying the lines in effect from the start would make.
final class ProtocolUndoTests: XCTestCase {
  /// Old journals load as they did when every undo replayed the lines in effect from the start:
  /// random journals of every kind of line, undos among them, against that definition.
  func testUndoMakesTheSessionReplayingTheLinesInEffectWouldMake() {
    let pool = [
      "take", "take @5", "take 3", "1-10 3", "4 i", "12 +", "end 20", "end 30", "false", "note x",
      "edit 8", "mvt 2", "mvt 1", "mvt 2: 1-16", "pin 1 2-3", "unpin", "numbering movement",
      "tc 01:00:00:00", "fps 30", "tag p page", "4 p", "mnote y", "work Schumann", "undo", "undo",
      "undo",
    ]
    var seed: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for round in 0..<100 {
      var session = ProtocolSession()
      var inEffect: [(String, Date)] = []
      var lines = ["mvt 1: 1-40"]
      for _ in 0..<40 { lines.append(pool[next(pool.count)]) }
      for (second, line) in lines.enumerated() {
        let date = Journal.date(Double(second))
        if line == "undo" {
          if !inEffect.isEmpty { inEffect.removeLast() }
        } else {
          var check = ProtocolSession.replay(inEffect.map { ($0.0, $0.1) }).session
          if (try? check.apply(line, at: date)) != nil { inEffect.append((line, date)) }
        }
        try? session.apply(line, at: date)
        XCTAssertEqual(
          session, ProtocolSession.replay(inEffect.map { ($0.0, $0.1) }).session,
          "round \(round), after \(lines[...second])")
      }
    }
  }
}
