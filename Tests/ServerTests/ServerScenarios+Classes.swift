import Foundation
import GameRecords
import NetAPI
import TerminalHarness
import XCTest

/// Classes through the real binaries: a teacher and two students, and the rules that keep a
/// class to its teacher and its students.
extension ServerScenarios {
  static let className = "Tuesday guitar"

  /// Makes `name` a teacher with a class, and returns the class's join code.
  func teacherWithClass(
    _ home: NetHome, _ server: ServerProcess, database: String, name: String
  ) throws -> String {
    try createAndLogIn(home, server, name: name)
    let role = try home.run(["serve", "role", name, "teacher", "--database", database])
    XCTAssertEqual(role.status, 0, role.error)
    let made = try home.run(["class", "create", Self.className])
    XCTAssertEqual(made.status, 0, made.error)
    let code = try XCTUnwrap(made.output.split(separator: " ").last).trimmingCharacters(
      in: .newlines)
    XCTAssertEqual(
      made.output,
      "made the class \(Self.className): its students join with woodshed class join \(code)\n")
    XCTAssertEqual(code.count, 8)
    XCTAssertTrue(
      code.allSatisfy { "23456789ABCDEFGHJKMNPQRSTUVWXYZ".contains($0) },
      "no letter or digit that looks like another: \(code)")
    return code
  }

  func aClassIsJoinedRecommendedToAndFollowed() async throws {
    try await withServer { tia, server, database in
      let bea = try NetHome()
      let cy = try NetHome()
      defer {
        bea.remove()
        cy.remove()
      }
      let code = try teacherWithClass(tia, server, database: database, name: "tia")
      try createAndLogIn(bea, server, name: "bea")
      try createAndLogIn(cy, server, name: "cy")

      let wrong = try bea.run(["class", "join", "ABCDEFGH"])
      XCTAssertEqual(wrong.status, 1)
      XCTAssertEqual(wrong.error, "Error: no class has this code\n")
      // Typed as a person reads it out: lower case, in two halves.
      let typed = code.prefix(4).lowercased() + "-" + code.suffix(4).lowercased()
      let joined = try bea.run(["class", "join", typed])
      XCTAssertEqual(joined.status, 0, joined.error)
      XCTAssertEqual(joined.output, "joined \(Self.className), taught by tia\n")
      XCTAssertEqual(try cy.run(["class", "join", code]).status, 0)
      XCTAssertEqual(try cy.run(["class", "join", code]).status, 0, "joining again is no error")

      XCTAssertEqual(
        try tia.run(["class", "list"]).output,
        "\(Self.className)  (you teach it; students: 2; join code \(code))\n")
      XCTAssertEqual(try bea.run(["class", "list"]).output, "\(Self.className)  (taught by tia)\n")
      XCTAssertEqual(try bea.run(["class", "inbox"]).output, "nothing is recommended to you yet\n")

      // The message is a teacher's text: printed, never run as terminal codes.
      let recommended = try tia.run([
        "class", "recommend", Self.className, PlayedGames.pattern, "--message",
        "Slowly first\u{1b}]0;pwned\u{07}\nthen faster", "--level", "1",
      ])
      XCTAssertEqual(recommended.status, 0, recommended.error)
      XCTAssertEqual(
        recommended.output,
        "recommended \(PlayedGames.pattern) (pattern) to \(Self.className) (students: 2)\n")

      let inbox = try bea.run(["class", "inbox"])
      XCTAssertEqual(inbox.status, 0, inbox.error)
      XCTAssertFalse(inbox.output.contains("\u{1b}"), inbox.output)
      let lines = inbox.output.split(separator: "\n").map(String.init)
      XCTAssertEqual(lines.count, 2, inbox.output)
      XCTAssertEqual(lines.first, "1. from tia, \(Self.className): new")
      XCTAssertTrue(lines[1].hasPrefix("   \(PlayedGames.pattern) (pattern, level 1), "), lines[1])
      XCTAssertTrue(lines[1].hasSuffix(" UTC: Slowly first]0;pwned then faster"), lines[1])

      let before = try tia.run(["class", "progress", Self.className])
      XCTAssertEqual(before.status, 0, before.error)
      XCTAssertTrue(
        before.output.contains("  bea  seen  no games recorded\n  cy  new  no games recorded\n"),
        "bea has read her inbox, cy has not:\n\(before.output)")
      XCTAssertFalse(before.output.contains("since you last looked"), before.output)

      let accepted = try bea.run(["class", "accept", "1"])
      XCTAssertEqual(accepted.status, 0, accepted.error)
      XCTAssertEqual(accepted.output, "accepted \(PlayedGames.pattern): tia is told\n")
      XCTAssertEqual(
        try bea.run(["class", "accept", "2"]).error,
        "Error: there is no recommendation 2: woodshed class inbox lists 1\n")

      // Bea's game on the pattern reaches level 2: the recommendation asked for 1, so the
      // game finishes it. Cy says she finished.
      let game = PlayedGames.game(clears: 12, hoursAgo: 1)
      XCTAssertEqual(game.level, 2)
      try PlayedGames.write([game], to: bea)
      XCTAssertEqual(try send(bea).status, 0)
      let finished = try cy.run(["class", "finish", "1"])
      XCTAssertEqual(finished.output, "finished \(PlayedGames.pattern): tia is told\n")
      XCTAssertEqual(
        try bea.run(["class", "inbox"]).output.split(separator: "\n").first,
        "1. from tia, \(Self.className): finished")

      let answers = game.record.answers
      let accuracy = 100 * Double(answers.filter(\.isCorrect).count) / Double(answers.count)
      let progress = try tia.run(["class", "progress", Self.className])
      XCTAssertEqual(progress.status, 0, progress.error)
      let minutes = Int((game.record.duration / 60).rounded(.up))
      XCTAssertTrue(
        progress.output.hasPrefix(
          "\(Self.className): students: 2\n\(PlayedGames.pattern) (pattern, level 1), "),
        progress.output)
      XCTAssertTrue(
        progress.output.contains(
          "  bea  finished  games: 1, \(minutes) min, best accuracy \(Int(accuracy.rounded()))%, "
            + "level 2\n  cy  finished  no games recorded\nsince you last looked:\n"),
        progress.output)
      for notice in ["bea accepted", "bea finished", "cy accepted", "cy finished"] {
        XCTAssertTrue(
          progress.output.contains("  \(notice) \(PlayedGames.pattern) (\(Self.className), "),
          "\(notice):\n\(progress.output)")
      }
      XCTAssertEqual(
        try tia.run(["class", "list"]).output.split(separator: "\n").count, 1,
        "each notice is told once")

      let json = try tia.run(["class", "progress", Self.className, "--json"])
      let object = try XCTUnwrap(
        JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
      XCTAssertEqual(object["server"] as? String, server.url)
      XCTAssertEqual((object["class"] as? [String: Any])?["joinCode"] as? String, code)
      XCTAssertEqual((object["notices"] as? [Any])?.count, 0)
      let recommendations = try XCTUnwrap(object["recommendations"] as? [[String: Any]])
      let students = try XCTUnwrap(recommendations.first?["students"] as? [[String: Any]])
      XCTAssertEqual(students.map { $0["player"] as? String }, ["bea", "cy"])
      XCTAssertEqual(students[0]["games"] as? Int, 1)
      XCTAssertEqual(students[0]["levelReached"] as? Int, 2)
      XCTAssertEqual(
        try XCTUnwrap(students[0]["bestAccuracy"] as? Double), accuracy, accuracy: 1e-9)
      XCTAssertEqual(
        try XCTUnwrap(students[0]["secondsPractised"] as? Double), game.record.duration,
        accuracy: 1e-9)
      XCTAssertNil(students[1]["bestAccuracy"], "cy played no game")

      // A pack's progress is the drills and streaks played with it among their packs.
      let pack = try tia.run([
        "class", "recommend", Self.className, "treble-staff", "--pack", "--message", "Daily",
      ])
      XCTAssertEqual(
        pack.output, "recommended treble-staff (pack) to \(Self.className) (students: 2)\n")
      let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 3600).rounded(.down))
      let drill = PlayedBoards.drill(right: 30, wrong: 4, startedAt: start)
      XCTAssertTrue(PlayedBoards.packs.contains("treble-staff"))
      try PlayedGames.write([PlayedGames.Game(record: drill)], to: bea)
      XCTAssertEqual(try send(bea).status, 0)
      let withPack = try tia.run(["class", "progress", Self.className])
      XCTAssertTrue(
        withPack.output.hasPrefix(
          "\(Self.className): students: 2\ntreble-staff (pack), "),
        "the newest recommendation first:\n\(withPack.output)")
      XCTAssertTrue(
        withPack.output.contains(
          ": Daily\n  bea  new  timed drills and streaks: 1, 2 min, best accuracy 88%\n"
            + "  cy  new  no games recorded\n"),
        withPack.output)

      // The texts are the player's language's.
      var spanish = bea.environment
      spanish["LANG"] = "es_ES.UTF-8"
      let listed = try CommandRun.run(
        NetHome.woodshed, ["class", "list"], environment: spanish, input: "")
      XCTAssertEqual(listed.output, "\(Self.className)  (la da tia)\n")
    }
  }

  func aClassIsReadOnlyByItsTeacherAndStudents() async throws {
    try await withServer(options: ["--login-limit-account", "3"]) { tia, server, database in
      let bea = try NetHome()
      let dee = try NetHome()
      defer {
        bea.remove()
        dee.remove()
      }
      let code = try teacherWithClass(tia, server, database: database, name: "tia")
      try createAndLogIn(bea, server, name: "bea")
      try createAndLogIn(dee, server, name: "dee")
      XCTAssertEqual(try bea.run(["class", "join", code]).status, 0)
      _ = try tia.run([
        "class", "recommend", Self.className, PlayedGames.pattern, "--message", "Go",
      ])
      let teacher = try client(server, token: try savedToken(tia))
      let student = try client(server, token: try savedToken(bea))
      let stranger = try client(server, token: try savedToken(dee))
      let classID = try await teacher.listClasses().ok.body.json.classes[0].id
      let recommendationID = try await student.getClassInbox().ok.body.json.recommendations[0]
        .recommendation.id

      let notTeacher = try bea.run(["class", "create", "Mine"])
      XCTAssertEqual(
        notTeacher.error,
        "Error: only a teacher makes classes: the server's admin gives the role with woodshed "
          + "serve role bea teacher\n")
      let request = Components.Schemas.RecommendationRequest(
        kind: .pattern, itemId: "6-chord-1", message: "mine now")
      let byStudent = try await student.recommendToClass(
        path: .init(classId: classID), body: .json(request))
      XCTAssertEqual(
        try byStudent.forbidden.body.json.error, "only the teacher of a class recommends to it")
      let byStranger = try await stranger.recommendToClass(
        path: .init(classId: classID), body: .json(request))
      XCTAssertEqual(try byStranger.notFound.body.json.error, "there is no class \(classID)")
      let studentProgress = try await student.getClassProgress(path: .init(classId: classID))
      XCTAssertEqual(
        try studentProgress.forbidden.body.json.error,
        "only the teacher of a class sees its progress")
      let strangerProgress = try await stranger.getClassProgress(path: .init(classId: classID))
      XCTAssertNotNil(try? strangerProgress.notFound, "a stranger is told no such class exists")
      let strangersInbox = try await stranger.getClassInbox()
      XCTAssertEqual(try strangersInbox.ok.body.json.recommendations, [])
      let strangersClasses = try await stranger.listClasses()
      XCTAssertEqual(try strangersClasses.ok.body.json.classes, [])
      let strangerAccepts = try await stranger.acceptRecommendation(
        path: .init(recommendationId: recommendationID))
      XCTAssertNotNil(try? strangerAccepts.notFound)
      let studentsClasses = try await student.listClasses()
      XCTAssertNil(
        try studentsClasses.ok.body.json.classes[0].joinCode, "only the teacher hands out the code")
      let notices = try await teacher.readClassNotices()
      XCTAssertEqual(
        try notices.ok.body.json.notices, [],
        "nobody accepted: the stranger's attempt told the teacher nothing")

      let ownClass = try tia.run(["class", "join", code])
      XCTAssertEqual(
        ownClass.error, "Error: you teach \(Self.className): its students join with this code\n")
      let tooLong = try await teacher.recommendToClass(
        path: .init(classId: classID),
        body: .json(
          .init(kind: .pattern, itemId: "x", message: String(repeating: "a", count: 501))))
      XCTAssertEqual(
        try tooLong.badRequest.body.json.error, "a message has at most 500 characters")
      let badID = try tia.run([
        "class", "recommend", Self.className, "../etc", "--message", "hi",
      ])
      XCTAssertEqual(
        badID.error, "Error: an id has lower-case letters, digits and hyphens: ../etc\n")
      let badLevel = try tia.run([
        "class", "recommend", Self.className, "treble-staff", "--pack", "--message", "hi",
        "--level", "2",
      ])
      XCTAssertEqual(badLevel.error, "Error: a level is for a pattern, from 1 to 6\n")
      XCTAssertEqual(
        try tia.run(["class", "create", Self.className]).error,
        "Error: you have a class named \(Self.className) already\n")
      XCTAssertEqual(
        try tia.run(["class", "progress", "Other"]).error,
        "Error: you teach no class named Other: woodshed class list shows yours\n")

      // Codes cannot be guessed: past the limit even the right one waits.
      for guess in ["AAAAAAAA", "BBBBBBBB", "not a code"] {
        XCTAssertEqual(
          try dee.run(["class", "join", guess]).error, "Error: no class has this code\n")
      }
      let limited = try dee.run(["class", "join", code])
      XCTAssertTrue(limited.error.hasPrefix("Error: too many wrong class codes: try again in "))
      let stillNone = try await stranger.listClasses()
      XCTAssertEqual(try stillNone.ok.body.json.classes, [])
    }
  }
}
