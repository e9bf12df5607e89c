import Files
import FoundationEssentials
import MusicTheory

/// The rhythm patterns there are: those shipped in `assets/rhythms` and those the user added to
/// the data folder's `rhythms/`. A file that cannot be used is reported in one line naming the
/// file and the field, and the rest load; a pattern whose id is taken by one loaded before
/// (built-in patterns load first) is reported the same way.
public struct RhythmLibrary: Equatable, Sendable {
  public struct Entry: Equatable, Sendable {
    public var pattern: RhythmPattern
    /// From the file's `level`, 1 if it has none.
    public var level: Int
    public var file: URL
    public var isBuiltIn: Bool
  }

  /// In learning order: by level, then by file name, as note packs are. The shipped files
  /// number their levels so that quarter, eighths, rest, triplet and sixteenths come first, in
  /// that order, and the other shapes share the next level; a user's file chooses its place
  /// with its own `level`.
  public private(set) var entries: [Entry] = []
  /// One line per file that could not be used.
  public private(set) var problems: [String] = []

  public var patterns: [RhythmPattern] { entries.map(\.pattern) }

  public init(builtIn: URL, user: URL) {
    let (loaded, problems) = ContentFolders.load(
      builtIn: builtIn, user: user, kind: .rhythm, id: \.pattern.id, decode: Self.decode)
    entries = loaded.map {
      Entry(pattern: $0.item.pattern, level: $0.item.level, file: $0.file, isBuiltIn: $0.isBuiltIn)
    }
    self.problems = problems
    entries.sort {
      ($0.level, $0.file.lastPathComponent) < ($1.level, $1.file.lastPathComponent)
    }
  }

  public func pattern(id: String) -> RhythmPattern? {
    entries.first { $0.pattern.id == id }?.pattern
  }

  /// Reads and checks one pattern file, its level included.
  public static func read(_ file: URL) throws(StorageError) -> RhythmPattern {
    try ContentFolders.read(file, as: .rhythm, decode: decode).pattern
  }

  private static func decode(_ document: JSONValue) throws(FieldError)
    -> (pattern: RhythmPattern, level: Int)
  {
    let pattern = try RhythmPattern(json: document)
    guard case .object(let members) = document, let value = members["level"] else {
      return (pattern, 1)
    }
    guard case .number(let number) = value, let level = Int(exactly: number), level >= 1 else {
      throw FieldError(field: "level", reason: "must be a whole number from 1")
    }
    return (pattern, level)
  }
}
