import Foundation
import NetAPI
import ServerStore

/// The caller's news: what `NewsStore` lets them read, a page at a time, and their last-read
/// mark, moved only when they ask.
extension PracticeRoomAPI {
  func getNews(_ input: Operations.GetNews.Input) async throws -> Operations.GetNews.Output {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let limit = input.query.limit ?? 20
    let offset = input.query.offset ?? 0
    guard NewsStore.pageSizes.contains(limit), offset >= 0 else {
      return .badRequest(
        .init(
          body: .json(
            .init(
              error: "a page has \(NewsStore.pageSizes.lowerBound) to "
                + "\(NewsStore.pageSizes.upperBound) items from an offset of 0 or more"))))
    }
    let page = try await news.feed(
      of: account.name, all: input.query.all ?? false, limit: limit, offset: offset)
    return .ok(
      .init(
        body: .json(
          .init(
            readUpTo: page.readUpTo, items: page.items.map(Self.schema),
            newCounts: NewsItem.Kind.allCases.compactMap { kind in
              page.newCounts[kind].map { .init(kind: kind.rawValue, count: $0) }
            },
            nextOffset: page.nextOffset))))
  }

  func markNewsRead(_ input: Operations.MarkNewsRead.Input) async throws
    -> Operations.MarkNewsRead.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    var through: String?
    switch input.body {
    case .json(let request): through = request.through
    case nil: through = nil
    }
    // An id is 16 characters: a longer one is refused without a query, and not echoed whole.
    guard (through?.count ?? 0) <= 64, try await news.markRead(account.name, through: through)
    else {
      return .notFound(
        .init(body: .json(.init(error: "there is no news item \(through?.prefix(64) ?? "")"))))
    }
    return .noContent(.init())
  }

  private static func schema(_ item: NewsItem) -> Components.Schemas.NewsItem {
    .init(
      id: item.id, kind: item.kind.rawValue, at: item.at, from: item.from, itemId: item.itemID,
      itemKind: item.itemKind, title: item.title, text: item.text, className: item.className,
      stars: item.stars, score: item.score, yourScore: item.yourScore, band: item.band,
      isNew: item.isNew)
  }
}
