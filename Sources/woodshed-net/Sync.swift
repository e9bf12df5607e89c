import ArgumentParser
import Foundation
import NetClient
import ServerStore
import Storage
import TerminalUI

/// The player's files a backup holds, each known by its path relative to the woodshed home
/// (`config/settings.json`, `data/history.jsonl`, `data/patterns/NAME.json`,
/// `data/rhythms/NAME.json`, a protocol's `data/protocols/NAME/journal.jsonl` …), the path
/// `BackupRules` checks on both sides.
struct BackupFolders {
  let paths: StoragePaths

  static let historyPath = "data/history.jsonl"

  /// Where `path` lives on this machine; nil for a path a backup cannot hold, or a piece of the
  /// history (which has no file of its own).
  func url(of path: String) -> URL? {
    guard BackupRules.problem(withPath: path) == nil, !HistoryPieces.holds(path) else {
      return nil
    }
    let parts = path.split(separator: "/").map(String.init)
    let root = parts[0] == "config" ? paths.configFolder : paths.dataFolder
    return parts.dropFirst().reduce(root) { $0.appendingPathComponent($1) }
  }

  /// The backup's files present here, by path, sorted.
  func localPaths() -> [String] {
    var found: [String] = []
    let manager = FileManager.default
    func isFile(_ url: URL) -> Bool {
      var isFolder: ObjCBool = false
      return manager.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
    }
    func names(in folder: URL) -> [String] {
      ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
    }
    if isFile(paths.settingsFile) { found.append("config/settings.json") }
    if isFile(paths.historyFile) { found.append(Self.historyPath) }
    for (folder, prefix) in [
      (paths.patternsFolder, "data/patterns"), (paths.rhythmsFolder, "data/rhythms"),
    ] {
      for name in names(in: folder) where name.hasSuffix(".json") {
        found.append("\(prefix)/\(name)")
      }
    }
    for (folder, prefix) in [
      (paths.protocolsFolder, "data/protocols"),
      (paths.protocolsFolder.appendingPathComponent(".archive"), "data/protocols/.archive"),
    ] {
      for name in names(in: folder) {
        for file in BackupRules.protocolFiles.sorted()
        where isFile(folder.appendingPathComponent(name).appendingPathComponent(file)) {
          found.append("\(prefix)/\(name)/\(file)")
        }
      }
    }
    return found.filter { BackupRules.problem(withPath: $0) == nil }.sorted()
  }

  /// The size of the file at `path` here, or nil when it is not here.
  func size(of path: String) -> Int? {
    guard let url = url(of: path),
      let attributes = try? FileManager.default.attributesOfItem(
        atPath: url.resolvingSymlinksInPath().path)
    else { return nil }
    return (attributes[.size] as? NSNumber)?.intValue
  }

  /// The file's bytes and modification time, or nil when it is not here. The history may have
  /// as many bytes as a whole backup: it goes in pieces.
  func read(_ path: String) throws -> (content: Data, modifiedAt: Date)? {
    guard let url = url(of: path), FileManager.default.fileExists(atPath: url.path) else {
      return nil
    }
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(
        atPath: url.resolvingSymlinksInPath().path)
    } catch {
      throw CommandFailure("cannot back up \(path): \(error.localizedDescription)")
    }
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    let limit =
      path == Self.historyPath ? BackupRules.maximumPlayerBytes : BackupRules.maximumItemBytes
    guard size <= limit else {
      throw CommandFailure(
        "cannot back up \(path): it has \(size) bytes; a backup holds at most \(limit) "
          + "(\(limit >> 20) MiB) of it")
    }
    do {
      let content = try PlayerFile.read(url, byteLimit: limit)
      return (content, attributes[.modificationDate] as? Date ?? Date())
    } catch {
      throw CommandFailure("cannot back up \(path): \(error.reason)")
    }
  }
}

/// `sync-settings.json` in the state folder: the settings this machine and its backup held
/// when they last met, from which `SettingsMerge` tells which side changed a field.
enum SettingsBase {
  static let path = "config/settings.json"

  static func url(_ paths: StoragePaths) -> URL {
    paths.stateFolder.appendingPathComponent("sync-settings.json")
  }

  static func read(_ paths: StoragePaths) -> JSONValue? {
    (try? Data(contentsOf: url(paths))).flatMap { try? JSONValue(parsing: $0) }
  }

  static func write(_ settings: Data, _ paths: StoragePaths) throws {
    try AtomicFile.write(settings, to: url(paths))
  }
}

/// `backup.json` in the state folder: the account whose backup this machine's files were last
/// synced or restored with, and the items (path and SHA-256) that left them so. The practice
/// room's background backup sends only then (or to an empty backup), so a new machine's short
/// history never replaces the one backed up; and a file this machine backed up and no longer
/// has is removed from the backup, while one only another machine sent is kept.
struct BackupMark: Codable, Equatable {
  let server: String
  let player: String
  /// Absent from a mark written before marks kept them.
  var items: [String: String]?

  static func url(_ paths: StoragePaths) -> URL {
    paths.stateFolder.appendingPathComponent("backup.json")
  }

  static func read(_ paths: StoragePaths) -> BackupMark? {
    (try? Data(contentsOf: url(paths))).flatMap { try? JSONDecoder().decode(Self.self, from: $0) }
  }

  func write(_ paths: StoragePaths) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    try AtomicFile.write(try encoder.encode(self), to: Self.url(paths))
  }

  func isFor(_ other: BackupMark?) -> Bool {
    other?.server == server && other?.player == player
  }
}

struct Sync: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Back up your history, settings, patterns, rhythms and protocols to the server.",
    discussion: """
      Sends only the files the server does not have as they are; the history goes in pieces of \
      1 MiB, and only its changed pieces are sent. Sessions another machine backed up since are \
      first joined into the history here, each once, settings field by field; patterns, rhythms \
      and protocols another machine added, changed or deleted are added, changed or deleted \
      here, and one changed on both is kept twice, the later as a copy. With --restore, brings \
      the backup onto this machine; a file here that differs from the backup is kept unless \
      --force is given.
      """)

  @Flag(help: "Bring the backup onto this machine.")
  var restore = false

  @Flag(help: "With --restore, replace the files here that differ from the backup.")
  var force = false

  func validate() throws {
    if force && !restore { throw ValidationError("--force goes with --restore") }
  }

  func run() async throws {
    let credentials = try WoodshedNet.credentials()
    let client = try PracticeRoomClient(server: credentials.server)
    let folders = BackupFolders(paths: WoodshedNet.paths)
    let texts = try WoodshedNet.texts()
    do {
      if restore {
        let items = try await Self.restore(
          client: client, token: credentials.token, folders: folders, force: force)
        try BackupMark(server: credentials.server, player: credentials.name, items: items).write(
          folders.paths)
      } else {
        print(
          try await Self.backUp(
            credentials: credentials, client: client, folders: folders, inBackground: false
          ).line)
      }
    } catch ClientFailure.unreachable(let server) {
      throw CommandFailure(texts.text("sync.error.unreachable", ["server": server]))
    }
  }

  /// Sends the files whose content the server does not have, the history as its changed pieces
  /// and then its manifest, and removes from the backup what this machine backed up and no
  /// longer has and the history's pieces its manifest no longer lists; answers the line that
  /// says what was done, and whether anything of the backup's came here. In the background,
  /// sends nothing to a backup this machine has not synced or restored with.
  static func backUp(
    credentials: Credentials, client: PracticeRoomClient, folders: BackupFolders,
    inBackground: Bool
  ) async throws -> (line: String, joined: Bool) {
    let texts = try WoodshedNet.texts()
    let token = credentials.token
    var mark = BackupMark(server: credentials.server, player: credentials.name)
    let lastMark = BackupMark.read(folders.paths)
    let listing = try await client.backupListing(token: token)
    if inBackground, !listing.isEmpty, !mark.isFor(lastMark) {
      return (texts.text("sync.leftNotSynced", ["name": credentials.name]), false)
    }
    let joined = try await joinBackedUpHistory(
      listing: listing, client: client, token: token, folders: folders)
    let settingsJoined = try await joinBackedUpSettings(
      listing: listing, client: client, token: token, folders: folders)
    let library = try await joinBackedUpLibrary(
      listing: listing, client: client, token: token, folders: folders,
      base: mark.isFor(lastMark) ? lastMark?.items ?? [:] : [:])
    let kept = Dictionary(
      listing.map { ($0.path, $0.sha256) }, uniquingKeysWith: { first, _ in first })
    let here: [(path: String, content: Data, modifiedAt: Date)]
    do {
      here = try backedUpFiles(folders)
    } catch let failure as CommandFailure where inBackground {
      // Too much to back up is said by `woodshed sync`; the room's refresh goes on without it
      // rather than failing, and showing offline, every time.
      return (
        texts.text("sync.leftBecause", ["reason": failure.description]),
        joined > 0 || settingsJoined || library.changed
      )
    }
    let items = here.map { file in
      let whole = [(path: file.path, content: file.content)]
      return (
        file: file,
        items: file.path == BackupFolders.historyPath ? pieces(of: file.content) : whole
      )
    }
    let sending = Dictionary(
      items.flatMap(\.items).map { ($0.path, BackupRules.sha256(of: $0.content)) },
      uniquingKeysWith: { first, _ in first })
    // Removed first, so the room they leave counts for what is sent: what this machine sent
    // last time, has no more, and nobody replaced since.
    let gone = (mark.isFor(lastMark) ? lastMark?.items ?? [:] : [:]).filter { path, sha256 in
      sending[path] == nil && kept[path] == sha256
    }.keys.sorted()
    for path in gone { try await client.deleteBackupItem(path: path, token: token) }
    var sent = 0
    var unchanged = 0
    var piecesSent = ""
    for (file, fileItems) in items {
      let changed = fileItems.filter { kept[$0.path] != BackupRules.sha256(of: $0.content) }
      for item in changed {
        try await client.putBackupItem(
          path: item.path, content: item.content, sha256: BackupRules.sha256(of: item.content),
          modifiedAt: file.modifiedAt, token: token)
      }
      if file.path == BackupFolders.historyPath {
        let pieces = changed.filter { $0.path != HistoryPieces.manifestPath }.count
        piecesSent = texts.text(
          "sync.historyPieces", ["count": String(pieces), "total": String(fileItems.count - 1)])
      }
      if changed.isEmpty { unchanged += 1 } else { sent += 1 }
    }
    // Once the manifest is sent, a piece it does not list, or the history kept whole before
    // there were pieces, is nobody's.
    let unlisted =
      sending[HistoryPieces.manifestPath] == nil
      ? []
      : kept.keys.filter { path in
        sending[path] == nil && !gone.contains(path)
          && (HistoryPieces.holds(path) || path == BackupFolders.historyPath)
      }.sorted()
    for path in unlisted { try await client.deleteBackupItem(path: path, token: token) }
    mark.items = sending
    try mark.write(folders.paths)
    // What both this machine and the backup now hold: the next join's base.
    if let settings = here.first(where: { $0.path == SettingsBase.path }) {
      try SettingsBase.write(settings.content, folders.paths)
    }
    let removed = gone.count + unlisted.count
    let line =
      WoodshedNet.counted(
        "sync.backedUp", sent, ["server": client.server, "unchanged": String(unchanged)], texts)
      + piecesSent
      + (removed == 0 ? "" : texts.text("sync.removedFromBackup", ["count": String(removed)]))
      + (joined == 0 ? "" : WoodshedNet.counted("sync.joinedSessions", joined, [:], texts))
      + (settingsJoined ? texts["sync.settingsJoined"] : "") + library.line(texts)
    return (line, joined > 0 || settingsJoined || library.changed)
  }

  /// What joining the backup's patterns, rhythms and protocols changed here.
  struct LibraryJoin {
    var came = 0
    var removed = 0
    /// The protocols whose journals were joined.
    var journals: [String] = []
    /// "NAME and NAME (copy)", one per conflict kept twice.
    var keptBoth: [String] = []

    var changed: Bool { came + removed + journals.count + keptBoth.count > 0 }

    /// What changed, as the backup's line goes on: "; came here from the backup: 2 files".
    func line(_ texts: Localizer) -> String {
      (came == 0 ? "" : WoodshedNet.counted("sync.came", came, [:], texts))
        + (removed == 0 ? "" : WoodshedNet.counted("sync.removedHere", removed, [:], texts))
        + (journals.isEmpty
          ? "" : texts.text("sync.journalsJoined", ["names": journals.joined(separator: ", ")]))
        + keptBoth.map { texts.text("sync.keptBoth", ["pair": $0]) }.joined()
    }
  }

  /// Joins the backup's patterns, rhythms and protocols with the ones here, file by file, from
  /// the digests both held at the last sync (`base`, the mark's items; `LibraryMerge`): what
  /// another machine added or changed comes here, what it deleted and this one did not
  /// change is deleted here (a protocol goes to the trash), a journal both added to is joined
  /// line by line, and a pattern or rhythm both changed is kept twice, the later one as a
  /// copy. What this machine changed is then sent as any changed file is.
  private static func joinBackedUpLibrary(
    listing: [BackupEntry], client: PracticeRoomClient, token: String, folders: BackupFolders,
    base: [String: String]
  ) async throws -> LibraryJoin {
    let isLibrary = { (path: String) in
      LibraryMerge.isLibraryFile(path) || path.hasPrefix("data/protocols/")
    }
    var files: [String: (content: Data, modifiedAt: Date)] = [:]
    for path in folders.localPaths() where isLibrary(path) {
      files[path] = try folders.read(path)
    }
    let here = files.mapValues {
      LibraryMerge.Side(sha256: BackupRules.sha256(of: $0.content), modifiedAt: $0.modifiedAt)
    }
    let entries = Dictionary(
      listing.filter { isLibrary($0.path) }.map { ($0.path, $0) },
      uniquingKeysWith: { first, _ in first })
    let steps = LibraryMerge.steps(
      here: here,
      there: entries.mapValues { .init(sha256: $0.sha256, modifiedAt: $0.modifiedAt) },
      base: base)
    var join = LibraryJoin()
    func url(_ path: String) throws -> URL {
      // A server's paths are another machine's text: only the backup's folders are written.
      guard let url = folders.url(of: path) else {
        throw CommandFailure("the server sent a file outside the backup's folders: \(path)")
      }
      return url
    }
    func fetch(_ path: String) async throws -> Data {
      let content = try await client.backupItem(path: path, token: token).1
      guard BackupRules.sha256(of: content) == entries[path]?.sha256 else {
        throw CommandFailure("\(path) came from the server damaged: run woodshed sync again")
      }
      return content
    }
    func write(_ content: Data, _ path: String, modifiedAt: Date) throws {
      let target = try url(path)
      do {
        try AtomicFile.write(content, to: target)
        try FileManager.default.setAttributes(
          [.modificationDate: modifiedAt], ofItemAtPath: target.path)
      } catch {
        throw CommandFailure("cannot join the backup's \(path) here: \(error)")
      }
    }
    let removals = Set(steps.filter { $0.value == .removeHere }.keys)
    join.removed = try removeHere(removals, among: Set(here.keys), folders: folders)
    var taken = Set(here.keys).union(entries.keys)
    for (path, step) in steps.sorted(by: { $0.key < $1.key }) {
      guard let entry = entries[path] else { continue }
      switch step {
      case .removeHere: continue
      case .bring:
        try write(try await fetch(path), path, modifiedAt: entry.modifiedAt)
        join.came += 1
      case .join:
        do {
          _ = try ProtocolStore.joinJournal(try await fetch(path), into: try url(path))
        } catch let failure as StorageError {
          throw CommandFailure("cannot join the backup's \(path) here: \(failure)")
        }
        join.journals.append(path.split(separator: "/").dropLast().last.map(String.init) ?? path)
      case .keepBoth(let copyIsHere):
        guard let mine = files[path] else { continue }
        let theirs = (content: try await fetch(path), modifiedAt: entry.modifiedAt)
        let moved = copyIsHere ? mine : theirs
        let copy = LibraryMerge.copy(of: moved.content, path: path, taken: taken)
        // The copy's path is made here, not sent: one a backup cannot hold is a name too long.
        if let problem = BackupRules.problem(withPath: copy.path) {
          throw CommandFailure(
            "\(path) changed on both machines, and its copy cannot be kept as \(copy.path) "
              + "(\(problem)): rename it on one machine and run woodshed sync again")
        }
        taken.insert(copy.path)
        try write(copy.content, copy.path, modifiedAt: moved.modifiedAt)
        if copyIsHere { try write(theirs.content, path, modifiedAt: theirs.modifiedAt) }
        join.keptBoth.append("\(copy.name) and \(copy.copyName)")
      }
    }
    return join
  }

  /// Deletes `paths` here; a protocol all of whose files go is moved to the trash whole, as
  /// the app deletes one, rather than removed. Answers how many files went.
  private static func removeHere(
    _ paths: Set<String>, among present: Set<String>, folders: BackupFolders
  ) throws -> Int {
    let protocols = ProtocolStore(paths: folders.paths)
    var trashed: Set<String> = []
    for path in paths.sorted() where path.hasPrefix("data/protocols/") {
      let folder = path.split(separator: "/").dropLast().joined(separator: "/")
      guard !trashed.contains(folder),
        present.filter({ $0.hasPrefix(folder + "/") }).isSubset(of: paths),
        let name = folder.split(separator: "/").last.map(String.init),
        (try? protocols.moveToTrash(name, at: Date())) != nil
      else { continue }
      trashed.insert(folder)
    }
    for path in paths.sorted() {
      let folder = path.split(separator: "/").dropLast().joined(separator: "/")
      guard !trashed.contains(folder), let url = folders.url(of: path) else { continue }
      do {
        try FileManager.default.removeItem(at: url)
      } catch {
        throw CommandFailure("cannot remove \(path) here as on the other machine: \(error)")
      }
    }
    return paths.count
  }

  /// Joins the backup's settings into the ones here field by field (`SettingsMerge`), from
  /// what both held at the last sync: a field changed on one machine only keeps that change,
  /// one changed on both the newer file's. Answers whether the settings here changed. Settings
  /// that do not parse are left to go one way, as before.
  private static func joinBackedUpSettings(
    listing: [BackupEntry], client: PracticeRoomClient, token: String, folders: BackupFolders
  ) async throws -> Bool {
    guard let entry = listing.first(where: { $0.path == SettingsBase.path }) else { return false }
    let here = try folders.read(SettingsBase.path)
    guard here.map({ BackupRules.sha256(of: $0.content) }) != entry.sha256 else { return false }
    let (_, content) = try await client.backupItem(path: entry.path, token: token)
    guard let backedUp = try? JSONValue(parsing: content) else { return false }
    let joined: JSONValue
    if let here {
      guard let local = try? JSONValue(parsing: here.content) else { return false }
      joined = SettingsMerge.merged(
        .init(settings: local, modifiedAt: here.modifiedAt),
        .init(settings: backedUp, modifiedAt: entry.modifiedAt),
        base: SettingsBase.read(folders.paths))
      guard joined != local else { return false }
    } else {
      joined = backedUp
    }
    guard let data = try? joined.serialized(), let url = folders.url(of: SettingsBase.path) else {
      return false
    }
    do {
      try AtomicFile.write(data + Data("\n".utf8), to: url)
    } catch {
      throw CommandFailure("cannot join the backup's settings here: \(error)")
    }
    return true
  }

  /// Joins the backup's history into this machine's (`HistoryMerge`), so that what another
  /// machine practised since is kept here and sent back with this machine's own; answers how
  /// many sessions came in. A backup whose history cannot be joined from its pieces is left
  /// to this machine's, which replaces it.
  private static func joinBackedUpHistory(
    listing: [BackupEntry], client: PracticeRoomClient, token: String, folders: BackupFolders
  ) async throws -> Int {
    let local = try folders.read(BackupFolders.historyPath)?.content ?? Data()
    let backedUp: Data
    if let manifest = listing.first(where: { $0.path == HistoryPieces.manifestPath }) {
      let (_, content) = try await client.backupItem(path: manifest.path, token: token)
      guard let pieces = try? JSONDecoder().decode(HistoryPieces.self, from: content),
        pieces.sha256 != BackupRules.sha256(of: local)
      else { return 0 }
      guard
        let whole = try? await joined(
          pieces, listed: Set(listing.map(\.path)), client: client, token: token)
      else { return 0 }
      backedUp = whole
    } else if let whole = listing.first(where: { $0.path == BackupFolders.historyPath }),
      whole.sha256 != BackupRules.sha256(of: local)
    {
      backedUp = try await client.backupItem(path: whole.path, token: token).1
    } else {
      return 0
    }
    // Under the history's lock, with what it holds then: the app may be adding a session.
    do {
      return try HistoryLog(paths: folders.paths).join(backedUp)
    } catch {
      throw CommandFailure("cannot join the backup's history here: \(error)")
    }
  }

  /// The history as its pieces and then its manifest.
  private static func pieces(of history: Data) -> [(path: String, content: Data)] {
    let pieces = HistoryPieces.cut(history)
    return pieces.enumerated().map { (HistoryPieces.path(ofPiece: $0), $1) } + [
      (HistoryPieces.manifestPath, HistoryPieces(of: history, pieces: pieces).encoded())
    ]
  }

  /// The files to back up, read whole; a file or all of them too large for a backup is a
  /// failure that says so.
  private static func backedUpFiles(_ folders: BackupFolders) throws -> [(
    path: String, content: Data, modifiedAt: Date
  )] {
    var here: [(path: String, content: Data, modifiedAt: Date)] = []
    for path in folders.localPaths() {
      guard let (content, modifiedAt) = try folders.read(path) else { continue }
      here.append((path, content, modifiedAt))
    }
    let total = here.reduce(0) { $0 + $1.content.count }
    guard total <= BackupRules.maximumPlayerBytes else {
      throw CommandFailure(
        try WoodshedNet.texts().text(
          "sync.error.tooMuch",
          [
            "size": String(format: "%.1f", Double(total) / 1_048_576),
            "limit": String(BackupRules.maximumPlayerBytes >> 20),
          ]))
    }
    return here
  }

  /// Checks every file before writing any: a file here that differs from the backup stops the
  /// restore (without --force) before anything changed, and so does a history whose pieces do
  /// not join into the one its manifest lists.
  /// Answers the items (path and SHA-256) the machine now holds as the backup does.
  private static func restore(
    client: PracticeRoomClient, token: String, folders: BackupFolders, force: Bool
  ) async throws -> [String: String] {
    let listing = try await client.backupListing(token: token)
    var entries = listing.filter { !HistoryPieces.holds($0.path) }
    var history: HistoryPieces?
    if let manifest = listing.first(where: { $0.path == HistoryPieces.manifestPath }) {
      let (_, content) = try await client.backupItem(path: manifest.path, token: token)
      guard let pieces = try? JSONDecoder().decode(HistoryPieces.self, from: content) else {
        throw CommandFailure(
          "\(BackupFolders.historyPath) cannot be restored: its manifest came from the server "
            + "damaged; nothing restored")
      }
      history = pieces
      // The pieces replace a history backed up whole before there were pieces.
      entries.removeAll { $0.path == BackupFolders.historyPath }
      entries.append(
        BackupEntry(
          path: BackupFolders.historyPath, sha256: pieces.sha256, size: pieces.size,
          modifiedAt: manifest.modifiedAt))
    }
    var wanted: [BackupEntry] = []
    var differing: [String] = []
    var unchanged = 0
    for entry in entries.sorted(by: { $0.path < $1.path }) {
      // A server's paths are another machine's text: only the backup's folders are written.
      guard folders.url(of: entry.path) != nil else {
        throw CommandFailure("the server sent a file outside the backup's folders: \(entry.path)")
      }
      // Only a file of the backup's size is read: one of another size differs without
      // reading it.
      let sizeHere = folders.size(of: entry.path)
      if sizeHere == entry.size,
        try folders.read(entry.path).map({ BackupRules.sha256(of: $0.content) }) == entry.sha256
      {
        unchanged += 1
        continue
      }
      if sizeHere != nil { differing.append(entry.path) }
      wanted.append(entry)
    }
    if !differing.isEmpty && !force {
      let texts = try WoodshedNet.texts()
      throw CommandFailure(
        (differing.map { texts.text("sync.differs", ["path": $0]) }
          + [WoodshedNet.counted("sync.nothingRestored", differing.count, [:], texts)])
          .joined(separator: "\n"))
    }
    var fetched: [(entry: BackupEntry, content: Data, url: URL)] = []
    for entry in wanted {
      let content: Data
      if entry.path == BackupFolders.historyPath, let history {
        content = try await joined(
          history, listed: Set(listing.map(\.path)), client: client, token: token)
      } else {
        content = try await client.backupItem(path: entry.path, token: token).1
      }
      guard BackupRules.sha256(of: content) == entry.sha256, let url = folders.url(of: entry.path)
      else {
        throw CommandFailure("\(entry.path) came from the server damaged: run the restore again")
      }
      fetched.append((entry, content, url))
    }
    for (entry, content, url) in fetched {
      do {
        try AtomicFile.write(content, to: url)
        try FileManager.default.setAttributes(
          [.modificationDate: entry.modifiedAt], ofItemAtPath: url.path)
      } catch {
        throw CommandFailure("cannot restore \(entry.path): \(error)")
      }
    }
    print(
      WoodshedNet.counted(
        "sync.restored", wanted.count,
        ["server": client.server, "unchanged": String(unchanged)], try WoodshedNet.texts()))
    return Dictionary(
      listing.map { ($0.path, $0.sha256) }, uniquingKeysWith: { first, _ in first })
  }

  /// The history joined from its pieces, each checked against the manifest.
  private static func joined(
    _ history: HistoryPieces, listed: Set<String>, client: PracticeRoomClient, token: String
  ) async throws -> Data {
    var pieces: [Data?] = []
    for index in history.pieces.indices {
      let path = HistoryPieces.path(ofPiece: index)
      pieces.append(
        listed.contains(path) ? try await client.backupItem(path: path, token: token).1 : nil)
    }
    if let problem = history.problem(joining: pieces) {
      throw CommandFailure(
        "\(BackupFolders.historyPath) cannot be restored: \(problem); nothing restored "
          + "(run woodshed sync where the whole history is)")
    }
    return pieces.reduce(into: Data()) { $0.append($1 ?? Data()) }
  }

}
