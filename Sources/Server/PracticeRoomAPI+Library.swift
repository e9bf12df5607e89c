import Foundation
import MusicTheory
import NetAPI
import ServerStore
import Storage

/// The school's library: players suggest their patterns shared to everyone, teachers review
/// the suggestions and edit or withdraw what is published. Files are checked with the
/// validator `woodshed patterns import` uses and kept as it writes them back.
extension PracticeRoomAPI {
  func listLibrary(_ input: Operations.ListLibrary.Input) async throws
    -> Operations.ListLibrary.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let withdrawn = input.query.withdrawn ?? false
    if withdrawn, !account.role.teaches {
      return .forbidden(Self.forbidden("only a teacher sees withdrawn patterns"))
    }
    let patterns = try await library.patterns(includingWithdrawn: withdrawn)
    return .ok(.init(body: .json(.init(patterns: patterns.map(Self.schema)))))
  }

  func getLibraryPattern(_ input: Operations.GetLibraryPattern.Input) async throws
    -> Operations.GetLibraryPattern.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let id = input.path.patternId
    guard
      let (pattern, version, file) = try await readable(
        id, by: account, version: input.query.version)
    else { return .notFound(Self.noSuchLibraryPattern(id)) }
    return .ok(
      .init(
        body: .json(.init(pattern: Self.schema(pattern), version: Self.schema(version), file: file))
      ))
  }

  func editLibraryPattern(_ input: Operations.EditLibraryPattern.Input) async throws
    -> Operations.EditLibraryPattern.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard account.role.teaches else {
      return .forbidden(Self.forbidden("only a teacher edits the library"))
    }
    guard case .json(let request) = input.body else { return .badRequest(Self.badBody) }
    let id = input.path.patternId
    let note = request.note ?? ""
    if let problem = LibraryStore.problem(withText: note) {
      return .badRequest(.init(body: .json(.init(error: problem))))
    }
    let pattern: FretPattern
    do {
      pattern = try PatternLibrary.decode(Data(request.file.utf8), file: "the pattern")
    } catch {
      return .badRequest(.init(body: .json(.init(error: error.description))))
    }
    guard pattern.id == id else {
      return .badRequest(
        .init(body: .json(.init(error: "the file is pattern \(pattern.id), not \(id)"))))
    }
    guard
      let edited = try await library.edit(
        id, name: pattern.name, file: String(decoding: try pattern.fileData(), as: UTF8.self),
        by: account.name, note: note)
    else { return .notFound(Self.noSuchLibraryPattern(id)) }
    logger.info(
      "library pattern edited",
      metadata: ["pattern": "\(id)", "version": "\(edited.version)", "by": "\(account.name)"])
    return .ok(.init(body: .json(Self.schema(edited))))
  }

  func withdrawLibraryPattern(_ input: Operations.WithdrawLibraryPattern.Input) async throws
    -> Operations.WithdrawLibraryPattern.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard account.role.teaches else {
      return .forbidden(Self.forbidden("only a teacher withdraws a library pattern"))
    }
    guard case .json(let request) = input.body else { return .badRequest(Self.badBody) }
    let reason = request.reason ?? ""
    if let problem = LibraryStore.problem(withText: reason) {
      return .badRequest(.init(body: .json(.init(error: problem))))
    }
    let id = input.path.patternId
    guard let withdrawn = try await library.withdraw(id, by: account.name, reason: reason) else {
      return .notFound(Self.noSuchLibraryPattern(id))
    }
    logger.info(
      "library pattern withdrawn", metadata: ["pattern": "\(id)", "by": "\(account.name)"])
    return .ok(.init(body: .json(Self.schema(withdrawn))))
  }

  func listLibraryVersions(_ input: Operations.ListLibraryVersions.Input) async throws
    -> Operations.ListLibraryVersions.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let id = input.path.patternId
    guard try await readable(id, by: account, version: nil) != nil else {
      return .notFound(Self.noSuchLibraryPattern(id))
    }
    let versions = try await library.versions(of: id)
    return .ok(.init(body: .json(.init(versions: versions.map(Self.schema)))))
  }

  func listLibrarySuggestions(_ input: Operations.ListLibrarySuggestions.Input) async throws
    -> Operations.ListLibrarySuggestions.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let suggestions: [LibrarySuggestion]
    if input.query.pending ?? false {
      guard account.role.teaches else {
        return .forbidden(Self.forbidden("only a teacher reviews suggestions"))
      }
      suggestions = try await library.pending()
    } else {
      suggestions = try await library.suggestions(by: account.name)
    }
    return .ok(.init(body: .json(.init(suggestions: suggestions.map(Self.schema)))))
  }

  func suggestLibraryPattern(_ input: Operations.SuggestLibraryPattern.Input) async throws
    -> Operations.SuggestLibraryPattern.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard case .json(let request) = input.body else { return .badRequest(Self.badBody) }
    let note = request.note ?? ""
    if let problem = LibraryStore.problem(withText: note) {
      return .badRequest(.init(body: .json(.init(error: problem))))
    }
    let id = request.shareId
    guard id.count <= 64, let (share, file) = try await shares.fetch(id: id, reader: account.name)
    else {
      return .notFound(.init(body: .json(.init(error: "there is no shared pattern \(id)"))))
    }
    guard share.owner == account.name, share.recipient == nil else {
      return .forbidden(
        Self.forbidden(
          "you suggest your own patterns shared to everyone: share it with woodshed patterns "
            + "share first"))
    }
    do {
      let suggestion = try await library.suggest(share, file: file, by: account.name, note: note)
      logger.info(
        "library suggestion",
        metadata: ["suggestion": "\(suggestion.id)", "pattern": "\(share.patternID)"])
      return .created(.init(body: .json(Self.schema(suggestion))))
    } catch let error as StoreError {
      return .conflict(.init(body: .json(.init(error: error.description))))
    }
  }

  func reviewLibrarySuggestion(_ input: Operations.ReviewLibrarySuggestion.Input) async throws
    -> Operations.ReviewLibrarySuggestion.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard account.role.teaches else {
      return .forbidden(Self.forbidden("only a teacher reviews suggestions"))
    }
    guard case .json(let request) = input.body,
      let decision = LibrarySuggestion.Decision(rawValue: request.decision.rawValue)
    else { return .badRequest(Self.badBody) }
    let reason = request.reason ?? ""
    if let problem = LibraryStore.problem(withText: reason) {
      return .badRequest(.init(body: .json(.init(error: problem))))
    }
    if decision != .accept, reason.trimmingCharacters(in: .whitespaces).isEmpty {
      return .badRequest(
        .init(body: .json(.init(error: "say why: the player reads the reason in their news"))))
    }
    let id = input.path.suggestionId
    do {
      guard
        id.count <= 64,
        let (suggestion, pattern) = try await library.review(
          id, decision: decision, reason: reason, by: account.name)
      else {
        return .notFound(.init(body: .json(.init(error: "there is no suggestion \(id)"))))
      }
      logger.info(
        "library suggestion reviewed",
        metadata: ["suggestion": "\(id)", "decision": "\(decision.rawValue)"])
      return .ok(
        .init(
          body: .json(.init(suggestion: Self.schema(suggestion), pattern: pattern.map(Self.schema)))
        )
      )
    } catch let error as StoreError {
      return .conflict(.init(body: .json(.init(error: error.description))))
    }
  }

  /// The pattern at `version` or its latest when `account` may read it: a withdrawn one only
  /// by a teacher.
  private func readable(_ id: String, by account: Account, version: Int?) async throws -> (
    ServerStore.LibraryPattern, ServerStore.LibraryVersion, String
  )? {
    guard id.count <= 64, let found = try await library.pattern(id, version: version),
      !found.0.isWithdrawn || account.role.teaches
    else { return nil }
    return found
  }

  private static func noSuchLibraryPattern(_ id: String) -> Components.Responses.NotFound {
    .init(body: .json(.init(error: "the library has no pattern \(id)")))
  }

  static func schema(_ pattern: ServerStore.LibraryPattern) -> Components.Schemas.LibraryPattern {
    .init(
      id: pattern.id, name: pattern.name, author: pattern.author, version: pattern.version,
      withdrawn: pattern.isWithdrawn, updatedAt: pattern.updatedAt)
  }

  static func schema(_ version: ServerStore.LibraryVersion) -> Components.Schemas.LibraryVersion {
    .init(
      version: version.version, name: version.name, change: version.change.rawValue,
      by: version.by, note: version.note, at: version.at)
  }

  static func schema(_ suggestion: LibrarySuggestion) -> Components.Schemas.LibrarySuggestion {
    .init(
      id: suggestion.id, shareId: suggestion.shareID, patternId: suggestion.patternID,
      name: suggestion.name, suggester: suggestion.suggester, note: suggestion.note,
      state: suggestion.state.rawValue, reason: suggestion.reason, reviewer: suggestion.reviewer,
      suggestedAt: suggestion.suggestedAt, reviewedAt: suggestion.reviewedAt)
  }
}
