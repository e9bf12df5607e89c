import Foundation
import TerminalHarness
import XCTest

/// The school's library through the real binaries: a player suggests a shared pattern, a
/// teacher asks for changes and then accepts it, a student fetches it, the teacher edits and
/// withdraws it, and the student keeps what they fetched.
extension ServerScenarios {
  /// The word after "as " in `woodshed library suggest`'s line: the suggestion's id.
  private func suggestionID(_ output: String) throws -> String {
    let after = try XCTUnwrap(output.range(of: " as ")).upperBound
    return String(output[after...].prefix { $0 != ":" })
  }

  func aSuggestedPatternIsReviewedPublishedEditedAndWithdrawn() async throws {
    try await withServer { tia, server, database in
      let ada = try NetHome()
      let bea = try NetHome()
      defer {
        ada.remove()
        bea.remove()
      }
      try createAndLogIn(tia, server, name: "tia")
      XCTAssertEqual(
        try tia.run(["serve", "role", "tia", "teacher", "--database", database]).status, 0)
      try createAndLogIn(ada, server, name: "ada")
      try createAndLogIn(bea, server, name: "bea")
      try writeOwnPattern(ada, id: "tuesday-box", name: "Tuesday box")
      let shared = try ada.run(["patterns", "share", "tuesday-box"])
      XCTAssertEqual(shared.status, 0, shared.error)
      let shareID = try XCTUnwrap(shared.output.split(separator: " ").first.map(String.init))
      XCTAssertEqual(
        try bea.run(["library"]).output,
        "the library has no patterns yet: suggest yours with woodshed library suggest\n")

      // Only one's own pattern shared to everyone, with one line of text.
      XCTAssertEqual(
        try bea.run(["library", "suggest", shareID]).error,
        "Error: you suggest your own patterns shared to everyone: share it with woodshed "
          + "patterns share first\n")
      XCTAssertEqual(
        try ada.run(["library", "suggest", shareID, "--note", "a\u{1b}[2Jb"]).error,
        "Error: a note or reason is one line of text, without control characters\n")
      let suggested = try ada.run(["library", "suggest", shareID, "--note", "For beginners"])
      XCTAssertEqual(suggested.status, 0, suggested.error)
      let first = try suggestionID(suggested.output)
      XCTAssertEqual(
        suggested.output,
        "suggested tuesday-box (Tuesday box) for the library as \(first): a teacher reviews "
          + "it, and your news will say what they decided\n")
      XCTAssertEqual(
        try ada.run(["library", "suggest", shareID]).error,
        "Error: you suggested tuesday-box already (suggestion \(first)): it waits for a "
          + "teacher's review\n")

      // The teacher reviews; a student may not.
      XCTAssertEqual(
        try bea.run(["library", "suggestions", "--pending"]).error,
        "Error: only a teacher reviews suggestions\n")
      XCTAssertEqual(
        try bea.run(["library", "review", first, "accept"]).error,
        "Error: only a teacher reviews suggestions\n")
      XCTAssertEqual(
        try tia.run(["library", "suggestions", "--pending"]).output,
        "\(first)  tuesday-box  Tuesday box  from ada (\"For beginners\")  waiting for review\n")
      XCTAssertEqual(
        try tia.run(["library", "review", first, "decline"]).error,
        "Error: say why: the player reads the reason in their news\n")
      let changes = try tia.run(
        ["library", "review", first, "changes", "--reason", "Name the fingers"])
      XCTAssertEqual(changes.status, 0, changes.error)
      XCTAssertEqual(
        changes.output,
        "\(first)  tuesday-box  Tuesday box  from ada (\"For beginners\")  changes asked by "
          + "tia: Name the fingers\n")
      XCTAssertEqual(
        try tia.run(["library", "review", first, "accept"]).error,
        "Error: suggestion \(first) is sent back for changes already\n")
      XCTAssertEqual(
        try keptNews(ada),
        [
          "tia asks for changes to your Tuesday box (tuesday-box) before it joins the library: "
            + "Name the fingers"
        ])

      let again = try ada.run(["library", "suggest", shareID])
      XCTAssertEqual(again.status, 0, again.error)
      let second = try suggestionID(again.output)
      XCTAssertNotEqual(second, first)
      let accepted = try tia.run(["library", "review", second, "accept"])
      XCTAssertEqual(accepted.status, 0, accepted.error)
      XCTAssertEqual(
        accepted.output, "accepted: tuesday-box (Tuesday box) is in the library at version 1\n")
      XCTAssertEqual(
        try ada.run(["library", "suggestions"]).output.split(separator: "\n").map(String.init),
        [
          "\(second)  tuesday-box  Tuesday box  from ada  accepted by tia",
          "\(first)  tuesday-box  Tuesday box  from ada (\"For beginners\")  changes asked by "
            + "tia: Name the fingers",
        ])
      XCTAssertEqual(
        try keptNews(ada).first, "tia accepted your Tuesday box (tuesday-box) into the library")
      XCTAssertEqual(
        try keptNews(bea),
        [
          "new in the library: Tuesday box, suggested by ada: woodshed library fetch tuesday-box",
          "ada shared the pattern Tuesday box: woodshed patterns fetch \(shareID)",
        ])

      // The practice room lists it from the last refresh; a student fetches it; the teacher
      // edits it, then withdraws it.
      XCTAssertEqual(try bea.run(["library"]).output, "tuesday-box  Tuesday box  v1  by ada\n")
      XCTAssertEqual(try libraryInRoom(bea), ["tuesday-box v1 by ada: Tuesday box"])
      let fetched = try bea.run(["library", "fetch", "tuesday-box"])
      XCTAssertEqual(fetched.status, 0, fetched.error)
      XCTAssertTrue(
        fetched.output.hasSuffix("version 1 of the library's\n"), fetched.output)
      let beasCopy = bea.folder.appendingPathComponent("data/patterns/tuesday-box.json")
      XCTAssertTrue(FileManager.default.fileExists(atPath: beasCopy.path))
      XCTAssertEqual(
        try bea.run(["library", "fetch", "tuesday-box"]).error,
        "Error: tuesday-box is already one of your patterns (Tuesday box): add --force to "
          + "replace it with the library's\n")

      let edit = tia.folder.appendingPathComponent("tuesday-box.json")
      try Self.patternFile(id: "tuesday-box", name: "Tuesday box, fingered").write(to: edit)
      XCTAssertEqual(
        try bea.run(["library", "edit", "tuesday-box", edit.path]).error,
        "Error: only a teacher edits the library\n")
      let wrongID = tia.folder.appendingPathComponent("other.json")
      try Self.patternFile(id: "other-box", name: "Other").write(to: wrongID)
      XCTAssertEqual(
        try tia.run(["library", "edit", "tuesday-box", wrongID.path]).error,
        "Error: the file is pattern other-box, not tuesday-box\n")
      let edited = try tia.run(
        ["library", "edit", "tuesday-box", edit.path, "--note", "Fingers named"])
      XCTAssertEqual(edited.status, 0, edited.error)
      XCTAssertEqual(
        edited.output, "tuesday-box (Tuesday box, fingered) is at version 2 in the library\n")
      XCTAssertEqual(try libraryInRoom(bea), ["tuesday-box v2 by ada: Tuesday box, fingered"])
      let withdrawn = try tia.run(
        ["library", "withdraw", "tuesday-box", "--reason", "Replaced by the CAGED set"])
      XCTAssertEqual(withdrawn.status, 0, withdrawn.error)
      XCTAssertEqual(
        withdrawn.output,
        "withdrew tuesday-box (Tuesday box, fingered) at version 3: no longer listed; those "
          + "who fetched it keep it\n")
      XCTAssertEqual(
        try bea.run(["library"]).output,
        "the library has no patterns yet: suggest yours with woodshed library suggest\n")
      XCTAssertEqual(
        try bea.run(["library", "fetch", "tuesday-box"]).error,
        "Error: the library has no pattern tuesday-box\n")
      XCTAssertEqual(
        try bea.run(["library", "--withdrawn"]).error,
        "Error: only a teacher sees withdrawn patterns\n")
      XCTAssertTrue(FileManager.default.fileExists(atPath: beasCopy.path), "bea keeps hers")
      XCTAssertEqual(try libraryInRoom(bea), [], "withdrawn: no longer listed in the room")

      XCTAssertEqual(
        try tia.run(["library", "--withdrawn"]).output,
        "tuesday-box  Tuesday box, fingered  v3  by ada  (withdrawn)\n")
      let history = try tia.run(["library", "history", "tuesday-box"])
      XCTAssertEqual(history.status, 0, history.error)
      XCTAssertEqual(
        history.output.split(separator: "\n").map {
          $0.replacingOccurrences(
            of: #"  \d{4}-\d\d-\d\d \d\d:\d\d UTC"#, with: "", options: .regularExpression)
        },
        [
          "v1  accepted by tia  Tuesday box",
          "v2  edited by tia  Tuesday box, fingered: Fingers named",
          "v3  withdrawn by tia  Tuesday box, fingered: Replaced by the CAGED set",
        ])
      // Every version keeps its file: the first is there as accepted.
      let old = try tia.run(["library", "fetch", "tuesday-box", "--version", "1"])
      XCTAssertEqual(old.status, 0, old.error)
      XCTAssertTrue(old.output.contains(": Tuesday box ("), old.output)
      let json = try tia.run(["library", "history", "tuesday-box", "--json"])
      let versions = try XCTUnwrap(
        (try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])?[
          "versions"] as? [[String: Any]])
      XCTAssertEqual(
        versions.compactMap { $0["change"] as? String },
        [
          "accepted", "edited", "withdrawn",
        ])

      // In the player's language.
      func spanish(_ player: NetHome, _ arguments: [String]) throws -> String {
        var environment = player.environment
        environment["LANG"] = "es_ES.UTF-8"
        return try CommandRun.run(
          NetHome.woodshed, arguments, environment: environment, input: ""
        ).output
      }
      XCTAssertEqual(
        try spanish(tia, ["library", "--withdrawn"]),
        "tuesday-box  Tuesday box, fingered  v3  de ada  (retirado)\n")
      XCTAssertEqual(
        try spanish(tia, ["library", "history", "tuesday-box"]).split(separator: "\n").map {
          $0.replacingOccurrences(
            of: #"  \d{4}-\d\d-\d\d \d\d:\d\d UTC"#, with: "", options: .regularExpression)
        },
        [
          "v1  aceptado por tia  Tuesday box",
          "v2  editado por tia  Tuesday box, fingered: Fingers named",
          "v3  retirado por tia  Tuesday box, fingered: Replaced by the CAGED set",
        ])
      XCTAssertEqual(
        try spanish(ada, ["library", "suggestions"]),
        "\(second)  tuesday-box  Tuesday box  de ada  aceptada por tia\n"
          + "\(first)  tuesday-box  Tuesday box  de ada (\"For beginners\")  tia pide cambios: "
          + "Name the fingers\n")
    }
  }

  /// The library as the practice room reads it after a refresh: each pattern's id, version,
  /// author and name.
  private func libraryInRoom(_ player: NetHome) throws -> [String] {
    let refreshed = try player.run(["refresh"])
    XCTAssertEqual(refreshed.status, 0, refreshed.error)
    return try XCTUnwrap(roomSnapshot(player)["library"] as? [[String: Any]]).map { entry in
      let file = Data(((entry["pattern"] as? String) ?? "").utf8)
      let name = (try? JSONSerialization.jsonObject(with: file) as? [String: Any])?["name"]
      return "\(entry["id"] ?? "") v\(entry["version"] ?? "") by \(entry["author"] ?? ""): "
        + "\(name ?? "")"
    }
  }
}
