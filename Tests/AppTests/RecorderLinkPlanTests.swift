import Foundation
import Practice
import XCTest

@testable import App

/// What `protocol link` would write for a session logged from 10:00:00 local time (UTC, the
/// lines recording no offset) on 2027-01-15, against files placed on that clock.
final class RecorderLinkPlanTests: XCTestCase {
  private let start = Date(timeIntervalSince1970: 1_800_000_000)
  private var secondOfDay: Double {
    start.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400)
  }
  private var day: Int { Int(start.timeIntervalSince1970 / 86_400) }

  private func session(_ lines: [(Double, String)]) throws -> ProtocolSession {
    var session = ProtocolSession()
    for (second, line) in lines { try session.apply(line, at: start.addingTimeInterval(second)) }
    return session
  }

  private func file(_ name: String, at second: Double, lasting seconds: Double) -> RecorderLink.File
  {
    RecorderLink.File(
      name: name, day: day, startSecondsOfDay: secondOfDay + second, duration: seconds)
  }

  private func plan(_ session: ProtocolSession, _ files: [RecorderLink.File]) -> RecorderLinkPlan {
    RecorderLinkPlan(session: session, files: files, tolerance: 5) { _ in 0 }
  }

  /// Under numbering per work, take 1 of the first work shares its label with take 1 of the
  /// second, which a line `file NAME take 1` names: it is left for the producer.
  func testATakeWhoseLabelNamesALaterTakeIsLeft() throws {
    let session = try self.session([
      (0, "numbering work"), (0, "work Brahms"), (0, "mvt 1: 1-40"), (10, "take"),
      (300, "work Dvořák"), (300, "mvt 1: 1-40"), (310, "take"), (600, "take"),
    ])
    let made = plan(
      session,
      [
        file("A.WAV", at: 12, lasting: 200), file("B.WAV", at: 312, lasting: 200),
        file("C.WAV", at: 602, lasting: 30),
      ])
    XCTAssertEqual(made.lines, ["file B.WAV take 1", "file C.WAV take 2"])
    XCTAssertEqual(made.takesLeft, ["1"])
    XCTAssertEqual(made.filesLeft, ["A.WAV"])
  }

  /// After `day … restart`, day 1's take 1 shares its label with Tuesday's: it is named by its
  /// day, and the table names takes as the plan does.
  func testATakeNumberedAgainSinceIsNamedByItsDay() throws {
    let session = try self.session([
      (0, "mvt 1: 1-40"), (10, "take"), (300, "day Tuesday restart"), (310, "take"),
      (600, "take"),
    ])
    let made = plan(
      session,
      [
        file("A.WAV", at: 12, lasting: 200), file("B.WAV", at: 312, lasting: 200),
        file("C.WAV", at: 602, lasting: 30),
      ])
    XCTAssertEqual(
      made.lines, ["file A.WAV take 1/1", "file B.WAV take 1", "file C.WAV take 2"])
    XCTAssertEqual(made.links.map(\.take), ["1", "2/1", "2/2"])
    XCTAssertEqual(made.takesLeft, [])
    var linked = session
    for line in made.lines { try linked.apply(line, at: start.addingTimeInterval(900)) }
    XCTAssertEqual(linked.takes.map(\.file), ["A.WAV", "B.WAV", "C.WAV"])
  }

  /// A take that has a file, and a file a take names, are left out; the latest take lasts its
  /// bars at the map's tempo: from bar 21 to its end at 40, 20 bars at ♩=120 in 4/4, 40 s.
  func testWhatIsLinkedStaysAndTheLatestTakeLastsItsBars() throws {
    let session = try self.session([
      (0, "mvt 1: 1-40 4/4@q=120"), (10, "take"), (11, "file OLD.WAV"), (300, "take @21"),
      (301, "end 40"),
    ])
    let made = plan(
      session,
      [
        file("OLD.WAV", at: 300, lasting: 40), file("NEW.WAV", at: 338, lasting: 60),
        file("SPARE.WAV", at: 10, lasting: 200),
      ])
    XCTAssertEqual(made.links, [.init(take: "2", file: "NEW.WAV", overlap: 7)])
    XCTAssertEqual(made.alreadyLinked, 1)
    XCTAssertEqual(made.filesLeft, ["SPARE.WAV"], "OLD.WAV is take 1's already")
    XCTAssertEqual(made.takesLeft, [])
    let open = try self.session([(0, "mvt 1: 1-40 4/4@q=120"), (300, "take @21")])
    XCTAssertEqual(
      plan(open, [file("NEW.WAV", at: 338, lasting: 60)]).links.map(\.overlap), [7],
      "without an end bar it may play to the movement's last bar")
    XCTAssertEqual(
      made.text(dryRun: false),
      "take  file     overlap\n2     NEW.WAV  7.0 s\nfiles without a take: SPARE.WAV\n"
        + "takes linked before: 1\n")
  }

  func testTheLineQuotesANameOnlyWhereItMust() throws {
    XCTAssertEqual(RecorderLink.line(file: "T003.WAV", take: "A3"), "file T003.WAV take A3")
    XCTAssertEqual(
      RecorderLink.line(file: "Scene 4 take 2.wav", take: "3"), "file Scene 4 take 2.wav take 3")
    XCTAssertEqual(
      RecorderLink.line(file: "Bach take 2", take: "3"), "file Bach take 2 take 3",
      "the last take LABEL names the take")
    XCTAssertEqual(RecorderLink.line(file: " lead.wav", take: "3"), "file \" lead.wav\" take 3")
    XCTAssertEqual(RecorderLink.line(file: "\"x\".wav", take: "3"), "file \"\"x\".wav\" take 3")
    for name in ["T003.WAV", "Bach take 2", "\"x\".wav", " lead.wav", "a  b.wav"] {
      var session = try self.session([(0, "mvt 1: 1-40"), (10, "take"), (20, "take")])
      try session.apply(RecorderLink.line(file: name, take: "1"), at: start)
      XCTAssertEqual(session.takes.map(\.file), [name, nil], name)
    }
  }
}
