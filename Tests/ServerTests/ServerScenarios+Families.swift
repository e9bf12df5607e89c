import Foundation
import Logging
import ServerStore
import TerminalHarness
import XCTest

/// Boards over a family of patterns and a class's board, through the real binaries: four
/// players' bests summed per family, ties broken by fewer patterns, a shared pattern counted in
/// its file's category, and a class's board kept to its teacher and students.
extension ServerScenarios {
  func familyAndClassBoardsSumEachPlayersBests() async throws {
    try await withServer { tia, server, database in
      let ada = try NetHome()
      let bea = try NetHome()
      let cy = try NetHome()
      let dee = try NetHome()
      defer {
        for home in [ada, bea, cy, dee] { home.remove() }
      }
      let code = try teacherWithClass(tia, server, database: database, name: "tia")
      for (home, name) in [(ada, "ada"), (bea, "bea"), (cy, "cy"), (dee, "dee")] {
        try createAndLogIn(home, server, name: name)
      }
      XCTAssertEqual(try bea.run(["class", "join", code]).status, 0)
      XCTAssertEqual(try cy.run(["class", "join", code]).status, 0)
      // Dee's own pattern, shared: the server knows it is a chord from the file.
      try writeOwnPattern(dee, id: "my-lick-1", name: "My lick")
      XCTAssertEqual(try dee.run(["patterns", "share", "my-lick-1"]).status, 0)

      // The games go straight into the database: the boards are what is looked at here.
      let start = Date(timeIntervalSince1970: 1_800_000_000)
      let opened = try await ServerDatabase.open(
        try DatabaseLocation(parsing: database), logger: Logger(label: "test"))
      do {
        let scores = IntervalScoreStore(database: opened.sql)
        for (offset, (player, pattern, band, level, score)) in [
          ("ada", "dorian-1", 1, 2, 250), ("ada", "dorian-1", 1, 2, 300),
          ("ada", "dorian-2", 1, 1, 200), ("ada", "7-chord-1", 1, 2, 500),
          ("bea", "dorian-1", 1, 2, 500), ("cy", "dorian-3", 1, 2, 250),
          ("cy", "dorian-4", 1, 1, 150), ("dee", "dorian-1", 1, 1, 100),
          ("dee", "my-lick-1", 1, 2, 400), ("dee", "major-1", 2, 3, 100),
        ].enumerated() {
          _ = try await scores.record(
            player: player, startedAt: start.addingTimeInterval(Double(offset * 60)),
            patternID: pattern, band: band, level: level, score: score, record: "{}")
        }
      } catch {
        await opened.shutdown()
        throw error
      }
      await opened.shutdown()

      func row(
        _ mark: String, _ place: Int, _ name: String, _ score: Int, _ patterns: Int,
        _ level: Int
      ) -> String {
        func left(_ value: Int, _ width: Int) -> String {
          String(repeating: " ", count: width - String(value).count) + String(value)
        }
        return "\(mark) \(left(place, 5))  "
          + name.padding(toLength: 6, withPad: " ", startingAt: 0)
          + "  \(left(score, 5))  \(left(patterns, 8))  \(left(level, 5))  2027-01-15\n"
      }
      let heading = "  place  player  score  patterns  level  date\n"
      // Bea and ada both sum 500 on dorian: bea needed one pattern for it.
      let dorian = try ada.run(["leaderboard", "--family", "dorian"])
      XCTAssertEqual(dorian.status, 0, dorian.error)
      XCTAssertEqual(
        dorian.output,
        "dorian, levels 1-2: 4 players\n" + heading + row(" ", 1, "bea", 500, 1, 2)
          + row("*", 2, "ada", 500, 2, 2) + row(" ", 3, "cy", 400, 2, 2)
          + row(" ", 4, "dee", 100, 1, 1))
      let scales = try cy.run(["leaderboard", "--family", "scales"])
      XCTAssertEqual(
        scales.output,
        "scales, levels 1-2: 4 players\n" + heading + row(" ", 1, "bea", 500, 1, 2)
          + row(" ", 2, "ada", 500, 2, 2) + row("*", 3, "cy", 400, 2, 2)
          + row(" ", 4, "dee", 100, 1, 1) + "\n" + "scales, levels 3-4: 1 player\n" + heading
          + row(" ", 1, "dee", 100, 1, 3))
      let chords = try dee.run(["leaderboard", "--family", "chords"])
      XCTAssertEqual(
        chords.output,
        "chords, levels 1-2: 2 players\n" + heading + row(" ", 1, "ada", 500, 1, 2)
          + row("*", 2, "dee", 400, 1, 2))
      let all = try dee.run(["leaderboard", "--family", "all", "--json"])
      let object = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(all.output.utf8)) as? [String: Any])
      XCTAssertEqual(object["family"] as? String, "all")
      let first = try XCTUnwrap((object["boards"] as? [[String: Any]])?.first)
      XCTAssertEqual(first["levels"] as? String, "1-2")
      let top = try XCTUnwrap(first["top"] as? [[String: Any]])
      XCTAssertEqual(top.map { $0["player"] as? String }, ["ada", "bea", "dee", "cy"])
      XCTAssertEqual(top.map { $0["score"] as? Int }, [1000, 500, 500, 400])
      XCTAssertEqual(top.map { $0["patterns"] as? Int }, [3, 1, 2, 2])
      XCTAssertEqual((first["mine"] as? [String: Any])?["place"] as? Int, 3)
      XCTAssertEqual(
        (first["near"] as? [[String: Any]])?.map { $0["player"] as? String }, ["ada", "bea", "cy"])
      let own = try cy.run(["leaderboard", "--family", "my-lick"])
      XCTAssertEqual(
        own.output, "my-lick, levels 1-2: 1 player\n" + heading + row(" ", 1, "dee", 400, 1, 2))

      // The class: its students alone, for its teacher and for each of them.
      let taught = try tia.run(["leaderboard", "--class", Self.className])
      XCTAssertEqual(taught.status, 0, taught.error)
      XCTAssertEqual(
        taught.output,
        "all patterns in \(Self.className), levels 1-2: 2 players\n" + heading
          + row(" ", 1, "bea", 500, 1, 2) + row(" ", 2, "cy", 400, 2, 2))
      let member = try cy.run(["leaderboard", "--class", Self.className, "--family", "chords"])
      XCTAssertEqual(member.output, "no scores on chords in \(Self.className) yet\n")
      let classJSON = try bea.run([
        "leaderboard", "--class", Self.className, "--family", "dorian", "--json",
      ])
      let classBoard = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(classJSON.output.utf8)) as? [String: Any])
      XCTAssertEqual(classBoard["className"] as? String, Self.className)
      let classTop = try XCTUnwrap(
        (classBoard["boards"] as? [[String: Any]])?.first?["top"] as? [[String: Any]])
      XCTAssertEqual(classTop.map { $0["player"] as? String }, ["bea", "cy"])
      let outsider = try ada.run(["leaderboard", "--class", Self.className])
      XCTAssertEqual(outsider.status, 1)
      XCTAssertEqual(
        outsider.error,
        "Error: you teach or belong to no class named \(Self.className): woodshed class list "
          + "shows yours\n")
      let classID = try await client(server, token: try savedToken(tia)).listClasses().ok.body
        .json.classes[0].id
      let byStranger = try await client(server, token: try savedToken(ada)).getClassLeaderboard(
        path: .init(classId: classID), query: .init())
      XCTAssertEqual(try byStranger.notFound.body.json.error, "there is no class \(classID)")

      for (family, line) in [
        (
          "Dorian",
          "a family is all, scales, arpeggios, chords or a pattern id without its position, such as dorian or 7-chord"
        ),
        (
          "dorian-1",
          "a family is all, scales, arpeggios, chords or a pattern id without its position, such as dorian or 7-chord"
        ),
        ("nothing-here", "no pattern is of the family nothing-here"),
      ] {
        let wrong = try ada.run(["leaderboard", "--family", family])
        XCTAssertEqual(wrong.status, 1, family)
        XCTAssertEqual(wrong.error, "Error: \(line)\n")
      }
      let mixed = try ada.run(["leaderboard", "--family", "dorian", "--game", "drill"])
      XCTAssertEqual(mixed.status, 2)
      XCTAssertEqual(
        mixed.error,
        "Error: --family and --class are the interval game's boards, and take no --pattern, "
          + "--packs, --line, --bpm or --bars\n")
      let none = try ada.run(["leaderboard"])
      XCTAssertEqual(none.status, 2)
      XCTAssertEqual(
        none.error, "Error: name a board: --game GAME, --family FAMILY or --class NAME\n")
    }
  }
}
