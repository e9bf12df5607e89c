import Foundation

/// A history backed up in pieces: `data/history.jsonl.pieces/0000`, `0001` … hold the file cut
/// after whole lines, each at most `BackupRules.maximumPieceBytes`, and `manifest.json` (this
/// value) the whole file's size and SHA-256 and each piece's. A history only grows at its end, so
/// the pieces before the last stay the same and a sync sends the last one and any new ones; the
/// manifest lets a restore find a missing or stale piece before it writes anything.
public struct HistoryPieces: Codable, Equatable, Sendable {
  /// The folder of the pieces, under `data`.
  public static let folder = "history.jsonl.pieces"
  public static let manifestPath = "data/\(folder)/manifest.json"
  /// Four digits name a piece: 10 000 pieces hold more than a backup's 64 MiB.
  static let pieceNameDigits = 4

  public let size: Int
  public let sha256: String
  /// Each piece's SHA-256, in order.
  public let pieces: [String]

  public init(size: Int, sha256: String, pieces: [String]) {
    self.size = size
    self.sha256 = sha256
    self.pieces = pieces
  }

  /// The manifest of `history` cut into `pieces`.
  public init(of history: Data, pieces: [Data]) {
    self.init(
      size: history.count, sha256: BackupRules.sha256(of: history),
      pieces: pieces.map { BackupRules.sha256(of: $0) })
  }

  public static func path(ofPiece index: Int) -> String {
    let number = String(index)
    return "data/\(folder)/"
      + String(repeating: "0", count: max(0, pieceNameDigits - number.count)) + number
  }

  /// Whether `path` is a piece's or the manifest's, an item with no file of its own here.
  public static func holds(_ path: String) -> Bool {
    path.hasPrefix("data/\(folder)/")
  }

  static func isItemName(_ name: String) -> Bool {
    name == "manifest.json"
      || (name.utf8.count == pieceNameDigits && name.utf8.allSatisfy { (0x30...0x39).contains($0) })
  }

  /// `history` cut after the last whole line that fits in each piece; a line longer than a piece
  /// (no history writes one) is cut inside it.
  public static func cut(_ history: Data, pieceBytes: Int = BackupRules.maximumPieceBytes)
    -> [Data]
  {
    let bytes = [UInt8](history)
    var pieces: [Data] = []
    var start = 0
    while start < bytes.count {
      let limit = min(start + pieceBytes, bytes.count)
      var end = limit
      if limit < bytes.count, let newline = bytes[start..<limit].lastIndex(of: 0x0a) {
        end = newline + 1
      }
      pieces.append(Data(bytes[start..<end]))
      start = end
    }
    return pieces
  }

  /// The JSON kept as the manifest item: the same history always gives the same bytes.
  public func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Encoding three plain fields cannot fail.
    return (try? encoder.encode(self)) ?? Data()
  }

  /// Why the pieces fetched (nil where the backup has none) do not make this history, or nil
  /// when joined they are it.
  public func problem(joining fetched: [Data?]) -> String? {
    let count = pieces.count
    for (index, sha256) in pieces.enumerated() {
      let piece = index < fetched.count ? fetched[index] : nil
      guard let piece else { return "piece \(index + 1) of \(count) is missing from the backup" }
      guard BackupRules.sha256(of: piece) == sha256 else {
        return "piece \(index + 1) of \(count) is not the one the backup lists"
      }
    }
    let joined = fetched.reduce(into: Data()) { $0.append($1 ?? Data()) }
    guard fetched.count == count, joined.count == size, BackupRules.sha256(of: joined) == sha256
    else { return "its pieces joined are not the history the backup lists" }
    return nil
  }
}
