import FoundationEssentials

/// The player's patterns, rhythms and protocols on two machines joined file by file, for a
/// player who changed some on one and some on the other: three-way, from the digest each file
/// had when the two last met (`base`; none when they never met). Only what changes here is
/// planned: a file this machine changed alone goes to the other side as any changed file does,
/// and one it deleted alone leaves it.
///
/// - a file only the other side has, or one only it changed, comes here;
/// - one the other side deleted and this one did not change is deleted here;
/// - one changed on one side and deleted on the other is kept as changed;
/// - one both changed is a conflict: a protocol's journal, an append-only log, is joined line
///   by line (`JournalMerge`); a pattern or a rhythm is kept twice, the one modified later as a
///   copy under a new id and name (`copy(of:path:taken:)`), so neither edit is lost; any other
///   file (a protocol's `session.json`) takes the newer side's.
public enum LibraryMerge {
  public struct Side: Equatable, Sendable {
    public let sha256: String
    public let modifiedAt: Date

    public init(sha256: String, modifiedAt: Date) {
      self.sha256 = sha256
      self.modifiedAt = modifiedAt
    }
  }

  public enum Step: Equatable, Sendable {
    /// The other side's file comes here as it is.
    case bring
    /// The other side deleted it and this side did not change it.
    case removeHere
    /// Both changed a journal: its lines are joined.
    case join
    /// Both changed a pattern or rhythm; `copyIsHere` says whether this side's, modified
    /// later, becomes the copy (and the other side's comes here under the path).
    case keepBoth(copyIsHere: Bool)
  }

  /// What to do here for each path that needs it; a path not in the answer stays as it is.
  public static func steps(
    here: [String: Side], there: [String: Side], base: [String: String]
  ) -> [String: Step] {
    var steps: [String: Step] = [:]
    for path in Set(here.keys).union(there.keys) {
      let mine = here[path]
      let theirs = there[path]
      guard mine?.sha256 != theirs?.sha256 else { continue }
      let before = base[path]
      if mine?.sha256 == before {
        steps[path] = theirs == nil ? .removeHere : .bring
      } else if theirs?.sha256 == before {
        continue
      } else if let mine, let theirs {
        if isJournal(path) {
          steps[path] = .join
        } else if isLibraryFile(path) {
          steps[path] = .keepBoth(copyIsHere: mine.modifiedAt > theirs.modifiedAt)
        } else if theirs.modifiedAt > mine.modifiedAt {
          steps[path] = .bring
        }
      } else if mine == nil {
        steps[path] = .bring
      }
    }
    return steps
  }

  /// A protocol's journal, live or archived.
  public static func isJournal(_ path: String) -> Bool {
    path.hasPrefix("data/protocols/") && path.hasSuffix("/journal.jsonl")
  }

  /// A pattern's or a rhythm's file.
  public static func isLibraryFile(_ path: String) -> Bool {
    (path.hasPrefix("data/patterns/") || path.hasPrefix("data/rhythms/"))
      && path.hasSuffix(".json")
  }

  /// A copy of a conflicting pattern or rhythm file kept beside the original.
  public struct Copy: Equatable, Sendable {
    public let path: String
    public let content: Data
    /// How the app lists the original and the copy.
    public let name: String
    public let copyName: String
  }

  /// The file at `path` with `content` made a copy as the pattern editor makes one: the name
  /// with " (copy)" (then " (copy 2)" …), the id with "-copy" (then "-copy-2" …) and the file
  /// `<id>.json`, so the app lists both and no id is taken twice. A file that is no object
  /// with an id and a name keeps its bytes under `NAME (copy).json`. `taken` holds the paths
  /// there are on either side.
  public static func copy(of content: Data, path: String, taken: Set<String>) -> Copy {
    let parts = path.split(separator: "/").map(String.init)
    let folder = parts.dropLast().joined(separator: "/")
    let stem = String((parts.last ?? "").dropLast(".json".count))
    guard case .object(var members)? = try? JSONValue(parsing: content),
      case .string(let id)? = members["id"], case .string(let name)? = members["name"]
    else {
      let number = free { !taken.contains("\(folder)/\(stem) (\(word($0))).json") }
      return Copy(
        path: "\(folder)/\(stem) (\(word(number))).json", content: content, name: stem,
        copyName: "\(stem) (\(word(number)))")
    }
    let copyID = { (number: Int) in number == 1 ? "\(id)-copy" : "\(id)-copy-\(number)" }
    let number = free { !taken.contains("\(folder)/\(copyID($0)).json") }
    members["id"] = .string(copyID(number))
    members["name"] = .string("\(name) (\(word(number)))")
    // Made of values that came from JSON, so it always serializes.
    let data = (try? JSONValue.object(members).serialized()) ?? content
    return Copy(
      path: "\(folder)/\(copyID(number)).json", content: data + Data("\n".utf8), name: name,
      copyName: "\(name) (\(word(number)))")
  }

  private static func word(_ number: Int) -> String {
    number == 1 ? "copy" : "copy \(number)"
  }

  /// The first number from 1 that `isFree` takes.
  private static func free(_ isFree: (Int) -> Bool) -> Int {
    var number = 1
    while !isFree(number) { number += 1 }
    return number
  }
}
