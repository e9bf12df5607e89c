import Foundation
import NetAPI

/// Boards over a family of patterns, for everyone or for one class's students.
public typealias FamilyLeaderboardInfo = Components.Schemas.FamilyLeaderboard
public typealias FamilyBoardInfo = Components.Schemas.FamilyBoard
public typealias FamilyBoardRow = Components.Schemas.FamilyBoardEntry

extension PracticeRoomClient {
  /// The family's boards, levels 1–2, 3–4 and 5–6, with my place on each.
  public func familyLeaderboard(family: String, token: String) async throws(ClientFailure)
    -> FamilyLeaderboardInfo
  {
    let output = try await call(token: token) {
      try await $0.getFamilyLeaderboard(path: .init(family: family))
    }
    switch output {
    case .ok(let ok): return try Self.payload { try ok.body.json }
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// The class's boards over the family (every pattern when nil): its students only.
  public func classLeaderboard(classID: String, family: String?, token: String)
    async throws(ClientFailure) -> FamilyLeaderboardInfo
  {
    let output = try await call(token: token) {
      try await $0.getClassLeaderboard(
        path: .init(classId: classID), query: .init(family: family))
    }
    switch output {
    case .ok(let ok): return try Self.payload { try ok.body.json }
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }
}
