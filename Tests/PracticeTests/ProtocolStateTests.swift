import DSP
import Foundation
import Practice
import XCTest

/// A session saved as bytes (`encodeState`) reads back as the same session without its undo
/// history; one that forgot its history refuses, and says so, what would need it.
final class ProtocolStateTests: XCTestCase {
  /// Every kind of content a session holds: two works, titles, rehearsal marks, meters and
  /// tempos, takes ended, false, no good and circled, marks with ratings and tags, edit points,
  /// notes, pins, a tag of its own, numbering by movement, a timecode, a declared status, a
  /// day that numbers takes again, lines about an earlier take and lines stamped with the
  /// recorder's timecode.
  private func fullSession() throws -> ProtocolSession {
    var session = ProtocolSession()
    let lines = [
      "fps 29.97df", "tc 01:00:00;00", "work Brahms", "numbering movement start 3",
      "mvt 1 \"Allegro\": 0-40 A=12 3/4@q=120 20:2/4@q=90.5", "tag p page turn", "take @A",
      "parts vn vla", "12-14 + p vla F#4", "file A001.WAV", "edit 13", "note lovely", "end 30",
      "all ok i", "take", "false",
      "take 9",
      "ng", "mvt 2: 1-16", "take", "keep", "4 x", "mnote hum", "day 2 — Tuesday restart",
      "work Schumann", "mvt 1: 1-8", "take", "3 ++", "status edited", "mvt 1", "work Brahms",
      "mvt 1", "T1/4 note rushed", "T1/9 file A009.WAV", "pin 1/3 A-14", "#1 12-15 ++ p",
      "#3 delete", "T1/3 14.2 i",
    ]
    // Lines stamped with the recorder's timecode, as `protocol live` enters them.
    let stamps = ["12-14 + p vla F#4": "01:00:08;00", "end 30": "01:00:10;00"]
    for (second, line) in lines.enumerated() {
      try session.apply(
        ProtocolSession.Line(
          line, at: Journal.date(Double(second) + 0.123), utcOffset: 3600, by: "anna",
          recorderTimecode: stamps[line]))
    }
    return session
  }

  private func roundTrip(_ session: ProtocolSession) throws -> ProtocolSession {
    var writer = StateWriter()
    session.encodeState(into: &writer)
    var reader = StateReader(writer.bytes[...])
    let read = try ProtocolSession(state: &reader)
    XCTAssertTrue(reader.isAtEnd)
    return read
  }

  func testAStateReadsBackAsTheSessionWithoutItsUndoHistory() throws {
    let session = try fullSession()
    XCTAssertEqual(session.works.count, 2)
    XCTAssertEqual(session.pins.count, 1)
    XCTAssertEqual(session.takes.map(\.isKept), [false, false, false, true, false])
    XCTAssertNotNil(session.timecode(at: Journal.date(100)))
    XCTAssertEqual(session.days.map(\.title), ["2 — Tuesday"])
    XCTAssertEqual(session.takes.map(\.name), ["A3", "A4", "A9", "B3", "2/A3"])
    XCTAssertEqual(session.takes[1].notes, ["rushed"])
    XCTAssertEqual(session.takes.map(\.file), ["A001.WAV", nil, "A009.WAV", nil, nil])
    XCTAssertEqual(session.takes[0].endTimecode?.description, "01:00:10;00")
    XCTAssertEqual(session.takes[0].marks.first?.timecode?.description, "01:00:08;00")
    let read = try roundTrip(session)
    XCTAssertEqual(read, session.forgettingActions())
    XCTAssertNotEqual(read, session, "the undo history is not saved")
    XCTAssertEqual(try roundTrip(ProtocolSession()), ProtocolSession().forgettingActions())
  }

  /// A field added to the session, or to what it holds, must be written to its saved state
  /// too, or a resumed protocol would lose it: this lists every stored field there is.
  func testEveryStoredFieldIsOneTheStateWrites() throws {
    // On a failure here: write the new field in ProtocolSession+State.swift, raise its
    // `stateVersion`, and list the field below.
    func fields(_ value: Any) -> [String] {
      Mirror(reflecting: value).children.map { $0.label ?? "?" }
    }
    let session = try fullSession()
    let written = [
      "works", "takes", "pins", "tags", "numbering", "startNumber", "frameRate", "currentWork",
      "currentMovement", "declaredStatus", "days", "nextMarkID", "parts", "timecodeOffset",
      "nextNumbers",
      "numberingRun",
    ]
    // The undo history is left out on purpose, and whether it was.
    XCTAssertEqual(
      fields(session),
      written + ["applied", "hasForgottenActions", "neededForgottenActions"])
    let offset = try XCTUnwrap(
      Mirror(reflecting: session).children.first { $0.label == "timecodeOffset" }?.value)
    let setOffset = try XCTUnwrap(Mirror(reflecting: offset).children.first?.value)
    XCTAssertEqual(fields(setOffset), ["timecode", "setAt"])
    XCTAssertEqual(
      fields(session.days[0]), ["number", "title", "startedAt", "utcOffset", "restartsNumbering"])
    XCTAssertEqual(fields(session.works[0]), ["name", "movements"])
    let movement = session.works[0].movements[0]
    XCTAssertEqual(fields(movement), ["id", "title", "bars", "notes"])
    XCTAssertEqual(fields(movement.id), ["work", "number"])
    // Whether it is a script's, and the positions, are made from the labels when the map is
    // read.
    XCTAssertEqual(
      fields(movement.bars), ["labels", "rehearsalMarks", "sections", "isScript", "positions"])
    XCTAssertEqual(fields(movement.bars.rehearsalMarks[0]), ["name", "bar"])
    XCTAssertEqual(
      fields(movement.bars.sections[0]),
      ["firstBar", "beatsPerBar", "beatUnit", "quartersPerMinute"])
    let take = session.takes[0]
    XCTAssertEqual(
      fields(take),
      [
        "number", "label", "movement", "day", "numberingRun", "startBar", "endBar", "startedAt",
        "utcOffset", "endedAt", "endLineAt", "lastLineAt", "timecode", "endTimecode",
        "isFalseStart", "isNoGood", "isKept", "marks", "editPoints", "notes", "file",
      ])
    XCTAssertEqual(fields(try XCTUnwrap(take.timecode)), ["frameCount", "rate"])
    XCTAssertEqual(
      fields(take.marks[0]),
      ["id", "bars", "firstBeat", "lastBeat", "rating", "tags", "part", "note", "timecode"])
    XCTAssertEqual(fields(take.marks[0].tags[0]), ["letter", "name"])
    XCTAssertEqual(fields(session.pins[0]), ["movement", "take", "bars"])
  }

  /// Cut anywhere, the bytes are refused; changed anywhere, they are refused or read as some
  /// session, and never crash.
  func testDamagedBytesAreRefusedAndNeverCrash() throws {
    var writer = StateWriter()
    try fullSession().encodeState(into: &writer)
    let bytes = writer.bytes
    for length in stride(from: 0, to: bytes.count, by: 3) {
      var reader = StateReader(bytes[..<length])
      XCTAssertThrowsError(try ProtocolSession(state: &reader), "cut at \(length)")
    }
    var generator = SplitMix64(seed: 19)
    for _ in 0..<500 {
      var damaged = bytes
      damaged[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
        in: 0...255, using: &generator)
      var reader = StateReader(damaged[...])
      _ = try? ProtocolSession(state: &reader)
    }
  }

  func testAnUndoReachingPastTheForgottenHistoryAsksForItInsteadOfGuessing() throws {
    var session = ProtocolSession()
    for line in ["mvt 1: 1-40", "take", "4 +"] {
      try session.apply(line, at: Journal.date(0), by: "anna")
    }
    try session.apply("5 +", at: Journal.date(1), by: "ben")
    var resumed = session.forgettingActions()
    XCTAssertFalse(resumed.neededForgottenActions)
    try resumed.apply("6 +", at: Journal.date(2), by: "anna")
    try resumed.apply("undo", at: Journal.date(3), by: "anna")
    XCTAssertFalse(resumed.neededForgottenActions, "anna's 6 + is after the state")
    XCTAssertEqual(resumed.takes[0].marks.count, 2)

    var full = session
    try full.apply("undo", at: Journal.date(4), by: "ben")
    XCTAssertEqual(full.takes[0].marks.count, 1)
    XCTAssertThrowsError(try resumed.apply("undo", at: Journal.date(4), by: "ben"))
    XCTAssertTrue(resumed.neededForgottenActions, "ben's 5 + is before the state")
    XCTAssertEqual(resumed.takes[0].marks.count, 2, "and nothing changed")

    var joining = session.forgettingActions()
    XCTAssertThrowsError(
      try joining.apply(
        ProtocolSession.Line("take", at: Journal.date(5), by: "anna", joinsPrevious: true)))
    XCTAssertTrue(joining.neededForgottenActions, "the action it joins is before the state")
    XCTAssertEqual(joining.takes.count, 1)
  }
}
