import Foundation
import ServerStore
import XCTest

final class HistoryPiecesTests: XCTestCase {
  func testAHistoryIsCutAfterWholeLinesAndGrowsOnlyAtItsEnd() {
    let lines = ["aaaa\n", "bbbbbb\n", "cc\n", "ddddddd\n"]
    let history = Data(lines.joined().utf8)
    let pieces = HistoryPieces.cut(history, pieceBytes: 12)
    XCTAssertEqual(
      pieces.map { String(decoding: $0, as: UTF8.self) }, ["aaaa\nbbbbbb\n", "cc\nddddddd\n"])
    let grown = HistoryPieces.cut(history + Data("e\nf\n".utf8), pieceBytes: 12)
    XCTAssertEqual(Array(grown.prefix(2)), Array(pieces.prefix(2)), "only the last piece changes")
    XCTAssertEqual(grown.map { String(decoding: $0, as: UTF8.self) }.last, "e\nf\n")
    XCTAssertEqual(
      HistoryPieces.cut(Data(repeating: 0x41, count: 25), pieceBytes: 12).map(\.count),
      [12, 12, 1],
      "a line longer than a piece is cut inside it")
    XCTAssertEqual(HistoryPieces.cut(Data()), [])
  }

  func testJoiningSaysWhichPieceIsMissingOrStale() {
    let history = Data("one\ntwo\nthree\n".utf8)
    let pieces = HistoryPieces.cut(history, pieceBytes: 8)
    let manifest = HistoryPieces(of: history, pieces: pieces)
    XCTAssertEqual(pieces.count, 2)
    XCTAssertNil(manifest.problem(joining: pieces))
    XCTAssertEqual(
      manifest.problem(joining: [pieces[0], nil]), "piece 2 of 2 is missing from the backup")
    XCTAssertEqual(
      manifest.problem(joining: [Data("one\n".utf8), pieces[1]]),
      "piece 1 of 2 is not the one the backup lists")
    XCTAssertEqual(
      manifest.problem(joining: [pieces[0]]), "piece 2 of 2 is missing from the backup")
    XCTAssertEqual(HistoryPieces.path(ofPiece: 7), "data/history.jsonl.pieces/0007")
    XCTAssertEqual(
      try JSONDecoder().decode(HistoryPieces.self, from: manifest.encoded()), manifest)
  }
}
