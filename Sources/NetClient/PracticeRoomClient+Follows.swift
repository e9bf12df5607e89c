import Foundation
import NetAPI

extension PracticeRoomClient {
  /// Follows `player`: their new bests come into my news.
  public func follow(_ player: String, token: String) async throws(ClientFailure) {
    let output = try await call(token: token) {
      try await $0.followPlayer(path: .init(player: player))
    }
    switch output {
    case .noContent: return
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func unfollow(_ player: String, token: String) async throws(ClientFailure) {
    let output = try await call(token: token) {
      try await $0.unfollowPlayer(path: .init(player: player))
    }
    switch output {
    case .noContent: return
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// The players I follow, by name.
  public func following(token: String) async throws(ClientFailure) -> [String] {
    switch try await call(token: token, { try await $0.listFollowing() }) {
    case .ok(let ok): return try Self.payload { try ok.body.json }.players
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }
}
