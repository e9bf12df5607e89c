import Crypto
import Foundation

/// What a backup holds and how large it may be, checked by the server before the database
/// sees an item and by `woodshed sync` before it sends one: the same rules on both sides.
public enum BackupRules {
  public static let maximumItemBytes = 4 << 20
  /// A history is kept in pieces of at most this (`HistoryPieces`), so a sync after a week of
  /// practice sends the last piece and the new ones rather than years of history.
  public static let maximumPieceBytes = 1 << 20
  public static let maximumPlayerBytes = 64 << 20
  public static let maximumPathBytes = 200
  /// A request carrying the largest item: its base64 and the JSON around it.
  public static let maximumRequestBytes = maximumItemBytes / 3 * 4 + 64 * 1024

  /// The files a protocol's folder keeps that are the player's (its `journal.state` is derived).
  public static let protocolFiles: Set<String> = ["session.json", "journal.jsonl"]

  /// Why `path` is not the path of a backup item, or nil when it is. A path is relative to the
  /// woodshed home: `config/settings.json`, `data/history.jsonl` (as one item, or in
  /// pieces: `HistoryPieces`), `data/patterns/NAME.json`, `data/rhythms/NAME.json`,
  /// `data/protocols/NAME/FILE` or `data/protocols/.archive/NAME/FILE`.
  public static func problem(withPath path: String) -> String? {
    let refusal =
      "a backup item is config/settings.json, data/history.jsonl or a piece of it, "
      + "data/patterns/NAME.json, data/rhythms/NAME.json or a protocol's data/protocols/NAME/FILE"
    guard !path.isEmpty, path.utf8.count <= maximumPathBytes else {
      return "a backup item's path has 1 to \(maximumPathBytes) bytes"
    }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard
      parts.allSatisfy({ part in
        !part.isEmpty && part != "." && part != ".."
          && !part.unicodeScalars.contains {
            $0.properties.generalCategory == .control || $0 == "\\"
          }
      })
    else { return refusal }
    switch parts {
    case ["config", "settings.json"], ["data", "history.jsonl"]: return nil
    case let parts
    where parts.count == 3 && parts[0] == "data" && ["patterns", "rhythms"].contains(parts[1]):
      return parts[2].hasSuffix(".json") && !parts[2].hasPrefix(".") ? nil : refusal
    case let parts where parts.count == 3 && parts[0] == "data" && parts[1] == HistoryPieces.folder:
      return HistoryPieces.isItemName(parts[2]) ? nil : refusal
    case let parts where parts.count == 4 && parts[0] == "data" && parts[1] == "protocols":
      return !parts[2].hasPrefix(".") && protocolFiles.contains(parts[3]) ? nil : refusal
    case let parts where parts.count == 5 && parts[0] == "data" && parts[1] == "protocols":
      return parts[2] == ".archive" && !parts[3].hasPrefix(".") && protocolFiles.contains(parts[4])
        ? nil : refusal
    default: return refusal
    }
  }

  /// The most bytes the item at `path` may have: a piece of the history is smaller than the rest.
  public static func maximumBytes(ofPath path: String) -> Int {
    path.hasPrefix("data/\(HistoryPieces.folder)/") ? maximumPieceBytes : maximumItemBytes
  }

  /// The SHA-256 of `bytes`, in lower-case hex.
  public static func sha256<Bytes: DataProtocol>(of bytes: Bytes) -> String {
    SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
  }
}
