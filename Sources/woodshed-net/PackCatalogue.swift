import ArgumentParser
import Foundation
import NetClient
import Storage
import TerminalUI

/// `woodshed packs publish|browse|fetch`: the server's note-pack catalogue. The rest of
/// `woodshed packs` is the practice room's own and works without a server.
struct PackCatalogue: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "packs", abstract: "Publish, browse and fetch note packs through the server.",
    subcommands: [Publish.self, Browse.self, Fetch.self])

  static func library() throws -> PackLibrary {
    PackLibrary(
      builtIn: try WoodshedNet.assets().appendingPathComponent("packs"),
      user: WoodshedNet.paths.packsFolder)
  }

  /// "2026-11-27 20:31 UTC": the same for every reader of a catalogue, wherever they are.
  static func time(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
    return formatter.string(from: date)
  }

  /// A line about a catalogued pack; its name and description came from a teacher's file, so
  /// they are made printable.
  static func line(_ pack: CataloguedPackInfo, _ texts: Localizer) -> String {
    TerminalText.message(
      texts.text(
        "packs.line",
        [
          "id": pack.id, "name": pack.name, "description": pack.description,
          "version": String(pack.version), "publisher": pack.publisher,
          "time": time(pack.updatedAt),
        ]))
  }

  struct Publish: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Publish a pack file to the catalogue (teachers), or a new version of yours.")

    @Argument(help: "The pack's JSON file, as `woodshed packs add` takes it.") var file: String
    @Option(help: "One line for the catalogue; without it the server describes the pack.")
    var description: String?
    @Flag(help: "Publish a new version of your own pack with the same id.") var replace = false

    func run() async throws {
      let pack = try PackLibrary.read(URL(fileURLWithPath: file))
      if try PackCatalogue.library().entries.contains(where: {
        $0.isBuiltIn && $0.pack.id == pack.id
      }) {
        throw CommandFailure(try WoodshedNet.texts().text("net.error.builtIn", ["id": pack.id]))
      }
      let (client, token) = try SharedPatterns.session()
      let published = try await client.publishPack(
        file: String(decoding: try PackLibrary.fileData(pack), as: UTF8.self),
        description: description, replace: replace, token: token)
      print(
        TerminalText.message(
          try WoodshedNet.texts().text(
            "packs.published",
            [
              "id": published.id, "version": String(published.version), "name": published.name,
              "description": published.description,
            ])))
    }
  }

  struct Browse: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The server's catalogue, most recently updated first.")

    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
      let (client, token) = try SharedPatterns.session()
      let packs = try await client.packCatalogue(token: token)
      if json {
        print(String(decoding: try Self.json(packs, server: client.server), as: UTF8.self))
      } else if packs.isEmpty {
        print(try WoodshedNet.texts().text("packs.none", ["server": client.server]))
      } else {
        let texts = try WoodshedNet.texts()
        for pack in packs { print(PackCatalogue.line(pack, texts)) }
      }
    }

    /// `{"server": …, "asOf": …, "packs": [{"id": …, …}]}`; JSON escapes control characters.
    static func json(_ packs: [CataloguedPackInfo], server: String, asOf: Date = Date())
      throws -> Data
    {
      let iso = ISO8601DateFormatter()
      let objects: [[String: Any]] = packs.map {
        [
          "id": $0.id, "name": $0.name, "description": $0.description, "noteCount": $0.noteCount,
          "publisher": $0.publisher, "version": $0.version,
          "publishedAt": iso.string(from: $0.publishedAt),
          "updatedAt": iso.string(from: $0.updatedAt),
        ]
      }
      let document: [String: Any] = [
        "server": server, "asOf": iso.string(from: asOf), "packs": objects,
      ]
      return try JSONSerialization.data(
        withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])
    }
  }

  struct Fetch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check a catalogue pack as `packs add` does and add it to your packs.")

    @Argument(help: "The pack's id, as `woodshed packs browse` shows it.") var id: String
    @Flag(help: "Replace your own pack that has the same id.") var force = false

    func run() async throws {
      let texts = try WoodshedNet.texts()
      let (client, token) = try SharedPatterns.session()
      let (info, file) = try await client.fetchPack(id: id, token: token)
      let source = "catalogue pack \(info.id)"
      let pack = try PackLibrary.decode(Data(file.utf8), file: source)
      let library = try PackCatalogue.library()
      if let yours = library.entries.first(where: { $0.pack.id == pack.id }) {
        if yours.isBuiltIn {
          throw CommandFailure(texts.text("packs.error.builtInFetch", ["id": pack.id]))
        }
        if yours.pack == pack {
          print(
            TerminalText.message(
              texts.text("packs.already", ["id": pack.id, "version": String(info.version)])))
          return
        }
        if !force {
          throw CommandFailure(
            TerminalText.message(
              texts.text(
                "packs.error.yoursDiffers",
                [
                  "id": pack.id, "name": yours.pack.name, "version": String(info.version),
                  "time": PackCatalogue.time(info.updatedAt),
                ])))
        }
      }
      try library.save(
        pack, into: WoodshedNet.paths.packsFolder, replacing: force, source: source)
      print(
        TerminalText.message(
          texts.text(
            "packs.fetched",
            [
              "id": pack.id, "version": String(info.version), "name": pack.name,
              "count": String(pack.notes.count), "publisher": info.publisher,
            ])))
    }
  }
}
