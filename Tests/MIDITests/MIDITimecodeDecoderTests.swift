import ListeningEval
import XCTest

@testable import MIDI

final class MIDITimecodeDecoderTests: XCTestCase {
  private func decoded(_ file: MIDITimecodeFile) throws -> [MIDITimecodeDecoder.Frame] {
    var decoder = MIDITimecodeDecoder()
    return try StandardMIDIFile(bytes: file.bytes).events.flatMap { event in
      guard case .timecodeQuarterFrame(let piece, let value) = event.message else {
        XCTFail("\(event.message) is no quarter frame")
        return [MIDITimecodeDecoder.Frame]()
      }
      return decoder.add(piece: piece, value: value, at: event.seconds)
    }
  }

  func testEveryFrameOfTwentyFiveASecondIsReadWithItsStartAndEnd() throws {
    let frames = try decoded(
      MIDITimecodeFile(rateCode: 1, start: [10, 0, 0, 0], frames: 250, frameSeconds: 0.04))
    // The frame after the last eight pieces has no known end: 249 of the 250.
    XCTAssertEqual(frames.count, 249)
    for (index, frame) in frames.enumerated() {
      XCTAssertEqual(
        [frame.hours, frame.minutes, frame.seconds, frame.frames],
        [10, 0, index / 25, index % 25])
      XCTAssertEqual(frame.rate, .fps25)
      XCTAssertEqual(frame.start, Double(index) * 0.04, accuracy: 1e-6)
      XCTAssertEqual(frame.end, Double(index + 1) * 0.04, accuracy: 1e-6)
    }
  }

  func testDropFrameLabelsSkipTwoAtTheMinute() throws {
    let frames = try decoded(
      MIDITimecodeFile(
        rateCode: 2, start: [0, 0, 59, 28], frames: 6, frameSeconds: 1.001 / 30))
    XCTAssertEqual(
      frames.map { [$0.minutes, $0.seconds, $0.frames] },
      [[0, 59, 28], [0, 59, 29], [1, 0, 2], [1, 0, 3], [1, 0, 4]])
    XCTAssertEqual(Set(frames.map(\.rate)), [.fps2997DropFrame])
  }

  func testPiecesOutOfOrderAreDroppedUntilTheNextFirstPiece() {
    var decoder = MIDITimecodeDecoder()
    // 01:02:03:04 at 30 frames a second: frames 4, seconds 3, minutes 2, hours 1 and rate 3.
    let values = [4, 0, 3, 0, 2, 0, 1, 6]
    var read: [MIDITimecodeDecoder.Frame] = []
    for piece in [0, 1, 2, 3, 5, 6, 7] {
      read += decoder.add(piece: piece, value: values[piece], at: Double(piece) / 120)
    }
    XCTAssertEqual(read, [], "a lost piece spoils the eight")
    for piece in 0..<8 {
      read += decoder.add(piece: piece, value: values[piece], at: 1 + Double(piece) / 120)
    }
    XCTAssertEqual(
      read.map { [$0.hours, $0.minutes, $0.seconds, $0.frames] }, [[1, 2, 3, 4]])
    XCTAssertEqual(read.first?.rate, .fps30)
    // Backwards, as a tape rewinding sends them: nothing.
    for piece in (0..<8).reversed() {
      XCTAssertEqual(decoder.add(piece: piece, value: values[piece], at: 2), [])
    }
  }
}
