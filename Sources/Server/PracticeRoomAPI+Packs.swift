import Foundation
import NetAPI
import ServerStore
import Storage

/// The note-pack catalogue: a teacher's pack is checked with the validator `woodshed packs add`
/// uses, before the database sees it, and kept as that validator writes it back.
extension PracticeRoomAPI {
  /// A pack the Notes screen can use is a few kilobytes; the catalogue takes no more than this.
  static let maximumPackFileBytes = 64 * 1024
  static let maximumPackIDLength = 64
  static let maximumPackNameLength = 80
  static let maximumPackDescriptionLength = 160

  func publishPack(_ input: Operations.PublishPack.Input) async throws
    -> Operations.PublishPack.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard account.role.teaches else {
      return .forbidden(
        .init(
          body: .json(
            .init(
              error: "only a teacher publishes packs: the server's admin gives the role with "
                + "woodshed serve role \(account.name) teacher"))))
    }
    guard case .json(let request) = input.body else { return .badRequest(Self.badBody) }
    let pack: NotePack
    do {
      pack = try Self.checkedPack(request.file)
      try Self.checkDescription(request.description)
    } catch {
      return .badRequest(.init(body: .json(.init(error: error.description))))
    }
    let description = request.description.flatMap { $0.isEmpty ? nil : $0 } ?? pack.summary
    let published: CataloguedPack
    do {
      published = try await packs.publish(
        id: pack.id, name: pack.name, description: description, noteCount: pack.notes.count,
        publisher: account.name,
        file: String(decoding: try PackLibrary.fileData(pack), as: UTF8.self),
        replacing: request.replace ?? false)
    } catch let error as StoreError {
      return .conflict(.init(body: .json(.init(error: error.description))))
    }
    logger.info(
      "pack published",
      metadata: [
        "pack": "\(published.id)", "version": "\(published.version)", "by": "\(account.name)",
      ])
    return .created(.init(body: .json(Self.schema(published))))
  }

  func listPacks(_ input: Operations.ListPacks.Input) async throws -> Operations.ListPacks.Output {
    guard try await authenticatedAccount() != nil else {
      return .unauthorized(Self.tokenRefused)
    }
    return .ok(.init(body: .json(.init(packs: try await packs.catalogue().map(Self.schema)))))
  }

  func getPack(_ input: Operations.GetPack.Input) async throws -> Operations.GetPack.Output {
    guard try await authenticatedAccount() != nil else {
      return .unauthorized(Self.tokenRefused)
    }
    let id = input.path.packId
    guard id.count <= Self.maximumPackIDLength, let (pack, file) = try await packs.fetch(id: id)
    else {
      return .notFound(.init(body: .json(.init(error: "the catalogue has no pack \(id)"))))
    }
    return .ok(.init(body: .json(.init(pack: Self.schema(pack), file: file))))
  }

  /// The pack in `file`, checked as a local pack file is, then against the catalogue's limits.
  private static func checkedPack(_ file: String) throws(PackRefusal) -> NotePack {
    guard file.utf8.count <= maximumPackFileBytes else {
      throw PackRefusal("a pack file has at most \(maximumPackFileBytes) bytes in the catalogue")
    }
    let pack: NotePack
    do {
      pack = try PackLibrary.decode(Data(file.utf8), file: "the pack")
    } catch {
      throw PackRefusal(error.description)
    }
    guard pack.id.count <= maximumPackIDLength else {
      throw PackRefusal("a pack's id has at most \(maximumPackIDLength) characters")
    }
    guard pack.name.count <= maximumPackNameLength else {
      throw PackRefusal("a pack's name has at most \(maximumPackNameLength) characters")
    }
    return pack
  }

  private static func checkDescription(_ description: String?) throws(PackRefusal) {
    guard let description else { return }
    guard !description.contains(where: \.isNewline) else {
      throw PackRefusal("a description is one line")
    }
    guard description.count <= maximumPackDescriptionLength else {
      throw PackRefusal("a description has at most \(maximumPackDescriptionLength) characters")
    }
  }

  private static func schema(_ pack: CataloguedPack) -> Components.Schemas.CataloguedPack {
    .init(
      id: pack.id, name: pack.name, description: pack.description, noteCount: pack.noteCount,
      publisher: pack.publisher, version: pack.version, publishedAt: pack.publishedAt,
      updatedAt: pack.updatedAt)
  }
}

/// Why a pack is not taken into the catalogue, in one line.
struct PackRefusal: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
