import Foundation
import NetAPI
import Practice
import ServerStore

/// Interval-game scores: each comes with the history line that produced it, and is taken only
/// when `ScorePlausibility` finds the game could have given it.
extension PracticeRoomAPI {
  /// A history line is at most this long in the practice room (`FileKind.historyLine`).
  static let longestRecord = 64 * 1024

  func submitIntervalScore(_ input: Operations.SubmitIntervalScore.Input) async throws
    -> Operations.SubmitIntervalScore.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard case .json(let request) = input.body else { return .badRequest(Self.badBody) }
    guard request.record.utf8.count <= Self.longestRecord else {
      return .badRequest(
        .init(body: .json(.init(error: "the record is longer than a line of history"))))
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    guard let record = try? decoder.decode(SessionRecord.self, from: Data(request.record.utf8))
    else {
      return .badRequest(
        .init(body: .json(.init(error: "the record is not a line of Woodshed's history"))))
    }
    let result: IntervalGameResult
    do {
      result = try ScorePlausibility.intervalResult(of: record, now: Date())
    } catch {
      logger.notice(
        "score refused", metadata: ["player": "\(account.name)", "why": "\(error.description)"])
      return .unprocessableContent(.init(body: .json(.init(error: error.description))))
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
                mine: $0.mine.map(Self.schema))
            }))))
  }

  private static func schema(_ entry: BoardEntry) -> Components.Schemas.LeaderboardEntry {
    .init(
      place: entry.place, player: entry.player, score: entry.score, level: entry.level,
      playedAt: entry.playedAt)
  }
}
