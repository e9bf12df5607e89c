import ArgumentParser
import Foundation
import NetClient
import Practice
import Storage
import TerminalUI

/// `woodshed leaderboard --game interval --pattern ID`: a pattern's boards, one per level
/// band; `--game drill|streak --packs a,b`: the board of that choice of packs; `--game rhythm
/// --line a,b --bpm N --bars N`: the board of a rhythm line at a tempo over so many bars;
/// `--family F` and `--class NAME`: the interval game's boards over a family of patterns, of
/// every player or of a class's students. Each with the ten best players and my own place.
struct LeaderboardCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "leaderboard",
    abstract:
      "The boards of the interval game (per pattern, family of patterns or class), the timed "
      + "drill and the streak (per choice of packs) and the rhythm trainer (per line, tempo and "
      + "bars), with your place.")

  enum Game: String, ExpressibleByArgument, CaseIterable {
    case interval
    case drill
    case streak
    case rhythm
  }

  @Option(help: "The game: interval, drill, streak or rhythm.") var game: Game?
  @Option(
    help: """
      interval: a board over a family of patterns: all, scales, arpeggios, chords, or a \
      pattern id without its position (dorian, 7-chord).
      """)
  var family: String?
  @Option(
    name: .customLong("class"),
    help: "interval: the board of a class you teach or belong to, its students only.")
  var className: String?
  @Option(help: "interval: the pattern's id, as `woodshed patterns list` shows it.")
  var pattern: String?
  @Option(help: "drill, streak: the packs' ids, joined by commas, in any order.")
  var packs: String?
  @Option(help: "rhythm: the line's pattern ids in the order played, joined by commas.")
  var line: String?
  @Option(help: "rhythm: the tempo as played, in beats per minute.") var bpm: Int?
  @Option(help: "rhythm: how many bars the run lasted.") var bars: Int?
  @Flag(help: "Print JSON.") var json = false

  /// The board the flags name (nil for the interval game's, named by its pattern), or the one
  /// line saying which flags the game takes (`UsageFailure`) or what is wrong with an id.
  func choice() throws -> ScoreBoardChoice? {
    let given = [
      ("--pattern", pattern != nil), ("--packs", packs != nil), ("--line", line != nil),
      ("--bpm", bpm != nil), ("--bars", bars != nil),
    ].filter(\.1).map(\.0)
    let ids = { (list: String) in
      list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    if family != nil || className != nil {
      guard game == nil || game == .interval, given.isEmpty else {
        throw UsageFailure(
          "--family and --class are the interval game's boards, and take no --pattern, "
            + "--packs, --line, --bpm or --bars")
      }
      return nil
    }
    guard let game else {
      throw UsageFailure("name a board: --game GAME, --family FAMILY or --class NAME")
    }
    switch game {
    case .interval:
      guard given == ["--pattern"] else {
        throw UsageFailure(
          "--game interval takes --pattern ID, and no --packs, --line, --bpm or --bars")
      }
      return nil
    case .drill, .streak:
      guard given == ["--packs"], let packs else {
        throw UsageFailure(
          "--game \(game.rawValue) takes --packs ID,ID..., and no --pattern, --line, --bpm or --bars"
        )
      }
      guard ScorePlausibility.isPacks(ids(packs)) else {
        throw CommandFailure("a pack id has lower-case letters, digits and hyphens")
      }
      return game == .drill ? .drill(packs: ids(packs)) : .streak(packs: ids(packs))
    case .rhythm:
      guard given == ["--line", "--bpm", "--bars"], let line, let bpm, let bars else {
        throw UsageFailure(
          "--game rhythm takes --line ID,ID..., --bpm N and --bars N, and no --pattern or --packs")
      }
      guard ScorePlausibility.isLine(ids(line)) else {
        throw CommandFailure(
          "a line is 1 to \(ScorePlausibility.longestLine) rhythm pattern ids of lower-case "
            + "letters, digits and hyphens")
      }
      return .rhythm(line: ids(line), bpm: bpm, bars: bars)
    }
  }

  func run() async throws {
    let choice = try choice()
    let credentials = try WoodshedNet.credentials()
    let client = try PracticeRoomClient(server: credentials.server)
    guard let choice, let game else {
      if family != nil || className != nil {
        return try await familyBoards(client, credentials)
      }
      return try await intervalBoards(client, credentials)
    }
    let board = try await client.scoreBoard(choice, token: credentials.token)
    if json {
      print(try Self.json(game: game, board: board))
    } else {
      print(
        Self.table(game: game, board: board, me: credentials.name, try WoodshedNet.texts()),
        terminator: "")
    }
  }

  /// A family's boards, or a class's: the class is found by name among those I teach, then
  /// those I belong to.
  private func familyBoards(_ client: PracticeRoomClient, _ credentials: Credentials)
    async throws
  {
    let boards: FamilyLeaderboardInfo
    if let className {
      let classes = try await client.classes(token: credentials.token)
      guard
        let found = classes.first(where: { $0.role == .teacher && $0.name == className })
          ?? classes.first(where: { $0.name == className })
      else {
        throw CommandFailure(
          TerminalText.message(
            try WoodshedNet.texts().text("leaderboard.error.noClass", ["name": className])))
      }
      boards = try await client.classLeaderboard(
        classID: found.id, family: family, token: credentials.token)
    } else {
      boards = try await client.familyLeaderboard(family: family ?? "", token: credentials.token)
    }
    if json {
      print(try Self.json(family: boards))
    } else {
      print(
        Self.table(family: boards, me: credentials.name, try WoodshedNet.texts()), terminator: "")
    }
  }

  /// "scales", or "scales in Tuesday guitar" for a class's board.
  static func title(family board: FamilyLeaderboardInfo, _ texts: Localizer) -> String {
    let family = board.family == "all" ? texts["leaderboard.allPatterns"] : board.family
    return board.className.map {
      texts.text("leaderboard.inClass", ["family": family, "class": TerminalText.message($0)])
    } ?? family
  }

  /// "scales, levels 1-2: 3 players".
  private static func bandLine(_ title: String, band: Int, players: Int, _ texts: Localizer)
    -> String
  {
    WoodshedNet.counted(
      "leaderboard.band", players, ["title": title, "levels": levels(ofBand: band)], texts)
  }

  /// Each band with players as a table: place, player, the sum of bests, how many patterns,
  /// the highest level, the date of the latest best; my row marked `*`, and the players near it.
  static func table(family board: FamilyLeaderboardInfo, me: String, _ texts: Localizer)
    -> String
  {
    let title = title(family: board, texts)
    let filled = board.boards.filter { $0.players > 0 }
    guard !filled.isEmpty else { return texts.text("leaderboard.none", ["title": title]) + "\n" }
    var text = ""
    for band in filled {
      if !text.isEmpty { text += "\n" }
      text += bandLine(title, band: band.band, players: band.players, texts) + "\n"
      text += rows(
        top: band.top, mine: band.mine, near: band.near ?? [], me: me, texts: texts,
        columns: ["leaderboard.score", "leaderboard.patterns", "leaderboard.level"],
        place: \.place, player: \.player, playedAt: \.playedAt,
        cells: { [String($0.score), String($0.patterns), String($0.level)] })
    }
    return text
  }

  static func json(family board: FamilyLeaderboardInfo) throws -> String {
    struct Boards: Encodable {
      let family: String
      let className: String?
      let boards: [BandBoardJSON]
    }
    let row = { (entry: FamilyBoardRow) in
      BandBoardJSON.Row(
        place: entry.place, player: entry.player, score: entry.score, patterns: entry.patterns,
        level: entry.level, playedAt: entry.playedAt)
    }
    return try WoodshedNet.json(
      Boards(
        family: board.family, className: board.className,
        boards: board.boards.map {
          BandBoardJSON(
            band: $0.band, levels: levels(ofBand: $0.band), players: $0.players,
            top: $0.top.map(row), mine: $0.mine.map(row), near: ($0.near ?? []).map(row))
        }))
  }

  private func intervalBoards(_ client: PracticeRoomClient, _ credentials: Credentials)
    async throws
  {
    let pattern = pattern ?? ""
    guard ScorePlausibility.isPatternID(pattern) else {
      throw CommandFailure("a pattern id has lower-case letters, digits and hyphens")
    }
    let boards = try await client.intervalLeaderboard(
      patternID: pattern, token: credentials.token)
    if json {
      print(try Self.json(pattern: pattern, boards: boards))
    } else {
      print(
        Self.table(pattern: pattern, boards: boards, me: credentials.name, try WoodshedNet.texts()),
        terminator: "")
    }
  }

  /// "drill on bass-staff,treble-staff", "rhythm on quarter,eighths at 90 bpm, 8 bars".
  static func title(game: Game, board: String, _ texts: Localizer) -> String {
    guard game == .rhythm, let at = board.lastIndex(of: "@") else {
      return texts.text("leaderboard.gameOn", ["game": game.rawValue, "board": board])
    }
    let tempo = board[board.index(after: at)...].split(separator: "x")
    let bars =
      tempo.count != 2
      ? ""
      : tempo[1] == "1"
        ? texts["leaderboard.bars.one"]
        : texts.text("leaderboard.bars", ["count": String(tempo[1])])
    return texts.text(
      "leaderboard.rhythmOn", ["line": String(board[..<at]), "bpm": String(tempo.first ?? "")])
      + bars
  }

  /// The board as a table: place, player, cards right or accuracy, date; my row marked with
  /// `*`, and the players near it, after the ten when I am further down.
  static func table(game: Game, board: ScoreBoard, me: String, _ texts: Localizer) -> String {
    let title = title(game: game, board: board.board, texts)
    guard board.players > 0 else { return texts.text("leaderboard.none", ["title": title]) + "\n" }
    var text =
      WoodshedNet.counted("leaderboard.board", board.players, ["title": title], texts) + "\n"
    let score = { (value: Double) in
      game == .rhythm ? ScorePlausibility.percent(value) : String(Int(value))
    }
    text += rows(
      top: board.top, mine: board.mine, near: board.near, me: me, texts: texts,
      columns: [game == .rhythm ? "leaderboard.accuracy" : "leaderboard.cards"], place: \.place,
      player: \.player, playedAt: \.playedAt, cells: { [score($0.score)] })
    return text
  }

  static func json(game: Game, board: ScoreBoard) throws -> String {
    struct Row: Encodable {
      let place: Int
      let player: String
      let score: Double
      let playedAt: Date
    }
    struct Board: Encodable {
      let game: String
      let board: String
      let players: Int
      let top: [Row]
      let mine: Row?
      let near: [Row]
    }
    let row = { (entry: ScoreBoardRow) in
      Row(place: entry.place, player: entry.player, score: entry.score, playedAt: entry.playedAt)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let value = Board(
      game: game.rawValue, board: board.board, players: board.players, top: board.top.map(row),
      mine: board.mine.map(row), near: board.near.map(row))
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static func levels(ofBand band: Int) -> String { "\(2 * band - 1)-\(2 * band)" }

  /// Each band with players as a table: place, player, score, level, date; my row marked
  /// with `*`, and the players near it, after the ten when I am further down.
  static func table(pattern: String, boards: [Leaderboard], me: String, _ texts: Localizer)
    -> String
  {
    let filled = boards.filter { $0.players > 0 }
    guard !filled.isEmpty else {
      return texts.text("leaderboard.none", ["title": pattern]) + "\n"
    }
    var text = ""
    for board in filled {
      if !text.isEmpty { text += "\n" }
      text += bandLine(pattern, band: board.band, players: board.players, texts) + "\n"
      text += rows(
        top: board.top, mine: board.mine, near: board.near, me: me, texts: texts,
        columns: ["leaderboard.score", "leaderboard.level"], place: \.place,
        player: \.player, playedAt: \.playedAt,
        cells: { [String($0.score), String($0.level)] })
    }
    return text
  }

  /// A board's rows under their heading: place, player, `cells` under the headings `columns`
  /// (keys of the texts; each cell right-aligned to its heading), date; my row marked `*`. The
  /// players near mine follow the ten, and so does mine when I am further down, in place order,
  /// with "..." where places are left out.
  private static func rows<Row: Equatable>(
    top: [Row], mine: Row?, near: [Row], me: String, texts: Localizer, columns: [String],
    place: (Row) -> Int, player: (Row) -> String, playedAt: (Row) -> Date,
    cells: (Row) -> [String]
  ) -> String {
    var rows = top
    for row in near + [mine].compactMap({ $0 })
    where !rows.contains(where: { place($0) == place(row) }) {
      rows.append(row)
    }
    rows.sort { place($0) < place($1) }
    let placeHeading = texts["leaderboard.place"]
    let playerHeading = texts["leaderboard.player"]
    let headings = columns.map { texts[$0] }
    let width = max(playerHeading.count, rows.map { player($0).count }.max() ?? 0)
    var text =
      "  \(placeHeading)  \(pad(playerHeading, width))  \(headings.joined(separator: "  "))  "
      + "\(texts["leaderboard.date"])\n"
    for (index, row) in rows.enumerated() {
      if index > 0, place(row) > place(rows[index - 1]) + 1 { text += "    ...\n" }
      let mark = player(row) == me ? "*" : " "
      let values = zip(cells(row), headings).map { left($0, $1.count) }
      text +=
        "\(mark) \(left(String(place(row)), placeHeading.count))  \(pad(player(row), width))  "
        + "\(values.joined(separator: "  "))  \(day(playedAt(row)))\n"
    }
    return text
  }

  static func json(pattern: String, boards: [Leaderboard]) throws -> String {
    struct Boards: Encodable {
      let patternId: String
      let boards: [BandBoardJSON]
    }
    let row = { (entry: LeaderboardRow) in
      BandBoardJSON.Row(
        place: entry.place, player: entry.player, score: entry.score, patterns: nil,
        level: entry.level, playedAt: entry.playedAt)
    }
    return try WoodshedNet.json(
      Boards(
        patternId: pattern,
        boards: boards.map {
          BandBoardJSON(
            band: $0.band, levels: levels(ofBand: $0.band), players: $0.players,
            top: $0.top.map(row), mine: $0.mine.map(row), near: $0.near.map(row))
        }))
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

/// One level band's board as `woodshed leaderboard --json` prints it: a pattern's or a
/// family's.
struct BandBoardJSON: Encodable {
  struct Row: Encodable {
    let place: Int
    let player: String
    let score: Int
    /// On a family's board, how many of its patterns the score sums; left out otherwise.
    let patterns: Int?
    let level: Int
    let playedAt: Date
  }

  let band: Int
  let levels: String
  let players: Int
  let top: [Row]
  let mine: Row?
  let near: [Row]
}
