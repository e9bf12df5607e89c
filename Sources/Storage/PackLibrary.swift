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

  /// Checks a pack that came as bytes rather than as a file (one from the server's catalogue),
  /// exactly as `read` checks a file; `file` names it in the error.
  public static func decode(_ data: Data, file: String) throws(StorageError) -> NotePack {
    try ContentFolders.decode(data, file: file, as: .pack, decode: NotePack.init(json:))
  }

  /// The pack as its file holds it: what `add` writes, and what the server's catalogue keeps.
  public static func fileData(_ pack: NotePack) throws(StorageError) -> Data {
    guard let data = try? pack.json.serialized() else {
      throw StorageError.cannotSave(
        file: "\(pack.id).json", reason: "the pack could not be turned into JSON")
    }
    return data + Data("\n".utf8)
  }

  /// Checks `file` and copies it into the user's packs folder as `<id>.json`; refuses an id
  /// that is already taken, so no pack is ever replaced.
  public func add(file: URL, into folder: URL) throws(StorageError) -> NotePack {
    try save(Self.read(file), into: folder, source: file.lastPathComponent)
  }

  /// Saves `pack` into the user's packs folder as `<id>.json`. An id that is already taken is
  /// refused, unless `replacing` is true and the pack holding it is the user's own; then that
  /// pack's file is overwritten. Built-in packs are never replaced, because the built-in one
  /// would still load first.
  @discardableResult
  public func save(
    _ pack: NotePack, into folder: URL, replacing: Bool = false, source: String? = nil
  ) throws(StorageError) -> NotePack {
    let name = source ?? "\(pack.id).json"
    var target = folder.appendingPathComponent("\(pack.id).json")
    if let taken = entries.first(where: { $0.pack.id == pack.id }) {
      guard replacing, !taken.isBuiltIn else {
        throw StorageError.saveRefused(
          file: name, reason: ContentFolders.taken(pack.id, by: taken.file))
      }
      target = taken.file
    } else if !replacing && Platform.fileExists(target.path) {
      throw StorageError.saveRefused(
        file: target.lastPathComponent, reason: "a file of that name is already in \(folder.path)")
    }
    try AtomicFile.write(Self.fileData(pack), to: target)
    return pack
  }
}
