import ArgumentParser
import Foundation
import NetClient
import Practice
import Storage
import TerminalUI

/// The interval games of the history that a server has not settled yet, and the small file
/// (`scores-sent.json` in the data folder) that remembers, per server, which it has: taken,
/// found there already, or refused as implausible. A game is known by its exercise and start.
/// What could not be sent stays out of the file and goes with the next `scores send`.
struct ScoreOutbox {
  let file: URL
  let server: String

  init(paths: StoragePaths, server: String) {
    file = paths.dataFolder.appendingPathComponent("scores-sent.json")
    self.server = server
  }

  static func key(of record: SessionRecord) -> String {
    "\(record.exercise)@\(Int64(record.startedAt.timeIntervalSince1970.rounded(.down)))"
  }

  /// The finished interval games of `history` with their marks, not yet settled, oldest first.
  /// A game saved before its marks were kept cannot be checked, and is left out.
  func pending(in history: [SessionRecord]) throws -> [SessionRecord] {
    let settled = try settledKeys()
    return history.filter {
      $0.module == IntervalGame.module && $0.exercise == IntervalGame.exercise && !$0.isCutShort
        && !$0.answers.isEmpty && !settled.contains(Self.key(of: $0))
    }
    .sorted { $0.startedAt < $1.startedAt }
  }

  /// Remembers that the server settled `record`; written at once, so a send cut off later
  /// keeps what went through.
  func settle(_ record: SessionRecord) throws {
    var all = try readAll()
    all[server, default: []].append(Self.key(of: record))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      try AtomicFile.write(try encoder.encode(all), to: file)
    } catch {
      throw CommandFailure("cannot save \(file.path): \(error)")
    }
  }

  private func settledKeys() throws -> Set<String> {
    Set(try readAll()[server] ?? [])
  }

  private func readAll() throws -> [String: [String]] {
    guard FileManager.default.fileExists(atPath: file.path) else { return [:] }
    do {
      return try JSONDecoder().decode([String: [String]].self, from: Data(contentsOf: file))
    } catch {
      throw CommandFailure(
        "cannot read \(file.path): remove it to send every game again (the server keeps each "
          + "once)")
    }
  }
}

struct Scores: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scores", abstract: "Send your interval-game scores to the server's boards.",
    subcommands: [Send.self])

  struct Send: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Send the finished interval games not sent yet, each with its record.")

    func run() async throws {
      let (client, token) = try SharedPatterns.session()
      let outbox = ScoreOutbox(paths: WoodshedNet.paths, server: client.server)
      let history = HistoryLog(paths: WoodshedNet.paths).readAll(as: SessionRecord.self)
      for notice in history.notices { print(TerminalText.message(notice)) }
      let pending = try outbox.pending(in: history.records)
      guard !pending.isEmpty else { return print("nothing new") }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      encoder.dateEncodingStrategy = .iso8601
      var sent = 0
      for (index, record) in pending.enumerated() {
        let line = String(decoding: try encoder.encode(record), as: UTF8.self)
        let outcome: ScoreOutcome
        do {
          outcome = try await client.submitIntervalScore(record: line, token: token)
        } catch {
          let left = pending.count - index
          throw CommandFailure(
            "\(error) (\(left) \(left == 1 ? "game waits" : "games wait") for the next "
              + "`woodshed scores send`)")
        }
        switch outcome {
        case .recorded: sent += 1
        case .alreadyRecorded: break
        case .implausible(let reason):
          print(TerminalText.message("not taken: \(Self.name(of: record)): \(reason)"))
        }
        try outbox.settle(record)
      }
      print(
        sent == 0
          ? "nothing new" : "sent \(sent) \(sent == 1 ? "score" : "scores") to \(client.server)")
    }

    /// "the game of 2026-11-27 20:15 on minor-pentatonic-1", in UTC as the history keeps it.
    static func name(of record: SessionRecord) -> String {
      let time = ISO8601DateFormatter().string(from: record.startedAt)
      let minute = time.prefix(16).replacingOccurrences(of: "T", with: " ")
      return "the game of \(minute) on \(record.content.first ?? "?")"
    }
  }
}
