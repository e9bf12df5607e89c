import Files
import FoundationEssentials
import MusicTheory

/// The fretboard patterns there are: those shipped in `assets/patterns` and those the user added
/// to the data folder's `patterns/`. A file that cannot be used is reported in one line naming
/// the file and the field, and the rest load; a pattern whose id is taken by one loaded before
/// (built-in patterns load first) is reported the same way.
public struct PatternLibrary: Equatable, Sendable {
  public struct Entry: Equatable, Sendable {
    public var pattern: FretPattern
    public var file: URL
    public var isBuiltIn: Bool
  }

  /// Scales, then arpeggios, then chords; within each, by family and then by position number,
  /// taken from the id ("dorian-3" is position 3 of the family "dorian"), so "dorian-10" follows
  /// "dorian-9" and a user's patterns sit among the built-in ones.
  public private(set) var entries: [Entry] = []
  /// One line per file that could not be used.
  public private(set) var problems: [String] = []

  public var patterns: [FretPattern] { entries.map(\.pattern) }

  public init(builtIn: URL, user: URL) {
    let (loaded, problems) = ContentFolders.load(
      builtIn: builtIn, user: user, kind: .pattern, id: \FretPattern.id,
      decode: FretPattern.init(json:))
    entries = loaded.map { Entry(pattern: $0.item, file: $0.file, isBuiltIn: $0.isBuiltIn) }
    self.problems = problems
    entries.sort { Self.order($0.pattern) < Self.order($1.pattern) }
  }

  public func pattern(id: String) -> FretPattern? {
    entries.first { $0.pattern.id == id }?.pattern
  }

  private static func order(_ pattern: FretPattern) -> (Int, String, Int, String) {
    let category = FretPattern.Category.allCases.firstIndex(of: pattern.category) ?? 0
    let words = pattern.id.split(separator: "-")
    guard words.count > 1, let last = words.last, let position = Int(last) else {
      return (category, pattern.id, 0, pattern.id)
    }
    return (category, words.dropLast().joined(separator: "-"), position, pattern.id)
  }

  private func entry(id: String) -> Entry? {
    entries.first { $0.pattern.id == id }
  }

  /// Reads and checks one pattern file.
  public static func read(_ file: URL) throws(StorageError) -> FretPattern {
    try ContentFolders.read(file, as: .pattern, decode: FretPattern.init(json:))
  }

  /// Checks a pattern that came as bytes rather than as a file (a shared pattern), exactly as
  /// `read` checks a file; `file` names it in the error.
  public static func decode(_ data: Data, file: String) throws(StorageError) -> FretPattern {
    try ContentFolders.decode(
      data, file: file, as: .pattern, decode: FretPattern.init(json:))
  }

  /// The first pattern of the library, other than one with `pattern`'s id, that is the same
  /// shape (`FretPattern.hasSameShape(as:)`): what a new or imported pattern duplicates.
  public func sameShape(as pattern: FretPattern) -> FretPattern? {
    patterns.first { $0.id != pattern.id && $0.hasSameShape(as: pattern) }
  }

  /// Checks `file` and copies it into the user's patterns folder as `<id>.json` (see
  /// `save(_:into:replacing:)`).
  public func add(file: URL, into folder: URL, replacing: Bool = false) throws(StorageError)
    -> FretPattern
  {
    try save(Self.read(file), into: folder, replacing: replacing, source: file.lastPathComponent)
  }

  /// Saves `pattern`, as the editor made it, into the user's patterns folder as `<id>.json`,
  /// after the same checks a file gets. An id that is already taken is refused, unless
  /// `replacing` is true and the pattern holding it is the user's own; then that pattern's file
  /// is overwritten. Built-in patterns are never replaced, because the built-in one would still
  /// load first.
  @discardableResult
  public func save(
    _ pattern: FretPattern, into folder: URL, replacing: Bool = false, source: String? = nil
  ) throws(StorageError) -> FretPattern {
    let name = source ?? "\(pattern.id).json"
    do {
      _ = try FretPattern(json: pattern.json)
    } catch {
      throw StorageError.saveRefused(file: name, reason: error.description)
    }
    var target = folder.appendingPathComponent("\(pattern.id).json")
    if let taken = entry(id: pattern.id) {
      guard replacing, !taken.isBuiltIn else {
        throw StorageError.saveRefused(
          file: name, reason: ContentFolders.taken(pattern.id, by: taken.file))
      }
      target = taken.file
    } else if !replacing && Platform.fileExists(target.path) {
      throw StorageError.saveRefused(
        file: target.lastPathComponent, reason: "a file of that name is already in \(folder.path)")
    }
    // AtomicFile makes the folder when the user has no patterns yet.
    try Self.write(pattern, to: target)
    return pattern
  }

  /// Deletes the user's own pattern `id`; the library's patterns cannot be deleted.
  public func remove(id: String) throws(StorageError) {
    guard let entry = entry(id: id) else {
      throw StorageError.cannotDelete(file: "\(id).json", reason: "no pattern has the id \"\(id)\"")
    }
    let name = entry.file.lastPathComponent
    guard !entry.isBuiltIn else {
      throw StorageError.cannotDelete(file: name, reason: "it is one of Woodshed's own patterns")
    }
    do throws(SystemError) {
      try Platform.removeFile(entry.file.path)
    } catch {
      throw StorageError.cannotDelete(file: name, reason: error.description)
    }
  }

  /// Writes the pattern `id` to `file`, to share it; an existing file is replaced.
  public func export(id: String, to file: URL) throws(StorageError) {
    guard let pattern = pattern(id: id) else {
      throw StorageError.saveRefused(
        file: file.lastPathComponent, reason: "no pattern has the id \"\(id)\"")
    }
    try Self.write(pattern, to: file)
  }

  private static func write(_ pattern: FretPattern, to file: URL) throws(StorageError) {
    guard let data = try? pattern.fileData() else {
      throw StorageError.cannotSave(
        file: file.lastPathComponent, reason: "the pattern could not be turned into JSON")
    }
    try AtomicFile.write(data, to: file)
  }
}
