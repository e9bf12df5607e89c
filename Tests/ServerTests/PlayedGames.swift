import Foundation
import GameRecords
import Practice

/// The played games as the server's tests use them: dated hours ago and written into a
/// player's history.
extension PlayedGames {
  struct Game {
    let record: SessionRecord
    var score: Int { Int(record.figures["score"] ?? 0) }
    var level: Int { Int(record.figures["level"] ?? 0) }

    /// The record as one line of history.jsonl.
    var line: String { PlayedGames.line(record) }
  }

  /// A game ended by the player after `clears` questions, started `hoursAgo` hours ago.
  static func game(clears: Int, hoursAgo: Double, seed: UInt64 = 5) -> Game {
    // Whole seconds, as the history writes dates.
    let start = (Date().timeIntervalSince1970 - hoursAgo * 3600).rounded(.down)
    return Game(
      record: record(clears: clears, seed: seed, startedAt: Date(timeIntervalSince1970: start)))
  }

  /// Appends `games` to the history of `home`.
  static func write(_ games: [Game], to home: NetHome) throws {
    let folder = home.folder.appendingPathComponent("data")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("history.jsonl")
    let before = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    let lines = games.map { $0.line + "\n" }.joined()
    try Data((before + lines).utf8).write(to: file)
  }
}
