import Foundation
import GameRecords
import HTTPTypes
import Logging
import NetAPI
import NetClient
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import SQLKit
import ServerStore
import TerminalHarness
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every rule of the server, checked against the real binary; the SQLite and PostgreSQL test
/// classes run each one on their own database.
struct ServerScenarios {
  /// A new, empty database location for one server.
  let makeDatabase: (NetHome) async throws -> String
  let expectedKind: Components.Schemas.Health.DatabasePayload

  static let password = "correct horse battery"

  func withServer(
    options: [String] = [], _ body: (NetHome, ServerProcess, String) async throws -> Void
  ) async throws {
    let home = try NetHome()
    defer { home.remove() }
    let database = try await makeDatabase(home)
    let server = try ServerProcess(home: home, database: database, options: options)
    try await body(home, server, database)
    XCTAssertEqual(server.stop(), 0, "a SIGTERM stops the server cleanly:\n\(server.logText)")
  }

  func client(_ server: ServerProcess, token: String? = nil) throws -> Client {
    Client(
      serverURL: try XCTUnwrap(URL(string: server.url)),
      configuration: .init(dateTranscoder: .iso8601),
      transport: AsyncHTTPClientTransport(),
      middlewares: token.map { [BearerToken(token: $0)] } ?? [])
  }

  func createAndLogIn(_ home: NetHome, _ server: ServerProcess, name: String) throws {
    let created = try home.run(
      ["account", "create", name, "--server", server.url, "--password-stdin"],
      input: Self.password + "\n")
    XCTAssertEqual(created.status, 0, created.error)
    XCTAssertEqual(
      created.output,
      "made \(name) (player) on \(server.url); log in with: woodshed login \(name) --server "
        + "\(server.url)\n")
    let login = try home.run(
      ["login", name, "--server", server.url, "--password-stdin"], input: Self.password + "\n")
    XCTAssertEqual(login.status, 0, login.error)
  }

  func savedToken(_ home: NetHome) throws -> String {
    let data = try Data(contentsOf: home.credentialsFile)
    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try XCTUnwrap(object["token"] as? String)
  }

  /// What the practice room of `home` knows of the server: its `state/server.json`, written by
  /// the last refresh.
  func roomSnapshot(_ home: NetHome) throws -> [String: Any] {
    let data = try Data(contentsOf: home.folder.appendingPathComponent("state/server.json"))
    return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  func healthAnswersWithItsDatabase() async throws {
    try await withServer { _, server, _ in
      let health = try await client(server).getHealth()
      XCTAssertEqual(try health.ok.body.json.database, expectedKind)
      XCTAssertEqual(try health.ok.body.json.status, .ok)
    }
  }

  func accountsLogInSayWhoTheyAreAndLogOut() async throws {
    try await withServer { home, server, _ in
      try createAndLogIn(home, server, name: "ada")
      let mode =
        try FileManager.default.attributesOfItem(atPath: home.credentialsFile.path)[
          .posixPermissions] as? Int
      XCTAssertEqual(mode, 0o600, "the token file is its owner's only")

      let whoami = try home.run(["account"])
      XCTAssertEqual(whoami.status, 0, whoami.error)
      XCTAssertEqual(whoami.output, "ada (player) on \(server.url)\n")
      let json = try home.run(["account", "--json"])
      let object = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: String])
      XCTAssertEqual(object["name"], "ada")
      XCTAssertEqual(object["role"], "player")
      XCTAssertEqual(object["server"], server.url)

      let token = try savedToken(home)
      let logout = try home.run(["logout"])
      XCTAssertEqual(logout.status, 0, logout.error)
      XCTAssertFalse(FileManager.default.fileExists(atPath: home.credentialsFile.path))
      // The token is revoked on the server, not only forgotten here.
      let after = try await client(server, token: token).getCurrentAccount()
      XCTAssertEqual(
        try after.unauthorized.body.json.error, "the token is unknown, expired or revoked")

      let nobody = try home.run(["account"])
      XCTAssertNotEqual(nobody.status, 0)
      XCTAssertEqual(nobody.error, "Error: not logged in: run woodshed login NAME --server URL\n")
    }
  }

  func aTakenNameIsRefused() async throws {
    try await withServer { home, server, _ in
      try createAndLogIn(home, server, name: "bea")
      let again = try home.run(
        ["account", "create", "bea", "--server", server.url, "--password-stdin"],
        input: "another password")
      XCTAssertNotEqual(again.status, 0)
      XCTAssertEqual(again.error, "Error: the name bea is taken\n")
    }
  }

  func aWrongTokenIsOneLine401() async throws {
    try await withServer { home, server, _ in
      let refused = try await client(server, token: "not-a-token").getCurrentAccount()
      XCTAssertEqual(
        try refused.unauthorized.body.json.error, "the token is unknown, expired or revoked")

      try createAndLogIn(home, server, name: "cy")
      let text = try String(contentsOf: home.credentialsFile, encoding: .utf8)
      let tampered = text.replacingOccurrences(of: try savedToken(home), with: "forged")
      try Data(tampered.utf8).write(to: home.credentialsFile)
      let account = try home.run(["account"])
      XCTAssertNotEqual(account.status, 0)
      XCTAssertEqual(
        account.error,
        "Error: the server refused the token: it expired or was revoked; log in again\n")
    }
  }

  func anExpiredTokenIsRefused() async throws {
    try await withServer(options: ["--token-lifetime", "1"]) { home, server, _ in
      try createAndLogIn(home, server, name: "dee")
      try await Task.sleep(for: .seconds(2.1))
      let account = try home.run(["account"])
      XCTAssertNotEqual(account.status, 0)
      XCTAssertEqual(
        account.error,
        "Error: the server refused the token: it expired or was revoked; log in again\n")
    }
  }

  func loginsAreLimitedPerAccount() async throws {
    try await withServer(options: ["--login-limit-account", "3"]) { home, server, _ in
      try createAndLogIn(home, server, name: "eve")
      for _ in 0..<3 {
        let wrong = try await client(server).login(
          body: .json(.init(name: "eve", password: "wrong password")))
        XCTAssertEqual(try wrong.unauthorized.body.json.error, "wrong name or password")
      }
      // Past the limit even the right password waits.
      let limited = try await client(server).login(
        body: .json(.init(name: "eve", password: Self.password)))
      let response = try limited.tooManyRequests
      XCTAssertGreaterThan(response.headers.retryAfter, 800)
      XCTAssertLessThanOrEqual(response.headers.retryAfter, 900)
      XCTAssertTrue(try response.body.json.error.hasPrefix("too many failed logins"))

      let command = try home.run(
        ["login", "eve", "--server", server.url, "--password-stdin"], input: Self.password)
      XCTAssertNotEqual(command.status, 0)
      XCTAssertTrue(
        command.error.hasPrefix("Error: too many failed logins: try again in "), command.error)
      XCTAssertEqual(command.error.filter { $0 == "\n" }.count, 1)
    }
  }

  func loginsAreLimitedPerAddress() async throws {
    let options = ["--login-limit-account", "100", "--login-limit-address", "3"]
    try await withServer(options: options) { home, server, _ in
      try createAndLogIn(home, server, name: "fay")
      for name in ["gus", "hal", "ivy"] {
        let wrong = try await client(server).login(
          body: .json(.init(name: name, password: "wrong password")))
        XCTAssertNotNil(try? wrong.unauthorized)
      }
      let limited = try await client(server).login(
        body: .json(.init(name: "fay", password: Self.password)))
      XCTAssertGreaterThan(try limited.tooManyRequests.headers.retryAfter, 0)
    }
  }

  func largeBodiesAre413() async throws {
    try await withServer(options: ["--max-body-bytes", "1024"]) { _, server, _ in
      let large = String(repeating: "x", count: 4096)
      let answer = try await client(server).login(body: .json(.init(name: "jo", password: large)))
      guard case .undocumented(let status, let payload) = answer else {
        return XCTFail("expected 413, got \(answer)")
      }
      XCTAssertEqual(status, 413)
      let body = try await Data(collecting: try XCTUnwrap(payload.body), upTo: 4096)
      XCTAssertEqual(
        String(decoding: body, as: UTF8.self),
        #"{"error":"the request body is larger than 1024 bytes"}"#)
    }
  }

  func inputIsValidatedBeforeTheDatabase() async throws {
    try await withServer { home, server, _ in
      for (name, password, message) in [
        ("A", Self.password, "a name has 2 to 32 characters"),
        (
          "Bad", Self.password,
          "a name starts with a letter and has only a-z, 0-9, '.', '_' and '-'"
        ),
        (
          "1ab", Self.password,
          "a name starts with a letter and has only a-z, 0-9, '.', '_' and '-'"
        ),
        ("kim", "short", "a password has at least 8 characters"),
        ("kim", String(repeating: "p", count: 73), "a password has at most 72 bytes"),
      ] {
        let answer = try await client(server).createAccount(
          body: .json(.init(name: name, password: password)))
        XCTAssertEqual(try answer.badRequest.body.json.error, message, name)
      }
      let command = try home.run(
        ["account", "create", "x y", "--server", server.url, "--password-stdin"],
        input: Self.password)
      XCTAssertEqual(
        command.error,
        "Error: a name starts with a letter and has only a-z, 0-9, '.', '_' and '-'\n")
    }
  }

  func theAdminGivesTheTeacherRole() async throws {
    try await withServer { home, server, database in
      try createAndLogIn(home, server, name: "lou")
      let role = try home.run(["serve", "role", "lou", "teacher", "--database", database])
      XCTAssertEqual(role.status, 0, role.error)
      XCTAssertEqual(role.output, "lou is now a teacher\n")
      XCTAssertEqual(try home.run(["account"]).output, "lou (teacher) on \(server.url)\n")

      let unknown = try home.run(["serve", "role", "nobody", "teacher", "--database", database])
      XCTAssertNotEqual(unknown.status, 0)
      XCTAssertTrue(unknown.error.contains("there is no account nobody"), unknown.error)
    }
  }

  /// A pattern file of the player's own, made from a shipped one.
  static func patternFile(id: String, name: String) throws -> Data {
    let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("assets/patterns/6-chord-1.json")
    var object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(contentsOf: shipped)) as? [String: Any])
    object["id"] = id
    object["name"] = name
    return try JSONSerialization.data(withJSONObject: object)
  }

  func writeOwnPattern(_ home: NetHome, id: String, name: String) throws {
    let folder = home.folder.appendingPathComponent("data/patterns")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Self.patternFile(id: id, name: name).write(to: folder.appendingPathComponent("\(id).json"))
  }

  func patternsAreSharedRecommendedAndFetched() async throws {
    try await withServer { ada, server, _ in
      let bea = try NetHome()
      let cy = try NetHome()
      defer {
        bea.remove()
        cy.remove()
      }
      try createAndLogIn(ada, server, name: "ada")
      try createAndLogIn(bea, server, name: "bea")
      try createAndLogIn(cy, server, name: "cy")
      try writeOwnPattern(ada, id: "my-sixth", name: "My sixth")

      let recommended = try ada.run(["patterns", "share", "my-sixth", "--to", "bea"])
      XCTAssertEqual(recommended.status, 0, recommended.error)
      let shareID = try XCTUnwrap(recommended.output.split(separator: " ").first.map(String.init))
      XCTAssertEqual(recommended.output, "\(shareID)  my-sixth  My sixth  from ada to bea\n")
      let published = try ada.run(["patterns", "share", "my-sixth"])
      XCTAssertTrue(published.output.hasSuffix("from ada to everyone\n"), published.output)
      let publicID = try XCTUnwrap(published.output.split(separator: " ").first.map(String.init))

      XCTAssertEqual(try bea.run(["patterns", "inbox"]).output, recommended.output)
      XCTAssertEqual(try cy.run(["patterns", "inbox"]).output, "", "cy's inbox is cy's own")

      let fetched = try bea.run(["patterns", "fetch", shareID])
      XCTAssertEqual(fetched.status, 0, fetched.error)
      XCTAssertEqual(fetched.output, "fetched my-sixth: My sixth (6 notes) from ada\n")
      XCTAssertTrue(try bea.run(["patterns"]).output.contains("My sixth (yours)"))
      let again = try bea.run(["patterns", "fetch", shareID])
      XCTAssertNotEqual(again.status, 0, "an id taken is refused as import refuses it")
      XCTAssertEqual(
        again.error,
        "Error: my-sixth is already one of your patterns (My sixth): add --force to replace it "
          + "with the shared one\n")
      XCTAssertEqual(try bea.run(["patterns", "fetch", shareID, "--force"]).status, 0)

      let notForCy = try cy.run(["patterns", "fetch", shareID])
      XCTAssertEqual(notForCy.error, "Error: there is no shared pattern \(shareID)\n")
      let forEveryone = try cy.run(["patterns", "fetch", publicID])
      XCTAssertEqual(forEveryone.status, 0, forEveryone.error)

      let builtIn = try ada.run(["patterns", "share", "6-chord-1"])
      XCTAssertEqual(
        builtIn.error, "Error: 6-chord-1 comes with Woodshed: every player has it already\n")
      let nobody = try ada.run(["patterns", "share", "my-sixth", "--to", "nobody"])
      XCTAssertEqual(nobody.error, "Error: there is no player nobody\n")
    }
  }

  func aSharedPatternIsValidatedAndShownAsText() async throws {
    try await withServer { home, server, _ in
      try createAndLogIn(home, server, name: "dan")
      let token = try savedToken(home)
      let client = try client(server, token: token)
      let broken = try await client.sharePattern(body: .json(.init(file: #"{"id": "x"}"#)))
      XCTAssertEqual(
        try broken.badRequest.body.json.error,
        "the shared pattern cannot be used: name: must be a string")
      let notJSON = try await client.sharePattern(body: .json(.init(file: "<html>")))
      XCTAssertEqual(
        try notJSON.badRequest.body.json.error, "the shared pattern cannot be used: not valid JSON")
      let anonymous = try await self.client(server).sharePattern(body: .json(.init(file: "{}")))
      XCTAssertNotNil(try? anonymous.unauthorized)

      // A name that would retitle the terminal is shown without its control characters.
      let file = String(
        decoding: try Self.patternFile(id: "sly", name: "Sly\u{1b}]0;pwned\u{07} one"),
        as: UTF8.self)
      let shared = try await client.sharePattern(body: .json(.init(file: file, to: "dan")))
      XCTAssertEqual(try shared.created.body.json.patternId, "sly")
      let inbox = try home.run(["patterns", "inbox"])
      XCTAssertFalse(inbox.output.contains("\u{1b}"), inbox.output)
      XCTAssertTrue(inbox.output.contains("Sly]0;pwned one"), inbox.output)
    }
  }

  /// The practice room itself, in tmux, its screen read as a player sees it, in `home`.
  func practiceRoom(_ home: NetHome) throws -> TmuxSession {
    var environment = home.environment
    environment["TERM"] = "xterm-256color"
    environment["PULSE_SERVER"] = "unix:/nonexistent"
    return try TmuxSession([NetHome.woodshed], environment: environment, columns: 120, rows: 40)
  }

  func thePracticeRoomShowsWhatIsSharedAndWhenItIsOffline() async throws {
    try await withServer { ada, server, _ in
      let bea = try NetHome()
      defer { bea.remove() }
      try createAndLogIn(ada, server, name: "ada")
      try createAndLogIn(bea, server, name: "bea")
      try writeOwnPattern(ada, id: "tuesday-box", name: "Tuesday box")
      XCTAssertEqual(try ada.run(["patterns", "share", "tuesday-box", "--to", "bea"]).status, 0)
      let adas = [PlayedGames.game(clears: 12, hoursAgo: 2)]
      try PlayedGames.write(adas, to: ada)
      try PlayedGames.write([PlayedGames.game(clears: 10, hoursAgo: 5, seed: 9)], to: bea)
      XCTAssertEqual(try send(ada).status, 0)

      // The practice room starts the refresh itself, which sends bea's game, and lists the
      // share when it comes, and shows bea's place on the board of the pattern she played.
      let room = try practiceRoom(bea)
      defer { room.stop() }
      XCTAssertNotNil(try room.screen(showing: "Metronome", within: 10))
      try room.send("4")
      try room.send("/tuesday", "Enter")
      // The preview is drawn below the list, after it.
      let listed = try room.screen(showing: "shared with you by ada", within: 20)
      XCTAssertTrue(listed?.contains("from ada") == true, listed ?? (try? room.screen()) ?? "")
      try room.send("r")
      XCTAssertNotNil(
        try room.screen(
          showing: "place 2 of 2 on levels 1-2; first ada, \(adas[0].score) points", within: 5),
        (try? room.screen()) ?? "")
      room.stop()

      let refreshed = try bea.run(["refresh"])
      XCTAssertEqual(
        refreshed.output.split(separator: "\n"),
        [
          "no new scores for \(server.url); 1 shared with you, 1 place on its boards, 0 packs in its catalogue, 0 in its library, 1 new in your news",
          // The room's own refresh backed up bea's history already.
          "backed up 0 files to \(server.url) (1 unchanged); history pieces sent: 0 of 1",
        ],
        refreshed.error)

      // With the server gone the room says it is offline, and keeps what it knew.
      var credentials = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(contentsOf: bea.credentialsFile))
          as? [String: Any])
      let gone = try NetHome()
      defer { gone.remove() }
      try FileManager.default.createDirectory(
        at: gone.credentialsFile.deletingLastPathComponent(), withIntermediateDirectories: true)
      credentials["server"] = "http://127.0.0.1:9"
      try JSONSerialization.data(withJSONObject: credentials).write(to: gone.credentialsFile)
      let offline = try gone.run(["refresh"])
      XCTAssertEqual(offline.status, 1)
      XCTAssertEqual(
        offline.error,
        "Error: could not reach the server at http://127.0.0.1:9: is woodshed serve running there?\n"
      )
      let unreached = try practiceRoom(gone)
      defer { unreached.stop() }
      XCTAssertNotNil(
        try unreached.screen(showing: "offline", within: 20), (try? unreached.screen()) ?? "")
      unreached.stop()

      XCTAssertEqual(try bea.run(["logout"]).status, 0)
      XCTAssertFalse(
        FileManager.default.fileExists(
          atPath: bea.folder.appendingPathComponent("state/server.json").path),
        "nothing of the account is kept after logout")
    }
  }

  func thePracticeRoomOffersTheCataloguesPacksAndFetchesOne() async throws {
    try await withServer { tia, server, database in
      let pat = try NetHome()
      defer { pat.remove() }
      try makeTeacher(tia, server, database: database, name: "tia")
      try createAndLogIn(pat, server, name: "pat")
      let path = try writePack(tia, Self.packFile(), as: "high.json")
      XCTAssertEqual(try tia.run(["packs", "publish", path]).status, 0)

      let room = try practiceRoom(pat)
      defer { room.stop() }
      XCTAssertNotNil(try room.screen(showing: "Metronome", within: 10))
      try room.send("3")
      XCTAssertNotNil(
        try room.screen(showing: "[+] High treble", within: 20), (try? room.screen()) ?? "")
      try room.send("Up", "Space")
      XCTAssertNotNil(
        try room.screen(showing: "[x] High treble", within: 20), (try? room.screen()) ?? "")
      let packs = try FileManager.default.contentsOfDirectory(
        atPath: pat.folder.appendingPathComponent("data/packs").path)
      XCTAssertEqual(packs.filter { $0.contains("treble-high") }.count, 1, "\(packs)")
      room.stop()
    }
  }

  /// How many rows of `table` (interval games by default) the server's database holds.
  func storedScores(_ database: String, in table: String = "interval_scores") async throws
    -> Int
  {
    let opened = try await ServerDatabase.open(
      try DatabaseLocation(parsing: database), logger: Logger(label: "test"))
    let count: Int
    do {
      let row = try await opened.sql.select()
        .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count")
        .from(table)
        .first()
      count = try XCTUnwrap(row).decode(column: "count", as: Int.self)
    } catch {
      await opened.shutdown()
      throw error
    }
    await opened.shutdown()
    return count
  }

  func send(_ home: NetHome) throws -> (status: Int32, output: String, error: String) {
    try home.run(["scores", "send"])
  }

  private func board(_ home: NetHome) throws -> [String: Any] {
    let json = try home.run(
      ["leaderboard", "--game", "interval", "--pattern", PlayedGames.pattern, "--json"])
    XCTAssertEqual(json.status, 0, json.error)
    return try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
  }

  private static func day(_ game: PlayedGames.Game) -> String {
    String(ISO8601DateFormatter().string(from: game.record.startedAt).prefix(10))
  }

  func scoresAreSentAndShownInOrder() async throws {
    try await withServer { ada, server, _ in
      let bea = try NetHome()
      let cy = try NetHome()
      defer {
        bea.remove()
        cy.remove()
      }
      let adas = [
        PlayedGames.game(clears: 5, hoursAgo: 3), PlayedGames.game(clears: 12, hoursAgo: 2),
      ]
      let beas = [PlayedGames.game(clears: 10, hoursAgo: 5, seed: 9)]
      let cys = [
        PlayedGames.game(clears: 3, hoursAgo: 4, seed: 11),
        PlayedGames.game(clears: 20, hoursAgo: 1, seed: 11),
      ]
      for (home, name, games) in [(ada, "ada", adas), (bea, "bea", beas), (cy, "cy", cys)] {
        try createAndLogIn(home, server, name: name)
        try PlayedGames.write(games, to: home)
        let sent = try send(home)
        XCTAssertEqual(sent.status, 0, sent.error)
        let scores = games.count == 1 ? "1 score" : "\(games.count) scores"
        XCTAssertEqual(sent.output, "sent \(scores) to \(server.url) (interval \(games.count))\n")
      }
      XCTAssertEqual(
        [adas[1].level, beas[0].level, cys[0].level, cys[1].level], [2, 2, 1, 3],
        "three players on levels 1-2, one on 3-4")
      XCTAssertGreaterThan(adas[1].score, beas[0].score)
      XCTAssertGreaterThan(beas[0].score, cys[0].score)
      XCTAssertGreaterThan(adas[1].score, adas[0].score)

      // Bea sees the board with her own row marked; each player's best game only.
      let table = try bea.run(
        ["leaderboard", "--game", "interval", "--pattern", PlayedGames.pattern])
      XCTAssertEqual(table.status, 0, table.error)
      func row(_ mark: String, _ place: Int, _ name: String, _ game: PlayedGames.Game) -> String {
        let padded = name + String(repeating: " ", count: 6 - name.count)
        let score = String(game.score)
        return "\(mark)     \(place)  \(padded)  "
          + String(repeating: " ", count: 5 - score.count) + score
          + "      \(game.level)  \(Self.day(game))\n"
      }
      XCTAssertEqual(
        table.output,
        "\(PlayedGames.pattern), levels 1-2: 3 players\n"
          + "  place  player  score  level  date\n"
          + row(" ", 1, "ada", adas[1]) + row("*", 2, "bea", beas[0]) + row(" ", 3, "cy", cys[0])
          + "\n\(PlayedGames.pattern), levels 3-4: 1 player\n"
          + "  place  player  score  level  date\n"
          + row(" ", 1, "cy", cys[1]))

      let boards = try XCTUnwrap(try board(ada)["boards"] as? [[String: Any]])
      XCTAssertEqual(boards.map { $0["levels"] as? String }, ["1-2", "3-4", "5-6"])
      let top = try XCTUnwrap(boards[0]["top"] as? [[String: Any]])
      XCTAssertEqual(top.map { $0["player"] as? String }, ["ada", "bea", "cy"])
      XCTAssertEqual(top.map { $0["score"] as? Int }, [adas[1].score, beas[0].score, cys[0].score])
      XCTAssertEqual((boards[0]["mine"] as? [String: Any])?["place"] as? Int, 1)
      XCTAssertNil(boards[1]["mine"], "ada has no game on levels 3-4")
      XCTAssertEqual(boards[2]["players"] as? Int, 0)

      let other = try ada.run(["leaderboard", "--game", "interval", "--pattern", "6-chord-1"])
      XCTAssertEqual(other.output, "no scores on 6-chord-1 yet\n")
    }
  }

  func theSameHistorySentTwiceIsStoredOnce() async throws {
    try await withServer { home, server, database in
      try createAndLogIn(home, server, name: "dot")
      let games = [
        PlayedGames.game(clears: 4, hoursAgo: 3), PlayedGames.game(clears: 9, hoursAgo: 2),
        PlayedGames.game(clears: 6, hoursAgo: 1, seed: 8),
      ]
      try PlayedGames.write(games, to: home)
      XCTAssertEqual(try send(home).output, "sent 3 scores to \(server.url) (interval 3)\n")
      XCTAssertEqual(try send(home).output, "nothing new\n")
      // Without the file that remembers what went, everything goes again: the server keeps
      // each game once.
      try FileManager.default.removeItem(
        at: home.folder.appendingPathComponent("data/scores-sent.json"))
      let again = try send(home)
      XCTAssertEqual(again.status, 0, again.error)
      XCTAssertEqual(again.output, "nothing new\n")
      let answer = try await client(server, token: try savedToken(home)).submitIntervalScore(
        body: .json(.init(record: games[0].line)))
      XCTAssertEqual(try answer.ok.body.json.status, .alreadyRecorded)
      let scoreCount = try await storedScores(database)
      XCTAssertEqual(scoreCount, 3, "0 duplicates")
    }
  }

  func anImplausibleRecordIsRefusedWithOneLineAndStoredNowhere() async throws {
    try await withServer { home, server, database in
      try createAndLogIn(home, server, name: "eli")
      let client = try client(server, token: try savedToken(home))
      let played = PlayedGames.game(clears: 6, hoursAgo: 1)

      var inflated = played.record
      inflated.figures["score"] = Double(played.score + 50)
      var hasty = played.record
      hasty.answers[1].seconds += hasty.answers[2].seconds - 0.05
      hasty.answers[2].seconds = 0.05
      var future = played.record
      future.startedAt = Date(
        timeIntervalSince1970: (Date().timeIntervalSince1970 + 86_400).rounded(.down))
      for (record, reason) in [
        (inflated, "a score of \(played.score + 50), but the answers give \(played.score)"),
        (hasty, "answer 3 came 0.05 s after the one before: faster than anyone marks a place"),
        (future, "the game is dated in the future"),
      ] {
        let answer = try await client.submitIntervalScore(
          body: .json(.init(record: PlayedGames.Game(record: record).line)))
        XCTAssertEqual(try answer.unprocessableContent.body.json.error, reason)
      }
      let notARecord = try await client.submitIntervalScore(body: .json(.init(record: "{}")))
      XCTAssertEqual(
        try notARecord.badRequest.body.json.error, "the record is not a line of Woodshed's history")
      let refusedCount = try await storedScores(database)
      XCTAssertEqual(refusedCount, 0, "nothing refused is stored")

      // Sent from the history, the refused game is said and settled; the good one goes.
      try PlayedGames.write([PlayedGames.Game(record: inflated), played], to: home)
      let sent = try send(home)
      XCTAssertEqual(sent.status, 0, sent.error)
      let minute = ISO8601DateFormatter().string(from: inflated.startedAt).prefix(16)
        .replacingOccurrences(of: "T", with: " ")
      XCTAssertEqual(
        sent.output,
        "not taken: the game of \(minute) on \(PlayedGames.pattern): a score of "
          + "\(played.score + 50), but the answers give \(played.score)\n"
          + "sent 1 score to \(server.url) (interval 1)\n")
      XCTAssertEqual(try send(home).output, "nothing new\n")
      let storedCount = try await storedScores(database)
      XCTAssertEqual(storedCount, 1)
    }
  }

  func aPlayerSeesTheBoardButCannotSubmitForAnother() async throws {
    try await withServer { ada, server, database in
      let bea = try NetHome()
      defer { bea.remove() }
      try createAndLogIn(ada, server, name: "ada")
      try createAndLogIn(bea, server, name: "bea")
      let game = PlayedGames.game(clears: 5, hoursAgo: 1)

      let anonymous = try await client(server).submitIntervalScore(
        body: .json(.init(record: game.line)))
      XCTAssertEqual(
        try anonymous.unauthorized.body.json.error, "the token is unknown, expired or revoked")
      let forged = try await client(server, token: "forged").getIntervalLeaderboard(
        path: .init(patternId: PlayedGames.pattern))
      XCTAssertNotNil(try? forged.unauthorized)

      // The body names no player: whoever holds the token is the player, whatever else it says.
      var request = URLRequest(url: try XCTUnwrap(URL(string: server.url + "/scores/interval")))
      request.httpMethod = "POST"
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.setValue("Bearer \(try savedToken(bea))", forHTTPHeaderField: "Authorization")
      request.httpBody = try JSONSerialization.data(withJSONObject: [
        "record": game.line, "player": "ada",
      ])
      let (_, response) = try await URLSession.shared.data(for: request)
      XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 201)

      let boards = try XCTUnwrap(try board(ada)["boards"] as? [[String: Any]])
      let top = try XCTUnwrap(boards[0]["top"] as? [[String: Any]])
      XCTAssertEqual(top.map { $0["player"] as? String }, ["bea"])
      XCTAssertNil(boards[0]["mine"], "ada sees the board without a place of her own")
      let scoreCount = try await storedScores(database)
      XCTAssertEqual(scoreCount, 1)
    }
  }

  func aScoreSentOfflineWaitsForTheNextSend() async throws {
    let home = try NetHome()
    defer { home.remove() }
    let database = try await makeDatabase(home)
    let first = try ServerProcess(home: home, database: database)
    try createAndLogIn(home, first, name: "fin")
    XCTAssertEqual(first.stop(), 0)
    try PlayedGames.write(
      [PlayedGames.game(clears: 3, hoursAgo: 2), PlayedGames.game(clears: 7, hoursAgo: 1)],
      to: home)
    let offline = try send(home)
    XCTAssertEqual(offline.status, 1)
    XCTAssertEqual(
      offline.error,
      "Error: could not reach the server at \(first.url): is woodshed serve running there? "
        + "(2 scores wait for the next `woodshed scores send`)\n")

    // The server is back (on another port): the same token, the games still to send.
    let second = try ServerProcess(home: home, database: database)
    let credentials = try String(contentsOf: home.credentialsFile, encoding: .utf8)
    try Data(credentials.replacingOccurrences(of: first.url, with: second.url).utf8)
      .write(to: home.credentialsFile)
    XCTAssertEqual(try send(home).output, "sent 2 scores to \(second.url) (interval 2)\n")
    XCTAssertEqual(second.stop(), 0)
  }

  /// A treble pack of `notes`, as a teacher writes one.
  static func packFile(
    id: String = "treble-high", name: String = "High treble",
    notes: [String] = ["C5", "D5", "E5", "F5", "G5", "A5"]
  ) throws -> Data {
    try JSONSerialization.data(withJSONObject: [
      "id": id, "name": name, "clef": "treble", "notes": notes,
    ])
  }

  private func makeTeacher(
    _ home: NetHome, _ server: ServerProcess, database: String, name: String
  ) throws {
    try createAndLogIn(home, server, name: name)
    let role = try home.run(["serve", "role", name, "teacher", "--database", database])
    XCTAssertEqual(role.status, 0, role.error)
  }

  private func writePack(_ home: NetHome, _ file: Data, as name: String) throws -> String {
    let url = home.folder.appendingPathComponent(name)
    try file.write(to: url)
    return url.path
  }

  func packsArePublishedBrowsedAndFetched() async throws {
    try await withServer { tia, server, database in
      let pat = try NetHome()
      defer { pat.remove() }
      try makeTeacher(tia, server, database: database, name: "tia")
      try createAndLogIn(pat, server, name: "pat")
      XCTAssertEqual(
        try pat.run(["packs", "browse"]).output,
        "the catalogue on \(server.url) has no packs yet\n")

      let file = try writePack(tia, Self.packFile(), as: "high.json")
      let published = try tia.run(["packs", "publish", file])
      XCTAssertEqual(published.status, 0, published.error)
      XCTAssertEqual(
        published.output,
        "published treble-high version 1: High treble (6 notes, treble clef, C5–A5)\n",
        "without --description the server describes the pack")

      let browse = try pat.run(["packs", "browse"])
      XCTAssertEqual(browse.status, 0, browse.error)
      XCTAssertTrue(
        browse.output.hasPrefix(
          "treble-high  High treble: 6 notes, treble clef, C5–A5  (version 1 by tia, updated "),
        browse.output)
      XCTAssertEqual(browse.output.filter { $0 == "\n" }.count, 1)
      let json = try pat.run(["packs", "browse", "--json"])
      let object = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
      XCTAssertEqual(object["server"] as? String, server.url)
      XCTAssertTrue(json.output.contains(#""server":"\#(server.url)""#), "slashes unescaped")
      let packs = try XCTUnwrap(object["packs"] as? [[String: Any]])
      XCTAssertEqual(packs.count, 1)
      XCTAssertEqual(packs.first?["id"] as? String, "treble-high")
      XCTAssertEqual(packs.first?["noteCount"] as? Int, 6)
      XCTAssertEqual(packs.first?["publisher"] as? String, "tia")
      XCTAssertEqual(packs.first?["version"] as? Int, 1)

      XCTAssertEqual(
        try keptNews(pat),
        ["tia published the pack High treble: woodshed packs fetch treble-high"],
        "a pack new in the catalogue is in everyone's news")
      XCTAssertFalse(
        try keptNews(tia).contains { $0.contains("published") }, "nobody hears of their own")

      let fetched = try pat.run(["packs", "fetch", "treble-high"])
      XCTAssertEqual(fetched.status, 0, fetched.error)
      XCTAssertEqual(
        fetched.output, "fetched treble-high version 1: High treble (6 notes) from tia\n")
      let list = try pat.run(["packs"])
      XCTAssertEqual(list.status, 0, list.error)
      XCTAssertTrue(list.output.contains("6 notes    High treble (yours)"), list.output)
      XCTAssertFalse(list.output.contains("skipped"), list.output)
      let again = try pat.run(["packs", "fetch", "treble-high"])
      XCTAssertEqual(again.status, 0, again.error)
      XCTAssertEqual(again.output, "treble-high is in your packs already, as version 1 has it\n")

      let missing = try pat.run(["packs", "fetch", "nothing"])
      XCTAssertEqual(missing.error, "Error: the catalogue has no pack nothing\n")
      let builtIn = try tia.run(["packs", "publish", "\(Self.assets)/packs/treble-staff.json"])
      XCTAssertEqual(
        builtIn.error, "Error: treble-staff comes with Woodshed: every player has it already\n")

      // A player reads the catalogue but does not publish to it.
      let mine = try writePack(pat, Self.packFile(id: "pats-own"), as: "own.json")
      let refused = try pat.run(["packs", "publish", mine])
      XCTAssertEqual(refused.status, 1)
      XCTAssertEqual(
        refused.error,
        "Error: only a teacher publishes packs: the server's admin gives the role with woodshed "
          + "serve role pat teacher\n")
      let anonymous = try await client(server).publishPack(
        body: .json(.init(file: String(decoding: try Self.packFile(), as: UTF8.self))))
      XCTAssertNotNil(try? anonymous.unauthorized)
      let token = try savedToken(pat)
      let forbidden = try await client(server, token: token).publishPack(
        body: .json(.init(file: String(decoding: try Self.packFile(id: "x"), as: UTF8.self))))
      XCTAssertTrue(
        try forbidden.forbidden.body.json.error.hasPrefix("only a teacher publishes packs"))
      let catalogue = try await client(server, token: token).listPacks()
      XCTAssertEqual(try catalogue.ok.body.json.packs.count, 1, "the refused pack is not in it")
    }
  }

  func aPackIdIsItsPublishersAndEachReplacementIsAVersion() async throws {
    try await withServer { tia, server, database in
      let tod = try NetHome()
      let pat = try NetHome()
      defer {
        tod.remove()
        pat.remove()
      }
      try makeTeacher(tia, server, database: database, name: "tia")
      try makeTeacher(tod, server, database: database, name: "tod")
      try createAndLogIn(pat, server, name: "pat")
      let first = try writePack(tia, Self.packFile(), as: "high.json")
      XCTAssertEqual(try tia.run(["packs", "publish", first]).status, 0)
      XCTAssertEqual(try pat.run(["packs", "fetch", "treble-high"]).status, 0)

      let second = try writePack(
        tia, Self.packFile(notes: ["C5", "D5", "E5", "F5", "G5", "A5", "B5", "C6"]), as: "v2.json")
      let unasked = try tia.run(["packs", "publish", second])
      XCTAssertEqual(unasked.status, 1)
      XCTAssertEqual(
        unasked.error,
        "Error: treble-high is yours already (version 1): add --replace to publish version 2\n")
      let replaced = try tia.run(
        ["packs", "publish", second, "--replace", "--description", "Up to C6"])
      XCTAssertEqual(replaced.status, 0, replaced.error)
      XCTAssertEqual(replaced.output, "published treble-high version 2: High treble (Up to C6)\n")

      let taken = try tod.run(["packs", "publish", second, "--replace"])
      XCTAssertEqual(taken.status, 1)
      XCTAssertEqual(
        taken.error,
        "Error: tia has published a pack with the id treble-high: give yours another id\n")

      let browse = try pat.run(["packs", "browse"]).output
      XCTAssertTrue(
        browse.hasPrefix("treble-high  High treble: Up to C6  (version 2 by tia, updated "), browse)
      let stale = try pat.run(["packs", "fetch", "treble-high"])
      XCTAssertEqual(stale.status, 1)
      XCTAssertTrue(
        stale.error.hasPrefix(
          "Error: treble-high is already one of your packs (High treble) and differs from version "
            + "2 in the catalogue (updated "),
        stale.error)
      XCTAssertTrue(stale.error.hasSuffix("): add --force to replace yours with it\n"), stale.error)
      let forced = try pat.run(["packs", "fetch", "treble-high", "--force"])
      XCTAssertEqual(forced.status, 0, forced.error)
      XCTAssertEqual(
        forced.output, "fetched treble-high version 2: High treble (8 notes) from tia\n")
      XCTAssertTrue(try pat.run(["packs"]).output.contains("8 notes    High treble (yours)"))
    }
  }

  func aPackIsValidatedBeforeTheDatabaseAndShownAsText() async throws {
    try await withServer { tia, server, database in
      try makeTeacher(tia, server, database: database, name: "tia")
      let client = try client(server, token: try savedToken(tia))
      let pack = String(decoding: try Self.packFile(), as: UTF8.self)
      for (file, description, message) in [
        (
          #"{"id": "x", "clef": "treble", "notes": ["C4", "D4", "E4", "F4"]}"#, nil,
          "the pack cannot be used: name: must be a string"
        ),
        ("<html>", nil, "the pack cannot be used: not valid JSON"),
        (
          String(decoding: try Self.packFile(notes: ["C4", "D4", "E4"]), as: UTF8.self), nil,
          "the pack cannot be used: notes: needs at least 4 different note names"
        ),
        (pack, "two\nlines", "a description is one line"),
        (
          pack, String(repeating: "d", count: 161),
          "a description has at most 160 characters"
        ),
        (
          pack + String(repeating: " ", count: 64 * 1024),
          nil, "a pack file has at most 65536 bytes in the catalogue"
        ),
      ] {
        let answer = try await client.publishPack(
          body: .json(.init(file: file, description: description)))
        XCTAssertEqual(try answer.badRequest.body.json.error, message)
      }
      let catalogue = try await client.listPacks()
      XCTAssertEqual(try catalogue.ok.body.json.packs, [], "nothing refused reached the database")

      // A name or description that would retitle or clear the terminal is shown as text.
      let sly = String(
        decoding: try Self.packFile(id: "sly", name: "Sly\u{1b}]0;pwned\u{07} pack"),
        as: UTF8.self)
      let published = try await client.publishPack(
        body: .json(.init(file: sly, description: "clears\u{1b}[2J the screen")))
      XCTAssertEqual(try published.created.body.json.id, "sly")
      let browse = try tia.run(["packs", "browse"])
      XCTAssertFalse(browse.output.contains("\u{1b}"), browse.output)
      XCTAssertTrue(
        browse.output.hasPrefix("sly  Sly]0;pwned pack: clears[2J the screen  (version 1"),
        browse.output)
      let json = try tia.run(["packs", "browse", "--json"])
      XCTAssertFalse(json.output.contains("\u{1b}"), json.output)
      XCTAssertTrue(json.output.contains(#"clears\u001b[2J"#), json.output)
      let fetched = try tia.run(["packs", "fetch", "sly"])
      XCTAssertFalse(fetched.output.contains("\u{1b}"), fetched.output)
      XCTAssertFalse(try tia.run(["packs"]).output.contains("\u{1b}"))
    }
  }

  static var assets: String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("assets").path
  }
}

/// `GET /health` through the generated client, as the status code a proxy's check sees.
struct HealthClient {
  let client: Client

  init(url: String) throws {
    client = Client(
      serverURL: try XCTUnwrap(URL(string: url)), transport: AsyncHTTPClientTransport())
  }

  func status() async throws -> Int {
    switch try await client.getHealth() {
    case .ok: 200
    case .serviceUnavailable: 503
    case .undocumented(let status, _): status
    }
  }
}
