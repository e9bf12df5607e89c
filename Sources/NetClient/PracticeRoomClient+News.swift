import Foundation
import NetAPI

/// One item of my news, as the server lists it.
public typealias NewsItemInfo = Components.Schemas.NewsItem
/// A page of my news, with my last-read mark and the new items counted by kind.
public typealias NewsFeedInfo = Components.Schemas.NewsFeed

extension PracticeRoomClient {
  /// A page of my news, newest first: the new items, or with `all` the read ones too.
  public func news(all: Bool, limit: Int, offset: Int = 0, token: String)
    async throws(ClientFailure) -> NewsFeedInfo
  {
    let output = try await call(token: token) {
      try await $0.getNews(query: .init(all: all, limit: limit, offset: offset))
    }
    switch output {
    case .ok(let ok): return try Self.payload { try ok.body.json }
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// Marks my news read through the item `itemID`, or up to now without one.
  public func markNewsRead(through itemID: String?, token: String) async throws(ClientFailure) {
    let output = try await call(token: token) {
      try await $0.markNewsRead(body: .json(.init(through: itemID)))
    }
    switch output {
    case .noContent: return
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }
}
