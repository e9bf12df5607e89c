import Foundation
import MusicTheory
import NetAPI
import ServerStore
import Storage

/// Shared patterns: checked with the validator `woodshed patterns import` uses, before the
/// database sees them, and kept as that validator writes them back.
extension PracticeRoomAPI {
  func sharePattern(_ input: Operations.SharePattern.Input) async throws
    -> Operations.SharePattern.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard case .json(let request) = input.body else { return .badRequest(Self.badBody) }
    let pattern: FretPattern
    do {
      pattern = try PatternLibrary.decode(Data(request.file.utf8), file: "the shared pattern")
    } catch {
      return .badRequest(.init(body: .json(.init(error: error.description))))
    }
    if let recipient = request.to {
      guard AccountRules.problem(withName: recipient) == nil,
        try await accounts.account(named: recipient) != nil
      else {
        return .notFound(.init(body: .json(.init(error: "there is no player \(recipient)"))))
      }
    }
    let share = try await shares.share(
      owner: account.name, recipient: request.to, patternID: pattern.id, name: pattern.name,
      file: String(decoding: try pattern.fileData(), as: UTF8.self))
    logger.info(
      "pattern shared",
      metadata: ["share": "\(share.id)", "from": "\(account.name)", "to": "\(request.to ?? "*")"])
    return .created(.init(body: .json(Self.schema(share))))
  }

  func listPatternInbox(_ input: Operations.ListPatternInbox.Input) async throws
    -> Operations.ListPatternInbox.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    var listed: [Components.Schemas.PatternShare] = []
    for share in try await shares.inbox(of: account.name) {
      let summary = try await ratings.summary(of: RatedPattern(share))
      var entry = Self.schema(share)
      entry.ratingCount = summary.count
      entry.ratingAverage = summary.average
      listed.append(entry)
    }
    return .ok(.init(body: .json(.init(shares: listed))))
  }

  func getPatternShare(_ input: Operations.GetPatternShare.Input) async throws
    -> Operations.GetPatternShare.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let id = input.path.shareId
    guard id.count <= 64, let (share, file) = try await shares.fetch(id: id, reader: account.name)
    else {
      return .notFound(.init(body: .json(.init(error: "there is no shared pattern \(id)"))))
    }
    return .ok(.init(body: .json(.init(share: Self.schema(share), file: file))))
  }

  static func schema(_ share: ServerStore.PatternShare) -> Components.Schemas.PatternShare {
    .init(
      id: share.id, from: share.owner, to: share.recipient, patternId: share.patternID,
      name: share.name, createdAt: share.createdAt)
  }
}
