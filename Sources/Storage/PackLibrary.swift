import Files
import FoundationEssentials
import MusicTheory

/// The note packs there are: those shipped in `assets/packs` and those the user added to the
/// data folder's `packs/`. A pack file that cannot be used is reported in one line naming the
/// file and the field, and the rest load; a pack whose id is taken by one loaded before is
/// reported the same way.
public struct PackLibrary: Equatable, Sendable {
  public struct Entry: Equatable, Sendable {
    public var pack: NotePack
    public var file: URL
    public var isBuiltIn: Bool
  }

  /// Easiest first: by level, then by file name.
  public private(set) var entries: [Entry] = []
  /// One line per file that could not be used.
  public private(set) var problems: [String] = []

  public var packs: [NotePack] { entries.map(\.pack) }

  public init(builtIn: URL, user: URL) {
    let (loaded, problems) = ContentFolders.load(
      builtIn: builtIn, user: user, kind: .pack, id: \NotePack.id, decode: NotePack.init(json:))
    entries = loaded.map { Entry(pack: $0.item, file: $0.file, isBuiltIn: $0.isBuiltIn) }
    self.problems = problems
    entries.sort {
      ($0.pack.level, $0.file.lastPathComponent) < ($1.pack.level, $1.file.lastPathComponent)
    }
  }

  public func pack(id: String) -> NotePack? {
    entries.first { $0.pack.id == id }?.pack
  }

  /// Reads and checks one pack file.
  public static func read(_ file: URL) throws(StorageError) -> NotePack {
    try ContentFolders.read(file, as: .pack, decode: NotePack.init(json:))
  }

  /// Checks `file` and copies it into the user's packs folder as `<id>.json`; refuses an id
  /// that is already taken, so no pack is ever replaced.
  public func add(file: URL, into folder: URL) throws(StorageError) -> NotePack {
    let pack = try Self.read(file)
    if let taken = entries.first(where: { $0.pack.id == pack.id }) {
      throw StorageError.saveRefused(
        file: file.lastPathComponent,
        reason: ContentFolders.taken(pack.id, by: taken.file))
    }
    let target = folder.appendingPathComponent("\(pack.id).json")
    guard !Platform.fileExists(target.path) else {
      throw StorageError.saveRefused(
        file: target.lastPathComponent, reason: "a file of that name is already in \(folder.path)")
    }
    guard let data = try? pack.json.serialized() else {
      throw StorageError.cannotSave(
        file: target.lastPathComponent, reason: "the pack could not be turned into JSON")
    }
    try AtomicFile.write(data + Data("\n".utf8), to: target)
    return pack
  }
}
