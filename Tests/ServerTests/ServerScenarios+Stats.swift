import Foundation
import GameRecords
import Logging
import Practice
import ServerStore
import TerminalHarness
import XCTest

/// The admin's usage statistics through the real binaries: four accounts, two backed-up
/// histories (one in pieces by `sync`, one whole from before pieces), scores sent by a player
/// who never synced, and ratings; every number checked, on the server's machine and over the
/// network, where only the admin is answered.
extension ServerScenarios {
  func usageStatisticsCountWhatTheServerSaw() async throws {
    try await withServer { ada, server, database in
      let bea = try NetHome()
      let cy = try NetHome()
      let dee = try NetHome()
      defer {
        for home in [bea, cy, dee] { home.remove() }
      }
      for (home, name) in [(ada, "ada"), (bea, "bea"), (cy, "cy"), (dee, "dee")] {
        try createAndLogIn(home, server, name: name)
      }
      // The server counts days by its own clock: a run that would cross midnight UTC waits
      // for it first, so both count the same days.
      let toMidnight = 86_400 - Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400)
      if toMidnight < 180 { try await Task.sleep(for: .seconds(toMidnight + 1)) }
      let today = LocalDay(Date(), utcOffset: 0)
      func at(_ days: Int, _ hour: Int, _ minute: Int) -> Date {
        Date(
          timeIntervalSince1970: TimeInterval((today + days).number) * 86_400
            + TimeInterval(hour * 3600 + minute * 60))
      }
      func line(_ module: String, _ start: Date, minutes: Double, cutShort: Bool = false)
        -> String
      {
        PlayedGames.line(
          SessionRecord(
            module: module, exercise: "e", startedAt: start, duration: minutes * 60,
            isCutShort: cutShort)) + "\n"
      }
      // Bea syncs: two attempts 5 minutes apart are one 20-minute sitting; a session cut
      // short is activity but no session; one 20 weeks ago is outside every window.
      let beasHistory = bea.folder.appendingPathComponent("data/history.jsonl")
      try FileManager.default.createDirectory(
        at: beasHistory.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(
        (line("notes", at(-140, 9, 0), minutes: 60)
          + line("ear", at(-3, 18, 0), minutes: 5, cutShort: true)
          + line("metronome", at(-1, 10, 0), minutes: 30)
          + line("fretboard", at(0, 0, 10), minutes: 10)
          + line("fretboard", at(0, 0, 25), minutes: 5)).utf8
      ).write(to: beasHistory)
      let synced = try bea.run(["sync"])
      XCTAssertEqual(synced.status, 0, synced.error)

      // Ada shares two patterns; dee's is rated once, ada's twice.
      try writeOwnPattern(ada, id: "tuesday-box", name: "Tuesday box")
      try writeOwnPattern(dee, id: "for-all", name: "For all")
      let adas = try XCTUnwrap(
        try ada.run(["patterns", "share", "tuesday-box"]).output.split(separator: " ").first)
      let dees = try XCTUnwrap(
        try dee.run(["patterns", "share", "for-all"]).output.split(separator: " ").first)
      for (home, share, stars) in [(bea, adas, "5"), (cy, adas, "4"), (ada, dees, "5")] {
        XCTAssertEqual(try home.run(["rate", String(share), stars]).status, 0)
      }

      // Cy's history from before pieces, and the scores: straight into the database.
      let opened = try await ServerDatabase.open(
        try DatabaseLocation(parsing: database), logger: Logger(label: "test"))
      do {
        let history = Data(
          (line("fretboard", at(-1, 12, 0), minutes: 15)
            + line("metronome", at(-20, 9, 0), minutes: 10)).utf8)
        _ = try await BackupStore(database: opened.sql).put(
          player: "cy", path: "data/history.jsonl", content: history,
          sha256: BackupRules.sha256(of: history), modifiedAt: Date())
        let scores = IntervalScoreStore(database: opened.sql)
        for (player, start, pattern) in [
          ("dee", at(-2, 8, 0), "dorian-1"), ("dee", at(-2, 8, 10), "dorian-1"),
          ("cy", at(-1, 12, 30), "dorian-1"), ("bea", at(0, 1, 0), "6-chord-1"),
          ("cy", at(-20, 9, 30), "7-chord-1"),
        ] {
          _ = try await scores.record(
            player: player, startedAt: start, patternID: pattern, band: 1, level: 1, score: 100,
            record: "{}")
        }
        _ = try await BoardScoreStore(database: opened.sql).record(
          player: "dee", game: "drill", startedAt: at(0, 1, 0), board: "treble-staff", score: 20,
          record: "{}")
      } catch {
        await opened.shutdown()
        throw error
      }
      await opened.shutdown()

      // Players per day and per week, from every (player, day) the server saw.
      let seen: [(String, Int)] = [
        ("bea", -3), ("bea", -1), ("bea", 0), ("cy", -1), ("dee", -2), ("dee", 0),
      ]
      func players(_ days: ClosedRange<LocalDay>) -> Int {
        Set(seen.filter { days.contains(today + $0.1) }.map(\.0)).count
      }
      let perDay = (-6...0).map { today + $0 }.map {
        "  \($0.text)  \(String(repeating: " ", count: 3))\(players($0...$0))\n"
      }
      let perWeek = [today.monday - 7, today.monday].map {
        "  \($0.text)  \(String(repeating: " ", count: 3))\(players($0...($0 + 6)))\n"
      }
      let expected =
        "\nplayers active per day (UTC):\n" + perDay.joined()
        + "\nplayers active per week (from Monday):\n" + perWeek.joined()
        + "\nsessions and minutes per module, the last 2 weeks (backed-up histories):\n"
        + "  module     sessions  minutes\n" + "  fretboard         2       35\n"
        + "  metronome         1       30\n"
        + "\nmost practised patterns, the last 2 weeks (interval games sent):\n"
        + "  pattern    games  players\n" + "  dorian-1       3        2\n"
        + "  6-chord-1      1        1\n" + "\nbest rated shared patterns:\n"
        + "  pattern                     by  stars  ratings\n"
        + "  For all (for-all)          dee    5.0        1\n"
        + "  Tuesday box (tuesday-box)  ada    4.5        2\n"
      let heading = ": 4 accounts, 2 backed-up histories read\n"
      func body(_ output: String) -> String {
        String(output.drop { $0 != "\n" }.dropFirst())
      }

      let local = try ada.run([
        "serve", "stats", "--days", "7", "--weeks", "2", "--database", database,
      ])
      XCTAssertEqual(local.status, 0, local.error)
      XCTAssertTrue(local.output.hasSuffix(heading + expected), local.output)
      XCTAssertTrue(local.output.hasPrefix("usage on "), local.output)

      let refused = try ada.run(["stats", "--days", "7", "--weeks", "2"])
      XCTAssertEqual(refused.status, 1)
      XCTAssertEqual(
        refused.error,
        "Error: only the server's admin reads the usage statistics: woodshed serve stats on the "
          + "server's machine, or an account given the role with woodshed serve role NAME admin\n")
      XCTAssertEqual(
        try ada.run(["serve", "role", "ada", "admin", "--database", database]).output,
        "ada is now an admin\n")
      let remote = try ada.run(["stats", "--days", "7", "--weeks", "2"])
      XCTAssertEqual(remote.status, 0, remote.error)
      XCTAssertEqual(body(remote.output), body(local.output))

      let json = try ada.run(["stats", "--days", "7", "--weeks", "2", "--json"])
      let object = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
      XCTAssertEqual(object["accounts"] as? Int, 4)
      XCTAssertEqual(object["histories"] as? Int, 2)
      XCTAssertEqual(
        (object["days"] as? [[String: Any]])?.map { $0["players"] as? Int },
        (-6...0).map { players((today + $0)...(today + $0)) })
      let modules = try XCTUnwrap(object["modules"] as? [[String: Any]])
      XCTAssertEqual(modules.map { $0["module"] as? String }, ["fretboard", "metronome"])
      XCTAssertEqual(modules.map { $0["sessions"] as? Int }, [2, 1])
      XCTAssertEqual(modules.map { $0["minutes"] as? Double }, [35, 30])
      let rated = try XCTUnwrap(object["rated"] as? [[String: Any]])
      XCTAssertEqual(rated.map { $0["average"] as? Double }, [5, 4.5])

      // Anyone else is refused with the same one-line error as every other refusal.
      let player = try client(server, token: try savedToken(bea))
      let forbidden = try await player.getUsageStatistics(query: .init())
      XCTAssertTrue(try forbidden.forbidden.body.json.error.hasPrefix("only the server's admin"))
      let admin = try client(server, token: try savedToken(ada))
      let tooMany = try await admin.getUsageStatistics(query: .init(days: 93))
      XCTAssertEqual(try tooMany.badRequest.body.json.error, "days are 1 to 92, weeks 1 to 52")
      let wrong = try ada.run(["serve", "stats", "--weeks", "0", "--database", database])
      XCTAssertEqual(wrong.status, 64)
      XCTAssertTrue(wrong.error.contains("--days is 1 to 92, --weeks 1 to 52"), wrong.error)
    }
  }
}
