import Foundation
import NetAPI

/// A pattern of the school's library, as the server lists it.
public struct LibraryPatternInfo: Equatable, Sendable, Encodable {
  public let id: String
  public let name: String
  public let author: String
  public let version: Int
  public let withdrawn: Bool
  public let updatedAt: Date
}

/// One change of a library pattern.
public struct LibraryVersionInfo: Equatable, Sendable, Encodable {
  public let version: Int
  public let name: String
  /// accepted, edited or withdrawn.
  public let change: String
  public let by: String
  public let note: String
  public let at: Date
}

/// A suggestion for the library and its review.
public struct LibrarySuggestionInfo: Equatable, Sendable, Encodable {
  public let id: String
  public let shareId: String
  public let patternId: String
  public let name: String
  public let suggester: String
  public let note: String
  /// pending, changes, declined or accepted.
  public let state: String
  public let reason: String
  public let reviewer: String?
  public let suggestedAt: Date
  public let reviewedAt: Date?
}

extension PracticeRoomClient {
  /// The library by name; with `withdrawn` (teachers), the withdrawn patterns too.
  public func library(withdrawn: Bool, token: String) async throws(ClientFailure)
    -> [LibraryPatternInfo]
  {
    switch try await call(
      token: token, { try await $0.listLibrary(query: .init(withdrawn: withdrawn)) })
    {
    case .ok(let ok): return try Self.payload { try ok.body.json }.patterns.map(Self.info)
    case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// A library pattern, the version given and its file (the caller checks the file again).
  public func libraryPattern(id: String, version: Int?, token: String) async throws(ClientFailure)
    -> (LibraryPatternInfo, LibraryVersionInfo, String)
  {
    let output = try await call(token: token) {
      try await $0.getLibraryPattern(path: .init(patternId: id), query: .init(version: version))
    }
    switch output {
    case .ok(let ok):
      let body = try Self.payload { try ok.body.json }
      return (Self.info(body.pattern), Self.info(body.version), body.file)
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func editLibraryPattern(id: String, file: String, note: String, token: String)
    async throws(ClientFailure) -> LibraryPatternInfo
  {
    let output = try await call(token: token) {
      try await $0.editLibraryPattern(
        path: .init(patternId: id), body: .json(.init(file: file, note: note)))
    }
    switch output {
    case .ok(let ok): return Self.info(try Self.payload { try ok.body.json })
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func withdrawLibraryPattern(id: String, reason: String, token: String)
    async throws(ClientFailure) -> LibraryPatternInfo
  {
    let output = try await call(token: token) {
      try await $0.withdrawLibraryPattern(
        path: .init(patternId: id), body: .json(.init(reason: reason)))
    }
    switch output {
    case .ok(let ok): return Self.info(try Self.payload { try ok.body.json })
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func libraryVersions(id: String, token: String) async throws(ClientFailure)
    -> [LibraryVersionInfo]
  {
    let output = try await call(token: token) {
      try await $0.listLibraryVersions(path: .init(patternId: id))
    }
    switch output {
    case .ok(let ok): return try Self.payload { try ok.body.json }.versions.map(Self.info)
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// My suggestions, or with `pending` (teachers) every one waiting for review.
  public func librarySuggestions(pending: Bool, token: String) async throws(ClientFailure)
    -> [LibrarySuggestionInfo]
  {
    let output = try await call(token: token) {
      try await $0.listLibrarySuggestions(query: .init(pending: pending))
    }
    switch output {
    case .ok(let ok): return try Self.payload { try ok.body.json }.suggestions.map(Self.info)
    case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func suggestForLibrary(shareID: String, note: String, token: String)
    async throws(ClientFailure) -> LibrarySuggestionInfo
  {
    let output = try await call(token: token) {
      try await $0.suggestLibraryPattern(body: .json(.init(shareId: shareID, note: note)))
    }
    switch output {
    case .created(let created): return Self.info(try Self.payload { try created.body.json })
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .conflict(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// Reviews a suggestion: `decision` is accept, changes or decline.
  public func reviewLibrarySuggestion(
    id: String, decision: String, reason: String, token: String
  ) async throws(ClientFailure) -> (LibrarySuggestionInfo, LibraryPatternInfo?) {
    guard
      let decision = Components.Schemas.LibraryReview.DecisionPayload(rawValue: decision)
    else { throw .refused("a review accepts, asks for changes or declines") }
    let output = try await call(token: token) {
      try await $0.reviewLibrarySuggestion(
        path: .init(suggestionId: id), body: .json(.init(decision: decision, reason: reason)))
    }
    switch output {
    case .ok(let ok):
      let body = try Self.payload { try ok.body.json }
      return (Self.info(body.suggestion), body.pattern.map(Self.info))
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .conflict(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  private static func info(_ pattern: Components.Schemas.LibraryPattern) -> LibraryPatternInfo {
    LibraryPatternInfo(
      id: pattern.id, name: pattern.name, author: pattern.author, version: pattern.version,
      withdrawn: pattern.withdrawn, updatedAt: pattern.updatedAt)
  }

  private static func info(_ version: Components.Schemas.LibraryVersion) -> LibraryVersionInfo {
    LibraryVersionInfo(
      version: version.version, name: version.name, change: version.change, by: version.by,
      note: version.note, at: version.at)
  }

  private static func info(_ suggestion: Components.Schemas.LibrarySuggestion)
    -> LibrarySuggestionInfo
  {
    LibrarySuggestionInfo(
      id: suggestion.id, shareId: suggestion.shareId, patternId: suggestion.patternId,
      name: suggestion.name, suggester: suggestion.suggester, note: suggestion.note,
      state: suggestion.state, reason: suggestion.reason, reviewer: suggestion.reviewer,
      suggestedAt: suggestion.suggestedAt, reviewedAt: suggestion.reviewedAt)
  }
}
