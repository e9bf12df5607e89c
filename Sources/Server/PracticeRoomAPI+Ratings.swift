import Foundation
import NetAPI
import ServerStore

/// Ratings and comments on shared patterns, reached through a share the reader may read; and a
/// teacher's hiding of a student's comment from their class.
extension PracticeRoomAPI {
  func ratePattern(_ input: Operations.RatePattern.Input) async throws
    -> Operations.RatePattern.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard case .json(let request) = input.body else { return .badRequest(Self.badBody) }
    let comment = request.comment ?? ""
    if let problem = PatternRatingStore.problem(withStars: request.stars)
      ?? PatternRatingStore.problem(withComment: comment)
    {
      return .badRequest(.init(body: .json(.init(error: problem))))
    }
    guard let share = try await readableShare(input.path.shareId, by: account.name) else {
      return .notFound(Self.noSuchShare(input.path.shareId))
    }
    guard share.owner != account.name else {
      return .forbidden(Self.forbidden("you cannot rate your own pattern"))
    }
    if let wait = try await accounts.secondsUntilRatingAllowed(account: account.name) {
      logger.notice("ratings limited", metadata: ["name": "\(account.name)"])
      return .tooManyRequests(
        .init(
          headers: .init(retryAfter: wait),
          body: .json(.init(error: "too many ratings and comments: try again in \(wait) s"))))
    }
    try await accounts.recordRatingWrite(account: account.name)
    let rating = try await ratings.rate(
      RatedPattern(share), player: account.name, stars: request.stars, comment: comment)
    logger.info(
      "pattern rated",
      metadata: ["share": "\(share.id)", "pattern": "\(share.patternID)", "by": "\(account.name)"])
    return .ok(.init(body: .json(Self.schema(rating))))
  }

  func deletePatternRating(_ input: Operations.DeletePatternRating.Input) async throws
    -> Operations.DeletePatternRating.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let id = input.path.shareId
    guard let share = try await readableShare(id, by: account.name) else {
      return .notFound(Self.noSuchShare(id))
    }
    guard try await ratings.remove(RatedPattern(share), player: account.name) else {
      return .notFound(
        .init(
          body: .json(.init(error: "you have not rated \(share.patternID) from \(share.owner)"))))
    }
    return .noContent(.init())
  }

  func listPatternComments(_ input: Operations.ListPatternComments.Input) async throws
    -> Operations.ListPatternComments.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let limit = input.query.limit ?? 20
    let offset = input.query.offset ?? 0
    guard PatternRatingStore.pageSizes.contains(limit), offset >= 0 else {
      return .badRequest(
        .init(
          body: .json(
            .init(
              error: "a page has \(PatternRatingStore.pageSizes.lowerBound) to "
                + "\(PatternRatingStore.pageSizes.upperBound) comments from an offset of 0 or more"
            ))))
    }
    guard let share = try await readableShare(input.path.shareId, by: account.name) else {
      return .notFound(Self.noSuchShare(input.path.shareId))
    }
    let page = try await ratings.comments(
      on: RatedPattern(share), reader: account.name, limit: limit, offset: offset)
    return .ok(
      .init(
        body: .json(
          .init(
            ratingCount: page.summary.count, ratingAverage: page.summary.average,
            comments: page.comments.map(Self.schema), nextOffset: page.nextOffset))))
  }

  func hideComment(_ input: Operations.HideComment.Input) async throws
    -> Operations.HideComment.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    switch try await hidingTarget(
      classID: input.path.classId, shareID: input.path.shareId, player: input.path.player,
      teacher: account.name, needsRating: true)
    {
    case .notFound(let message): return .notFound(.init(body: .json(.init(error: message))))
    case .forbidden(let message): return .forbidden(Self.forbidden(message))
    case .found(let found, let pattern, let player):
      try await ratings.hide(pattern, player: player, classID: found.id, by: account.name)
      logger.info(
        "comment hidden",
        metadata: [
          "class": "\(found.id)", "player": "\(player)", "pattern": "\(pattern.patternID)",
        ]
      )
      return .noContent(.init())
    }
  }

  func unhideComment(_ input: Operations.UnhideComment.Input) async throws
    -> Operations.UnhideComment.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    switch try await hidingTarget(
      classID: input.path.classId, shareID: input.path.shareId, player: input.path.player,
      teacher: account.name, needsRating: false)
    {
    case .notFound(let message): return .notFound(.init(body: .json(.init(error: message))))
    case .forbidden(let message): return .forbidden(Self.forbidden(message))
    case .found(let found, let pattern, let player):
      guard try await ratings.unhide(pattern, player: player, classID: found.id) else {
        return .notFound(
          .init(
            body: .json(.init(error: "\(player)'s comment is not hidden in \(found.name)"))))
      }
      return .noContent(.init())
    }
  }

  private enum HidingTarget {
    case notFound(String)
    case forbidden(String)
    case found(SchoolClass, RatedPattern, player: String)
  }

  /// The class, pattern and student a teacher's hide names, once each is checked: the class is
  /// the caller's to teach, the share theirs to read, the player a student of the class who
  /// rated the pattern (`needsRating`: a hide outlives the comment, and is lifted without it).
  private func hidingTarget(
    classID: String, shareID: String, player: String, teacher: String, needsRating: Bool
  ) async throws -> HidingTarget {
    let found: SchoolClass
    switch try await access(classID, by: teacher) {
    case .none: return .notFound("there is no class \(classID)")
    case .student: return .forbidden("only the teacher of a class hides comments in it")
    case .teacher(let taught): found = taught
    }
    guard let share = try await readableShare(shareID, by: teacher) else {
      return .notFound("there is no shared pattern \(shareID)")
    }
    let pattern = RatedPattern(share)
    guard AccountRules.problem(withName: player) == nil,
      try await classes.isMember(player, of: found.id)
    else { return .notFound("\(player) is not a student of \(found.name)") }
    if needsRating, try await !ratings.hasRated(pattern, player: player) {
      return .notFound("\(player) has not rated \(share.patternID) from \(share.owner)")
    }
    return .found(found, pattern, player: player)
  }

  private func readableShare(_ id: String, by reader: String) async throws
    -> ServerStore.PatternShare?
  {
    guard id.count <= 64 else { return nil }
    return try await shares.fetch(id: id, reader: reader)?.0
  }

  private static func noSuchShare(_ id: String) -> Components.Responses.NotFound {
    .init(body: .json(.init(error: "there is no shared pattern \(id)")))
  }

  private static func schema(_ rating: ServerStore.PatternRating)
    -> Components.Schemas.PatternRating
  {
    .init(
      player: rating.player, stars: rating.stars, comment: rating.comment,
      createdAt: rating.createdAt, updatedAt: rating.updatedAt, hidden: rating.isHidden)
  }
}
