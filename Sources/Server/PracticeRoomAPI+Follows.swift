import Foundation
import NetAPI
import ServerStore

/// Following players: whom the caller follows is theirs alone; a followed player is not asked.
extension PracticeRoomAPI {
  func listFollowing(_ input: Operations.ListFollowing.Input) async throws
    -> Operations.ListFollowing.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    return .ok(.init(body: .json(.init(players: try await follows.following(account.name)))))
  }

  func followPlayer(_ input: Operations.FollowPlayer.Input) async throws
    -> Operations.FollowPlayer.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let name = input.path.player
    guard name != account.name else {
      return .badRequest(.init(body: .json(.init(error: "you cannot follow yourself"))))
    }
    do {
      try await follows.follow(name, by: account.name)
    } catch StoreError.noSuchAccount(let name) {
      return .notFound(.init(body: .json(.init(error: "there is no player \(name)"))))
    }
    return .noContent(.init())
  }

  func unfollowPlayer(_ input: Operations.UnfollowPlayer.Input) async throws
    -> Operations.UnfollowPlayer.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let name = input.path.player
    guard try await follows.unfollow(name, by: account.name) else {
      return .notFound(.init(body: .json(.init(error: "you do not follow \(name)"))))
    }
    return .noContent(.init())
  }
}
