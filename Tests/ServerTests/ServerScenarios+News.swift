import Foundation
import GameRecords
import TerminalHarness
import XCTest

/// The news through the real binaries: three players and a teacher share, recommend, rate and
/// beat a record, and each reads only what is theirs, on one machine or another.
extension ServerScenarios {
  /// The lines of `woodshed news ARGUMENTS`, without the times that begin them.
  private func news(_ home: NetHome, _ arguments: [String] = []) throws -> [String] {
    let listed = try home.run(["news"] + arguments)
    XCTAssertEqual(listed.status, 0, listed.error)
    return listed.output.split(separator: "\n").map {
      $0.replacingOccurrences(
        of: #"^\d{4}-\d\d-\d\d \d\d:\d\d UTC  "#, with: "", options: .regularExpression)
    }
  }

  /// The time `woodshed news` begins its first line with.
  private func newestTime(_ home: NetHome) throws -> String {
    let listed = try home.run(["news", "--all", "--keep"])
    XCTAssertEqual(listed.status, 0, listed.error)
    return String(listed.output.prefix("2026-11-28 21:04 UTC".count))
  }

  func eachPlayerReadsTheirOwnNews() async throws {
    try await withServer { tia, server, database in
      let ada = try NetHome()
      let bea = try NetHome()
      let cy = try NetHome()
      let beasLaptop = try NetHome()
      defer {
        for home in [ada, bea, cy, beasLaptop] { home.remove() }
      }
      let code = try teacherWithClass(tia, server, database: database, name: "tia")
      for (home, name) in [(ada, "ada"), (bea, "bea"), (cy, "cy")] {
        try createAndLogIn(home, server, name: name)
      }
      XCTAssertEqual(try bea.run(["class", "join", code]).status, 0)
      XCTAssertEqual(try cy.run(["class", "join", code]).status, 0)
      let since = try bea.run(["news"])
      XCTAssertEqual(since.status, 0, since.error)
      XCTAssertTrue(since.output.hasPrefix("nothing new since "), "a new player: \(since.output)")

      // Ada shares a pattern with everyone and another with bea alone.
      try writeOwnPattern(ada, id: "tuesday-box", name: "Tuesday box")
      try writeOwnPattern(ada, id: "for-bea", name: "For bea")
      let published = try ada.run(["patterns", "share", "tuesday-box"])
      XCTAssertEqual(published.status, 0, published.error)
      let publicID = try XCTUnwrap(published.output.split(separator: " ").first.map(String.init))
      let privately = try ada.run(["patterns", "share", "for-bea", "--to", "bea"])
      XCTAssertEqual(privately.status, 0, privately.error)
      let privateID = try XCTUnwrap(privately.output.split(separator: " ").first.map(String.init))
      // Tia recommends a pattern to her class; bea rates ada's.
      let recommended = try tia.run([
        "class", "recommend", Self.className, PlayedGames.pattern, "--message", "Slowly first",
      ])
      XCTAssertEqual(recommended.status, 0, recommended.error)
      XCTAssertEqual(try bea.run(["rate", publicID, "4", "--comment", "Nice box"]).status, 0)
      // Cy's game passes bea's best on the board of levels 1-2.
      let beas = PlayedGames.game(clears: 10, hoursAgo: 5, seed: 9)
      let cys = PlayedGames.game(clears: 12, hoursAgo: 1)
      XCTAssertEqual([beas.level, cys.level], [2, 2])
      XCTAssertGreaterThan(cys.score, beas.score)
      try PlayedGames.write([beas], to: bea)
      XCTAssertEqual(try send(bea).status, 0)
      try PlayedGames.write([cys], to: cy)
      XCTAssertEqual(try send(cy).status, 0)

      let shared = "ada shared the pattern Tuesday box: woodshed patterns fetch \(publicID)"
      let recommendation =
        "tia recommends the pattern \(PlayedGames.pattern) to \(Self.className): Slowly first"
      let beasNews = [
        "cy passed your best on \(PlayedGames.pattern), band 1: \(cys.score) over your "
          + "\(beas.score)",
        recommendation,
        "ada shared the pattern For bea: woodshed patterns fetch \(privateID)",
        shared,
      ]
      // Each reads exactly what is theirs: nothing of their own doing.
      XCTAssertEqual(
        try news(ada, ["--keep"]), ["bea rated your pattern Tuesday box ★★★★☆: Nice box"])
      XCTAssertEqual(try news(cy, ["--keep"]), [recommendation, shared])
      XCTAssertEqual(try news(tia, ["--keep"]), [shared])
      XCTAssertEqual(try news(bea, ["--keep"]), beasNews)
      let counted = try cy.run(["news", "--json", "--keep"])
      let object = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(counted.output.utf8)) as? [String: Any])
      XCTAssertEqual(object["server"] as? String, server.url)
      XCTAssertEqual(
        object["newCounts"] as? [String: Int], ["pattern": 1, "recommendation": 1])
      XCTAssertEqual(
        (object["items"] as? [[String: Any]])?.map { $0["kind"] as? String },
        ["recommendation", "pattern"])

      // A second machine with bea's account agrees: --keep kept them new there too.
      let login = try beasLaptop.run(
        ["login", "bea", "--server", server.url, "--password-stdin"], input: Self.password + "\n")
      XCTAssertEqual(login.status, 0, login.error)
      XCTAssertEqual(try news(beasLaptop, ["--keep"]), beasNews)

      // Listing marks them read, on the server: the next call, here or there, has nothing new.
      XCTAssertEqual(try news(bea), beasNews)
      let newest = try newestTime(bea)
      XCTAssertEqual(try news(bea), ["nothing new since \(newest)"])
      XCTAssertEqual(try news(beasLaptop), ["nothing new since \(newest)"])
      XCTAssertEqual(try news(beasLaptop, ["--all"]), beasNews, "read ones are listed with --all")
      XCTAssertEqual(try news(cy, ["--keep"]), [recommendation, shared], "cy's mark is her own")

      // What happens next is new on both machines until one of them lists it.
      try writeOwnPattern(ada, id: "wednesday-box", name: "Wednesday box")
      let another = try ada.run(["patterns", "share", "wednesday-box", "--to", "bea"])
      XCTAssertEqual(another.status, 0, another.error)
      let anotherID = try XCTUnwrap(another.output.split(separator: " ").first.map(String.init))
      let wednesday = "ada shared the pattern Wednesday box: woodshed patterns fetch \(anotherID)"
      XCTAssertEqual(try news(bea, ["--all", "--keep"]), ["\(wednesday) (new)"] + beasNews)
      XCTAssertEqual(try news(beasLaptop), [wednesday])
      let newer = try newestTime(beasLaptop)
      XCTAssertEqual(try news(bea), ["nothing new since \(newer)"])
      XCTAssertEqual(try news(ada), ["bea rated your pattern Tuesday box ★★★★☆: Nice box"])
      XCTAssertEqual(try news(ada), ["nothing new since \(try newestTime(ada))"])
    }
  }
}
