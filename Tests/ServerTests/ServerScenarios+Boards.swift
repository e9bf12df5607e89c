import Foundation
import GameRecords
import NetAPI
import Practice
import TerminalHarness
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The drill's, the streak's and the rhythm trainer's boards, on the real server.
extension ServerScenarios {
  /// `hours` ago, in whole seconds as the history writes dates.
  private static func ago(_ hours: Double) -> Date {
    Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - hours * 3600).rounded(.down))
  }

  private static func day(_ date: Date) -> String {
    String(ISO8601DateFormatter().string(from: date).prefix(10))
  }

  private func write(_ records: [SessionRecord], to home: NetHome) throws {
    try PlayedGames.write(records.map(PlayedGames.Game.init(record:)), to: home)
  }

  private func json(_ home: NetHome, _ arguments: [String]) throws -> [String: Any] {
    let answer = try home.run(["leaderboard"] + arguments + ["--json"])
    XCTAssertEqual(answer.status, 0, answer.error)
    return try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(answer.output.utf8)) as? [String: Any])
  }

  private static let packs = "treble-staff,bass-staff"
  private static let line = PlayedBoards.line.joined(separator: ",")

  func drillAndStreakBoardsAreSentAndShownInOrder() async throws {
    try await withServer { ada, server, _ in
      let bea = try NetHome()
      let cy = try NetHome()
      defer {
        bea.remove()
        cy.remove()
      }
      let played: [(NetHome, String, [SessionRecord])] = [
        (
          ada, "ada",
          [
            PlayedBoards.drill(right: 30, wrong: 4, startedAt: Self.ago(5)),
            PlayedBoards.drill(right: 42, startedAt: Self.ago(4)),
            PlayedBoards.streak(right: 7, startedAt: Self.ago(3)),
          ]
        ),
        (bea, "bea", [PlayedBoards.drill(right: 38, wrong: 2, startedAt: Self.ago(6))]),
        (
          cy, "cy",
          [
            PlayedBoards.drill(right: 20, startedAt: Self.ago(2)),
            PlayedBoards.streak(right: 31, startedAt: Self.ago(1)),
          ]
        ),
      ]
      for (home, name, records) in played {
        try createAndLogIn(home, server, name: name)
        try write(records, to: home)
        let sent = try send(home)
        XCTAssertEqual(sent.status, 0, sent.error)
        let drills = records.count { $0.exercise == "timed" }
        let streaks = records.count - drills
        let kinds = ["drill \(drills)", streaks > 0 ? "streak \(streaks)" : nil]
        XCTAssertEqual(
          sent.output,
          "sent \(records.count) \(records.count == 1 ? "score" : "scores") to \(server.url) ("
            + kinds.compactMap(\.self).joined(separator: ", ") + ")\n")
      }

      // Bea sees the drill's board with her own row marked; each player's best drill only.
      let table = try bea.run(["leaderboard", "--game", "drill", "--packs", Self.packs])
      XCTAssertEqual(table.status, 0, table.error)
      func row(_ mark: String, _ place: Int, _ name: String, _ right: Int, _ date: Date)
        -> String
      {
        let padded = name + String(repeating: " ", count: 6 - name.count)
        let cards = String(right)
        return "\(mark)     \(place)  \(padded)  "
          + String(repeating: " ", count: 5 - cards.count) + cards + "  \(Self.day(date))\n"
      }
      XCTAssertEqual(
        table.output,
        "drill on bass-staff,treble-staff: 3 players\n"
          + "  place  player  cards  date\n"
          + row(" ", 1, "ada", 42, played[0].2[1].startedAt)
          + row("*", 2, "bea", 38, played[1].2[0].startedAt)
          + row(" ", 3, "cy", 20, played[2].2[0].startedAt))

      // The same packs in another order are the same board; the streak has its own.
      let streak = try json(ada, ["--game", "streak", "--packs", "bass-staff,treble-staff"])
      XCTAssertEqual(streak["board"] as? String, "bass-staff,treble-staff")
      XCTAssertEqual(streak["players"] as? Int, 2)
      let top = try XCTUnwrap(streak["top"] as? [[String: Any]])
      XCTAssertEqual(top.map { $0["player"] as? String }, ["cy", "ada"])
      XCTAssertEqual(top.map { $0["score"] as? Double }, [31, 7])
      XCTAssertEqual((streak["mine"] as? [String: Any])?["place"] as? Int, 2)

      let other = try ada.run(["leaderboard", "--game", "drill", "--packs", "treble-staff"])
      XCTAssertEqual(other.output, "no scores on drill on treble-staff yet\n")

      // Flags another game takes are one line and exit 2.
      for (arguments, line) in [
        (
          ["--game", "drill", "--pattern", "minor-pentatonic-1"],
          "--game drill takes --packs ID,ID..., and no --pattern, --line, --bpm or --bars"
        ),
        (
          ["--game", "rhythm", "--line", Self.line],
          "--game rhythm takes --line ID,ID..., --bpm N and --bars N, and no --pattern or --packs"
        ),
        (
          ["--game", "interval", "--packs", Self.packs],
          "--game interval takes --pattern ID, and no --packs, --line, --bpm or --bars"
        ),
      ] {
        let wrong = try ada.run(["leaderboard"] + arguments)
        XCTAssertEqual(wrong.status, 2, arguments.joined(separator: " "))
        XCTAssertEqual(wrong.error, "Error: \(line)\n")
        XCTAssertEqual(wrong.output, "")
      }
    }
  }

  func rhythmBoardsAreSentAndShownInOrder() async throws {
    try await withServer { ada, server, _ in
      let bea = try NetHome()
      defer { bea.remove() }
      let adas = [
        PlayedBoards.rhythm(missed: 3, startedAt: Self.ago(3)),
        PlayedBoards.rhythm(missed: 0, good: 2, startedAt: Self.ago(2)),
      ]
      let beas = [PlayedBoards.rhythm(missed: 1, extra: 1, startedAt: Self.ago(1))]
      for (home, name, records) in [(ada, "ada", adas), (bea, "bea", beas)] {
        try createAndLogIn(home, server, name: name)
        try write(records, to: home)
        let sent = try send(home)
        XCTAssertEqual(sent.status, 0, sent.error)
        XCTAssertEqual(
          sent.output,
          "sent \(records.count) \(records.count == 1 ? "score" : "scores") to \(server.url) "
            + "(rhythm \(records.count))\n")
      }
      let table = try bea.run(
        ["leaderboard", "--game", "rhythm", "--line", Self.line, "--bpm", "90", "--bars", "2"])
      XCTAssertEqual(table.status, 0, table.error)
      XCTAssertEqual(
        table.output,
        "rhythm on quarter,eighths at 90 bpm, 2 bars: 2 players\n"
          + "  place  player  accuracy  date\n"
          + "      1  ada      100.0 %  \(Self.day(adas[1].startedAt))\n"
          + "*     2  bea       84.6 %  \(Self.day(beas[0].startedAt))\n")
      // In the player's language, each column as wide as its heading.
      var spanish = bea.environment
      spanish["LANG"] = "es_ES.UTF-8"
      let spoken = try CommandRun.run(
        NetHome.woodshed,
        ["leaderboard", "--game", "rhythm", "--line", Self.line, "--bpm", "90", "--bars", "2"],
        environment: spanish, input: "")
      XCTAssertEqual(
        spoken.output,
        "rhythm en quarter,eighths a 90 bpm, 2 compases: 2 jugadores\n"
          + "  puesto  jugador  precisión  fecha\n"
          + "       1  ada        100.0 %  \(Self.day(adas[1].startedAt))\n"
          + "*      2  bea         84.6 %  \(Self.day(beas[0].startedAt))\n")
      let board = try json(
        ada, ["--game", "rhythm", "--line", Self.line, "--bpm", "90", "--bars", "2"])
      XCTAssertEqual(board["board"] as? String, "quarter,eighths@90x2")
      let top = try XCTUnwrap(board["top"] as? [[String: Any]])
      XCTAssertEqual(try XCTUnwrap(top[1]["score"] as? Double), 1100.0 / 13, accuracy: 1e-9)
      XCTAssertEqual((board["mine"] as? [String: Any])?["place"] as? Int, 1)

      let faster = try ada.run(
        ["leaderboard", "--game", "rhythm", "--line", Self.line, "--bpm", "120", "--bars", "2"])
      XCTAssertEqual(
        faster.output, "no scores on rhythm on quarter,eighths at 120 bpm, 2 bars yet\n")
      let shorter = try ada.run(
        ["leaderboard", "--game", "rhythm", "--line", Self.line, "--bpm", "90", "--bars", "1"])
      XCTAssertEqual(
        shorter.output, "no scores on rhythm on quarter,eighths at 90 bpm, 1 bar yet\n",
        "a run of one bar is another board")
    }
  }

  func everyKindOfScoreIsSentOnceAndStoredOnce() async throws {
    try await withServer { home, server, database in
      try createAndLogIn(home, server, name: "dot")
      let drill = PlayedBoards.drill(right: 33, startedAt: Self.ago(4))
      try PlayedGames.write([PlayedGames.game(clears: 5, hoursAgo: 5)], to: home)
      try write(
        [
          drill, PlayedBoards.streak(right: 9, startedAt: Self.ago(3)),
          PlayedBoards.rhythm(missed: 2, startedAt: Self.ago(2)),
          PlayedBoards.rhythm(missed: 1, startedAt: Self.ago(1)),
        ], to: home)
      XCTAssertEqual(
        try send(home).output,
        "sent 5 scores to \(server.url) (interval 1, drill 1, streak 1, rhythm 2)\n")
      XCTAssertEqual(try send(home).output, "nothing new\n")
      // Without the file that remembers what went, everything goes again: the server keeps
      // each session once.
      try FileManager.default.removeItem(
        at: home.folder.appendingPathComponent("data/scores-sent.json"))
      let again = try send(home)
      XCTAssertEqual(again.status, 0, again.error)
      XCTAssertEqual(again.output, "nothing new\n")
      let answer = try await client(server, token: try savedToken(home)).submitBoardScore(
        body: .json(.init(record: PlayedGames.line(drill))))
      let receipt = try answer.ok.body.json
      XCTAssertEqual(receipt.status, .alreadyRecorded)
      XCTAssertEqual(receipt.game, .drill)
      XCTAssertEqual(receipt.score, 33)
      let boardCount = try await storedScores(database, in: "board_scores")
      XCTAssertEqual(boardCount, 4, "0 duplicates")
      let intervalCount = try await storedScores(database)
      XCTAssertEqual(intervalCount, 1)

      // In the player's language: what went, and what a refresh found.
      try PlayedGames.write([PlayedGames.game(clears: 6, hoursAgo: 0.5, seed: 6)], to: home)
      var spanish = home.environment
      spanish["LANG"] = "es_ES.UTF-8"
      let spoken = try CommandRun.run(
        NetHome.woodshed, ["scores", "send"], environment: spanish, input: "")
      XCTAssertEqual(spoken.output, "enviada 1 puntuación a \(server.url) (interval 1)\n")
      let refreshed = try CommandRun.run(
        NetHome.woodshed, ["refresh"], environment: spanish, input: "")
      XCTAssertEqual(refreshed.status, 0, refreshed.error)
      let summary = try XCTUnwrap(refreshed.output.split(separator: "\n").first)
      XCTAssertTrue(
        summary.hasPrefix(
          "ninguna puntuación nueva para \(server.url); 0 compartidos contigo, "),
        String(summary))
      XCTAssertTrue(
        summary.hasSuffix(", 0 paquetes en su catálogo, 0 en su biblioteca, 0 novedades"),
        String(summary))
    }
  }

  func anImplausibleSessionIsRefusedWithOneLineAndStoredNowhere() async throws {
    try await withServer { home, server, database in
      try createAndLogIn(home, server, name: "eli")
      let client = try client(server, token: try savedToken(home))
      var inflated = PlayedBoards.drill(right: 40, wrong: 5, startedAt: Self.ago(2))
      inflated.figures["right"] = 45
      var recorded = PlayedBoards.rhythm(missed: 0, startedAt: Self.ago(2))
      recorded.figures["live"] = nil
      var short = PlayedBoards.rhythm(missed: 0, startedAt: Self.ago(2))
      short.graded.removeLast()
      for (record, reason) in [
        (inflated, "45 cards right, but the answers give 40"),
        (
          recorded,
          "a rhythm graded from a recording or from typed taps is no performance: only runs "
            + "played live in the trainer go to a board"
        ),
        (short, "the record grades 11 notes, but the line has 12"),
      ] {
        let answer = try await client.submitBoardScore(
          body: .json(.init(record: PlayedGames.line(record))))
        XCTAssertEqual(try answer.unprocessableContent.body.json.error, reason)
      }
      let refusedCount = try await storedScores(database, in: "board_scores")
      XCTAssertEqual(refusedCount, 0, "nothing refused is stored")

      // Sent from the history, the refused drill is said and settled; the good streak goes.
      try write([inflated, PlayedBoards.streak(right: 4, startedAt: Self.ago(1))], to: home)
      let sent = try send(home)
      XCTAssertEqual(sent.status, 0, sent.error)
      let minute = ISO8601DateFormatter().string(from: inflated.startedAt).prefix(16)
        .replacingOccurrences(of: "T", with: " ")
      XCTAssertEqual(
        sent.output,
        "not taken: the drill of \(minute) on bass-staff,treble-staff: 45 cards right, but the "
          + "answers give 40\nsent 1 score to \(server.url) (streak 1)\n")
      XCTAssertEqual(try send(home).output, "nothing new\n")
      let storedCount = try await storedScores(database, in: "board_scores")
      XCTAssertEqual(storedCount, 1)
    }
  }

  func aPlayerCannotSubmitABoardScoreForAnother() async throws {
    try await withServer { ada, server, database in
      let bea = try NetHome()
      defer { bea.remove() }
      try createAndLogIn(ada, server, name: "ada")
      try createAndLogIn(bea, server, name: "bea")
      let line = PlayedGames.line(PlayedBoards.streak(right: 12, startedAt: Self.ago(1)))

      let anonymous = try await client(server).submitBoardScore(body: .json(.init(record: line)))
      XCTAssertEqual(
        try anonymous.unauthorized.body.json.error, "the token is unknown, expired or revoked")

      // The body names no player: whoever holds the token is the player, whatever else it says.
      var request = URLRequest(url: try XCTUnwrap(URL(string: server.url + "/scores/boards")))
      request.httpMethod = "POST"
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.setValue("Bearer \(try savedToken(bea))", forHTTPHeaderField: "Authorization")
      request.httpBody = try JSONSerialization.data(withJSONObject: [
        "record": line, "player": "ada",
      ])
      let (_, response) = try await URLSession.shared.data(for: request)
      XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 201)

      let board = try json(ada, ["--game", "streak", "--packs", Self.packs])
      let top = try XCTUnwrap(board["top"] as? [[String: Any]])
      XCTAssertEqual(top.map { $0["player"] as? String }, ["bea"])
      XCTAssertNil(board["mine"], "ada sees the board without a place of her own")
      let scoreCount = try await storedScores(database, in: "board_scores")
      XCTAssertEqual(scoreCount, 1)
    }
  }
}
