import Foundation
import NetAPI
import ServerStore

/// A player's backup: every path and content is checked against `BackupRules` before the
/// database sees it, and every query names the token's player, so nobody reads another's files.
extension PracticeRoomAPI {
  func listBackup(_ input: Operations.ListBackup.Input) async throws
    -> Operations.ListBackup.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let items = try await backups.list(player: account.name)
    return .ok(.init(body: .json(.init(items: items.map(Self.schema)))))
  }

  func putBackupItem(_ input: Operations.PutBackupItem.Input) async throws
    -> Operations.PutBackupItem.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard case .json(let item) = input.body else { return .badRequest(Self.badBody) }
    if let problem = BackupRules.problem(withPath: item.path) {
      return .badRequest(.init(body: .json(.init(error: problem))))
    }
    guard let content = Data(base64Encoded: item.content) else {
      return .badRequest(.init(body: .json(.init(error: "the content is not base64"))))
    }
    let maximumBytes = BackupRules.maximumBytes(ofPath: item.path)
    guard content.count <= maximumBytes else {
      return .contentTooLarge(
        .init(
          body: .json(
            .init(
              error: "\(item.path) has \(content.count) bytes; a backup item has at most "
                + "\(maximumBytes)"))))
    }
    guard BackupRules.sha256(of: content) == item.sha256 else {
      return .badRequest(
        .init(body: .json(.init(error: "\(item.path) does not match its SHA-256: send it again"))))
    }
    let kept: BackupItemInfo
    do {
      kept = try await backups.put(
        player: account.name, path: item.path, content: content, sha256: item.sha256,
        modifiedAt: item.modifiedAt)
    } catch let error as StoreError {
      return .contentTooLarge(.init(body: .json(.init(error: error.description))))
    }
    logger.info(
      "backed up", metadata: ["player": "\(account.name)", "path": "\(item.path)"])
    return .ok(.init(body: .json(Self.schema(kept))))
  }

  func getBackupItem(_ input: Operations.GetBackupItem.Input) async throws
    -> Operations.GetBackupItem.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let path = input.query.path
    if let problem = BackupRules.problem(withPath: path) {
      return .badRequest(.init(body: .json(.init(error: problem))))
    }
    guard let (item, content) = try await backups.fetch(player: account.name, path: path) else {
      return .notFound(.init(body: .json(.init(error: "your backup has no \(path)"))))
    }
    return .ok(
      .init(
        body: .json(
          .init(
            path: item.path, sha256: item.sha256, modifiedAt: item.modifiedAt,
            content: content.base64EncodedString()))))
  }

  func deleteBackupItem(_ input: Operations.DeleteBackupItem.Input) async throws
    -> Operations.DeleteBackupItem.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let path = input.query.path
    if let problem = BackupRules.problem(withPath: path) {
      return .badRequest(.init(body: .json(.init(error: problem))))
    }
    guard try await backups.delete(player: account.name, path: path) else {
      return .notFound(.init(body: .json(.init(error: "your backup has no \(path)"))))
    }
    logger.info("removed from backup", metadata: ["player": "\(account.name)", "path": "\(path)"])
    return .noContent(.init())
  }

  private static func schema(_ item: BackupItemInfo) -> Components.Schemas.BackupItemSummary {
    .init(path: item.path, sha256: item.sha256, size: item.size, modifiedAt: item.modifiedAt)
  }
}
