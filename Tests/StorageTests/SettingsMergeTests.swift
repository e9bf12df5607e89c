import Foundation
import Storage
import XCTest

final class SettingsMergeTests: XCTestCase {
  private func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: Data(text.utf8)) }

  private func side(_ text: String, at seconds: Double) throws -> SettingsMerge.Side {
    SettingsMerge.Side(settings: try json(text), modifiedAt: Date(timeIntervalSince1970: seconds))
  }

  func testEachSideKeepsWhatOnlyItChanged() throws {
    let base = try json(#"{"locale":"en","metronome":{"bpm":80,"sound":"wood"}}"#)
    let laptop = try side(#"{"locale":"es","metronome":{"bpm":80,"sound":"wood"}}"#, at: 100)
    let desk = try side(#"{"locale":"en","metronome":{"bpm":96,"sound":"wood"},"new":1}"#, at: 50)
    let expected = try json(#"{"locale":"es","metronome":{"bpm":96,"sound":"wood"},"new":1}"#)
    XCTAssertEqual(SettingsMerge.merged(laptop, desk, base: base), expected)
    XCTAssertEqual(SettingsMerge.merged(desk, laptop, base: base), expected, "either way")
  }

  func testAFieldBothChangedTakesTheNewerFilesValue() throws {
    let base = try json(#"{"metronome":{"bpm":80}}"#)
    let laptop = try side(#"{"metronome":{"bpm":100}}"#, at: 100)
    let desk = try side(#"{"metronome":{"bpm":120}}"#, at: 200)
    XCTAssertEqual(
      SettingsMerge.merged(laptop, desk, base: base), try json(#"{"metronome":{"bpm":120}}"#))
  }

  func testWithoutABaseTheNewerFileWinsWhereTheyDiffer() throws {
    let laptop = try side(#"{"locale":"es","theme":"dark"}"#, at: 300)
    let desk = try side(#"{"locale":"ru","accessible":true}"#, at: 200)
    XCTAssertEqual(
      SettingsMerge.merged(laptop, desk, base: nil),
      try json(#"{"locale":"es","theme":"dark"}"#), "the newer file's fields, none of the other's")
  }

  func testAFieldTheOtherSideRemovedIsRemoved() throws {
    let base = try json(#"{"locale":"en","old":true}"#)
    let laptop = try side(#"{"locale":"en","old":true}"#, at: 100)
    let desk = try side(#"{"locale":"en"}"#, at: 50)
    XCTAssertEqual(SettingsMerge.merged(laptop, desk, base: base), try json(#"{"locale":"en"}"#))
  }
}
