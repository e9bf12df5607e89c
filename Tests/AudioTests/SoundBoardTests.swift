import XCTest

@testable import Audio

final class SoundBoardTests: XCTestCase {
  private func render(_ board: SoundBoard, frames: Int, from start: Int64) -> [Float] {
    var block = [Float](repeating: .nan, count: frames)
    block.withUnsafeMutableBufferPointer { board.render(into: $0, startFrame: start) }
    return block
  }

  /// Each sound starts with the next block asked for, and tells at which frame it did, once it
  /// has: its number says which sound, however many were played.
  func testASoundTellsTheFrameItStartedAt() throws {
    let board = SoundBoard()
    let first = try XCTUnwrap(board.play([0.5, 0.5], gain: 1))
    XCTAssertNil(board.startFrame(of: first), "not started before a block is rendered")
    XCTAssertEqual(render(board, frames: 4, from: 100), [0.5, 0.5, 0, 0])
    XCTAssertEqual(board.startFrame(of: first), 100)
    let second = try XCTUnwrap(board.play([0.25], gain: 2))
    XCTAssertNotEqual(second, first)
    XCTAssertNil(board.startFrame(of: second))
    XCTAssertEqual(render(board, frames: 2, from: 104), [0.5, 0])
    XCTAssertEqual(board.startFrame(of: second), 104)
    XCTAssertEqual(board.startFrame(of: first), 100)
  }

  /// More sounds waiting than the board holds are dropped, and have no number; a sound so old
  /// that later ones took its place in the record no longer tells its frame.
  func testDroppedAndForgottenSoundsTellNothing() throws {
    let board = SoundBoard()
    let numbers = (0..<SoundBoard.capacity).map { _ in board.play([0.01], gain: 1) }
    XCTAssertEqual(numbers.compactMap { $0 }.count, SoundBoard.capacity)
    XCTAssertNil(board.play([0.01], gain: 1), "one more than the board holds")
    _ = render(board, frames: 1, from: 0)
    XCTAssertEqual(board.startFrame(of: numbers[0]!), 0)
    let later = (0..<SoundBoard.capacity).map { _ in board.play([0.01], gain: 1) }
    _ = render(board, frames: 1, from: 1)
    XCTAssertNil(board.startFrame(of: numbers[0]!), "forgotten")
    XCTAssertEqual(board.startFrame(of: later.last!!), 1)
  }
}
