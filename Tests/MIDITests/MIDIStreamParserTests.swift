import XCTest

@testable import MIDI

final class MIDIStreamParserTests: XCTestCase {
  private func parse(_ bytes: [UInt8]) -> [MIDIMessage] {
    var parser = MIDIStreamParser()
    return parser.messages(in: bytes)
  }

  func testNoteOnAndOffOnTheirChannels() {
    XCTAssertEqual(
      parse([0x90, 60, 100, 0x85, 60, 64]),
      [.noteOn(channel: 0, key: 60, velocity: 100), .noteOff(channel: 5, key: 60)])
  }

  func testNoteOnWithVelocityZeroIsANoteOff() {
    XCTAssertEqual(parse([0x99, 38, 0]), [.noteOff(channel: 9, key: 38)])
  }

  func testRunningStatusRepeatsTheLastStatus() {
    XCTAssertEqual(
      parse([0x99, 36, 90, 38, 70, 36, 0]),
      [
        .noteOn(channel: 9, key: 36, velocity: 90), .noteOn(channel: 9, key: 38, velocity: 70),
        .noteOff(channel: 9, key: 36),
      ])
  }

  func testRealTimeBytesInsideAMessageChangeNothing() {
    XCTAssertEqual(
      parse([0xF8, 0x90, 0xFE, 64, 0xF8, 80]), [.noteOn(channel: 0, key: 64, velocity: 80)])
  }

  func testSystemExclusiveAndOtherMessagesAreSkipped() {
    XCTAssertEqual(
      parse([
        0xF0, 0x7E, 0x7F, 0x09, 0x01, 0xF7,  // a GM reset
        0xB0, 7, 100,  // a controller
        0xC0, 5,  // a program change, one data byte
        0x90, 61, 1,
      ]),
      [.noteOn(channel: 0, key: 61, velocity: 1)])
  }

  func testDataWithNoStatusIsIgnoredUntilOneComes() {
    XCTAssertEqual(parse([60, 100, 0x90, 62, 30]), [.noteOn(channel: 0, key: 62, velocity: 30)])
  }

  func testSystemCommonEndsRunningStatus() {
    XCTAssertEqual(
      parse([0x90, 60, 100, 0xF6, 62, 100]), [.noteOn(channel: 0, key: 60, velocity: 100)])
  }

  func testATimecodeQuarterFrameIsReadAndEndsRunningStatus() {
    XCTAssertEqual(
      parse([0x90, 60, 100, 0xF1, 0x25, 0x62, 100, 0xF1, 0x70]),
      [
        .noteOn(channel: 0, key: 60, velocity: 100), .timecodeQuarterFrame(piece: 2, value: 5),
        .timecodeQuarterFrame(piece: 7, value: 0),
      ])
  }

  func testAMessageCutShortByANewStatusIsDropped() {
    XCTAssertEqual(parse([0x90, 60, 0x80, 60, 0]), [.noteOff(channel: 0, key: 60)])
  }
}
