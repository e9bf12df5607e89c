import ArgumentParser
import Foundation
import NetClient
import Practice

/// `woodshed leaderboard --game interval --pattern ID`: a pattern's boards, one per level
/// band, the ten best players and my own place.
struct LeaderboardCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "leaderboard",
    abstract: "A pattern's interval-game boards per level band, with your place.")

  enum Game: String, ExpressibleByArgument, CaseIterable {
    case interval
  }

  @Option(help: "The game: interval.") var game: Game
  @Option(help: "The pattern's id, as `woodshed patterns list` shows it.") var pattern: String
  @Flag(help: "Print JSON.") var json = false

  func run() async throws {
    guard ScorePlausibility.isPatternID(pattern) else {
      throw CommandFailure("a pattern id has lower-case letters, digits and hyphens")
    }
    guard let credentials = try CredentialsFile(paths: WoodshedNet.paths).read() else {
      throw ClientFailure.notLoggedIn
    }
    let client = try PracticeRoomClient(server: credentials.server)
    let boards = try await client.intervalLeaderboard(
      patternID: pattern, token: credentials.token)
    if json {
      print(try Self.json(pattern: pattern, boards: boards))
    } else {
      print(Self.table(pattern: pattern, boards: boards, me: credentials.name), terminator: "")
    }
  }

  static func levels(ofBand band: Int) -> String { "\(2 * band - 1)-\(2 * band)" }

  /// Each band with players as a table: place, player, score, level, date; my row marked
  /// with `*`, and shown under the ten when I am further down.
  static func table(pattern: String, boards: [Leaderboard], me: String) -> String {
    let filled = boards.filter { $0.players > 0 }
    guard !filled.isEmpty else { return "no scores on \(pattern) yet\n" }
    var text = ""
    for board in filled {
      if !text.isEmpty { text += "\n" }
      let players = board.players == 1 ? "1 player" : "\(board.players) players"
      text += "\(pattern), levels \(levels(ofBand: board.band)): \(players)\n"
      let width = max(
        6, (board.top + [board.mine].compactMap { $0 }).map(\.player.count).max() ?? 0)
      text += "  place  \(pad("player", width))  score  level  date\n"
      var rows = board.top.map(Optional.some)
      if let mine = board.mine, !board.top.contains(mine) { rows += [nil, mine] }
      for row in rows {
        guard let row else {
          text += "    ...\n"
          continue
        }
        let mark = row.player == me ? "*" : " "
        text +=
          "\(mark) \(left(String(row.place), 5))  \(pad(row.player, width))  "
          + "\(left(String(row.score), 5))  \(left(String(row.level), 5))  \(day(row.playedAt))\n"
      }
    }
    return text
  }

  static func json(pattern: String, boards: [Leaderboard]) throws -> String {
    struct Row: Encodable {
      let place: Int
      let player: String
      let score: Int
      let level: Int
      let playedAt: Date
    }
    struct Board: Encodable {
      let band: Int
      let levels: String
      let players: Int
      let top: [Row]
      let mine: Row?
    }
    struct Boards: Encodable {
      let patternId: String
      let boards: [Board]
    }
    let row = { (entry: LeaderboardRow) in
      Row(
        place: entry.place, player: entry.player, score: entry.score, level: entry.level,
        playedAt: entry.playedAt)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let value = Boards(
      patternId: pattern,
      boards: boards.map {
        Board(
          band: $0.band, levels: levels(ofBand: $0.band), players: $0.players,
          top: $0.top.map(row), mine: $0.mine.map(row))
      })
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  private static func left(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  private static func day(_ date: Date) -> String {
    String(ISO8601DateFormatter().string(from: date).prefix(10))
  }
}
