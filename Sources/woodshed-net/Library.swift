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

  /// Lines made of other players' text, printable, in the player's language.
  static func line(_ pattern: LibraryPatternInfo, _ texts: Localizer) -> String {
    TerminalText.message(
      texts.text(
        pattern.withdrawn ? "library.line.withdrawn" : "library.line",
        [
          "id": pattern.id, "name": pattern.name, "version": String(pattern.version),
          "author": pattern.author,
        ]))
  }

  static func line(_ suggestion: LibrarySuggestionInfo, _ texts: Localizer) -> String {
    let reviewer = suggestion.reviewer ?? texts["library.aTeacher"]
    let key = "library.suggestion.\(suggestion.state)"
    let state =
      texts.textIfPresent(key) == nil
      ? suggestion.state : texts.text(key, ["reviewer": reviewer])
    return TerminalText.message(
      texts.text(
        "library.suggestion",
        [
          "id": suggestion.id, "pattern": suggestion.patternId, "name": suggestion.name,
          "suggester": suggestion.suggester,
          "note": suggestion.note.isEmpty ? "" : " (\"\(suggestion.note)\")", "state": state,
          "reason": suggestion.reason.isEmpty ? "" : ": \(suggestion.reason)",
        ]))
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
        let texts = try WoodshedNet.texts()
        for pattern in patterns { print(LibraryCommand.line(pattern, texts)) }
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
          try WoodshedNet.texts().text(
            "library.suggested",
            ["pattern": suggestion.patternId, "name": suggestion.name, "id": suggestion.id])))
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
        let texts = try WoodshedNet.texts()
        for suggestion in suggestions { print(LibraryCommand.line(suggestion, texts)) }
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
      let texts = try WoodshedNet.texts()
      if let pattern {
        print(
          TerminalText.message(
            texts.text(
              "library.acceptedAt",
              ["id": pattern.id, "name": pattern.name, "version": String(pattern.version)])))
      } else {
        print(LibraryCommand.line(suggestion, texts))
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
          try WoodshedNet.texts().text(
            "library.edited",
            ["id": edited.id, "name": edited.name, "version": String(edited.version)])))
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
          try WoodshedNet.texts().text(
            "library.withdrew",
            ["id": withdrawn.id, "name": withdrawn.name, "version": String(withdrawn.version)])))
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
      let texts = try WoodshedNet.texts()
      for version in versions {
        let key = "library.change.\(version.change)"
        let change =
          texts.textIfPresent(key) == nil
          ? "\(version.change) by \(version.by)" : texts.text(key, ["by": version.by])
        print(
          TerminalText.message(
            texts.text(
              "library.version",
              [
                "version": String(version.version), "time": PackCatalogue.time(version.at),
                "change": change, "name": version.name,
                "note": version.note.isEmpty ? "" : ": \(version.note)",
              ])))
      }
    }
  }
}
