import ArgumentParser
import Foundation
import MusicTheory
import NetClient
import Storage
import TerminalUI

/// `woodshed patterns share|inbox|fetch`: the rest of `woodshed patterns` is the practice
/// room's own and works without a server.
struct SharedPatterns: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "patterns", abstract: "Share fretboard patterns through the server.",
    subcommands: [Share.self, Inbox.self, Fetch.self])

  /// The logged-in account's client and token.
  static func session() throws -> (PracticeRoomClient, String) {
    let credentials = try WoodshedNet.credentials()
    return (try PracticeRoomClient(server: credentials.server), credentials.token)
  }

  static func library() throws -> PatternLibrary {
    PatternLibrary(
      builtIn: try WoodshedNet.assets().appendingPathComponent("patterns"),
      user: WoodshedNet.paths.patternsFolder)
  }

  /// Checks a pattern file the server sent as `patterns import` does and adds it to the
  /// player's patterns; one of theirs with the same id is replaced only with `force`.
  /// `whose` names, in the player's language, the pattern that would replace theirs.
  static func add(_ file: String, from source: String, force: Bool, replacingWith whose: String)
    throws -> FretPattern
  {
    let library = try library()
    let pattern = try PatternLibrary.decode(Data(file.utf8), file: source)
    if !force, let yours = library.entries.first(where: { $0.pattern.id == pattern.id }),
      !yours.isBuiltIn
    {
      throw CommandFailure(
        TerminalText.message(
          try WoodshedNet.texts().text(
            "patterns.error.yoursAlready",
            ["id": pattern.id, "name": yours.pattern.name, "whose": whose])))
    }
    try library.save(
      pattern, into: WoodshedNet.paths.patternsFolder, replacing: force, source: source)
    return pattern
  }

  /// A line about a share, with its pattern's rating where the server gave one (the inbox);
  /// the name came from another player, so it is made printable.
  static func line(_ share: SharedPatternInfo, _ texts: Localizer) -> String {
    let to =
      share.to.map { texts.text("patterns.sharedTo", ["player": $0]) }
      ?? texts["patterns.sharedToEveryone"]
    let rating = RatingBadge.text(
      average: share.ratingAverage, count: share.ratingCount ?? 0,
      glyphs: CommentsCommand.glyphs())
    return TerminalText.message(
      texts.text(
        "patterns.shareLine",
        [
          "id": share.id, "pattern": share.patternID, "name": share.name, "from": share.from,
          "to": to,
        ]) + (rating.map { "  " + $0 } ?? ""))
  }

  struct Share: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Publish one of your patterns, or recommend it to one player with --to.")

    @Argument(help: "The pattern's id, as `woodshed patterns list` shows it.") var id: String
    @Option(help: "The player it is recommended to.") var to: String?

    func run() async throws {
      let texts = try WoodshedNet.texts()
      let library = try SharedPatterns.library()
      guard let entry = library.entries.first(where: { $0.pattern.id == id }) else {
        throw CommandFailure(
          TerminalText.message(texts.text("patterns.error.noSuchId", ["id": id])))
      }
      guard !entry.isBuiltIn else {
        throw CommandFailure(texts.text("net.error.builtIn", ["id": id]))
      }
      let (client, token) = try SharedPatterns.session()
      let file = String(decoding: try entry.pattern.fileData(), as: UTF8.self)
      let share = try await client.sharePattern(file: file, to: to, token: token)
      print(SharedPatterns.line(share, texts))
    }
  }

  struct Inbox: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The patterns recommended to you, newest first.")

    func run() async throws {
      let texts = try WoodshedNet.texts()
      let (client, token) = try SharedPatterns.session()
      for share in try await client.patternInbox(token: token) {
        print(SharedPatterns.line(share, texts))
      }
    }
  }

  struct Fetch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check a shared pattern as `patterns import` does and add it to your patterns.")

    @Argument(help: "The share's id, as `woodshed patterns inbox` shows it.") var shareID: String
    @Flag(help: "Replace your own pattern that has the same id.") var force = false

    func run() async throws {
      let texts = try WoodshedNet.texts()
      let (client, token) = try SharedPatterns.session()
      let (share, file) = try await client.fetchPattern(shareID: shareID, token: token)
      let pattern = try SharedPatterns.add(
        file, from: "shared pattern \(share.id)", force: force,
        replacingWith: texts["patterns.whose.shared"])
      print(
        TerminalText.message(
          texts.text(
            "patterns.fetched",
            [
              "id": pattern.id, "name": pattern.name, "count": String(pattern.tones.count),
              "from": share.from,
            ])))
    }
  }
}
