import Foundation
import GameRecords
import TerminalHarness
import XCTest

/// Following players through the real binaries: a followed player's new best reaches a
/// follower who has no score at all, and one it passed hears of it once.
extension ServerScenarios {
  /// `woodshed news --keep`, each line without the time that begins it.
  func keptNews(_ home: NetHome) throws -> [String] {
    let listed = try home.run(["news", "--keep"])
    XCTAssertEqual(listed.status, 0, listed.error)
    return listed.output.split(separator: "\n").map {
      $0.replacingOccurrences(
        of: #"^\d{4}-\d\d-\d\d \d\d:\d\d UTC  "#, with: "", options: .regularExpression)
    }
  }

  func aFollowedPlayersNewBestsReachTheirFollowers() async throws {
    try await withServer { ada, server, _ in
      let bea = try NetHome()
      let cy = try NetHome()
      defer {
        bea.remove()
        cy.remove()
      }
      for (home, name) in [(ada, "ada"), (bea, "bea"), (cy, "cy")] {
        try createAndLogIn(home, server, name: name)
      }
      for home in [bea, cy] {
        let followed = try home.run(["follow", "ada"])
        XCTAssertEqual(followed.status, 0, followed.error)
        XCTAssertEqual(
          followed.output, "you follow ada: their new bests will be in your news\n")
      }
      XCTAssertEqual(try bea.run(["follow", "ada"]).status, 0, "following again is no error")
      XCTAssertEqual(try bea.run(["following"]).output, "ada\n")
      XCTAssertEqual(try bea.run(["follow", "bea"]).error, "Error: you cannot follow yourself\n")
      XCTAssertEqual(
        try bea.run(["follow", "nobody"]).error, "Error: there is no player nobody\n")

      // Ada's game passes bea's best: bea hears of it once, as a pass; cy, with no score,
      // hears of it as a followed player's new best.
      let beas = PlayedGames.game(clears: 10, hoursAgo: 5, seed: 9)
      let adas = PlayedGames.game(clears: 12, hoursAgo: 1)
      XCTAssertGreaterThan(adas.score, beas.score)
      try PlayedGames.write([beas], to: bea)
      XCTAssertEqual(try send(bea).status, 0)
      try PlayedGames.write([adas], to: ada)
      XCTAssertEqual(try send(ada).status, 0)
      XCTAssertEqual(
        try keptNews(bea),
        [
          "ada passed your best on \(PlayedGames.pattern), band 1: \(adas.score) over your "
            + "\(beas.score)"
        ])
      XCTAssertEqual(
        try keptNews(cy),
        ["ada, whom you follow, set a new best on \(PlayedGames.pattern), band 1: \(adas.score)"])
      XCTAssertEqual(
        try keptNews(ada).filter { $0.contains("best") }, [], "nobody hears of their own")

      let unfollowed = try cy.run(["unfollow", "ada"])
      XCTAssertEqual(unfollowed.status, 0, unfollowed.error)
      XCTAssertEqual(unfollowed.output, "you no longer follow ada\n")
      XCTAssertEqual(try cy.run(["following"]).output, "you follow no one yet\n")
      XCTAssertEqual(try cy.run(["unfollow", "ada"]).error, "Error: you do not follow ada\n")
    }
  }
}
