import ArgumentParser
import Foundation
import MusicTheory
import NetClient
import Storage
import TerminalUI

/// `woodshed library`: the school's curated patterns. Players suggest their shared patterns
/// and fetch what is published; teachers review suggestions, edit and withdraw.
struct LibraryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "library", abstract: "The school's library of patterns, curated by teachers.",
    subcommands: [
      List.self, Suggest.self, Suggestions.self, Review.self, Fetch.self, Edit.self,
      Withdraw.self, History.self,
    ],
    defaultSubcommand: List.self)

  /// Lines made of other players' text, printable.
  static func line(_ pattern: LibraryPatternInfo) -> String {
    TerminalText.message(
      "\(pattern.id)  \(pattern.name)  v\(pattern.version)  by \(pattern.author)"
        + (pattern.withdrawn ? "  (withdrawn)" : ""))
  }

  static func line(_ suggestion: LibrarySuggestionInfo) -> String {
    let state =
      switch suggestion.state {
      case "pending": "waiting for review"
      case "changes": "changes asked by \(suggestion.reviewer ?? "a teacher")"
      case "declined": "declined by \(suggestion.reviewer ?? "a teacher")"
      case "accepted": "accepted by \(suggestion.reviewer ?? "a teacher")"
      default: suggestion.state
      }
    let said = suggestion.reason.isEmpty ? "" : ": \(suggestion.reason)"
    let note = suggestion.note.isEmpty ? "" : " (\"\(suggestion.note)\")"
    return TerminalText.message(
      "\(suggestion.id)  \(suggestion.patternId)  \(suggestion.name)  from "
        + "\(suggestion.suggester)\(note)  \(state)\(said)")
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "The library's patterns by name; withdrawn ones too with --withdrawn (teachers).")

    @Flag(help: "List the withdrawn patterns too (teachers).") var withdrawn = false
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
      let (client, token) = try SharedPatterns.session()
      let patterns = try await client.library(withdrawn: withdrawn, token: token)
      if json {
        print(try WoodshedNet.json(["patterns": patterns]))
      } else if patterns.isEmpty {
        print(try WoodshedNet.texts()["library.none"])
      } else {
        for pattern in patterns { print(LibraryCommand.line(pattern)) }
      }
    }
  }

  struct Suggest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Suggest one of your patterns shared to everyone for the library.")

    @Argument(help: "The share's id, as `woodshed patterns share` printed it.") var shareID: String
    @Option(help: "A line for the teacher who reviews it.") var note = ""

    func run() async throws {
      let (client, token) = try SharedPatterns.session()
      let suggestion = try await client.suggestForLibrary(
        shareID: shareID, note: note, token: token)
      print(
        TerminalText.message(
          "suggested \(suggestion.patternId) (\(suggestion.name)) for the library as "
            + "\(suggestion.id): a teacher reviews it, and your news will say what they decided"))
    }
  }

  struct Suggestions: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Your suggestions and their reviews; with --pending, those waiting (teachers).")

    @Flag(help: "Every suggestion waiting for review, the oldest first (teachers).")
    var pending = false
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
      let (client, token) = try SharedPatterns.session()
      let suggestions = try await client.librarySuggestions(pending: pending, token: token)
      if json {
        print(try WoodshedNet.json(["suggestions": suggestions]))
      } else if suggestions.isEmpty {
        print(try WoodshedNet.texts()[pending ? "library.noneWaiting" : "library.noneSuggested"])
      } else {
        for suggestion in suggestions { print(LibraryCommand.line(suggestion)) }
      }
    }
  }

  struct Review: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Accept a suggestion, ask for changes or decline it (teachers).")

    enum Decision: String, ExpressibleByArgument, CaseIterable {
      case accept, changes, decline
    }

    @Argument(help: "The suggestion's id, as `library suggestions --pending` shows it.")
    var suggestionID: String
    @Argument(help: "accept, changes or decline.") var decision: Decision
    @Option(help: "Why: required to ask for changes or decline; the player reads it.")
    var reason = ""

    func run() async throws {
      let (client, token) = try SharedPatterns.session()
      let (suggestion, pattern) = try await client.reviewLibrarySuggestion(
        id: suggestionID, decision: decision.rawValue, reason: reason, token: token)
      if let pattern {
        print(
          TerminalText.message(
            "accepted: \(pattern.id) (\(pattern.name)) is in the library at version "
              + "\(pattern.version)"))
      } else {
        print(LibraryCommand.line(suggestion))
      }
    }
  }

  struct Fetch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check a library pattern as `patterns import` does and add it to your patterns.")

    @Argument(help: "The pattern's id, as `woodshed library` shows it.") var patternID: String
    @Option(help: "An earlier version, as `woodshed library history` shows them.")
    var version: Int?
    @Flag(help: "Replace your own pattern that has the same id.") var force = false

    func run() async throws {
      let (client, token) = try SharedPatterns.session()
      let (found, at, file) = try await client.libraryPattern(
        id: patternID, version: version, token: token)
      let texts = try WoodshedNet.texts()
      let pattern = try SharedPatterns.add(
        file, from: "library pattern \(found.id) version \(at.version)", force: force,
        replacingWith: texts["patterns.whose.library"])
      print(
        TerminalText.message(
          texts.text(
            "library.fetched",
            [
              "id": pattern.id, "name": pattern.name, "count": String(pattern.tones.count),
              "version": String(at.version),
            ])))
    }
  }

  struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Publish a new version of a library pattern from a file (teachers).")

    @Argument(help: "The pattern's id.") var patternID: String
    @Argument(help: "The pattern file, as `woodshed patterns import` takes it.") var file: String
    @Option(help: "What changed, for the pattern's history.") var note = ""

    func run() async throws {
      let pattern = try PatternLibrary.read(URL(fileURLWithPath: file))
      let (client, token) = try SharedPatterns.session()
      let edited = try await client.editLibraryPattern(
        id: patternID, file: String(decoding: try pattern.fileData(), as: UTF8.self), note: note,
        token: token)
      print(
        TerminalText.message(
          "\(edited.id) (\(edited.name)) is at version \(edited.version) in the library"))
    }
  }

  struct Withdraw: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Withdraw a library pattern (teachers); those who fetched it keep it.")

    @Argument(help: "The pattern's id.") var patternID: String
    @Option(help: "Why, for the pattern's history.") var reason = ""

    func run() async throws {
      let (client, token) = try SharedPatterns.session()
      let withdrawn = try await client.withdrawLibraryPattern(
        id: patternID, reason: reason, token: token)
      print(
        TerminalText.message(
          "withdrew \(withdrawn.id) (\(withdrawn.name)) at version \(withdrawn.version): no "
            + "longer listed; those who fetched it keep it"))
    }
  }

  struct History: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Every change of a library pattern: who, when and why.")

    @Argument(help: "The pattern's id.") var patternID: String
    @Flag(help: "Print JSON.") var json = false

    func run() async throws {
      let (client, token) = try SharedPatterns.session()
      let versions = try await client.libraryVersions(id: patternID, token: token)
      if json {
        print(try WoodshedNet.json(["versions": versions]))
        return
      }
      for version in versions {
        let note = version.note.isEmpty ? "" : ": \(version.note)"
        print(
          TerminalText.message(
            "v\(version.version)  \(PackCatalogue.time(version.at))  \(version.change) by "
              + "\(version.by)  \(version.name)\(note)"))
      }
    }
  }
}
