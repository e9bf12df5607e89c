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
    "data/rhythms/my-groove.json": #"{"id":"my-groove"}"# + "\n",
    "data/protocols/gig/session.json": #"{"name":"gig"}"# + "\n",
    "data/protocols/gig/journal.jsonl": #"{"line":"work Bach"}"# + "\n",
    "data/protocols/.archive/old/journal.jsonl": #"{"line":"work Haydn"}"# + "\n",
  ]
  static let leftOutFiles = [
    "data/protocols/gig/journal.state", "data/protocols/.trash/gone.deleted-1/journal.jsonl",
    "data/patterns/.hidden.json", "data/rhythms/.hidden.json",
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
      XCTAssertEqual(
        first.output,
        "backed up 7 files to \(server.url) (0 unchanged); history pieces sent: 1 of 1\n")
      XCTAssertEqual(
        try sync(ada).output,
        "backed up 0 files to \(server.url) (7 unchanged); history pieces sent: 0 of 1\n")
      let changed = Self.backedUpFiles["data/history.jsonl"]! + #"{"module":"notes"}"# + "\n"
      try Data(changed.utf8).write(to: history)
      try FileManager.default.setAttributes(
        [.modificationDate: written], ofItemAtPath: history.path)
      XCTAssertEqual(
        try sync(ada).output,
        "backed up 1 file to \(server.url) (6 unchanged); history pieces sent: 1 of 1\n",
        "a changed history is sent alone")
      try FileManager.default.setAttributes(
        [.modificationDate: written.addingTimeInterval(60)], ofItemAtPath: history.path)
      XCTAssertEqual(
        try sync(ada).output,
        "backed up 0 files to \(server.url) (7 unchanged); history pieces sent: 0 of 1\n",
        "a new modification time alone sends nothing: the content is the same")

      // A new machine: log in there and bring everything back.
      let login = try laptop.run(
        ["login", "ada", "--server", server.url, "--password-stdin"], input: Self.password)
      XCTAssertEqual(login.status, 0, login.error)
      let restored = try sync(laptop, ["--restore"])
      XCTAssertEqual(restored.status, 0, restored.error)
      XCTAssertEqual(restored.output, "restored 7 files from \(server.url) (0 unchanged)\n")
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
        "restored 0 files from \(server.url) (7 unchanged)\n")
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
      // A history of another size than the backup's differs, and is replaced when forced.
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
      XCTAssertEqual(forced.output, "restored 6 files from \(server.url) (1 unchanged)\n")
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
      XCTAssertEqual(
        try adasList.ok.body.json.items.count, 8, "7 files, the history as a piece and a manifest")

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
        "a backup item is config/settings.json, data/history.jsonl or a piece of it, "
        + "data/patterns/NAME.json, data/rhythms/NAME.json or a protocol's data/protocols/NAME/FILE"
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
        ("data/history.jsonl.pieces/12345", pathRefusal),
        ("data/history.jsonl.pieces/00a1", pathRefusal),
        ("data/history.jsonl.pieces/0001/x", pathRefusal),
        ("data/rhythms/.groove.json", pathRefusal),
      ] {
        let answer = try await adas.putBackupItem(
          body: .json(Self.item(path: path, content: Data("x\n".utf8))))
        XCTAssertEqual(try answer.badRequest.body.json.error, message, path)
        let read = try await adas.getBackupItem(query: .init(path: path))
        XCTAssertEqual(try read.badRequest.body.json.error, message, path)
      }
      let largePiece = try await adas.putBackupItem(
        body: .json(
          Self.item(
            path: "data/history.jsonl.pieces/0000",
            content: Data(repeating: 0x41, count: BackupRules.maximumPieceBytes + 1))))
      XCTAssertEqual(
        try largePiece.contentTooLarge.body.json.error,
        "data/history.jsonl.pieces/0000 has 1048577 bytes; a backup item has at most 1048576")
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

      // The files another machine backed up come here first: with a history larger than an
      // item (it goes in pieces), this machine then has more than a backup holds, said in one
      // line before sending.
      try Self.write(["data/history.jsonl": ""], in: ada)
      let history = ada.folder.appendingPathComponent("data/history.jsonl")
      try Data(repeating: 0x43, count: BackupRules.maximumItemBytes + 1).write(to: history)
      let fullBackup = try sync(ada)
      XCTAssertEqual(fullBackup.status, 1)
      XCTAssertEqual(
        fullBackup.error,
        "Error: cannot back up: your files have 64.0 MiB; a backup holds at most 64 MiB\n")
      XCTAssertEqual(
        try Data(contentsOf: ada.folder.appendingPathComponent("data/patterns/p15.json")), full)
      // The player deletes them, here and from the backup.
      for index in 0..<16 {
        let path = "data/patterns/p\(index).json"
        _ = try await adas.deleteBackupItem(query: .init(path: path)).noContent
        try FileManager.default.removeItem(at: ada.folder.appendingPathComponent(path))
      }

      // A backup this machine made, so the background refresh may add to it.
      try Data("{}\n".utf8).write(to: history)
      let small = try sync(ada)
      XCTAssertEqual(small.status, 0, small.error)

      // The command says files too large in one line, before sending anything.
      let before = try await storedItems(database)
      try Data(repeating: 0x43, count: BackupRules.maximumPlayerBytes + 1).write(to: history)
      let tooLong = try sync(ada)
      XCTAssertEqual(tooLong.status, 1)
      XCTAssertEqual(
        tooLong.error,
        "Error: cannot back up data/history.jsonl: it has 67108865 bytes; a backup holds at "
          + "most 67108864 (64 MiB) of it\n")
      try Data(repeating: 0x43, count: 63 << 20).write(to: history)
      try Self.write(
        ["data/patterns/big.json": String(repeating: "x", count: 2 << 20)], in: ada)
      let tooMuch = try sync(ada)
      XCTAssertEqual(tooMuch.status, 1)
      XCTAssertEqual(
        tooMuch.error,
        "Error: cannot back up: your files have 65.0 MiB; a backup holds at most 64 MiB\n")
      // The room's background refresh does the rest and leaves the backup to `sync`, rather
      // than failing (and the room showing offline) every time.
      let refreshed = try ada.run(["refresh"])
      XCTAssertEqual(refreshed.status, 0, refreshed.error)
      XCTAssertEqual(
        refreshed.output.split(separator: "\n").last,
        "backup left for woodshed sync: cannot back up: your files have 65.0 MiB; a backup "
          + "holds at most 64 MiB")
      let after = try await storedItems(database)
      XCTAssertEqual(after, before, "nothing was sent")
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
    XCTAssertEqual(
      try sync(home).output,
      "backed up 7 files to \(second.url) (0 unchanged); history pieces sent: 1 of 1\n")
    XCTAssertEqual(second.stop(), 0)
  }
}

/// A history larger than a backup item, in pieces; and the practice room's background backup.
extension ServerScenarios {
  /// `lines` history lines of 128 bytes each: 8 192 of them fill a 1 MiB piece exactly.
  static func history(lines: Range<Int>) -> Data {
    Data(
      lines.map { index in
        let start = #"{"module":"metronome","exercise":"click","line":"# + String(index)
        return start + String(repeating: " ", count: 128 - start.utf8.count - 2) + "}\n"
      }.joined().utf8)
  }

  /// Deletes `player`'s backup item at `path` from the server's database.
  func deleteStoredItem(_ database: String, player: String, path: String) async throws {
    let opened = try await ServerDatabase.open(
      try DatabaseLocation(parsing: database), logger: Logger(label: "test"))
    do {
      try await opened.sql.delete(from: "backup_items")
        .where("player", .equal, SQLBind(player)).where("path", .equal, SQLBind(path)).run()
    } catch {
      await opened.shutdown()
      throw error
    }
    await opened.shutdown()
  }

  func aLargeHistoryIsBackedUpInPiecesAndRestoredWhole() async throws {
    try await withServer { ada, server, database in
      let laptop = try NetHome()
      let desk = try NetHome()
      defer {
        laptop.remove()
        desk.remove()
      }
      try createAndLogIn(ada, server, name: "ada")
      try Self.write(["config/settings.json": Self.backedUpFiles["config/settings.json"]!], in: ada)
      let history = ada.folder.appendingPathComponent("data/history.jsonl")
      let nineMiB = Self.history(lines: 0..<(9 * 8192))
      XCTAssertEqual(nineMiB.count, 9 << 20)
      try FileManager.default.createDirectory(
        at: history.deletingLastPathComponent(), withIntermediateDirectories: true)
      try nineMiB.write(to: history)

      let first = try ada.run(["sync"])
      XCTAssertEqual(first.status, 0, first.error)
      XCTAssertEqual(
        first.output,
        "backed up 2 files to \(server.url) (0 unchanged); history pieces sent: 9 of 9\n")
      // A week of practice: a new line starts a tenth piece; the next one changes only it.
      var grown = nineMiB + Self.history(lines: 100_000..<100_001)
      try grown.write(to: history)
      XCTAssertEqual(
        try ada.run(["sync"]).output,
        "backed up 1 file to \(server.url) (1 unchanged); history pieces sent: 1 of 10\n")
      grown += Self.history(lines: 100_001..<100_003)
      try grown.write(to: history)
      XCTAssertEqual(
        try ada.run(["sync"]).output,
        "backed up 1 file to \(server.url) (1 unchanged); history pieces sent: 1 of 10\n")
      let adas = try client(server, token: try savedToken(ada))
      let listed = try await adas.listBackup().ok.body.json.items.map(\.path)
      XCTAssertEqual(
        listed,
        ["config/settings.json"] + (0..<10).map { "data/history.jsonl.pieces/000\($0)" }
          + ["data/history.jsonl.pieces/manifest.json"])

      let login = try laptop.run(
        ["login", "ada", "--server", server.url, "--password-stdin"], input: Self.password)
      XCTAssertEqual(login.status, 0, login.error)
      let restored = try laptop.run(["sync", "--restore"])
      XCTAssertEqual(restored.status, 0, restored.error)
      XCTAssertEqual(restored.output, "restored 2 files from \(server.url) (0 unchanged)\n")
      let copy = try Data(contentsOf: laptop.folder.appendingPathComponent("data/history.jsonl"))
      XCTAssertEqual(copy.count, grown.count)
      XCTAssertTrue(copy == grown, "the history comes back byte for byte")

      // A piece gone from the server: the restore says so in one line and writes nothing.
      try await deleteStoredItem(database, player: "ada", path: "data/history.jsonl.pieces/0004")
      let deskLogin = try desk.run(
        ["login", "ada", "--server", server.url, "--password-stdin"], input: Self.password)
      XCTAssertEqual(deskLogin.status, 0, deskLogin.error)
      let missing = try desk.run(["sync", "--restore"])
      XCTAssertEqual(missing.status, 1)
      XCTAssertEqual(missing.output, "")
      XCTAssertEqual(
        missing.error,
        "Error: data/history.jsonl cannot be restored: piece 5 of 10 is missing from the "
          + "backup; nothing restored (run woodshed sync where the whole history is)\n")
      for path in ["data/history.jsonl", "config/settings.json"] {
        XCTAssertFalse(
          FileManager.default.fileExists(atPath: desk.folder.appendingPathComponent(path).path),
          path)
      }
      // A stale piece (one the manifest does not list) is refused the same way.
      let stale = try await adas.putBackupItem(
        body: .json(
          Self.item(path: "data/history.jsonl.pieces/0004", content: Data("stale\n".utf8))))
      XCTAssertNotNil(try? stale.ok)
      XCTAssertEqual(
        try desk.run(["sync", "--restore"]).error,
        "Error: data/history.jsonl cannot be restored: piece 5 of 10 is not the one the backup "
          + "lists; nothing restored (run woodshed sync where the whole history is)\n")
      XCTAssertEqual(
        try ada.run(["sync"]).output,
        "backed up 1 file to \(server.url) (1 unchanged); history pieces sent: 1 of 10\n",
        "the next sync mends it")
      XCTAssertEqual(
        try desk.run(["sync", "--restore"]).output,
        "restored 2 files from \(server.url) (0 unchanged)\n")
    }
  }

  func whatIsDeletedHereLeavesTheBackup() async throws {
    try await withServer { ada, server, _ in
      let laptop = try NetHome()
      defer { laptop.remove() }
      try createAndLogIn(ada, server, name: "ada")
      try Self.write(Self.backedUpFiles, in: ada)
      let history = ada.folder.appendingPathComponent("data/history.jsonl")
      try Self.history(lines: 0..<(2 * 8192 + 1)).write(to: history)
      XCTAssertEqual(
        try ada.run(["sync"]).output,
        "backed up 7 files to \(server.url) (0 unchanged); history pieces sent: 3 of 3\n")
      let login = try laptop.run(
        ["login", "ada", "--server", server.url, "--password-stdin"], input: Self.password)
      XCTAssertEqual(login.status, 0, login.error)
      XCTAssertEqual(try laptop.run(["sync", "--restore"]).status, 0)

      // The laptop adds a pattern; ada's machine deletes one and a protocol, and its history
      // is cut short.
      try Self.write(
        ["data/patterns/laptop-lick.json": #"{"id":"laptop-lick"}"# + "\n"], in: laptop)
      XCTAssertEqual(try laptop.run(["sync"]).status, 0)
      for path in ["data/patterns/my-lick.json", "data/protocols/gig"] {
        try FileManager.default.removeItem(at: ada.folder.appendingPathComponent(path))
      }
      try Self.history(lines: 0..<10).write(to: history)
      let synced = try ada.run(["sync"])
      XCTAssertEqual(synced.status, 0, synced.error)
      XCTAssertEqual(
        synced.output,
        "backed up 1 file to \(server.url) (4 unchanged); history pieces sent: 3 of 3; removed "
          + "from the backup: 3; joined here from the backup: 16375 sessions; came here from the "
          + "backup: 1 file\n",
        "a pattern and a protocol's two files; the history is no file to delete: its sessions "
          + "come back from the backup (in a new order, as these lines have no start); the "
          + "laptop's new pattern comes here")
      XCTAssertEqual(
        Set(try String(contentsOf: history, encoding: .utf8).split(separator: "\n")),
        Set(
          String(decoding: Self.history(lines: 0..<(2 * 8192 + 1)), as: UTF8.self)
            .split(separator: "\n")))
      let adas = try client(server, token: try savedToken(ada))
      let listed = try await adas.listBackup().ok.body.json.items.map(\.path)
      XCTAssertEqual(
        listed,
        [
          "config/settings.json", "data/history.jsonl.pieces/0000",
          "data/history.jsonl.pieces/0001", "data/history.jsonl.pieces/0002",
          "data/history.jsonl.pieces/manifest.json", "data/patterns/laptop-lick.json",
          "data/protocols/.archive/old/journal.jsonl", "data/rhythms/my-groove.json",
        ], "the laptop's pattern, which this machine never had, is kept")
      XCTAssertTrue(
        FileManager.default.fileExists(
          atPath: ada.folder.appendingPathComponent("data/patterns/laptop-lick.json").path))
      XCTAssertEqual(
        try ada.run(["sync"]).output,
        "backed up 0 files to \(server.url) (5 unchanged); history pieces sent: 0 of 3\n")

      // A file another machine replaced since is that machine's: deleting it here keeps it,
      // and it comes back.
      let replaced = try await adas.putBackupItem(
        body: .json(
          Self.item(path: "data/rhythms/my-groove.json", content: Data(#"{"v":2}"#.utf8))))
      XCTAssertNotNil(try? replaced.ok)
      try FileManager.default.removeItem(
        at: ada.folder.appendingPathComponent("data/rhythms/my-groove.json"))
      XCTAssertEqual(
        try ada.run(["sync"]).output,
        "backed up 0 files to \(server.url) (5 unchanged); history pieces sent: 0 of 3; came "
          + "here from the backup: 1 file\n")
      XCTAssertEqual(
        try Data(contentsOf: ada.folder.appendingPathComponent("data/rhythms/my-groove.json")),
        Data(#"{"v":2}"#.utf8))
      let afterReplace = try await adas.listBackup().ok.body.json.items.map(\.path)
      XCTAssertTrue(afterReplace.contains("data/rhythms/my-groove.json"))

      // Removing is for the token's player alone, and for paths a backup holds.
      let bea = try NetHome()
      defer { bea.remove() }
      try createAndLogIn(bea, server, name: "bea")
      let beas = try client(server, token: try savedToken(bea))
      let other = try await beas.deleteBackupItem(query: .init(path: "config/settings.json"))
      XCTAssertEqual(try other.notFound.body.json.error, "your backup has no config/settings.json")
      let outside = try await adas.deleteBackupItem(query: .init(path: "../config/settings.json"))
      XCTAssertNotNil(try? outside.badRequest)
      let forged = try await client(server, token: "forged").deleteBackupItem(
        query: .init(path: "config/settings.json"))
      XCTAssertEqual(
        try forged.unauthorized.body.json.error, "the token is unknown, expired or revoked")
      let afterRefusals = try await adas.listBackup().ok.body.json.items.map(\.path)
      XCTAssertTrue(afterRefusals.contains("config/settings.json"))
    }
  }

  /// History lines of sessions of `exercise`, one every two seconds from `first` plus
  /// `offset` seconds.
  static func sessions(_ exercise: String, _ numbers: Range<Int>, offset: Int) -> [String] {
    numbers.map { number in
      let start = Date(timeIntervalSince1970: 1_795_000_000 + Double(2 * number + offset))
      return #"{"module":"notes","exercise":""# + exercise + #"","startedAt":""#
        + start.formatted(.iso8601) + #"","duration":60,"score":0.5}"#
    }
  }

  func twoMachinesPractiseApartAndBothKeepEverySession() async throws {
    try await withServer { ada, server, _ in
      let desk = try NetHome()
      defer { desk.remove() }
      try createAndLogIn(ada, server, name: "ada")
      let login = try desk.run(
        ["login", "ada", "--server", server.url, "--password-stdin"], input: Self.password)
      XCTAssertEqual(login.status, 0, login.error)
      func lines(_ home: NetHome) throws -> [String] {
        try String(
          contentsOf: home.folder.appendingPathComponent("data/history.jsonl"), encoding: .utf8
        ).split(separator: "\n").map(String.init)
      }
      func practise(_ home: NetHome, _ sessions: [String]) throws {
        let url = home.folder.appendingPathComponent("data/history.jsonl")
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let before = (try? Data(contentsOf: url)) ?? Data()
        try (before + Data(sessions.map { $0 + "\n" }.joined().utf8)).write(to: url)
      }
      // Each machine practises 100 sessions offline, interleaved in time.
      let laptopSessions = Self.sessions("flashcards", 0..<100, offset: 0)
      let deskSessions = Self.sessions("drill", 0..<100, offset: 1)
      try practise(ada, laptopSessions)
      try practise(desk, deskSessions)
      XCTAssertEqual(
        try ada.run(["sync"]).output,
        "backed up 1 file to \(server.url) (0 unchanged); history pieces sent: 1 of 1\n")
      let deskSync = try desk.run(["sync"])
      XCTAssertEqual(deskSync.status, 0, deskSync.error)
      XCTAssertEqual(
        deskSync.output,
        "backed up 1 file to \(server.url) (0 unchanged); history pieces sent: 1 of 1; joined "
          + "here from the backup: 100 sessions\n")
      XCTAssertEqual(
        try ada.run(["sync"]).output,
        "backed up 0 files to \(server.url) (1 unchanged); history pieces sent: 0 of 1; joined "
          + "here from the backup: 100 sessions\n",
        "the desk's sessions came, and the backup already holds them all")
      XCTAssertEqual(try lines(ada).count, 200)
      XCTAssertEqual(try lines(ada), try lines(desk), "both hold the same history")
      XCTAssertEqual(
        try lines(ada), zip(laptopSessions, deskSessions).flatMap { [$0, $1] }, "oldest first")

      // Again, the desk first this time.
      try practise(ada, Self.sessions("flashcards", 100..<105, offset: 0))
      try practise(desk, Self.sessions("drill", 100..<105, offset: 1))
      for home in [desk, ada, desk] { XCTAssertEqual(try home.run(["sync"]).status, 0) }
      XCTAssertEqual(try lines(ada).count, 210)
      XCTAssertEqual(try lines(ada), try lines(desk))
      XCTAssertEqual(Set(try lines(ada)).count, 210, "nothing doubled")

      // Settings: the laptop changes the language, the desk the click's tempo; both keep both.
      let settings = "config/settings.json"
      try Self.write([settings: #"{"locale":"en","metronome":{"bpm":80}}"#], in: ada)
      for home in [ada, desk, ada] { XCTAssertEqual(try home.run(["sync"]).status, 0) }
      try Self.write([settings: #"{"locale":"es","metronome":{"bpm":80}}"#], in: ada)
      try Self.write([settings: #"{"locale":"en","metronome":{"bpm":96}}"#], in: desk)
      XCTAssertEqual(try ada.run(["sync"]).status, 0)
      let deskJoin = try desk.run(["sync"])
      XCTAssertTrue(
        deskJoin.output.hasSuffix("; settings joined with the backup's\n"), deskJoin.output)
      XCTAssertEqual(try ada.run(["sync"]).status, 0)
      for home in [ada, desk] {
        let joined =
          try JSONSerialization.jsonObject(
            with: Data(contentsOf: home.folder.appendingPathComponent(settings))) as? [String: Any]
        XCTAssertEqual(joined?["locale"] as? String, "es")
        XCTAssertEqual((joined?["metronome"] as? [String: Any])?["bpm"] as? Int, 96)
      }
    }
  }

  /// Two machines of one player change, add and delete patterns, rhythms and a protocol
  /// apart; after both sync, both hold the same files, and a pattern both changed is there twice.
  func twoMachinesKeepEachOthersPatternsAndBothSidesOfAConflict() async throws {
    try await withServer { laptop, server, _ in
      let desk = try NetHome()
      defer { desk.remove() }
      try createAndLogIn(laptop, server, name: "ada")
      let login = try desk.run(
        ["login", "ada", "--server", server.url, "--password-stdin"], input: Self.password)
      XCTAssertEqual(login.status, 0, login.error)
      func pattern(_ id: String, _ name: String, fret: Int) -> String {
        #"{"category":"scale","id":""# + id + #"","name":""# + name
          + #"","tones":[{"fret":0,"string":6},{"fret":\#(fret),"string":6}],"tuning":"standard"}"#
          + "\n"
      }
      func journalLine(_ text: String, at second: Int) -> String {
        #"{"at":"2026-11-28T10:00:0\#(second).000Z","by":"ada","line":""# + text + #""}"# + "\n"
      }
      func touch(_ home: NetHome, _ path: String, secondsAgo: Double) throws {
        try FileManager.default.setAttributes(
          [.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)],
          ofItemAtPath: home.folder.appendingPathComponent(path).path)
      }
      let journal = "data/protocols/gig/journal.jsonl"
      let start = journalLine("work Bach", at: 1)
      try Self.write(
        [
          "data/patterns/my-box.json": pattern("my-box", "My box", fret: 2),
          "data/patterns/old-lick.json": pattern("old-lick", "Old lick", fret: 3),
          "data/rhythms/groove.json": #"{"id":"groove","name":"Groove","notes":["1"]}"# + "\n",
          "data/protocols/gig/session.json": #"{"name":"gig"}"# + "\n", journal: start,
        ], in: laptop)
      XCTAssertEqual(
        try laptop.run(["sync"]).output, "backed up 5 files to \(server.url) (0 unchanged)\n")
      XCTAssertEqual(
        try desk.run(["sync"]).output,
        "backed up 0 files to \(server.url) (5 unchanged); came here from the backup: 5 files\n",
        "a new machine gets the patterns, the rhythm and the protocol")

      // Apart: both change My box, the desk later; each adds a file, the desk deletes one,
      // and both add a line to the protocol.
      try Self.write(
        [
          "data/patterns/my-box.json": pattern("my-box", "My box", fret: 4),
          "data/patterns/laptop-new.json": pattern("laptop-new", "Laptop's", fret: 5),
          journal: start + journalLine("take", at: 5),
        ], in: laptop)
      try touch(laptop, "data/patterns/my-box.json", secondsAgo: 100)
      try Self.write(
        [
          "data/patterns/my-box.json": pattern("my-box", "My box", fret: 7),
          "data/rhythms/desk-new.json": #"{"id":"desk-new","name":"Desk's","notes":["1"]}"# + "\n",
          journal: start + journalLine("mark", at: 3),
        ], in: desk)
      try touch(desk, "data/patterns/my-box.json", secondsAgo: 50)
      try FileManager.default.removeItem(
        at: desk.folder.appendingPathComponent("data/patterns/old-lick.json"))

      XCTAssertEqual(
        try laptop.run(["sync"]).output, "backed up 3 files to \(server.url) (3 unchanged)\n")
      let deskSync = try desk.run(["sync"])
      XCTAssertEqual(deskSync.status, 0, deskSync.error)
      XCTAssertEqual(
        deskSync.output,
        "backed up 3 files to \(server.url) (4 unchanged); removed from the backup: 1; came "
          + "here from the backup: 1 file; journals joined: gig; kept both: My box and My box "
          + "(copy)\n",
        "the copy, the desk's rhythm and the joined journal are sent")
      XCTAssertEqual(
        try laptop.run(["sync"]).output,
        "backed up 0 files to \(server.url) (7 unchanged); came here from the backup: 3 files; "
          + "removed here as on the other machine: 1 file\n")
      XCTAssertEqual(
        try desk.run(["sync"]).output, "backed up 0 files to \(server.url) (7 unchanged)\n")

      func files(_ home: NetHome) throws -> [String: Data] {
        var found: [String: Data] = [:]
        for folder in ["data/patterns", "data/rhythms", "data/protocols/gig"] {
          let url = home.folder.appendingPathComponent(folder)
          for name in try FileManager.default.contentsOfDirectory(atPath: url.path)
          where !name.hasPrefix(".") {
            found["\(folder)/\(name)"] = try Data(contentsOf: url.appendingPathComponent(name))
          }
        }
        return found
      }
      let held = try files(laptop)
      XCTAssertEqual(held, try files(desk), "both homes hold the same files")
      XCTAssertEqual(
        held.keys.sorted(),
        [
          "data/patterns/laptop-new.json", "data/patterns/my-box-copy.json",
          "data/patterns/my-box.json", "data/protocols/gig/journal.jsonl",
          "data/protocols/gig/session.json", "data/rhythms/desk-new.json",
          "data/rhythms/groove.json",
        ])
      XCTAssertEqual(
        held["data/patterns/my-box.json"], Data(pattern("my-box", "My box", fret: 4).utf8),
        "the one changed first keeps its name")
      let copy = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: XCTUnwrap(held["data/patterns/my-box-copy.json"]))
          as? [String: Any])
      XCTAssertEqual(copy["id"] as? String, "my-box-copy")
      XCTAssertEqual(copy["name"] as? String, "My box (copy)")
      XCTAssertEqual(
        (copy["tones"] as? [[String: Any]])?.last?["fret"] as? Int, 7, "the desk's later edit")
      XCTAssertEqual(
        held[journal],
        Data((start + journalLine("mark", at: 3) + journalLine("take", at: 5)).utf8),
        "each machine's line once, in the order written")

      // The room's background refresh notes when it brought something here, so the room
      // reads its files again; and not when it brought nothing.
      func joinedAt() throws -> String? { try roomSnapshot(laptop)["joinedAt"] as? String }
      try Self.write(["data/rhythms/desk-2.json": #"{"id":"desk-2"}"# + "\n"], in: desk)
      XCTAssertEqual(try desk.run(["sync"]).status, 0)
      let refreshed = try laptop.run(["refresh"])
      XCTAssertEqual(refreshed.status, 0, refreshed.error)
      XCTAssertTrue(
        refreshed.output.hasSuffix("; came here from the backup: 1 file\n"), refreshed.output)
      let joined = try XCTUnwrap(try joinedAt())
      XCTAssertEqual(try laptop.run(["refresh"]).status, 0)
      XCTAssertEqual(try joinedAt(), joined, "nothing came in since")

      // A protocol deleted on one machine goes to the other's trash whole, as the app deletes
      // one, never removed.
      try FileManager.default.removeItem(
        at: laptop.folder.appendingPathComponent("data/protocols/gig"))
      let laptopRemoves = try laptop.run(["sync"])
      XCTAssertTrue(
        laptopRemoves.output.hasSuffix("; removed from the backup: 2\n"), laptopRemoves.output)
      let deskRemoves = try desk.run(["sync"])
      XCTAssertTrue(
        deskRemoves.output.hasSuffix("; removed here as on the other machine: 2 files\n"),
        deskRemoves.output)
      XCTAssertFalse(
        FileManager.default.fileExists(
          atPath: desk.folder.appendingPathComponent("data/protocols/gig").path))
      let trash = desk.folder.appendingPathComponent("data/protocols/.trash")
      let trashed = try FileManager.default.contentsOfDirectory(atPath: trash.path)
      XCTAssertEqual(trashed.count, 1)
      XCTAssertTrue(trashed.first?.hasPrefix("gig.deleted-") == true, "\(trashed)")
      XCTAssertEqual(
        try Data(
          contentsOf: trash.appendingPathComponent(trashed.first ?? "")
            .appendingPathComponent("journal.jsonl")), held[journal])
    }
  }

  func aBackupFromBeforePiecesStillRestores() async throws {
    try await withServer { ada, server, _ in
      try createAndLogIn(ada, server, name: "ada")
      let whole = Data(Self.backedUpFiles["data/history.jsonl"]!.utf8)
      let adas = try client(server, token: try savedToken(ada))
      let put = try await adas.putBackupItem(
        body: .json(Self.item(path: "data/history.jsonl", content: whole)))
      XCTAssertNotNil(try? put.ok)
      let restored = try ada.run(["sync", "--restore"])
      XCTAssertEqual(restored.output, "restored 1 file from \(server.url) (0 unchanged)\n")
      let history = ada.folder.appendingPathComponent("data/history.jsonl")
      XCTAssertEqual(try Data(contentsOf: history), whole)

      // Once backed up in pieces, the pieces are the history a restore brings back.
      let longer = whole + Data(#"{"module":"notes"}"#.utf8) + Data("\n".utf8)
      try longer.write(to: history)
      XCTAssertEqual(try ada.run(["sync"]).status, 0)
      try FileManager.default.removeItem(at: history)
      XCTAssertEqual(
        try ada.run(["sync", "--restore"]).output,
        "restored 1 file from \(server.url) (0 unchanged)\n")
      XCTAssertEqual(try Data(contentsOf: history), longer)
    }
  }

  func theRoomsRefreshBacksUpWhatChanged() async throws {
    try await withServer { ada, server, _ in
      let laptop = try NetHome()
      defer { laptop.remove() }
      try createAndLogIn(ada, server, name: "ada")
      try Self.write(Self.backedUpFiles, in: ada)
      let first = try ada.run(["refresh"])
      XCTAssertEqual(first.status, 0, first.error)
      XCTAssertEqual(
        first.output.split(separator: "\n").last,
        "backed up 7 files to \(server.url) (0 unchanged); history pieces sent: 1 of 1")
      let history = ada.folder.appendingPathComponent("data/history.jsonl")
      let changed = try Data(contentsOf: history) + Data(#"{"module":"notes"}"#.utf8 + [0x0a])
      try changed.write(to: history)
      XCTAssertEqual(
        try ada.run(["refresh"]).output.split(separator: "\n").last,
        "backed up 1 file to \(server.url) (6 unchanged); history pieces sent: 1 of 1")

      // A new machine's own files never replace the backup from the background: only after
      // the player restored (or synced) there.
      let login = try laptop.run(
        ["login", "ada", "--server", server.url, "--password-stdin"], input: Self.password)
      XCTAssertEqual(login.status, 0, login.error)
      try Self.write(["data/history.jsonl": "{}\n"], in: laptop)
      XCTAssertEqual(
        try laptop.run(["refresh"]).output.split(separator: "\n").last,
        "backup left for woodshed sync: this machine has not synced or restored ada's "
          + "backup yet")
      XCTAssertEqual(try laptop.run(["sync", "--restore", "--force"]).status, 0)
      let copy = try Data(contentsOf: laptop.folder.appendingPathComponent("data/history.jsonl"))
      XCTAssertEqual(copy, changed, "the server held the history the refresh sent")
      XCTAssertEqual(
        try laptop.run(["refresh"]).output.split(separator: "\n").last,
        "backed up 0 files to \(server.url) (7 unchanged); history pieces sent: 0 of 1")
    }
  }

  func aConflictCopyTooLongForABackupIsSaidSo() async throws {
    try await withServer { laptop, server, _ in
      let desk = try NetHome()
      defer { desk.remove() }
      try createAndLogIn(laptop, server, name: "ada")
      let login = try desk.run(
        ["login", "ada", "--server", server.url, "--password-stdin"], input: Self.password)
      XCTAssertEqual(login.status, 0, login.error)
      // 198 bytes: a path a backup holds, whose copy ("… (copy).json") it does not.
      let path = "data/rhythms/" + String(repeating: "r", count: 180) + ".json"
      try Self.write([path: "[1]\n"], in: laptop)
      XCTAssertEqual(try laptop.run(["sync"]).status, 0)
      XCTAssertEqual(try desk.run(["sync"]).status, 0)
      try Self.write([path: "[2]\n"], in: laptop)
      try Self.write([path: "[3]\n"], in: desk)
      XCTAssertEqual(try laptop.run(["sync"]).status, 0)
      let refused = try desk.run(["sync"])
      XCTAssertEqual(refused.status, 1)
      XCTAssertTrue(
        refused.error.hasPrefix("Error: data/rhythms/rrrr")
          && refused.error.contains("changed on both machines, and its copy cannot be kept as")
          && refused.error.contains("(a backup item's path has 1 to 200 bytes)"),
        refused.error)
      XCTAssertTrue(
        refused.error.hasSuffix(
          "rename it on one machine and run woodshed sync again\n"), refused.error)
      XCTAssertEqual(
        try String(contentsOf: desk.folder.appendingPathComponent(path), encoding: .utf8), "[3]\n",
        "nothing here is lost")
    }
  }
}
