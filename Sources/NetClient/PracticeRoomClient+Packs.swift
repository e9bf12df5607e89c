import Foundation
import NetAPI

/// A pack of the server's catalogue, as it lists it.
public struct CataloguedPackInfo: Equatable, Sendable {
  public let id: String
  public let name: String
  public let description: String
  public let noteCount: Int
  public let publisher: String
  public let version: Int
  public let publishedAt: Date
  public let updatedAt: Date
}

extension PracticeRoomClient {
  public func publishPack(file: String, description: String?, replace: Bool, token: String)
    async throws(ClientFailure) -> CataloguedPackInfo
  {
    let output = try await call(token: token) {
      try await $0.publishPack(
        body: .json(.init(file: file, description: description, replace: replace)))
    }
    switch output {
    case .created(let created): return Self.info(try Self.payload { try created.body.json })
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
    case .conflict(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// The catalogue, most recently updated first.
  public func packCatalogue(token: String) async throws(ClientFailure) -> [CataloguedPackInfo] {
    switch try await call(token: token, { try await $0.listPacks() }) {
    case .ok(let ok): return try Self.payload { try ok.body.json }.packs.map(Self.info)
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// The pack and its file, as the server keeps it (the caller checks it again).
  public func fetchPack(id: String, token: String) async throws(ClientFailure)
    -> (CataloguedPackInfo, String)
  {
    switch try await call(token: token, { try await $0.getPack(path: .init(packId: id)) }) {
    case .ok(let ok):
      let body = try Self.payload { try ok.body.json }
      return (Self.info(body.pack), body.file)
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  private static func info(_ pack: Components.Schemas.CataloguedPack) -> CataloguedPackInfo {
    CataloguedPackInfo(
      id: pack.id, name: pack.name, description: pack.description, noteCount: pack.noteCount,
      publisher: pack.publisher, version: pack.version, publishedAt: pack.publishedAt,
      updatedAt: pack.updatedAt)
  }
}
