import ArgumentParser
import Foundation
import NetClient
import Storage
import TerminalUI

/// `woodshed news [--json] [--all] [--keep]`: what happened since I last looked, newest first,
/// one line an item in the player's language. Listing marks what it listed read on the server
/// (the mark is the server's, so a second machine sees the same), unless `--keep`. Every name
/// and text in an item is another player's: printed without control characters.
struct NewsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "news",
    abstract: "What's new since you last looked: shared patterns, recommendations, ratings of "
      + "your patterns, players passing your best, new bests of players you follow; then marked "
      + "read.")

  @Flag(help: "Print JSON.") var json = false
  @Flag(help: "List the latest \(pageSize) items, read ones too.") var all = false
  @Flag(help: "Leave them new: do not mark them read.") var keep = false

  static let pageSize = 50
  /// The new items listed at most; older ones are marked read with them.
  static let mostListed = 500

  func run() async throws {
    let texts = try WoodshedNet.texts()
    let (client, token) = try SharedPatterns.session()
    var page = try await client.news(all: all, limit: Self.pageSize, token: token)
    var items = page.items
    // Every new item is listed, so that marking through the newest marks only what was shown.
    while !all, let next = page.nextOffset, items.count < Self.mostListed {
      page = try await client.news(all: false, limit: Self.pageSize, offset: next, token: token)
      items += page.items
    }
    if json {
      print(
        String(
          decoding: try Self.json(page, items: items, server: client.server), as: UTF8.self))
    } else {
      for line in Self.lines(items, marked: all, texts: texts) {
        print(TerminalText.message(line))
      }
      if items.isEmpty {
        print(
          TerminalText.message(
            all
              ? texts.text("news.none", ["server": client.server])
              : texts.text("news.nothing", ["time": ClassCommand.time(page.readUpTo)])))
      } else if !all, page.nextOffset != nil {
        print(TerminalText.message(texts.text("news.more", ["count": String(items.count)])))
      }
    }
    if !keep, let newest = items.first {
      try await client.markNewsRead(through: newest.id, token: token)
    }
  }

  /// One line an item: its time, then what happened; with `marked`, the new ones say so.
  static func lines(_ items: [NewsItemInfo], marked: Bool, texts: Localizer) -> [String] {
    items.map { item in
      var line = ClassCommand.time(item.at) + "  " + text(of: item, texts: texts)
      if marked, item.isNew { line += " " + texts["news.newMark"] }
      return line
    }
  }

  static func text(of item: NewsItemInfo, texts: Localizer) -> String {
    let from = ClassCommand.oneLine(item.from)
    let title = ClassCommand.oneLine(item.title)
    let said = item.text.isEmpty ? "" : ": " + ClassCommand.oneLine(item.text)
    switch item.kind {
    case "pattern":
      return texts.text("news.pattern", ["from": from, "title": title, "id": item.itemId])
    case "pack":
      return texts.text("news.pack", ["from": from, "title": title, "id": item.itemId])
    case "recommendation":
      return texts.text(
        "news.recommendation",
        [
          "from": from, "title": title,
          "kind": ClassCommand.kind(item.itemKind ?? "pattern", texts: texts),
          "class": ClassCommand.oneLine(item.className ?? ""),
        ]) + said
    case "rating":
      return texts.text(
        "news.rating",
        [
          "from": from, "title": title,
          "stars": RatingBadge.stars(item.stars ?? 0, glyphs: CommentsCommand.glyphs()),
        ]) + said
    case "record":
      var arguments = [
        "from": from, "title": title, "game": item.itemKind ?? "",
        "score": number(item.score), "yours": number(item.yourScore),
      ]
      guard let band = item.band else { return texts.text("news.record", arguments) }
      arguments["band"] = String(band)
      return texts.text("news.record.interval", arguments)
    case "followedRecord":
      var arguments = [
        "from": from, "title": title, "game": item.itemKind ?? "", "score": number(item.score),
      ]
      guard let band = item.band else { return texts.text("news.followedRecord", arguments) }
      arguments["band"] = String(band)
      return texts.text("news.followedRecord.interval", arguments)
    case "suggestionReviewed":
      let decisions: Set = ["accepted", "changes", "declined"]
      let decision = item.itemKind.flatMap { decisions.contains($0) ? $0 : nil } ?? "other"
      return texts.text(
        "news.suggestionReviewed.\(decision)", ["from": from, "title": title, "id": item.itemId])
        + said
    case "libraryPattern":
      return texts.text("news.libraryPattern", ["from": from, "title": title, "id": item.itemId])
    default:
      return texts.text("news.other", ["from": from, "title": title])
    }
  }

  /// A score as the boards print it: whole points or cards, an accuracy to a tenth.
  static func number(_ value: Double?) -> String {
    guard let value else { return "?" }
    return value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
  }

  static func json(_ page: NewsFeedInfo, items: [NewsItemInfo], server: String) throws -> Data {
    struct Document: Encodable {
      let server: String
      let readUpTo: Date
      let items: [NewsItemInfo]
      let newCounts: [String: Int]
    }
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(
      Document(
        server: server, readUpTo: page.readUpTo, items: items,
        newCounts: Dictionary(page.newCounts.map { ($0.kind, $0.count) }) { $1 }))
  }
}
