import ArgumentParser
import Foundation
import NetClient

/// `woodshed follow NAME`, `unfollow NAME`, `following`: the players whose new bests come into
/// my news, whether or not they passed me.
struct FollowCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "follow", abstract: "Follow a player: their new bests come into your news.")

  @Argument(help: "The player's account name.") var name: String

  func run() async throws {
    let texts = try WoodshedNet.texts()
    let (client, token) = try SharedPatterns.session()
    try await client.follow(name, token: token)
    print(texts.text("follow.done", ["name": ClassCommand.oneLine(name)]))
  }
}

struct UnfollowCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unfollow", abstract: "Stop following a player.")

  @Argument(help: "The player's account name.") var name: String

  func run() async throws {
    let texts = try WoodshedNet.texts()
    let (client, token) = try SharedPatterns.session()
    try await client.unfollow(name, token: token)
    print(texts.text("follow.undone", ["name": ClassCommand.oneLine(name)]))
  }
}

struct FollowingCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "following", abstract: "The players you follow, one a line.")

  func run() async throws {
    let texts = try WoodshedNet.texts()
    let (client, token) = try SharedPatterns.session()
    let players = try await client.following(token: token)
    if players.isEmpty { print(texts["follow.none"]) }
    for player in players { print(ClassCommand.oneLine(player)) }
  }
}
