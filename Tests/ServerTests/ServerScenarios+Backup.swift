import Foundation
import Logging
import NetAPI
import SQLKit
import ServerStore
import XCTest

/// `woodshed sync` and `sync --restore` against the real server.
extension ServerScenarios {
  /// A player's files: settings, history, one pattern, one protocol and one archived protocol,
  /// with files a backup leaves out (the login, a journal's derived state, a trashed protocol).
  static let backedUpFiles: [String: String] = [
    "config/settings.json": #"{"version":3,"locale":"de"}"# + "\n",
    "data/history.jsonl": #"{"module":"metronome","exercise":"click"}"# + "\n",
    "data/patterns/my-lick.json": #"{"id":"my-lick"}"# + "\n",
    "data/protocols/gig/session.json": #"{"name":"gig"}"# + "\n",
    "data/protocols/gig/journal.jsonl": #"{"line":"work Bach"}"# + "\n",
    "data/protocols/.archive/old/journal.jsonl": #"{"line":"work Haydn"}"# + "\n",
  ]
  static let leftOutFiles = [
    "data/protocols/gig/journal.state", "data/protocols/.trash/gone.deleted-1/journal.jsonl",
    "data/patterns/.hidden.json",
  ]

  static func write(_ files: [String: String], in home: NetHome) throws {
    for (path, text) in files {
      let url = home.folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }

  private func sync(_ home: NetHome, _ options: [String] = []) throws -> (
    status: Int32, output: String, error: String
  ) {
    try home.run(["sync"] + options)
  }

  /// How many backup items the server's database holds, of every player.
  private func storedItems(_ database: String) async throws -> Int {
    let opened = try await ServerDatabase.open(
      try DatabaseLocation(parsing: database), logger: Logger(label: "test"))
    let count: Int
    do {
      let row = try await opened.sql.select()
        .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count")
        .from("backup_items")
        .first()
      count = try XCTUnwrap(row).decode(column: "count", as: Int.self)
    } catch {
      await opened.shutdown()
      throw error
    }
    await opened.shutdown()
    return count
  }

  func aBackupIsRestoredByteForByteAndSentOnlyWhenChanged() async throws {
    try await withServer { ada, server, _ in
      let laptop = try NetHome()
      defer { laptop.remove() }
      try createAndLogIn(ada, server, name: "ada")
      try Self.write(Self.backedUpFiles, in: ada)
      try Self.write(
        Dictionary(uniqueKeysWithValues: Self.leftOutFiles.map { ($0, "left out\n") }), in: ada)
      let history = ada.folder.appendingPathComponent("data/history.jsonl")
      let written = Date(timeIntervalSince1970: 1_795_000_000)

      let first = try sync(ada)
      XCTAssertEqual(first.status, 0, first.error)
      XCTAssertEqual(first.output, "backed up 6 files to \(server.url) (0 unchanged)\n")
      XCTAssertEqual(try sync(ada).output, "backed up 0 files to \(server.url) (6 unchanged)\n")
      let changed = Self.backedUpFiles["data/history.jsonl"]! + #"{"module":"notes"}"# + "\n"
      try Data(changed.utf8).write(to: history)
      try FileManager.default.setAttributes(
        [.modificationDate: written], ofItemAtPath: history.path)
      XCTAssertEqual(
        try sync(ada).output, "backed up 1 file to \(server.url) (5 unchanged)\n",
        "a changed history is sent alone")
      try FileManager.default.setAttributes(
        [.modificationDate: written.addingTimeInterval(60)], ofItemAtPath: history.path)
      XCTAssertEqual(
        try sync(ada).output, "backed up 0 files to \(server.url) (6 unchanged)\n",
        "a new modification time alone sends nothing: the content is the same")

      // A new machine: log in there and bring everything back.
      let login = try laptop.run(
        ["login", "ada", "--server", server.url, "--password-stdin"], input: Self.password)
      XCTAssertEqual(login.status, 0, login.error)
      let restored = try sync(laptop, ["--restore"])
      XCTAssertEqual(restored.status, 0, restored.error)
      XCTAssertEqual(restored.output, "restored 6 files from \(server.url) (0 unchanged)\n")
      for path in Self.backedUpFiles.keys {
        let mine = try Data(contentsOf: ada.folder.appendingPathComponent(path))
        let copy = try Data(contentsOf: laptop.folder.appendingPathComponent(path))
        XCTAssertEqual(copy, mine, path)
        XCTAssertEqual(BackupRules.sha256(of: copy), BackupRules.sha256(of: mine), path)
      }
      for path in Self.leftOutFiles {
        XCTAssertFalse(
          FileManager.default.fileExists(
            atPath: laptop.folder.appendingPathComponent(path).path), path)
      }
      let attributes = try FileManager.default.attributesOfItem(
        atPath: laptop.folder.appendingPathComponent("data/history.jsonl").path)
      XCTAssertEqual(attributes[.modificationDate] as? Date, written, "the file's time comes back")
      let settings = try FileManager.default.attributesOfItem(
        atPath: laptop.folder.appendingPathComponent("config/settings.json").path)
      XCTAssertEqual(settings[.posixPermissions] as? Int, 0o644, "the mode the app writes")
      XCTAssertEqual(
        try sync(laptop, ["--restore"]).output,
        "restored 0 files from \(server.url) (6 unchanged)\n")
    }
  }

  func aRestoreKeepsADifferingFileUnlessForced() async throws {
    try await withServer { ada, server, _ in
      let laptop = try NetHome()
      defer { laptop.remove() }
      try createAndLogIn(ada, server, name: "ada")
      try Self.write(Self.backedUpFiles, in: ada)
      XCTAssertEqual(try sync(ada).status, 0)

      let login = try laptop.run(
        ["login", "ada", "--server", server.url, "--password-stdin"], input: Self.password)
      XCTAssertEqual(login.status, 0, login.error)
      let mine = #"{"version":3,"locale":"fr"}"# + "\n"
      try Self.write(
        [
          "config/settings.json": mine,
          "data/protocols/gig/journal.jsonl": #"{"line":"work Ravel"}"# + "\n",
          "data/patterns/my-lick.json": Self.backedUpFiles["data/patterns/my-lick.json"]!,
        ], in: laptop)
      // A history grown past what a backup file may hold differs, and is replaced when forced.
      let history = laptop.folder.appendingPathComponent("data/history.jsonl")
      let grown = Data(repeating: 0x0a, count: BackupRules.maximumItemBytes + 1)
      try grown.write(to: history)

      let refused = try sync(laptop, ["--restore"])
      XCTAssertEqual(refused.status, 1)
      XCTAssertEqual(refused.output, "")
      XCTAssertEqual(
        refused.error,
        "Error: config/settings.json differs here from the backup\n"
          + "data/history.jsonl differs here from the backup\n"
          + "data/protocols/gig/journal.jsonl differs here from the backup\n"
          + "nothing restored: add --force to replace 3 files with the backup\n")
      let settings = laptop.folder.appendingPathComponent("config/settings.json")
      XCTAssertEqual(try String(contentsOf: settings, encoding: .utf8), mine)
      XCTAssertEqual(
        try Data(contentsOf: history), grown, "nothing is written while a file differs")
      XCTAssertFalse(
        FileManager.default.fileExists(
          atPath: laptop.folder.appendingPathComponent("data/protocols/gig/session.json").path),
        "nothing is written while a file differs")

      let forced = try sync(laptop, ["--restore", "--force"])
      XCTAssertEqual(forced.status, 0, forced.error)
      XCTAssertEqual(forced.output, "restored 5 files from \(server.url) (1 unchanged)\n")
      XCTAssertEqual(
        try String(contentsOf: settings, encoding: .utf8),
        Self.backedUpFiles["config/settings.json"])
      XCTAssertEqual(
        try String(contentsOf: history, encoding: .utf8), Self.backedUpFiles["data/history.jsonl"])
    }
  }

  func anotherPlayerCannotReadMyBackup() async throws {
    try await withServer { ada, server, _ in
      let bea = try NetHome()
      defer { bea.remove() }
      try createAndLogIn(ada, server, name: "ada")
      try createAndLogIn(bea, server, name: "bea")
      try Self.write(Self.backedUpFiles, in: ada)
      XCTAssertEqual(try sync(ada).status, 0)

      let beas = try client(server, token: try savedToken(bea))
      let beasList = try await beas.listBackup()
      XCTAssertEqual(try beasList.ok.body.json.items, [])
      let item = try await beas.getBackupItem(query: .init(path: "data/history.jsonl"))
      XCTAssertEqual(try item.notFound.body.json.error, "your backup has no data/history.jsonl")
      let restore = try sync(bea, ["--restore"])
      XCTAssertEqual(restore.output, "restored 0 files from \(server.url) (0 unchanged)\n")
      XCTAssertEqual(
        try bea.run(["sync"]).output, "backed up 0 files to \(server.url) (0 unchanged)\n")
      // bea's (empty) sync changed nothing of ada's.
      let adas = try client(server, token: try savedToken(ada))
      let adasList = try await adas.listBackup()
      XCTAssertEqual(try adasList.ok.body.json.items.count, 6)

      let forged = try client(server, token: "forged")
      let refusal = "the token is unknown, expired or revoked"
      let list = try await forged.listBackup()
      XCTAssertEqual(try list.unauthorized.body.json.error, refusal)
      let get = try await forged.getBackupItem(query: .init(path: "data/history.jsonl"))
      XCTAssertEqual(try get.unauthorized.body.json.error, refusal)
      let put = try await forged.putBackupItem(
        body: .json(Self.item(path: "data/history.jsonl", content: Data("x\n".utf8))))
      XCTAssertEqual(try put.unauthorized.body.json.error, refusal)
    }
  }

  static func item(path: String, content: Data, sha256: String? = nil)
    -> Components.Schemas.BackupItem
  {
    .init(
      path: path, sha256: sha256 ?? BackupRules.sha256(of: content), modifiedAt: Date(),
      content: content.base64EncodedString())
  }

  func backupItemsAreCheckedBeforeTheDatabase() async throws {
    try await withServer { ada, server, database in
      try createAndLogIn(ada, server, name: "ada")
      let adas = try client(server, token: try savedToken(ada))
      let tooLarge = try await adas.putBackupItem(
        body: .json(
          Self.item(
            path: "data/history.jsonl",
            content: Data(repeating: 0x41, count: BackupRules.maximumItemBytes + 1))))
      XCTAssertEqual(
        try tooLarge.contentTooLarge.body.json.error,
        "data/history.jsonl has 4194305 bytes; a backup item has at most 4194304")
      let pathRefusal =
        "a backup item is config/settings.json, data/history.jsonl, data/patterns/NAME.json or "
        + "a protocol's data/protocols/NAME/FILE"
      for (path, message) in [
        ("../config/settings.json", pathRefusal), ("/etc/passwd", pathRefusal),
        ("data/patterns/../../../.bashrc", pathRefusal), ("config/account.json", pathRefusal),
        ("data/protocols/.trash/gig/journal.jsonl", pathRefusal),
        ("data/protocols/gig/journal.state", pathRefusal),
        ("data/patterns/\u{1b}]0;x.json", pathRefusal), ("data/patterns//x.json", pathRefusal),
        (
          "data/patterns/" + String(repeating: "a", count: 190) + ".json",
          "a backup item's path has 1 to 200 bytes"
        ),
        ("", "a backup item's path has 1 to 200 bytes"),
      ] {
        let answer = try await adas.putBackupItem(
          body: .json(Self.item(path: path, content: Data("x\n".utf8))))
        XCTAssertEqual(try answer.badRequest.body.json.error, message, path)
        let read = try await adas.getBackupItem(query: .init(path: path))
        XCTAssertEqual(try read.badRequest.body.json.error, message, path)
      }
      let damaged = try await adas.putBackupItem(
        body: .json(
          Self.item(
            path: "data/history.jsonl", content: Data("x\n".utf8),
            sha256: BackupRules.sha256(of: Data("y\n".utf8)))))
      XCTAssertEqual(
        try damaged.badRequest.body.json.error,
        "data/history.jsonl does not match its SHA-256: send it again")
      let refusedCount = try await storedItems(database)
      XCTAssertEqual(refusedCount, 0, "nothing refused reached the database")

      // 64 MiB a player: sixteen files of 4 MiB fit, a seventeenth does not.
      let full = Data(repeating: 0x42, count: BackupRules.maximumItemBytes)
      for index in 0..<16 {
        let kept = try await adas.putBackupItem(
          body: .json(Self.item(path: "data/patterns/p\(index).json", content: full)))
        XCTAssertEqual(try kept.ok.body.json.size, full.count)
      }
      let over = try await adas.putBackupItem(
        body: .json(Self.item(path: "data/patterns/p16.json", content: Data("x".utf8))))
      XCTAssertEqual(
        try over.contentTooLarge.body.json.error,
        "a player's backup has at most 64 MiB on this server")
      let replaced = try await adas.putBackupItem(
        body: .json(Self.item(path: "data/patterns/p0.json", content: Data("x".utf8))))
      XCTAssertNotNil(try? replaced.ok, "a file replaced counts once")
      let keptCount = try await storedItems(database)
      XCTAssertEqual(keptCount, 16)

      // The command says a file too large in one line, before sending anything.
      try Self.write(["data/history.jsonl": ""], in: ada)
      try Data(repeating: 0x43, count: BackupRules.maximumItemBytes + 1).write(
        to: ada.folder.appendingPathComponent("data/history.jsonl"))
      let sync = try sync(ada)
      XCTAssertEqual(sync.status, 1)
      XCTAssertEqual(
        sync.error,
        "Error: cannot back up data/history.jsonl: it has 4194305 bytes; a backup item has at "
          + "most 4194304 (4 MiB)\n")
    }
  }

  func aSyncOfflineIsOneLineAndLosesNothing() async throws {
    let home = try NetHome()
    defer { home.remove() }
    let database = try await makeDatabase(home)
    let first = try ServerProcess(home: home, database: database)
    try createAndLogIn(home, first, name: "fin")
    XCTAssertEqual(first.stop(), 0)
    try Self.write(Self.backedUpFiles, in: home)
    let offline = try sync(home)
    XCTAssertEqual(offline.status, 1)
    XCTAssertEqual(offline.output, "")
    XCTAssertEqual(
      offline.error,
      "Error: could not reach the server at \(first.url): is woodshed serve running there? "
        + "(your files are as they were: run woodshed sync again when it answers)\n")

    let second = try ServerProcess(home: home, database: database)
    let credentials = try String(contentsOf: home.credentialsFile, encoding: .utf8)
    try Data(credentials.replacingOccurrences(of: first.url, with: second.url).utf8)
      .write(to: home.credentialsFile)
    XCTAssertEqual(try sync(home).output, "backed up 6 files to \(second.url) (0 unchanged)\n")
    XCTAssertEqual(second.stop(), 0)
  }
}
