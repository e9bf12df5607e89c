import Foundation
import Glibc
import Synchronization
import XCTest

/// `woodshed protocol`: a recording session logged line by line from the shell, and its plan.
final class ProtocolCommandTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  @discardableResult
  private func protocolCommand(
    _ arguments: [String], file: StaticString = #filePath, line: UInt = #line
  )
    throws -> (status: Int32, output: String, error: String)
  {
    try woodshed.run(["protocol"] + arguments)
  }

  private func add(_ lines: [String]) throws {
    for entry in lines {
      let result = try protocolCommand(["add", "brahms", entry])
      XCTAssertEqual(result.status, 0, "\(entry): \(result.error)")
    }
  }

  func testASessionLoggedLineByLineGetsItsEditingPlan() throws {
    XCTAssertEqual(try protocolCommand(["new", "brahms"]).status, 0)
    XCTAssertEqual(
      try protocolCommand(["movement", "brahms", "mvt 1: 0-40 A=12 3/4@q=120"]).status, 0)
    // Take 1 is excellent to bar 20 and only usable after; take 2 is good from A (bar 12) to
    // 30, with intonation at 25; take 7 is excellent all through, from 30.
    try add([
      "take", "0-20 ++", "21-40 ok", "end 40", "take @A", "12-30 +", "25 i", "end 30",
      "take 7 @30", "end 40", "all ++",
    ])
    let plan = try protocolCommand(["plan", "brahms"])
    XCTAssertEqual(plan.status, 0, plan.error)
    XCTAssertEqual(
      plan.output,
      """
      movement 1
        take 1: bars 0–20
        take 2: bars 21–29
        take 7: bars 30–40

      """)
    let json = try protocolCommand(["plan", "brahms", "--json"])
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let movements = try XCTUnwrap(object["movements"] as? [[String: Any]])
    let segments = try XCTUnwrap(movements.first?["segments"] as? [[String: Any]])
    XCTAssertEqual(segments.map { $0["take"] as? Int }, [1, 2, 7])
    XCTAssertEqual(segments.map { $0["from"] as? String }, ["0", "21", "30"])
    XCTAssertEqual(segments.map { $0["to"] as? String }, ["20", "29", "40"])
    XCTAssertTrue(
      try protocolCommand(["list"]).output.hasPrefix("brahms  recording  "), "with its status")
  }

  /// The journal's last line's time, as `YYYY-MM-DD HH:MM` on a clock `hours` ahead of UTC.
  private func lastLineTime(of name: String, hoursAhead hours: Int) throws -> String {
    let journal = try String(
      contentsOf: woodshed.home.appendingPathComponent("data/protocols/\(name)/journal.jsonl"),
      encoding: .utf8)
    let last = try XCTUnwrap(journal.split(separator: "\n").last)
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    let stamp = try XCTUnwrap(object["at"] as? String)
    let reader = DateFormatter()
    reader.dateFormat = "yyyy-MM-dd'T'HH:mm"
    reader.timeZone = TimeZone(identifier: "UTC")
    let date = try XCTUnwrap(reader.date(from: String(stamp.prefix(16))))
    let writer = DateFormatter()
    writer.dateFormat = "yyyy-MM-dd HH:mm"
    writer.timeZone = TimeZone(secondsFromGMT: hours * 3600)
    return writer.string(from: date)
  }

  /// The shelf: each protocol with where it stands and when it last changed, on the local
  /// clock (here two hours ahead of UTC), as text and as JSON.
  func testTheListSaysEachProtocolsStatusAndLastChange() throws {
    try protocolCommand(["new", "beethoven"])
    try protocolCommand(["new", "brahms"])
    try protocolCommand(["movement", "brahms", "mvt 1: 1-40"])
    try add(["take"])
    try protocolCommand(["new", "dvorak"])
    try protocolCommand(["movement", "dvorak", "mvt 1: 1-40"])
    for line in ["take", "status edited"] {
      XCTAssertEqual(try protocolCommand(["add", "dvorak", line]).status, 0)
    }
    try protocolCommand(["new", "elgar"])
    try protocolCommand(["add", "elgar", "status done"])
    let clock = woodshed.environment(extra: ["TZ": "UTC-2"])
    let list = try woodshed.run(["protocol", "list"], environment: clock)
    XCTAssertEqual(list.status, 0, list.error)
    let lines = list.output.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines.count, 5, list.output)
    XCTAssertTrue(lines[0].hasPrefix("beethoven  to record   20"), list.output)
    XCTAssertEqual(
      lines[1], "brahms     recording   \(try lastLineTime(of: "brahms", hoursAhead: 2))")
    XCTAssertEqual(
      lines[2], "dvorak     edited      \(try lastLineTime(of: "dvorak", hoursAhead: 2))")
    XCTAssertEqual(
      lines[3], "elgar      done        \(try lastLineTime(of: "elgar", hoursAhead: 2))")
    XCTAssertEqual(try protocolCommand(["add", "dvorak", "take"]).status, 0)
    XCTAssertTrue(
      try protocolCommand(["list"]).output.contains("dvorak     recording "),
      "a take after the edit means recording again")
    XCTAssertEqual(try protocolCommand(["archive", "elgar"]).status, 0)
    XCTAssertFalse(try protocolCommand(["list"]).output.contains("elgar"), "archived")
    let json = try protocolCommand(["list", "--all", "--json"])
    let objects = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    XCTAssertEqual(
      objects.map { $0["name"] as? String }, ["beethoven", "brahms", "dvorak", "elgar"])
    XCTAssertEqual(
      objects.map { $0["status"] as? String }, ["to record", "recording", "recording", "done"])
    XCTAssertEqual(objects.map { $0["archived"] as? Bool }, [false, false, false, true])
    let stamp = try XCTUnwrap(objects[1]["lastChange"] as? String)
    XCTAssertTrue(stamp.hasSuffix("Z"), stamp)
    XCTAssertEqual(stamp.count, 20, stamp)
    XCTAssertEqual(try protocolCommand(["unarchive", "elgar"]).status, 0)
    XCTAssertTrue(try protocolCommand(["list"]).output.contains("elgar      done  "))
  }

  /// Renaming, archiving and deleting from the shell: one-line refusals, and a deleted
  /// protocol is a folder in the trash that moves back whole.
  func testRenameArchiveAndDeleteRefuseInOneLineAndKeepEveryLine() throws {
    try protocolCommand(["new", "brahms"])
    try protocolCommand(["movement", "brahms", "mvt 1: 1-40"])
    try add(["take", "1-8 +"])
    try protocolCommand(["new", "dvorak"])
    XCTAssertEqual(try protocolCommand(["rename", "brahms", "brahms-op-38"]).status, 0)
    for (arguments, message) in [
      (
        ["rename", "brahms-op-38", "dvorak"],
        "could not move brahms-op-38 to dvorak: a protocol of that name already exists"
      ),
      (
        ["rename", "brahms-op-38", "a b"],
        "could not move brahms-op-38 to a b: a protocol's name is letters, digits, - _ and . (up to 64)"
      ),
      (["archive", "nobody"], "could not move nobody: there is no such protocol"),
      (
        ["unarchive", "dvorak"],
        "could not move dvorak to the protocols: there is no archived protocol of that name"
      ),
      (
        ["delete", "dvorak"],
        "deleting dvorak needs --yes: it goes to the trash, "
          + woodshed.home.appendingPathComponent("data/protocols/.trash").path
      ),
    ] {
      let result = try protocolCommand(arguments)
      XCTAssertNotEqual(result.status, 0, "\(arguments)")
      XCTAssertEqual(result.error, "Error: \(message)\n", "\(arguments)")
      XCTAssertEqual(result.output, "")
    }
    let deleted = try protocolCommand(["delete", "brahms-op-38", "--yes"])
    XCTAssertEqual(deleted.status, 0, deleted.error)
    let trashed = try XCTUnwrap(
      deleted.output.split(separator: "\n").first.map { String($0.dropFirst("moved to ".count)) })
    XCTAssertTrue(trashed.contains("/data/protocols/.trash/brahms-op-38.deleted-"), trashed)
    XCTAssertTrue(try protocolCommand(["list"]).output.hasPrefix("dvorak "))
    XCTAssertEqual(
      Glibc.rename(trashed, woodshed.home.appendingPathComponent("data/protocols/brahms").path), 0)
    let plan = try protocolCommand(["plan", "brahms"])
    XCTAssertEqual(
      plan.output, "movement 1\n  take 1: bars 1–8\n  no take: bars 9–40\n", "restored whole")
  }

  func testATakeDeclaredNoGoodIsLeftOutOfThePlanUntilUndone() throws {
    try protocolCommand(["new", "brahms"])
    try protocolCommand(["movement", "brahms", "mvt 1: 1-16"])
    try add(["take", "end 16", "all ++", "ng", "take", "end 16", "all +-"])
    XCTAssertEqual(
      try protocolCommand(["plan", "brahms"]).output, "movement 1\n  take 2: bars 1–16\n")
    try add(["undo", "undo", "undo", "undo"])
    XCTAssertEqual(
      try protocolCommand(["plan", "brahms"]).output, "movement 1\n  take 1: bars 1–16\n")
  }

  func testACircledTakeWinsATie() throws {
    try protocolCommand(["new", "brahms"])
    try protocolCommand(["movement", "brahms", "mvt 1: 1-16"])
    try add(["take", "end 16", "all +", "take", "end 16", "all +", "keep"])
    XCTAssertEqual(
      try protocolCommand(["plan", "brahms"]).output, "movement 1\n  take 2: bars 1–16\n")
  }

  /// `T1 all ++` rates take 1 while take 2 is current, headless as on the screen; a take that
  /// does not exist is refused in the user's language.
  func testALineAboutAnEarlierTakeChangesThatTake() throws {
    try protocolCommand(["new", "brahms"])
    try protocolCommand(["movement", "brahms", "mvt 1: 1-16"])
    try add(["take", "end 16", "take", "end 16", "all +", "T1 all ++"])
    XCTAssertEqual(
      try protocolCommand(["plan", "brahms"]).output, "movement 1\n  take 1: bars 1–16\n")
    let result = try woodshed.run(
      ["protocol", "add", "brahms", "T9 note cello late"],
      environment: woodshed.environment(lang: "es_ES.UTF-8"))
    XCTAssertNotEqual(result.status, 0)
    XCTAssertEqual(result.error, "Error: no hay ninguna toma 9\n")
    try add(["undo"])
    XCTAssertEqual(
      try protocolCommand(["plan", "brahms"]).output, "movement 1\n  take 2: bars 1–16\n")
  }

  /// Tuesday numbers its takes from 1 again: its take 1 is `2/1` in the plan and the exports.
  func testADayThatRestartsNumberingKeepsTakeNamesApart() throws {
    try protocolCommand(["new", "brahms"])
    try protocolCommand(["movement", "brahms", "mvt 1: 1-16"])
    try add(["take", "end 16", "all +", "day 2 — Tuesday restart", "take", "end 16", "all ++"])
    XCTAssertEqual(
      try protocolCommand(["plan", "brahms"]).output, "movement 1\n  take 2/1: bars 1–16\n")
    let csv = try protocolCommand(["export", "brahms", "--format", "csv"]).output
    XCTAssertTrue(csv.contains(",2,2 — Tuesday,"), csv)
    let edl = try protocolCommand(["export", "brahms", "--format", "edl"]).output
    XCTAssertTrue(edl.contains("001  D2T1     A     C "), edl)
  }

  func testEveryLineIsKeptInTheJournalAndUndoIsALineToo() throws {
    try protocolCommand(["new", "brahms"])
    try protocolCommand(["movement", "brahms", "mvt 1: 1-16"])
    try add(["take", "1-16 +", "take", "1-16 ++", "undo"])
    let journal = try String(
      contentsOf: woodshed.home.appendingPathComponent("data/protocols/brahms/journal.jsonl"),
      encoding: .utf8)
    let lines = journal.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
    XCTAssertEqual(
      lines.map { $0["line"] as? String },
      ["mvt 1: 1-16", "take", "1-16 +", "take", "1-16 ++", "undo"])
    XCTAssertNotNil(lines.first?["at"] as? String)
    // The undo took back take 2's rating: the plan keeps take 1, the only rated one.
    XCTAssertEqual(
      try protocolCommand(["plan", "brahms"]).output, "movement 1\n  take 1: bars 1–16\n")
  }

  func testAnEarlierMarkIsEditedOrDeletedByItsNumberAndUndoneLikeAnyLine() throws {
    try protocolCommand(["new", "brahms"])
    try protocolCommand(["movement", "brahms", "mvt 1: 1-16"])
    try add(["take", "1-16 + i", "end 16", "take", "1-16 x"])
    func marks() throws -> [[String: Any]] {
      let export = try protocolCommand(["export", "brahms", "--format", "json"])
      XCTAssertEqual(export.status, 0, export.error)
      let object = try JSONSerialization.jsonObject(with: Data(export.output.utf8))
      let works = try XCTUnwrap((object as? [String: Any])?["works"] as? [[String: Any]])
      let movements = works.flatMap { ($0["movements"] as? [[String: Any]]) ?? [] }
      let takes = movements.flatMap { ($0["takes"] as? [[String: Any]]) ?? [] }
      return takes.flatMap { ($0["marks"] as? [[String: Any]]) ?? [] }
    }
    XCTAssertEqual(try marks().map { $0["id"] as? Int }, [1, 2])
    // The tag on take 1 was wrong, and take 2 was not so bad after all.
    let edited = try protocolCommand(["edit", "brahms", "#1", "1-16 +"])
    XCTAssertEqual(edited.status, 0, edited.error)
    XCTAssertEqual(try marks().first?["tags"] as? [String], [])
    XCTAssertEqual(try protocolCommand(["delete", "brahms", "2"]).status, 0)
    XCTAssertEqual(try marks().map { $0["id"] as? Int }, [1])
    XCTAssertEqual(
      try protocolCommand(["plan", "brahms"]).output, "movement 1\n  take 1: bars 1–16\n")
    try add(["undo"])
    XCTAssertEqual(try marks().map { $0["id"] as? Int }, [1, 2], "undo brings mark 2 back")

    let journal = try String(
      contentsOf: woodshed.home.appendingPathComponent("data/protocols/brahms/journal.jsonl"),
      encoding: .utf8)
    XCTAssertTrue(journal.contains(##""line":"#1 1-16 +""##), journal)
    XCTAssertTrue(journal.contains(##""line":"#2 delete""##), journal)
    for (arguments, message, status) in [
      (["edit", "brahms", "9", "2 +"], "no mark #9", Int32(1)),
      (["delete", "brahms", "#0"], "The value '#0' is invalid for '<mark>'", 64),
      (["delete", "brahms", "1", "--yes"], "--yes is for a whole protocol, not a mark", 64),
    ] {
      let refused = try protocolCommand(arguments)
      XCTAssertEqual(refused.status, status, "\(arguments): \(refused.error)")
      XCTAssertTrue(refused.error.contains(message), "\(arguments): \(refused.error)")
    }
    XCTAssertTrue(
      FileManager.default.fileExists(
        atPath: woodshed.home.appendingPathComponent("data/protocols/brahms/journal.jsonl").path),
      "a mark's delete never touches the protocol")
  }

  func testALineThatDoesNotApplyIsRefusedInOneLineAndNothingIsWritten() throws {
    try protocolCommand(["new", "brahms"])
    try protocolCommand(["movement", "brahms", "mvt 1: 0-40"])
    try add(["take"])
    let journal = woodshed.home.appendingPathComponent("data/protocols/brahms/journal.jsonl")
    let before = try Data(contentsOf: journal)
    let cases: [([String], String)] = [
      (["add", "brahms", "50-60 +"], "bar 50 is not in movement 1 (0–40)"),
      (["add", "brahms", "17-28 go"], "unknown tag g"),
      (["add", "brahms", "30 fine"], "\"fine\" is not a tag: did you mean \"note fine\"?"),
      (["movement", "brahms", "take 3"], "a movement is written \"mvt K: FIRST-LAST\""),
      (["add", "nope", "take"], "there is no such protocol"),
      (["new", "brahms"], "a protocol of that name already exists"),
      (["new", "../evil"], "a protocol's name is letters, digits"),
    ]
    for (arguments, message) in cases {
      let result = try protocolCommand(arguments)
      XCTAssertNotEqual(result.status, 0, "\(arguments)")
      XCTAssertTrue(result.error.contains(message), "\(arguments): \(result.error)")
      XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
    }
    XCTAssertEqual(try Data(contentsOf: journal), before, "nothing was written")
  }

  /// The journal's lines as JSON objects.
  private func journalLines() throws -> [[String: Any]] {
    let journal = try String(
      contentsOf: woodshed.home.appendingPathComponent("data/protocols/brahms/journal.jsonl"),
      encoding: .utf8)
    return journal.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
  }

  func testEveryLineRecordsItsAuthorAndUndoTakesBackTheAuthorsOwn() throws {
    try protocolCommand(["new", "brahms"])
    try protocolCommand(["movement", "brahms", "mvt 1: 1-16", "--as", "producer"])
    for (author, line) in [
      ("producer", "take"), ("producer", "1-16 +"), ("assistant", "note cello late"),
      ("producer", "undo"),
    ] {
      let result = try protocolCommand(["add", "brahms", line, "--as", author])
      XCTAssertEqual(result.status, 0, "\(line): \(result.error)")
      XCTAssertEqual(result.error, "", "no warnings")
    }
    XCTAssertEqual(
      try journalLines().map { $0["by"] as? String },
      ["producer", "producer", "producer", "assistant", "producer"])
    let json = try protocolCommand(["export", "brahms", "--format", "json"]).output
    XCTAssertTrue(json.contains("cello late"), "the assistant's note stays: \(json)")
    XCTAssertFalse(json.contains("\"rating\""), "the producer's rating is gone: \(json)")
    let refused = try protocolCommand(["add", "brahms", "undo", "--as", "producer"])
    XCTAssertNotEqual(refused.status, 0)
    XCTAssertTrue(
      refused.error.contains(
        "cannot undo \"take\": assistant's \"note cello late\" after it depends on it"),
      refused.error)
    let login = try protocolCommand(["add", "brahms", "note by whoever runs it"])
    XCTAssertEqual(login.status, 0, login.error)
    XCTAssertNotNil(try journalLines().last?["by"] as? String, "the login name")
  }

  /// `protocol add` killed (SIGKILL) at random moments of its run, on a journal long enough
  /// that it resumes from a saved state and now and then saves one (half the time the state is
  /// removed first, so the run reads the journal whole and saves it again): every line a run
  /// acknowledged is in the journal, and what a run sees through the state left behind is what
  /// the whole journal says, warnings included.
  func testAddKilledAtAnyMomentLosesNoAcknowledgedLineAndLeavesNoStateThatDisagrees() throws {
    try protocolCommand(["new", "brahms"])
    let folder = woodshed.home.appendingPathComponent("data/protocols/brahms")
    // Line 2 is refused (no take yet), so every run warns of it.
    var lines = ["mvt 1: 1-100", "end 5", "take @1"]
    for index in 0..<600 {
      lines.append(["\(index % 90 + 1) +", "note \(index)", "undo"][index % 3])
    }
    let journal = lines.map {
      #"{"at":"2026-11-27T10:00:00.000Z","by":"p","line":"\#($0)"}"# + "\n"
    }
    .joined()
    try Data(journal.utf8).write(to: folder.appendingPathComponent("journal.jsonl"))
    let state = folder.appendingPathComponent("journal.state")
    // One run to its end tells how long a run takes on this machine as loaded as it is now:
    // the kills fall anywhere in a run and a half.
    let began = Date()
    XCTAssertEqual(try protocolCommand(["add", "brahms", "note timed", "--as", "p"]).status, 0)
    let longest = UInt32(min(2, Date().timeIntervalSince(began) * 1.5) * 1_000_000)
    var acknowledged = ["note timed"]
    var killed = 0
    for run in 0..<40 {
      if run % 2 == 0 { try? FileManager.default.removeItem(at: state) }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: WoodshedProcess.executable)
      process.arguments = ["protocol", "add", "brahms", "note run \(run)", "--as", "p"]
      process.environment = woodshed.environment()
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(UInt32.random(in: 0...longest))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      if process.terminationReason == .exit, process.terminationStatus == 0 {
        acknowledged.append("note run \(run)")
      } else {
        killed += 1
      }
    }
    XCTAssertGreaterThan(killed, 5, "some runs were killed")
    XCTAssertGreaterThan(acknowledged.count, 5, "some runs finished")
    let written = try journalLines().compactMap { $0["line"] as? String }
    for line in acknowledged { XCTAssertTrue(written.contains(line), line) }
    let resumed = try protocolCommand(["add", "brahms", "note after the state"])
    XCTAssertEqual(resumed.status, 0, resumed.error)
    try? FileManager.default.removeItem(at: state)
    let whole = try protocolCommand(["add", "brahms", "note after reading it all"])
    XCTAssertEqual(whole.status, 0, whole.error)
    XCTAssertEqual(resumed.error, whole.error, "the same warnings either way")
    XCTAssertTrue(whole.error.contains("line 2: no take yet"), whole.error)
  }

  /// Four processes at once add the same take, eight times over: each take is accepted exactly
  /// once, and the journal replays without a warning.
  func testWritersAtOnceAddEachTakeOnce() throws {
    try protocolCommand(["new", "brahms"])
    try protocolCommand(["movement", "brahms", "mvt 1: 1-16"])
    let woodshed = self.woodshed!
    for number in 1...8 {
      let accepted = Mutex(0)
      DispatchQueue.concurrentPerform(iterations: 4) { writer in
        let result = try? woodshed.run(
          ["protocol", "add", "brahms", "take \(number)", "--as", "writer\(writer)"])
        if result?.status == 0 { accepted.withLock { $0 += 1 } }
      }
      XCTAssertEqual(accepted.withLock { $0 }, 1, "take \(number)")
    }
    let plan = try protocolCommand(["plan", "brahms"])
    XCTAssertEqual(plan.error, "", "no warnings on replay")
    XCTAssertEqual(
      try journalLines().compactMap { $0["line"] as? String }.filter { $0.hasPrefix("take") },
      (1...8).map { "take \($0)" })
  }

  func testAWordForTagsIsRefusedInTheUsersLanguage() throws {
    try protocolCommand(["new", "brahms"])
    try protocolCommand(["movement", "brahms", "mvt 1: 0-40"])
    try add(["take"])
    let result = try woodshed.run(
      ["protocol", "add", "brahms", "30 bien"],
      environment: woodshed.environment(lang: "es_ES.UTF-8"))
    XCTAssertNotEqual(result.status, 0)
    XCTAssertTrue(
      result.error.contains(
        "\"bien\" no es una etiqueta: ¿querías decir \"note bien\"? Las etiquetas son una o dos"),
      result.error)
  }

  /// The journal's and the shelf's refusals are said in the user's language too: a take that
  /// exists, an undo another's line depends on, a name in use, a line being written meanwhile.
  func testTheJournalAndTheShelfRefuseInTheUsersLanguage() throws {
    try protocolCommand(["new", "brahms"])
    try protocolCommand(["new", "dvorak"])
    try protocolCommand(["movement", "brahms", "mvt 1: 0-40"])
    let spanish = woodshed.environment(lang: "es_ES.UTF-8")
    func refusal(_ arguments: [String]) throws -> String {
      let result = try woodshed.run(arguments, environment: spanish)
      XCTAssertNotEqual(result.status, 0, "\(arguments)")
      return result.error
    }
    try add(["take 1"])
    XCTAssertEqual(
      try refusal(["protocol", "add", "brahms", "take 1"]), "Error: la toma 1 ya existe\n")
    try protocolCommand(["add", "brahms", "take", "--as", "producer"])
    try protocolCommand(["add", "brahms", "note cello late", "--as", "assistant"])
    XCTAssertEqual(
      try refusal(["protocol", "add", "brahms", "undo", "--as", "producer"]),
      "Error: no se puede deshacer \"take\": \"note cello late\", que assistant escribió "
        + "después, depende de ello\n")
    XCTAssertEqual(
      try refusal(["protocol", "rename", "brahms", "dvorak"]),
      "Error: no se pudo mover brahms a dvorak: ya hay un protocolo con ese nombre\n")
    let journal = woodshed.home.appendingPathComponent("data/protocols/brahms/journal.jsonl")
    let writer = open(journal.path, O_RDWR)
    defer { close(writer) }
    XCTAssertEqual(flock(writer, LOCK_EX), 0)
    XCTAssertEqual(
      try refusal(["protocol", "archive", "brahms"]),
      "Error: no se pudo mover brahms: otro terminal le está añadiendo una línea en este "
        + "momento; inténtalo de nuevo\n")
  }

  /// The shelf's other refusals and the journal's warnings are said in the user's language: a
  /// name that cannot be one, a protocol archived or missing, one brought back onto a name in
  /// use, and the lines that were refused or could not be read.
  func testTheShelfAndTheJournalsWarningsAreInTheUsersLanguage() throws {
    let spanish = woodshed.environment(lang: "es_ES.UTF-8")
    func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
      try woodshed.run(["protocol"] + arguments, environment: spanish)
    }
    func refusal(_ arguments: [String]) throws -> String {
      let result = try run(arguments)
      XCTAssertNotEqual(result.status, 0, "\(arguments)")
      return result.error
    }
    let rule = "el nombre de un protocolo es letras, cifras, - _ y . (hasta 64)"
    XCTAssertEqual(try refusal(["new", "../evil"]), "Error: no se guarda ../evil: \(rule)\n")
    try protocolCommand(["new", "brahms"])
    try protocolCommand(["movement", "brahms", "mvt 1: 0-40"])
    XCTAssertEqual(
      try refusal(["rename", "brahms", "a b"]), "Error: no se pudo mover brahms a a b: \(rule)\n")
    XCTAssertEqual(
      try refusal(["plan", "nobody"]),
      "Error: no se pudo leer nobody: no existe ese protocolo; créalo con "
        + "`woodshed protocol new nobody`\n")
    XCTAssertEqual(
      try refusal(["rename", "nobody", "somebody"]),
      "Error: no se pudo mover nobody: no existe ese protocolo\n")
    let trash = woodshed.home.appendingPathComponent("data/protocols/.trash").path
    XCTAssertEqual(
      try refusal(["delete", "brahms"]),
      "Error: para borrar brahms hace falta --yes: va a la papelera, \(trash)\n")
    try protocolCommand(["archive", "brahms"])
    let archived =
      "Error: no se pudo leer brahms: está archivado; recupéralo con "
      + "`woodshed protocol unarchive brahms`\n"
    XCTAssertEqual(try refusal(["add", "brahms", "take"]), archived)
    XCTAssertEqual(try refusal(["plan", "brahms"]), archived)
    // Another brahms, made while the archived one could not be seen (by hand, or a Woodshed
    // on another machine sharing the folder).
    try protocolCommand(["new", "dvorak"])
    let protocols = woodshed.home.appendingPathComponent("data/protocols")
    XCTAssertEqual(
      Glibc.rename(
        protocols.appendingPathComponent("dvorak").path,
        protocols.appendingPathComponent("brahms").path), 0)
    XCTAssertEqual(
      try refusal(["unarchive", "brahms"]),
      "Error: no se pudo mover brahms: ya hay un protocolo con ese nombre\n")
    try protocolCommand(["movement", "brahms", "mvt 1: 0-40"])
    try protocolCommand(["add", "brahms", "take 1"])
    let journal = try FileHandle(
      forWritingTo: protocols.appendingPathComponent("brahms/journal.jsonl"))
    try journal.seekToEnd()
    try journal.write(contentsOf: Data(#"{"at":"2026-11-27T13:40:47Z","line":"take 1"}"#.utf8))
    try journal.write(contentsOf: Data(("\n" + String(repeating: "{torn\n", count: 5)).utf8))
    try journal.close()
    let plan = try run(["plan", "brahms"])
    XCTAssertEqual(plan.status, 0, plan.error)
    XCTAssertEqual(
      plan.error,
      "warning: no se pudo leer la línea 4 de journal.jsonl; se omite\n"
        + "warning: no se pudo leer la línea 5 de journal.jsonl; se omite\n"
        + "warning: no se pudo leer la línea 6 de journal.jsonl; se omite\n"
        + "warning: journal.jsonl: no se pudieron leer 2 líneas más; se omiten\n"
        + "warning: línea 3: la toma 1 ya existe\n")
  }

  /// A small protocol to export: two takes of 16 bars, the second with a problem.
  private func logTwoTakes() throws {
    try protocolCommand(["new", "brahms"])
    try protocolCommand(["movement", "brahms", "mvt 1: 1-16 4/4@q=120"])
    try add(["tc 01:00:00:00", "take", "1-16 +", "end 16", "take @9", "9-16 ++", "12 i", "end 16"])
  }

  func testExportPrintsEachFormat() throws {
    try logTwoTakes()
    let csv = try protocolCommand(["export", "brahms", "--format", "csv"])
    XCTAssertEqual(csv.status, 0, csv.error)
    XCTAssertEqual(csv.output.components(separatedBy: "\r\n").count, 5, csv.output)
    XCTAssertTrue(csv.output.contains(",1,1,1,16,false,"), csv.output)

    let json = try protocolCommand(["export", "brahms", "--format", "json"])
    XCTAssertEqual(json.status, 0, json.error)
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    XCTAssertEqual(object["protocol"] as? String, "brahms")

    let sheet = try protocolCommand(["export", "brahms", "--format", "md"])
    XCTAssertEqual(sheet.status, 0, sheet.error)
    XCTAssertTrue(sheet.output.hasPrefix("# Take sheet: brahms\n\n## movement 1\n"), sheet.output)
    let take2 = sheet.output.split(separator: "\n").first { $0.hasPrefix("| 2 | 9–16 | ") }
    XCTAssertTrue(take2?.contains(" | 01:00:") == true, "its timecode, after the clock times")
    XCTAssertTrue(sheet.output.contains("- bars 1–8: best +\n- bars 9–16: best ++\n"), sheet.output)

    let page = try protocolCommand(["export", "brahms", "--format", "html"])
    XCTAssertEqual(page.status, 0, page.error)
    XCTAssertTrue(page.output.hasPrefix("<!DOCTYPE html>\n"), page.output)
    XCTAssertTrue(page.output.contains("<td>9–16 ++<br>12 intonation</td>"), page.output)

    // Source times follow the wall clock between the entries; record times do not.
    let edl = try protocolCommand(["export", "brahms", "--format", "edl", "--fps", "30"])
    XCTAssertEqual(edl.status, 0, edl.error)
    XCTAssertTrue(edl.output.hasPrefix("TITLE: brahms\nFCM: NON-DROP FRAME\n001  TAKE1 "))
    XCTAssertTrue(
      edl.output.hasSuffix(
        """
         00:00:16:00 00:00:32:00
        * FROM CLIP NAME: TAKE 2 BARS 9-16
        * LOC: 00:00:22:00 RED intonation

        """), edl.output)

    let labels = try protocolCommand(["export", "brahms", "--format", "audacity"])
    XCTAssertEqual(labels.status, 0, labels.error)
    let fields = labels.output.split(separator: "\n").map { $0.split(separator: "\t") }
    XCTAssertEqual(fields.map(\.count), [3, 3, 3, 3, 3])
    XCTAssertEqual(
      fields.map { $0[2] },
      [
        "take 1 bars 1–16", "take 1 bars 1–16 +", "take 2 bars 9–16", "take 2 bars 9–16 ++",
        "take 2 bar 12 i",
      ])
    XCTAssertEqual(fields[0].prefix(2), ["0.000000", "32.000000"])

    let reaper = try protocolCommand(["export", "brahms", "--format", "reaper"])
    XCTAssertEqual(reaper.status, 0, reaper.error)
    let project = reaper.output.split(separator: "\n")
    XCTAssertEqual(project.first, "<REAPER_PROJECT 0.1 \"6.0/woodshed\" 0")
    XCTAssertEqual(project.last, ">")
    let markers = project.filter { $0.hasPrefix("  MARKER ") }
    XCTAssertEqual(markers.count, 5, reaper.output)
    XCTAssertEqual(markers[0], "  MARKER 1 0.000000 \"take 1 bars 1–16\" 1")
    XCTAssertEqual(markers[1], "  MARKER 1 32.000000 \"\" 1")
    XCTAssertTrue(markers[4].hasSuffix(" \"take 2 bar 12 i\" 0"), reaper.output)

    let list = try protocolCommand(["export", "brahms", "--format", "reaper-csv"])
    XCTAssertEqual(list.status, 0, list.error)
    let rows = list.output.split(separator: "\n")
    XCTAssertEqual(rows.count, 4, list.output)
    XCTAssertEqual(rows[0], "#,Name,Start,End,Length")
    XCTAssertEqual(rows[1], "R1,take 1 bars 1–16,0:00.000,0:32.000,0:32.000")
    XCTAssertTrue(rows[3].hasPrefix("M1,take 2 bar 12 i,"), list.output)
  }

  func testACSVForExcelBeginsWithAByteOrderMark() throws {
    try logTwoTakes()
    let plain = try protocolCommand(["export", "brahms", "--format", "csv"])
    let marked = try protocolCommand(["export", "brahms", "--format", "csv", "--bom"])
    XCTAssertEqual(marked.status, 0, marked.error)
    XCTAssertEqual(Array(marked.output.utf8.prefix(3)), [0xEF, 0xBB, 0xBF])
    XCTAssertEqual(String(marked.output.dropFirst()), plain.output)
    XCTAssertNotEqual(plain.output.first, "\u{FEFF}")
  }

  func testExportWritesAFileAndNeverReplacesOneUnlessForced() throws {
    try logTwoTakes()
    let file = woodshed.home.appendingPathComponent("brahms.csv")
    let toFile = ["export", "brahms", "--output", file.path, "--format"]
    let written = try protocolCommand(toFile + ["csv"])
    XCTAssertEqual(written.status, 0, written.error)
    XCTAssertEqual(written.output, "")
    let printed = try protocolCommand(["export", "brahms", "--format", "csv"]).output
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), printed)

    try Data("mine".utf8).write(to: file)
    let refused = try protocolCommand(toFile + ["json"])
    XCTAssertNotEqual(refused.status, 0)
    XCTAssertEqual(
      refused.error, "Error: brahms.csv already exists; choose another name or add --force\n")
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "mine", "nothing was written")

    let forced = try protocolCommand(toFile + ["csv", "--force"])
    XCTAssertEqual(forced.status, 0, forced.error)
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), printed)

    let fifo = woodshed.home.appendingPathComponent("pipe.csv")
    XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
    for target in [fifo.path, "/dev/full"] {
      let special = try protocolCommand(
        ["export", "brahms", "--output", target, "--format", "csv", "--force"])
      XCTAssertNotEqual(special.status, 0)
      XCTAssertTrue(special.error.hasSuffix(", not a regular file\n"), special.error)
    }
    var status = stat()
    XCTAssertEqual(stat(fifo.path, &status), 0)
    XCTAssertEqual(status.st_mode & S_IFMT, S_IFIFO, "the FIFO is still a FIFO")
  }

  func testAnExportThatCannotBeMadeSaysWhyInOneLineAndWritesNothing() throws {
    try logTwoTakes()
    let file = woodshed.home.appendingPathComponent("out.txt")
    let cases: [([String], String)] = [
      (
        ["export", "brahms", "--format", "pdf"],
        "unknown format \"pdf\": use csv, json, md, html, edl, audacity, reaper, reaper-csv"
      ),
      (["export", "brahms", "--format", "md", "--bom"], "--bom is for --format csv"),
      (["export", "nope", "--format", "csv"], "there is no such protocol"),
      (
        ["export", "brahms", "--format", "edl", "--fps", "23"],
        "--fps is one of 23.976, 24, 25, 29.97, 29.97df and 30"
      ),
      (
        ["export", "brahms", "--format", "reaper", "--fps", "25"],
        "--fps is for the formats with timecode: csv, json, md, html, edl"
      ),
    ]
    for (arguments, message) in cases {
      let result = try protocolCommand(arguments + ["--output", file.path])
      XCTAssertNotEqual(result.status, 0, "\(arguments)")
      XCTAssertTrue(result.error.contains(message), "\(arguments): \(result.error)")
      XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
      XCTAssertEqual(result.output, "")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
  }

  /// Two movements in one file: a pickup, 1–12 and 12a with A at 5, 3/4 at ♩=120 then 4/4
  /// at ♩=96 from 9; then, numbered from 1 again, a Menuet of 8 bars.
  private func writeScore() throws -> URL {
    func measure(_ number: String, _ content: String = "") -> String {
      "<measure number=\"\(number)\">\(content)<note><rest/></note></measure>"
    }
    let first =
      measure(
        "0",
        "<attributes><time><beats>3</beats><beat-type>4</beat-type></time></attributes>"
          + "<sound tempo=\"120\"/>")
      + (1...12).map { number in
        switch number {
        case 5:
          measure(
            "5", "<direction><direction-type><rehearsal>A</rehearsal></direction-type></direction>")
        case 9:
          measure(
            "9",
            "<attributes><time><beats>4</beats><beat-type>4</beat-type></time></attributes>"
              + "<sound tempo=\"96\"/>")
        default: measure(String(number))
        }
      }.joined() + measure("12a")
    let second =
      measure("1", "<direction><direction-type><words>Menuet</words></direction-type></direction>")
      + (2...8).map { measure(String($0)) }.joined()
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <score-partwise version="4.0"><movement-title>Allegro</movement-title>
      <part-list><score-part id="P1"><part-name>Violin</part-name></score-part></part-list>
      <part id="P1">\(first)\(second)</part></score-partwise>
      """
    let file = woodshed.home.appendingPathComponent("sonata.musicxml")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  func testImportScorePrintsTheBarMapsItRead() throws {
    let score = try writeScore()
    let json = try protocolCommand(["import-score", score.path, "--json"])
    XCTAssertEqual(json.status, 0, json.error)
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? NSDictionary)
    let expected: NSDictionary = [
      "movements": [
        [
          "title": "Allegro", "firstMeasure": "0", "lastMeasure": "12a", "measureCount": 14,
          "rehearsalMarks": [["label": "A", "measure": "5"]],
        ],
        [
          "title": "Menuet", "firstMeasure": "1", "lastMeasure": "8", "measureCount": 8,
          "rehearsalMarks": [] as [Any],
        ],
      ]
    ]
    XCTAssertEqual(object, expected)
    let text = try protocolCommand(["import-score", score.path])
    XCTAssertEqual(
      text.output,
      """
      movement 1 "Allegro": 0–12a (14 bars), A=5, 3/4, 4/4 from 9, ♩=120, ♩=96 from 9
      movement 2 "Menuet": 1–8 (8 bars)

      """)
  }

  /// What scores write that the importer must read as a producer would: a pickup numbered as
  /// the bar after it, a label printed with a space, a MuseScore pickup `X1` leading into the
  /// next movement.
  func testAScoresPickupsAndSpacedLabelsBecomeTheBarsAProducerTypes() throws {
    let measures =
      "<measure number=\"1\" implicit=\"yes\"><attributes><time><beats>3</beats>"
      + "<beat-type>4</beat-type></time></attributes><sound tempo=\"90\"/></measure>"
      + ["1", "2", "3", "4", "4 a", "5", "6"].map { "<measure number=\"\($0)\"/>" }.joined()
      + "<measure number=\"X1\" implicit=\"yes\"><attributes><time><beats>6</beats>"
      + "<beat-type>8</beat-type></time></attributes><direction><direction-type><words>Gigue"
      + "</words></direction-type></direction><direction><direction-type><rehearsal>A"
      + "</rehearsal></direction-type></direction><sound tempo=\"120\"/></measure>"
      + (1...4).map { "<measure number=\"\($0)\"/>" }.joined()
    let score = woodshed.home.appendingPathComponent("suite.musicxml")
    try Data(
      "<score-partwise><movement-title>Suite</movement-title><part id=\"P1\">\(measures)</part></score-partwise>"
        .utf8
    ).write(to: score)
    let created = try protocolCommand(["new", "suite", "--score", score.path])
    XCTAssertEqual(created.status, 0, created.error)
    let journal = try String(
      contentsOf: woodshed.home.appendingPathComponent("data/protocols/suite/journal.jsonl"),
      encoding: .utf8)
    XCTAssertEqual(
      journal.split(separator: "\n").compactMap {
        ((try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any])?["line"]
          as? String
      },
      ["mvt 1 \"Suite\": 0-4 4a 5-6 3/4@q=90", "mvt 2 \"Gigue\": X1 1-4 A=X1 6/8@q=120"])
    let text = try protocolCommand(["import-score", score.path])
    XCTAssertTrue(text.output.hasPrefix("movement 1 \"Suite\": 0–6 (8 bars)"), text.output)
  }

  func testANewProtocolTakesItsMovementsFromAScore() throws {
    let score = try writeScore()
    let created = try protocolCommand(["new", "sonata", "--score", score.path])
    XCTAssertEqual(created.status, 0, created.error)
    let journal = try String(
      contentsOf: woodshed.home.appendingPathComponent("data/protocols/sonata/journal.jsonl"),
      encoding: .utf8)
    let lines = journal.split(separator: "\n").compactMap {
      (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
    XCTAssertEqual(
      lines.map { $0["line"] as? String },
      ["mvt 1 \"Allegro\": 0-12 12a A=5 3/4@q=120 9:4/4@q=96", "mvt 2 \"Menuet\": 1-8"])
    for entry in ["mvt 1", "take @0", "0-12a +", "end 12a", "take @A", "5-12a ++", "end 12a"] {
      let result = try protocolCommand(["add", "sonata", entry])
      XCTAssertEqual(result.status, 0, "\(entry): \(result.error)")
    }
    let plan = try protocolCommand(["plan", "sonata"])
    XCTAssertEqual(plan.status, 0, plan.error)
    XCTAssertEqual(
      plan.output,
      """
      movement 1: Allegro
        take 1: bars 0–4
        take 2: bars 5–12a
      movement 2: Menuet
        no take: bars 1–8

      """)
  }

  func testABrokenScoreIsRefusedInOneLineAndNoProtocolIsMade() throws {
    let broken = woodshed.home.appendingPathComponent("broken.mxl")
    try Data("PK\u{3}\u{4} cut short".utf8).write(to: broken)
    for arguments in [["import-score", broken.path], ["new", "sonata", "--score", broken.path]] {
      let result = try protocolCommand(arguments)
      XCTAssertNotEqual(result.status, 0, "\(arguments)")
      XCTAssertEqual(
        result.error,
        "Error: broken.mxl cannot be used: "
          + "not a ZIP archive, or cut short (no central directory)\n")
      XCTAssertEqual(result.output, "")
    }
    XCTAssertEqual(try protocolCommand(["list"]).output, "")
  }
}
