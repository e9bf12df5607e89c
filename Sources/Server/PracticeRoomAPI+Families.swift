import Foundation
import MusicTheory
import NetAPI
import Practice
import ServerStore
import Storage

/// Boards over a family of patterns (`PatternFamily`), for everyone or for one class's
/// students; a class's board is answered only to its teacher and its students.
extension PracticeRoomAPI {
  func getFamilyLeaderboard(_ input: Operations.GetFamilyLeaderboard.Input) async throws
    -> Operations.GetFamilyLeaderboard.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard let family = PatternFamily(named: input.path.family) else {
      return .badRequest(Self.notAFamily)
    }
    let patternIDs = try await patternIDs(of: family)
    guard family.isShipped || patternIDs?.isEmpty == false else {
      return .notFound(
        .init(body: .json(.init(error: "no pattern is of the family \(family.name)"))))
    }
    let boards = try await scores.familyBoards(patternIDs: patternIDs, player: account.name)
    return .ok(.init(body: .json(.init(family: family.name, boards: boards.map(Self.schema)))))
  }

  func getClassLeaderboard(_ input: Operations.GetClassLeaderboard.Input) async throws
    -> Operations.GetClassLeaderboard.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard let family = PatternFamily(named: input.query.family ?? "all") else {
      return .badRequest(Self.notAFamily)
    }
    let found: SchoolClass
    switch try await access(input.path.classId, by: account.name) {
    case .none: return .notFound(Self.noSuchClass(input.path.classId))
    case .student(let schoolClass), .teacher(let schoolClass): found = schoolClass
    }
    let boards = try await scores.familyBoards(
      patternIDs: try await patternIDs(of: family),
      members: try await classes.members(of: found.id), player: account.name)
    return .ok(
      .init(
        body: .json(
          .init(
            family: family.name, classId: found.id, className: found.name,
            boards: boards.map(Self.schema)))))
  }

  /// The ids played on some board that belong to `family`, nil for every pattern. A pattern
  /// that was not shipped is of the category its latest share gives; one never shared is of
  /// none.
  private func patternIDs(of family: PatternFamily) async throws -> [String]? {
    guard family != .all else { return nil }
    let played = try await scores.playedPatternIDs()
    var categories = PatternFamily.shippedCategories
    if case .category = family {
      let others = played.filter { categories[$0] == nil }
      for (id, file) in try await shares.latestFiles(patternIDs: others) {
        categories[id] = try? PatternLibrary.decode(Data(file.utf8), file: id).category
      }
    }
    return played.filter { family.contains(patternID: $0, category: categories[$0]) }
  }

  private static let notAFamily = Components.Responses.BadRequest(
    body: .json(
      .init(
        error: "a family is all, scales, arpeggios, chords or a pattern id without its "
          + "position, such as dorian or 7-chord")))

  private static func schema(_ board: FamilyBoard) -> Components.Schemas.FamilyBoard {
    .init(
      band: board.band, players: board.players, top: board.top.map(schema),
      mine: board.mine.map(schema), near: board.near.map(schema))
  }

  private static func schema(_ entry: FamilyBoardEntry) -> Components.Schemas.FamilyBoardEntry {
    .init(
      place: entry.place, player: entry.player, score: entry.score, patterns: entry.patterns,
      level: entry.level, playedAt: entry.playedAt)
  }
}
