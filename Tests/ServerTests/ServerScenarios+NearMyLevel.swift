import Foundation
import Logging
import ServerStore
import TerminalHarness
import XCTest

/// The players near my level on a leaderboard, through the real binary: on a board of 21, the
/// ten best, then the three just before me, me, and the three just after.
extension ServerScenarios {
  func aBoardShowsThePlayersNearMyLevel() async throws {
    try await withServer { home, server, database in
      try createAndLogIn(home, server, name: "me")
      let start = Date(timeIntervalSince1970: 1_800_000_000)
      let board = "bass-staff,treble-staff"
      // Twenty others, 100 cards down to 62 by twos, put straight in the database: the board
      // is what is looked at here, not how scores reach it.
      let opened = try await ServerDatabase.open(
        try DatabaseLocation(parsing: database), logger: Logger(label: "test"))
      do {
        let accounts = AccountStore(database: opened.sql, bcryptCost: 4)
        let scores = BoardScoreStore(database: opened.sql)
        for index in 1...20 {
          let name = "p" + String(100 + index).dropFirst()
          _ = try await accounts.createAccount(name: name, password: Self.password)
          _ = try await scores.record(
            player: name, game: "drill", startedAt: start, board: board,
            score: Double(102 - 2 * index), record: "{}")
        }
        _ = try await scores.record(
          player: "me", game: "drill", startedAt: start, board: board, score: 69, record: "{}")
      } catch {
        await opened.shutdown()
        throw error
      }
      await opened.shutdown()

      let table = try home.run(["leaderboard", "--game", "drill", "--packs", board])
      XCTAssertEqual(table.status, 0, table.error)
      func row(_ mark: String, _ place: Int, _ name: String) -> String {
        let cards = name == "me" ? 69 : 102 - 2 * Int(name.dropFirst())!
        return "\(mark) \(String(repeating: " ", count: 5 - String(place).count))\(place)  "
          + name.padding(toLength: 6, withPad: " ", startingAt: 0)
          + "  \(String(repeating: " ", count: 5 - String(cards).count))\(cards)  2027-01-15\n"
      }
      XCTAssertEqual(
        table.output,
        "drill on \(board): 21 players\n" + "  place  player  cards  date\n"
          + (1...10).map { row(" ", $0, "p" + String(100 + $0).dropFirst()) }.joined()
          + "    ...\n" + row(" ", 14, "p14") + row(" ", 15, "p15") + row(" ", 16, "p16")
          + row("*", 17, "me") + row(" ", 18, "p17") + row(" ", 19, "p18")
          + row(" ", 20, "p19"))

      let json = try home.run(["leaderboard", "--game", "drill", "--packs", board, "--json"])
      let object = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
      let near = try XCTUnwrap(object["near"] as? [[String: Any]])
      XCTAssertEqual(near.map { $0["place"] as? Int }, [14, 15, 16, 18, 19, 20])
      XCTAssertEqual(
        near.map { $0["player"] as? String }, ["p14", "p15", "p16", "p17", "p18", "p19"])
    }
  }
}
