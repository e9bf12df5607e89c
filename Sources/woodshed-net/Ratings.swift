import ArgumentParser
import Foundation
import NetClient
import Storage
import TerminalUI

/// `woodshed rate SHARE-ID STARS [--comment TEXT]` (or `--remove`): my stars and comment on a
/// shared pattern, one per pattern, replaced by the next.
struct RateCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rate",
    abstract: "Give a shared pattern 1 to 5 stars and a comment, or change or remove yours.")

  @Argument(help: "The share's id, as `woodshed patterns inbox` shows it.") var shareID: String
  @Argument(help: "1 to 5.") var stars: Int?
  @Option(help: "One line for the other players (at most 500 characters).") var comment: String?
  @Flag(help: "Remove your rating and comment.") var remove = false

  func run() async throws {
    // Said in one line, as the leaderboard's wrong flags are, rather than with the usage.
    guard remove == (stars == nil) else {
      throw UsageFailure("give the stars (1 to 5), or --remove without them")
    }
    guard !remove || comment == nil else { throw UsageFailure("--remove takes no --comment") }
    let texts = try WoodshedNet.texts()
    let (client, token) = try SharedPatterns.session()
    guard let stars else {
      try await client.removeRating(shareID: shareID, token: token)
      print(TerminalText.message(texts.text("rating.removed", ["id": shareID])))
      return
    }
    let rating = try await client.rate(
      shareID: shareID, stars: stars, comment: comment, token: token)
    let key = rating.comment.isEmpty ? "rating.rated" : "rating.ratedWithComment"
    print(
      TerminalText.message(
        texts.text(
          key,
          [
            "id": shareID,
            "stars": RatingBadge.stars(rating.stars, glyphs: CommentsCommand.glyphs()),
          ])))
  }
}

/// `woodshed comments SHARE-ID [--json] [--page N]`, and a teacher's `woodshed comments
/// hide|show SHARE-ID PLAYER --class NAME`. Every comment is another player's text: printed
/// without control characters, whatever the server let through.
struct CommentsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "comments",
    abstract: "Read a shared pattern's ratings and comments, or hide one from your class.",
    subcommands: [List.self, Hide.self, Show.self], defaultSubcommand: List.self)

  static let pageSize = 10

  /// Stars as the terminal can draw them: ASCII unless the C library's character set is UTF-8.
  static func glyphs() -> GlyphSet {
    let environment = ProcessInfo.processInfo.environment
    return .named(
      GlyphSet.detect(
        locale: TerminalLocale.adopt(environment: environment), term: environment["TERM"]))
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "A shared pattern's ratings and comments, the latest first.")

    @Argument(help: "The share's id, as `woodshed patterns inbox` shows it.") var shareID: String
    @Option(help: "Which page of \(CommentsCommand.pageSize) comments.") var page = 1
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
      guard page >= 1 else { throw UsageFailure("pages count from 1") }
      let texts = try WoodshedNet.texts()
      let (client, token) = try SharedPatterns.session()
      let listed = try await client.comments(
        shareID: shareID, limit: CommentsCommand.pageSize,
        offset: (page - 1) * CommentsCommand.pageSize, token: token)
      if json {
        print(
          String(
            decoding: try Self.json(listed, shareID: shareID, server: client.server), as: UTF8.self)
        )
        return
      }
      let glyphs = CommentsCommand.glyphs()
      guard
        let badge = RatingBadge.text(
          average: listed.ratingAverage, count: listed.ratingCount, glyphs: glyphs)
      else {
        print(TerminalText.message(texts.text("comments.none", ["id": shareID])))
        return
      }
      print(TerminalText.message(texts.text("comments.summary", ["id": shareID, "rating": badge])))
      for rating in listed.comments {
        var line = texts.text(
          "comments.line",
          [
            "player": rating.player, "stars": RatingBadge.stars(rating.stars, glyphs: glyphs),
            "time": ClassCommand.time(rating.updatedAt),
          ])
        if !rating.comment.isEmpty { line += ": " + ClassCommand.oneLine(rating.comment) }
        if rating.hidden { line += " " + texts["comments.hiddenMark"] }
        print(TerminalText.message("  " + line))
      }
      if listed.nextOffset != nil {
        print(
          TerminalText.message(
            texts.text("comments.more", ["id": shareID, "page": String(page + 1)])))
      }
    }

    static func json(_ listed: PatternCommentsInfo, shareID: String, server: String) throws -> Data
    {
      struct Document: Encodable {
        let server: String
        let shareId: String
        let ratingCount: Int
        let ratingAverage: Double?
        let comments: [PatternRatingInfo]
        let nextOffset: Int?
      }
      let encoder = JSONEncoder()
      encoder.dateEncodingStrategy = .iso8601
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return try encoder.encode(
        Document(
          server: server, shareId: shareID, ratingCount: listed.ratingCount,
          ratingAverage: listed.ratingAverage, comments: listed.comments,
          nextOffset: listed.nextOffset))
    }
  }

  struct Hide: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Hide a student's comment on a shared pattern from a class you teach.")

    @Argument(help: "The share's id.") var shareID: String
    @Argument(help: "The student who wrote the comment.") var player: String
    @Option(
      name: .customLong("class"), help: "The class's name, as `woodshed class list` shows it.")
    var className: String

    func run() async throws {
      try await CommentsCommand.setHidden(
        true, shareID: shareID, player: player, className: className)
    }
  }

  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show a comment you hid to the class again.")

    @Argument(help: "The share's id.") var shareID: String
    @Argument(help: "The student who wrote the comment.") var player: String
    @Option(
      name: .customLong("class"), help: "The class's name, as `woodshed class list` shows it.")
    var className: String

    func run() async throws {
      try await CommentsCommand.setHidden(
        false, shareID: shareID, player: player, className: className)
    }
  }

  static func setHidden(_ hidden: Bool, shareID: String, player: String, className: String)
    async throws
  {
    let texts = try WoodshedNet.texts()
    let (client, token) = try SharedPatterns.session()
    let found = try await ClassCommand.taught(className, client: client, token: token, texts: texts)
    try await client.setCommentHidden(
      hidden, classID: found.id, shareID: shareID, player: player, token: token)
    print(
      TerminalText.message(
        texts.text(
          hidden ? "comments.hidden" : "comments.shown", ["player": player, "name": found.name])))
  }
}
