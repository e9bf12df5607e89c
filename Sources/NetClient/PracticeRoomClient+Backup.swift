import Foundation
import NetAPI

/// One file of my backup as the server keeps it.
public struct BackupEntry: Equatable, Sendable {
  public let path: String
  public let sha256: String
  public let size: Int
  public let modifiedAt: Date

  public init(path: String, sha256: String, size: Int, modifiedAt: Date) {
    self.path = path
    self.sha256 = sha256
    self.size = size
    self.modifiedAt = modifiedAt
  }
}

extension PracticeRoomClient {
  /// The files of my backup, without their contents.
  public func backupListing(token: String) async throws(ClientFailure) -> [BackupEntry] {
    switch try await call(token: token, { try await $0.listBackup() }) {
    case .ok(let ok): return try Self.payload { try ok.body.json }.items.map(Self.entry)
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// Sends one file; the server keeps it as my latest version of `path`.
  public func putBackupItem(
    path: String, content: Data, sha256: String, modifiedAt: Date, token: String
  ) async throws(ClientFailure) {
    let item = Components.Schemas.BackupItem(
      path: path, sha256: sha256, modifiedAt: modifiedAt, content: content.base64EncodedString())
    switch try await call(token: token, { try await $0.putBackupItem(body: .json(item)) }) {
    case .ok: return
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .contentTooLarge(let response):
      throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// One file of my backup with its content, as the server keeps it.
  public func backupItem(path: String, token: String) async throws(ClientFailure)
    -> (BackupEntry, Data)
  {
    let output = try await call(token: token) {
      try await $0.getBackupItem(query: .init(path: path))
    }
    switch output {
    case .ok(let ok):
      let item = try Self.payload { try ok.body.json }
      guard let content = Data(base64Encoded: item.content) else {
        throw .refused("the server answered in an unknown form")
      }
      return (
        BackupEntry(
          path: item.path, sha256: item.sha256, size: content.count, modifiedAt: item.modifiedAt),
        content
      )
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// Removes one file of my backup; a file already gone is no failure.
  public func deleteBackupItem(path: String, token: String) async throws(ClientFailure) {
    let output = try await call(token: token) {
      try await $0.deleteBackupItem(query: .init(path: path))
    }
    switch output {
    case .noContent, .notFound: return
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  private static func entry(_ item: Components.Schemas.BackupItemSummary) -> BackupEntry {
    BackupEntry(
      path: item.path, sha256: item.sha256, size: item.size, modifiedAt: item.modifiedAt)
  }
}
