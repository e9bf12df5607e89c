import Foundation
import NetAPI

/// One player's stars and comment on a shared pattern, as the server lists them.
public typealias PatternRatingInfo = Components.Schemas.PatternRating
/// A page of a pattern's comments, with the count and average of all its ratings.
public typealias PatternCommentsInfo = Components.Schemas.PatternComments

extension PracticeRoomClient {
  /// Gives my stars and comment to the pattern of share `shareID`, replacing mine.
  public func rate(shareID: String, stars: Int, comment: String?, token: String)
    async throws(ClientFailure) -> PatternRatingInfo
  {
    let output = try await call(token: token) {
      try await $0.ratePattern(
        path: .init(shareId: shareID), body: .json(.init(stars: stars, comment: comment)))
    }
    switch output {
    case .ok(let ok): return try Self.payload { try ok.body.json }
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .tooManyRequests(let response):
      throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func removeRating(shareID: String, token: String) async throws(ClientFailure) {
    let output = try await call(token: token) {
      try await $0.deletePatternRating(path: .init(shareId: shareID))
    }
    switch output {
    case .noContent: return
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// A page of the comments on the pattern of share `shareID`, the latest written first.
  public func comments(shareID: String, limit: Int, offset: Int = 0, token: String)
    async throws(ClientFailure) -> PatternCommentsInfo
  {
    let output = try await call(token: token) {
      try await $0.listPatternComments(
        path: .init(shareId: shareID), query: .init(limit: limit, offset: offset))
    }
    switch output {
    case .ok(let ok): return try Self.payload { try ok.body.json }
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// Hides `player`'s comment on the pattern of share `shareID` from the class's students, or
  /// shows it again (`hidden` false).
  public func setCommentHidden(
    _ hidden: Bool, classID: String, shareID: String, player: String, token: String
  ) async throws(ClientFailure) {
    if hidden {
      let output = try await call(token: token) {
        try await $0.hideComment(
          path: .init(classId: classID, shareId: shareID, player: player))
      }
      switch output {
      case .noContent: return
      case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
      case .notFound(let response): throw .refused(try Self.message { try response.body.json })
      case .unauthorized: throw .tokenRefused
      case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
      }
    } else {
      let output = try await call(token: token) {
        try await $0.unhideComment(
          path: .init(classId: classID, shareId: shareID, player: player))
      }
      switch output {
      case .noContent: return
      case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
      case .notFound(let response): throw .refused(try Self.message { try response.body.json })
      case .unauthorized: throw .tokenRefused
      case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
      }
    }
  }
}
