import Practice
import XCTest

final class ProtocolTakeMapTests: XCTestCase {
  static let movement = MovementID(work: 0, number: 1)

  /// Bars 1–14 (positions 0–13): take 1 is good but for a wrong note in 5 and bars 9–10; take 2
  /// is a false start; take 3 is excellent from 8 with intonation in 11; take 4 is unrated;
  /// take 5 plays 13–14, poor in 13.
  static func map() throws -> TakeMap {
    let session = try Journal.session([
      "mvt 1: 1-14",
      "take @1", "end 12", "1-12 3", "5 w", "9-10 x",
      "take @1", "false",
      "take @8", "end 12", "8-12 ++", "11 i",
      "take @1", "end 6",
      "take @13", "end 14", "13 1",
    ])
    return try XCTUnwrap(TakeMap(session: session, movement: movement))
  }

  func testRowsShowEveryTakeIncludingFalseStarts() throws {
    let map = try Self.map()
    XCTAssertEqual(map.takes, [0, 1, 2, 3, 4])
    XCTAssertEqual(map.rows.count, 5)
    XCTAssertEqual(map.rows[0].map(\.grade.rank), [5, 5, 5, 5, 5, 5, 5, 5, 1, 1, 5, 5, 0, 0])
    XCTAssertEqual(map.rows[1].map(\.grade.rank), [3] + Array(repeating: 0, count: 13))
    XCTAssertEqual(
      map.rows[2].map(\.grade.rank), Array(repeating: 0, count: 7) + [6, 6, 6, 6, 6, 0, 0])
    XCTAssertEqual(
      map.rows[3].map(\.grade.rank), Array(repeating: 3, count: 6) + Array(repeating: 0, count: 8))
    XCTAssertEqual(map.rows[0][4].tags, [.wrongNote])
    XCTAssertEqual(map.rows[2][10].tags, [.intonation])
  }

  func testBestGradeLeavesFalseStartsOut() throws {
    let map = try Self.map()
    XCTAssertEqual(
      map.best,
      Array(repeating: .rated(.good), count: 7) + Array(repeating: .rated(.excellent), count: 5)
        + [.rated(.poor), .unrated])
    let onlyAFalseStart = try Journal.session(["mvt 1: 1-4", "take", "1-4 4", "false"])
    XCTAssertEqual(
      TakeMap(session: onlyAFalseStart, movement: Self.movement)?.best,
      Array(repeating: .uncovered, count: 4))
  }

  func testCoverageInRunsOfEqualBestGrade() throws {
    let coverage = try Self.map().coverage
    XCTAssertEqual(coverage.map(\.bars), [0...6, 7...11, 12...12, 13...13])
    XCTAssertEqual(
      coverage.map(\.best), [.rated(.good), .rated(.excellent), .rated(.poor), .unrated])
    let empty = try Journal.session(["mvt 1: 1-40"])
    let whole = try XCTUnwrap(TakeMap(session: empty, movement: Self.movement)).coverage
    XCTAssertEqual(whole.map(\.bars), [0...39])
    XCTAssertEqual(whole.map(\.best), [.uncovered])
  }

  func testBarsWithoutUsableTake() throws {
    XCTAssertEqual(try Self.map().barsWithoutUsableTake, [12, 13])
  }

  func testUnresolvedProblemsAreBarsWhoseUsableTakesAllHaveTags() throws {
    let unresolved = try Self.map().unresolved
    XCTAssertEqual(unresolved.map(\.bar), [4])
    XCTAssertEqual(unresolved.map(\.tags), [[.wrongNote]])
    let session = try Journal.session([
      "mvt 1: 1-4", "take", "end 4", "1-4 ok", "2 i", "3 n", "take", "end 4", "1-4 +", "2 t",
      "3 x n",
    ])
    let map = try XCTUnwrap(TakeMap(session: session, movement: Self.movement))
    XCTAssertEqual(map.unresolved.map(\.bar), [1, 2])
    XCTAssertEqual(
      map.unresolved.map(\.tags), [[.intonation, .tempo], [.noise]],
      "a tagged ✗ take is no material, so only the usable take's tag counts on bar 3")
  }

  func testTakesAtABar() throws {
    let map = try Self.map()
    let atFive = map.takes(at: 4)
    XCTAssertEqual(atFive.map(\.take), [0, 3])
    XCTAssertEqual(atFive.map(\.grade), [.rated(.good), .unrated])
    XCTAssertEqual(atFive.map(\.tags), [[.wrongNote], []])
    XCTAssertEqual(map.takes(at: 0).map(\.take), [0, 3], "not the false start")
    XCTAssertEqual(map.takes(at: 8).map(\.take), [0, 2])
    XCTAssertEqual(map.takes(at: 8, minimum: .good).map(\.take), [2])
    XCTAssertEqual(map.takes(at: 4, minimum: .poor).map(\.take), [0, 3])
    XCTAssertEqual(map.takes(at: 4, minimum: .usable).map(\.take), [0])
    XCTAssertEqual(map.takes(at: 12).map(\.grade), [.rated(.poor)])
  }

  func testTakesAtABarCarryTheirNotes() throws {
    let session = try Journal.session(["mvt 1: 1-4", "take", "note cello late"])
    let map = try XCTUnwrap(TakeMap(session: session, movement: Self.movement))
    XCTAssertEqual(map.takes(at: 0).map(\.notes), [["cello late"]])
  }

  func testFilterTakesByMinimumRating() throws {
    let map = try Self.map()
    XCTAssertEqual(map.takes(minimum: .excellent), [2])
    XCTAssertEqual(map.takes(minimum: .usable), [0, 2])
    XCTAssertEqual(map.takes(minimum: .poor), [0, 2, 3, 4])
    XCTAssertEqual(map.takes(minimum: .unusable), [0, 2, 3, 4])
  }

  func testLaterRatingsWinAndTagsAddUp() throws {
    let session = try Journal.session([
      "mvt 1: 1-4", "take", "end 4", "2 x i", "1-4 +", "2 i n", "3 ++", "3 1",
    ])
    let row = try XCTUnwrap(TakeMap(session: session, movement: Self.movement)).rows[0]
    XCTAssertEqual(row.map(\.grade), [.rated(.good), .rated(.good), .rated(.poor), .rated(.good)])
    XCTAssertEqual(row[1].tags, [.intonation, .noise])
  }

  func testOnlyTheMovementsTakesAndNoMapForAnUnknownMovement() throws {
    let session = try Journal.session([
      "mvt 1: 1-4", "mvt 2: 1-8", "take", "mvt 1", "take", "mvt 2", "take",
    ])
    XCTAssertEqual(TakeMap(session: session, movement: .init(work: 0, number: 2))?.takes, [0, 2])
    XCTAssertEqual(TakeMap(session: session, movement: .init(work: 0, number: 2))?.bars.count, 8)
    XCTAssertNil(TakeMap(session: session, movement: .init(work: 0, number: 3)))
  }
}
