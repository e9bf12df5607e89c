import Foundation
import NetAPI
import TerminalHarness
import XCTest

/// Ratings and comments on shared patterns through the real binaries: two players rate, one
/// edits, the average follows, and a teacher hides a student's comment from the class.
extension ServerScenarios {
  /// Ada publishes "tuesday-box" to everyone and recommends it to bea: two shares of one
  /// pattern. Returns the public share's id and the recommendation's.
  private func publishedPattern(_ ada: NetHome, _ server: ServerProcess) throws -> (
    public: String, toBea: String
  ) {
    try createAndLogIn(ada, server, name: "ada")
    try writeOwnPattern(ada, id: "tuesday-box", name: "Tuesday box")
    let published = try ada.run(["patterns", "share", "tuesday-box"])
    XCTAssertEqual(published.status, 0, published.error)
    let recommended = try ada.run(["patterns", "share", "tuesday-box", "--to", "bea"])
    XCTAssertEqual(recommended.status, 0, recommended.error)
    func id(_ output: String) throws -> String {
      try XCTUnwrap(output.split(separator: " ").first.map(String.init))
    }
    return (try id(published.output), try id(recommended.output))
  }

  /// The comment lines of `woodshed comments ID`, without their times.
  private func comments(_ home: NetHome, _ id: String) throws -> [String] {
    let listed = try home.run(["comments", id])
    XCTAssertEqual(listed.status, 0, listed.error)
    return listed.output.split(separator: "\n").map {
      $0.replacingOccurrences(
        of: #"  \d{4}-\d\d-\d\d \d\d:\d\d UTC"#, with: "", options: .regularExpression)
    }
  }

  func ratingsAreGivenEditedAndHiddenInAClass() async throws {
    try await withServer { tia, server, database in
      let ada = try NetHome()
      let bea = try NetHome()
      let cy = try NetHome()
      let dee = try NetHome()
      defer {
        for home in [ada, bea, cy, dee] { home.remove() }
      }
      let code = try teacherWithClass(tia, server, database: database, name: "tia")
      for (home, name) in [(bea, "bea"), (cy, "cy"), (dee, "dee")] {
        try createAndLogIn(home, server, name: name)
      }
      let (shareID, toBea) = try publishedPattern(ada, server)
      XCTAssertEqual(try bea.run(["class", "join", code]).status, 0)
      XCTAssertEqual(try cy.run(["class", "join", code]).status, 0)

      XCTAssertEqual(
        try bea.run(["comments", shareID]).output, "nobody has rated \(shareID) yet\n")
      let rated = try bea.run(["rate", shareID, "4", "--comment", "Nice box"])
      XCTAssertEqual(rated.status, 0, rated.error)
      XCTAssertEqual(rated.output, "you gave \(shareID) ★★★★☆, with your comment\n")
      // The latest written is listed first, to the second.
      try await Task.sleep(for: .seconds(1.1))
      let starsOnly = try cy.run(["rate", shareID, "2"])
      XCTAssertEqual(starsOnly.output, "you gave \(shareID) ★★☆☆☆\n")
      XCTAssertEqual(
        try cy.run(["rate", shareID, "2", "--comment", "Too wide a stretch for me"]).status, 0)
      XCTAssertEqual(
        try comments(dee, shareID),
        [
          "\(shareID): ★ 3.0 (2)", "  cy  ★★☆☆☆: Too wide a stretch for me",
          "  bea  ★★★★☆: Nice box",
        ])

      // Bea changes her mind: one rating each still, her first time kept, the average moves.
      let before = try await ratingJSON(bea, shareID, player: "bea")
      try await Task.sleep(for: .seconds(1.1))
      XCTAssertEqual(try bea.run(["rate", shareID, "5", "--comment", "Great now"]).status, 0)
      let after = try await ratingJSON(bea, shareID, player: "bea")
      XCTAssertEqual(after["createdAt"] as? String, before["createdAt"] as? String)
      XCTAssertNotEqual(after["updatedAt"] as? String, before["updatedAt"] as? String)
      XCTAssertEqual(
        try comments(dee, shareID),
        [
          "\(shareID): ★ 3.5 (2)", "  bea  ★★★★★: Great now",
          "  cy  ★★☆☆☆: Too wide a stretch for me",
        ])
      // The recommendation to bea is the same pattern: its listing carries the same ratings.
      let inbox = try await client(server, token: try savedToken(bea)).listPatternInbox()
      let listed = try XCTUnwrap(try inbox.ok.body.json.shares.first { $0.id == toBea })
      XCTAssertEqual(listed.ratingCount, 2)
      XCTAssertEqual(listed.ratingAverage, 3.5)
      XCTAssertEqual(
        try bea.run(["patterns", "inbox"]).output,
        "\(toBea)  tuesday-box  Tuesday box  from ada to bea  ★ 3.5 (2)\n")

      // The teacher hides cy's comment from the class.
      let hidden = try tia.run(["comments", "hide", shareID, "cy", "--class", Self.className])
      XCTAssertEqual(hidden.status, 0, hidden.error)
      XCTAssertEqual(hidden.output, "cy's comment is hidden from \(Self.className)\n")
      XCTAssertEqual(
        try comments(bea, shareID), ["\(shareID): ★ 3.5 (2)", "  bea  ★★★★★: Great now"],
        "a classmate no longer sees it; its stars still count")
      XCTAssertEqual(
        try comments(dee, shareID).count, 3, "someone outside the class sees it as before")
      XCTAssertEqual(
        try comments(cy, shareID).last,
        "  cy  ★★☆☆☆: Too wide a stretch for me (hidden in a class)")
      XCTAssertEqual(
        try comments(tia, shareID).last,
        "  cy  ★★☆☆☆: Too wide a stretch for me (hidden in a class)")
      let json = try bea.run(["comments", shareID, "--json"])
      let object = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
      XCTAssertEqual(object["server"] as? String, server.url)
      XCTAssertEqual(object["ratingCount"] as? Int, 2)
      XCTAssertEqual(object["ratingAverage"] as? Double, 3.5)
      XCTAssertEqual(
        (object["comments"] as? [[String: Any]])?.map { $0["player"] as? String }, ["bea"])

      // The practice room's refresh keeps the average and the comments bea may read.
      XCTAssertEqual(try bea.run(["refresh"]).status, 0)
      let snapshot = try roomSnapshot(bea)
      let share = try XCTUnwrap((snapshot["sharedWithYou"] as? [[String: Any]])?.first)
      let ratings = try XCTUnwrap(share["ratings"] as? [String: Any])
      XCTAssertEqual(ratings["count"] as? Int, 2)
      XCTAssertEqual(ratings["average"] as? Double, 3.5)
      XCTAssertEqual(
        (ratings["latest"] as? [[String: Any]])?.map { $0["comment"] as? String }, ["Great now"])

      // The room's browser shows them on the pattern shared with bea.
      let room = try practiceRoom(bea)
      defer { room.stop() }
      XCTAssertNotNil(try room.screen(showing: "Metronome", within: 10))
      try room.send("4")
      try room.send("/tuesday", "Enter")
      let browsed = try room.screen(showing: "from ada  ★ 3.5 (2)", within: 20)
      XCTAssertTrue(browsed?.contains("bea ★★★★★") == true, browsed ?? (try? room.screen()) ?? "")
      XCTAssertFalse(browsed?.contains("Too wide") ?? true, "hidden from bea's class")
      room.stop()

      let shown = try tia.run(["comments", "show", shareID, "cy", "--class", Self.className])
      XCTAssertEqual(shown.output, "cy's comment is shown to \(Self.className) again\n")
      XCTAssertEqual(try comments(bea, shareID).count, 3)

      let removed = try cy.run(["rate", shareID, "--remove"])
      XCTAssertEqual(removed.output, "your rating of \(shareID) is removed\n")
      XCTAssertEqual(try comments(dee, shareID).first, "\(shareID): ★ 5.0 (1)")

      // Under LANG=C the stars are ASCII.
      var plain = dee.environment
      plain["LANG"] = "C"
      let ascii = try CommandRun.run(
        NetHome.woodshed, ["comments", shareID], environment: plain, input: "")
      XCTAssertEqual(ascii.output.split(separator: "\n").first, "\(shareID): * 5.0 (1)")
      XCTAssertTrue(ascii.output.contains("  bea  *****  "), ascii.output)
    }
  }

  /// The player's own rating as the server lists it.
  private func ratingJSON(_ home: NetHome, _ shareID: String, player: String) async throws
    -> [String: Any]
  {
    let listed = try home.run(["comments", shareID, "--json"])
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any])
    return try XCTUnwrap(
      (object["comments"] as? [[String: Any]])?.first { $0["player"] as? String == player })
  }

  func ratingsAreCheckedAndKeptToTheirOwners() async throws {
    try await withServer(options: ["--rating-limit", "4"]) { tia, server, database in
      let ada = try NetHome()
      let bea = try NetHome()
      let cy = try NetHome()
      let dee = try NetHome()
      defer {
        for home in [ada, bea, cy, dee] { home.remove() }
      }
      let code = try teacherWithClass(tia, server, database: database, name: "tia")
      for (home, name) in [(bea, "bea"), (cy, "cy"), (dee, "dee")] {
        try createAndLogIn(home, server, name: name)
      }
      let (shareID, toBea) = try publishedPattern(ada, server)
      XCTAssertEqual(try bea.run(["class", "join", code]).status, 0)
      XCTAssertEqual(try cy.run(["class", "join", code]).status, 0)

      for stars in ["0", "6"] {
        XCTAssertEqual(
          try bea.run(["rate", shareID, stars]).error, "Error: a rating has 1 to 5 stars\n")
      }
      let escape = try bea.run(["rate", shareID, "3", "--comment", "ok\u{1b}]0;pwned\u{07}"])
      XCTAssertEqual(
        escape.error, "Error: a comment is one line of text without control characters\n")
      let twoLines = try bea.run(["rate", shareID, "3", "--comment", "one\ntwo"])
      XCTAssertEqual(
        twoLines.error, "Error: a comment is one line of text without control characters\n")
      let long = try bea.run([
        "rate", shareID, "3", "--comment", String(repeating: "a", count: 501),
      ])
      XCTAssertEqual(long.error, "Error: a comment has at most 500 characters\n")
      XCTAssertEqual(
        try bea.run(["comments", shareID]).output, "nobody has rated \(shareID) yet\n",
        "nothing refused was kept")
      XCTAssertEqual(
        try ada.run(["rate", shareID, "5"]).error, "Error: you cannot rate your own pattern\n")
      XCTAssertEqual(
        try dee.run(["rate", toBea, "5"]).error,
        "Error: there is no shared pattern \(toBea)\n", "a recommendation to bea is hers")
      XCTAssertEqual(
        try dee.run(["comments", toBea]).error, "Error: there is no shared pattern \(toBea)\n")

      // Each rates only their own: cy's rating and removal leave bea's as it was.
      XCTAssertEqual(try bea.run(["rate", shareID, "4", "--comment", "Mine"]).status, 0)
      XCTAssertEqual(
        try cy.run(["rate", shareID, "--remove"]).error,
        "Error: you have not rated tuesday-box from ada\n")
      XCTAssertEqual(try cy.run(["rate", shareID, "1", "--comment", "Theirs"]).status, 0)
      XCTAssertEqual(
        Set(try comments(bea, shareID)),
        ["\(shareID): ★ 2.5 (2)", "  bea  ★★★★☆: Mine", "  cy  ★☆☆☆☆: Theirs"])

      // Only the class's teacher hides, and only a student's comment.
      XCTAssertEqual(
        try bea.run(["comments", "hide", shareID, "cy", "--class", Self.className]).error,
        "Error: you teach no class named \(Self.className): woodshed class list shows yours\n")
      let classID = try await client(server, token: try savedToken(tia)).listClasses().ok.body
        .json.classes[0].id
      let byStudent = try await client(server, token: try savedToken(bea)).hideComment(
        path: .init(classId: classID, shareId: shareID, player: "cy"))
      XCTAssertEqual(
        try byStudent.forbidden.body.json.error,
        "only the teacher of a class hides comments in it")
      let byStranger = try await client(server, token: try savedToken(dee)).hideComment(
        path: .init(classId: classID, shareId: shareID, player: "cy"))
      XCTAssertEqual(try byStranger.notFound.body.json.error, "there is no class \(classID)")
      XCTAssertEqual(try dee.run(["rate", shareID, "2", "--comment", "Outside"]).status, 0)
      XCTAssertEqual(
        try tia.run(["comments", "hide", shareID, "dee", "--class", Self.className]).error,
        "Error: dee is not a student of \(Self.className)\n")
      XCTAssertEqual(
        try comments(bea, shareID).count, 4, "nothing was hidden: three comments and the summary")
      let page = try await client(server, token: try savedToken(bea)).listPatternComments(
        path: .init(shareId: shareID), query: .init(limit: 0))
      XCTAssertEqual(
        try page.badRequest.body.json.error,
        "a page has 1 to 50 comments from an offset of 0 or more")

      // Writes are limited per account: bea has written once, refusals uncounted.
      for stars in ["1", "2", "3"] {
        XCTAssertEqual(try bea.run(["rate", shareID, stars]).status, 0)
      }
      let limited = try bea.run(["rate", shareID, "5"])
      XCTAssertTrue(
        limited.error.hasPrefix("Error: too many ratings and comments: try again in "),
        limited.error)
      XCTAssertTrue(try bea.run(["comments", shareID]).output.contains("  bea  ★★★☆☆  "))
    }
  }
}
