import ArgumentParser
import Foundation
import NetClient
import ServerStore
import Storage
import TerminalUI

/// The player's files a backup holds, each known by its path relative to the woodshed home
/// (`config/settings.json`, `data/history.jsonl`, `data/patterns/NAME.json`, a protocol's
/// `data/protocols/NAME/journal.jsonl` …), the path `BackupRules` checks on both sides.
struct BackupFolders {
  let paths: StoragePaths

  /// Where `path` lives on this machine; nil for a path a backup cannot hold.
  func url(of path: String) -> URL? {
    guard BackupRules.problem(withPath: path) == nil else { return nil }
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
    if isFile(paths.historyFile) { found.append("data/history.jsonl") }
    for name in names(in: paths.patternsFolder) where name.hasSuffix(".json") {
      found.append("data/patterns/\(name)")
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

  /// The file's bytes and modification time, or nil when it is not here.
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
    guard size <= BackupRules.maximumItemBytes else {
      throw CommandFailure(
        "cannot back up \(path): it has \(size) bytes; a backup item has at most "
          + "\(BackupRules.maximumItemBytes) (4 MiB)")
    }
    do {
      let content = try PlayerFile.read(url, byteLimit: BackupRules.maximumItemBytes)
      return (content, attributes[.modificationDate] as? Date ?? Date())
    } catch {
      throw CommandFailure("cannot back up \(path): \(error.reason)")
    }
  }
}

struct Sync: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Back up your history, settings, patterns and protocols to the server.",
    discussion: """
      Sends only the files the server does not have as they are. With --restore, brings the \
      backup onto this machine; a file here that differs from the backup is kept unless \
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
    let (client, token) = try SharedPatterns.session()
    let folders = BackupFolders(paths: WoodshedNet.paths)
    do {
      if restore {
        try await Self.restore(client: client, token: token, folders: folders, force: force)
      } else {
        try await Self.backUp(client: client, token: token, folders: folders)
      }
    } catch ClientFailure.unreachable(let server) {
      throw CommandFailure(
        "\(ClientFailure.unreachable(server: server)) (your files are as they were: run "
          + "woodshed sync again when it answers)")
    }
  }

  private static func backUp(client: PracticeRoomClient, token: String, folders: BackupFolders)
    async throws
  {
    let kept = Dictionary(
      try await client.backupListing(token: token).map { ($0.path, $0.sha256) },
      uniquingKeysWith: { first, _ in first })
    var sent = 0
    var unchanged = 0
    for path in folders.localPaths() {
      guard let (content, modifiedAt) = try folders.read(path) else { continue }
      let sha256 = BackupRules.sha256(of: content)
      if kept[path] == sha256 {
        unchanged += 1
        continue
      }
      try await client.putBackupItem(
        path: path, content: content, sha256: sha256, modifiedAt: modifiedAt, token: token)
      sent += 1
    }
    print("backed up \(files(sent)) to \(client.server) (\(unchanged) unchanged)")
  }

  /// Checks every file before writing any: a file here that differs from the backup stops the
  /// restore (without --force) before anything changed.
  private static func restore(
    client: PracticeRoomClient, token: String, folders: BackupFolders, force: Bool
  ) async throws {
    var wanted: [BackupEntry] = []
    var differing: [String] = []
    var unchanged = 0
    for entry in try await client.backupListing(token: token) {
      // A server's paths are another machine's text: only the backup's folders are written.
      guard folders.url(of: entry.path) != nil else {
        throw CommandFailure("the server sent a file outside the backup's folders: \(entry.path)")
      }
      // Only a file of the backup's size is read: one of another size (a history grown past
      // what a backup holds among them) differs without reading it.
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
      throw CommandFailure(
        (differing.map { "\($0) differs here from the backup" }
          + ["nothing restored: add --force to replace \(files(differing.count)) with the backup"])
          .joined(separator: "\n"))
    }
    for entry in wanted {
      let (_, content) = try await client.backupItem(path: entry.path, token: token)
      guard BackupRules.sha256(of: content) == entry.sha256, let url = folders.url(of: entry.path)
      else {
        throw CommandFailure("\(entry.path) came from the server damaged: run the restore again")
      }
      do {
        try AtomicFile.write(content, to: url)
        try FileManager.default.setAttributes(
          [.modificationDate: entry.modifiedAt], ofItemAtPath: url.path)
      } catch {
        throw CommandFailure("cannot restore \(entry.path): \(error)")
      }
    }
    print("restored \(files(wanted.count)) from \(client.server) (\(unchanged) unchanged)")
  }

  private static func files(_ count: Int) -> String {
    count == 1 ? "1 file" : "\(count) files"
  }
}
