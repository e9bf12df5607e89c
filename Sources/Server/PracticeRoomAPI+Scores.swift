import Foundation
import NetAPI
import Practice
import ServerStore

/// Interval-game scores: each comes with the history line that produced it, and is taken only
/// when `ScorePlausibility` finds the game could have given it.
extension PracticeRoomAPI {
  /// A history line is at most this long in the practice room (`FileKind.historyLine`).
  static let longestRecord = 512 * 1024

  func submitIntervalScore(_ input: Operations.SubmitIntervalScore.Input) async throws
    -> Operations.SubmitIntervalScore.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard case .json(let request) = input.body else { return .badRequest(Self.badBody) }
    let result: IntervalGameResult
    switch checked(request.record, player: account.name, by: ScorePlausibility.intervalResult) {
    case .success(let checked): result = checked
    case .failure(.unreadable(let error)):
      return .badRequest(.init(body: .json(.init(error: error))))
    case .failure(.implausible(let error)):
      return .unprocessableContent(.init(body: .json(.init(error: error))))
    }
    let isNew = try await scores.record(
      player: account.name, startedAt: result.startedAt, patternID: result.patternID,
      band: result.band, level: result.level, score: result.score, record: request.record)
    let receipt = Components.Schemas.IntervalScoreReceipt(
      status: isNew ? .recorded : .alreadyRecorded, patternId: result.patternID,
      band: result.band, score: result.score, level: result.level)
    guard isNew else { return .ok(.init(body: .json(receipt))) }
    logger.info(
      "score recorded",
      metadata: [
        "player": "\(account.name)", "pattern": "\(result.patternID)", "score": "\(result.score)",
      ])
    // A class's recommendation of this pattern up to this level is finished by the game itself.
    try await classes.gameReached(
      level: result.level, patternID: result.patternID, player: account.name)
    return .created(.init(body: .json(receipt)))
  }

  func getIntervalLeaderboard(_ input: Operations.GetIntervalLeaderboard.Input) async throws
    -> Operations.GetIntervalLeaderboard.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let patternID = input.path.patternId
    guard ScorePlausibility.isPatternID(patternID) else {
      return .badRequest(
        .init(body: .json(.init(error: "a pattern id has lower-case letters, digits and hyphens")))
      )
    }
    let boards = try await scores.boards(patternID: patternID, player: account.name)
    return .ok(
      .init(
        body: .json(
          .init(
            patternId: patternID,
            boards: boards.map {
              .init(
                band: $0.band, players: $0.players, top: $0.top.map(Self.schema),
                mine: $0.mine.map(Self.schema), near: $0.near.map(Self.schema))
            }))))
  }

  /// A drill's, a streak's or a live rhythm run's record, taken when `ScorePlausibility` finds
  /// the exercise could have given it.
  func submitBoardScore(_ input: Operations.SubmitBoardScore.Input) async throws
    -> Operations.SubmitBoardScore.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard case .json(let request) = input.body else { return .badRequest(Self.badBody) }
    let result: BoardResult
    switch checked(request.record, player: account.name, by: ScorePlausibility.boardResult) {
    case .success(let checked): result = checked
    case .failure(.unreadable(let error)):
      return .badRequest(.init(body: .json(.init(error: error))))
    case .failure(.implausible(let error)):
      return .unprocessableContent(.init(body: .json(.init(error: error))))
    }
    let isNew = try await boardScores.record(
      player: account.name, game: result.game.rawValue, startedAt: result.startedAt,
      board: result.board, score: result.score, record: request.record)
    let receipt = Components.Schemas.BoardScoreReceipt(
      status: isNew ? .recorded : .alreadyRecorded, game: Self.schema(result.game),
      board: result.board, score: result.score)
    guard isNew else { return .ok(.init(body: .json(receipt))) }
    logger.info(
      "score recorded",
      metadata: [
        "player": "\(account.name)", "game": "\(result.game.rawValue)",
        "board": "\(result.board)", "score": "\(result.score)",
      ])
    return .created(.init(body: .json(receipt)))
  }

  func getScoreBoard(_ input: Operations.GetScoreBoard.Input) async throws
    -> Operations.GetScoreBoard.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let game = input.path.game
    let query = input.query
    let board: String
    switch game {
    case .drill, .streak:
      let packs = query.packs.map(Self.ids) ?? []
      guard ScorePlausibility.isPacks(packs), query.line == nil, query.bpm == nil,
        query.bars == nil
      else {
        return .badRequest(
          .init(
            body: .json(
              .init(error: "a drill's or a streak's board takes packs: ids joined by commas"))))
      }
      board = BoardResult.packsBoard(packs)
    case .rhythm:
      let line = query.line.map(Self.ids) ?? []
      guard ScorePlausibility.isLine(line), let bpm = query.bpm,
        ScorePlausibility.rhythmTempi.contains(bpm), let bars = query.bars,
        ScorePlausibility.rhythmBars.contains(bars), query.packs == nil
      else {
        return .badRequest(
          .init(
            body: .json(
              .init(
                error: "a rhythm board takes a line (pattern ids joined by commas), a bpm "
                  + "from \(ScorePlausibility.rhythmTempi.lowerBound) to "
                  + "\(ScorePlausibility.rhythmTempi.upperBound) and bars from "
                  + "\(ScorePlausibility.rhythmBars.lowerBound) to "
                  + "\(ScorePlausibility.rhythmBars.upperBound)"))))
      }
      board = BoardResult.rhythmBoard(line: line, bpm: bpm, bars: bars)
    }
    let found = try await boardScores.board(game: game.rawValue, board: board, player: account.name)
    return .ok(
      .init(
        body: .json(
          .init(
            game: game, board: board, players: found.players, top: found.top.map(Self.schema),
            mine: found.mine.map(Self.schema), near: found.near.map(Self.schema)))))
  }

  /// The game's result of the line sent as a record, read and checked by `check`; or why it is
  /// refused: not a line of history (400), or a score the game cannot give (422, logged).
  private func checked<GameResult>(
    _ line: String, player: String,
    by check: (SessionRecord, Date) throws(ScoreRefusal) -> GameResult
  ) -> Result<GameResult, ScoreProblem> {
    guard line.utf8.count <= Self.longestRecord else {
      return .failure(.unreadable("the record is longer than a line of history"))
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    guard let record = try? decoder.decode(SessionRecord.self, from: Data(line.utf8)) else {
      return .failure(.unreadable("the record is not a line of Woodshed's history"))
    }
    do throws(ScoreRefusal) {
      return .success(try check(record, Date()))
    } catch {
      logger.notice(
        "score refused", metadata: ["player": "\(player)", "why": "\(error.description)"])
      return .failure(.implausible(error.description))
    }
  }

  private enum ScoreProblem: Error {
    case unreadable(String)
    case implausible(String)
  }

  private static func ids(_ list: String) -> [String] {
    list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
  }

  private static func schema(_ game: BoardGame) -> Components.Schemas.BoardGame {
    switch game {
    case .drill: .drill
    case .streak: .streak
    case .rhythm: .rhythm
    }
  }

  private static func schema(_ entry: BoardScoreEntry) -> Components.Schemas.BoardScoreEntry {
    .init(place: entry.place, player: entry.player, score: entry.score, playedAt: entry.playedAt)
  }

  private static func schema(_ entry: BoardEntry) -> Components.Schemas.LeaderboardEntry {
    .init(
      place: entry.place, player: entry.player, score: entry.score, level: entry.level,
      playedAt: entry.playedAt)
  }
}
