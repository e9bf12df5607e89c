import ArgumentParser
import Foundation
import NetClient
import Practice
import Storage
import TerminalUI

/// The kinds of score `scores send` takes from the history, each to its own boards.
enum ScoreKind: String, CaseIterable {
  case interval
  case drill
  case streak
  case rhythm

  /// The kind of board `record` can go to, if any: a finished session with what its board
  /// checks. A session saved before that was kept cannot be checked, and has none.
  init?(of record: SessionRecord) {
    guard !record.isCutShort else { return nil }
    switch (record.module, record.exercise) {
    case (IntervalGame.module, IntervalGame.exercise)
    where !record.answers.isEmpty && IntervalGame.isRanked(record.figures):
      self = .interval
    case (ScorePlausibility.notesModule, ScorePlausibility.drillExercise)
    where record.figures["right"] != nil && !record.answers.isEmpty:
      self = .drill
    case (ScorePlausibility.notesModule, ScorePlausibility.streakExercise)
    where record.figures["right"] != nil && !record.answers.isEmpty:
      self = .streak
    case (ScorePlausibility.rhythmModule, _)
    where record.figures["live"] == 1 && !record.graded.isEmpty:
      self = .rhythm
    default:
      return nil
    }
  }
}

/// The sessions of the history that a server has not settled yet (interval games, timed
/// drills, streaks and rhythm runs played live), and the small file (`scores-sent.json` in
/// the data folder) that remembers, per server, which it has: taken, found there already, or
/// refused as implausible. A session is known by its exercise and start. What could not be
/// sent stays out of the file and goes with the next `scores send`.
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

  /// The sessions of `history` a board takes, with their kind, not yet settled, oldest first.
  func pending(in history: [SessionRecord]) throws -> [(record: SessionRecord, kind: ScoreKind)] {
    let settled = try settledKeys()
    return history.compactMap { record in
      ScoreKind(of: record).map { (record, $0) }
    }
    .filter { !settled.contains(Self.key(of: $0.record)) }
    .sorted { $0.record.startedAt < $1.record.startedAt }
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

extension ScoreOutbox {
  /// What a send did: how many of each kind the server took, a line for each it refused as
  /// implausible, and, when it stopped short, why and how many still wait.
  struct Sending {
    var sent: [ScoreKind: Int] = [:]
    var notTaken: [String] = []
    var stopped: (failure: ClientFailure, left: Int)?
  }

  /// Sends `pending`, oldest first, remembering each the server settles as it answers, so a
  /// send cut off keeps what went through. Stops at the first failure to reach the server or
  /// be let in.
  func send(_ pending: [(SessionRecord, ScoreKind)], client: PracticeRoomClient, token: String)
    async throws -> Sending
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    var sending = Sending()
    for (index, (record, kind)) in pending.enumerated() {
      let line = String(decoding: try encoder.encode(record), as: UTF8.self)
      let outcome: ScoreOutcome
      do {
        outcome =
          kind == .interval
          ? try await client.submitIntervalScore(record: line, token: token)
          : try await client.submitBoardScore(record: line, token: token)
      } catch {
        sending.stopped = (error, pending.count - index)
        return sending
      }
      switch outcome {
      case .recorded: sending.sent[kind, default: 0] += 1
      case .alreadyRecorded: break
      case .implausible(let reason):
        sending.notTaken.append(
          TerminalText.message("not taken: \(Scores.Send.name(of: record, kind)): \(reason)"))
      }
      try settle(record)
    }
    return sending
  }
}

struct Scores: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scores",
    abstract: "Send your interval-game, drill, streak and rhythm scores to the server's boards.",
    subcommands: [Send.self])

  struct Send: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Send the finished interval games, timed drills, streaks and live rhythm runs not sent "
        + "yet, each with its record.")

    func run() async throws {
      let (client, token) = try SharedPatterns.session()
      let outbox = ScoreOutbox(paths: WoodshedNet.paths, server: client.server)
      let history = HistoryLog(paths: WoodshedNet.paths).readAll(as: SessionRecord.self)
      for notice in history.notices { print(TerminalText.message(notice)) }
      let pending = try outbox.pending(in: history.records)
      guard !pending.isEmpty else { return print(try WoodshedNet.texts()["scores.nothingNew"]) }
      let sending = try await outbox.send(pending, client: client, token: token)
      for line in sending.notTaken { print(line) }
      if let (failure, left) = sending.stopped {
        throw CommandFailure(
          "\(failure) (\(left) \(left == 1 ? "score waits" : "scores wait") for the next "
            + "`woodshed scores send`)")
      }
      print(Self.summary(sending.sent, server: client.server, try WoodshedNet.texts()))
    }

    /// "sent 3 scores to URL (interval 2, rhythm 1)": the total, then each kind that went, in
    /// the player's language.
    static func summary(_ sent: [ScoreKind: Int], server: String, _ texts: Localizer) -> String {
      let total = sent.values.reduce(0, +)
      guard total > 0 else { return texts["scores.nothingNew"] }
      let kinds = ScoreKind.allCases.compactMap { kind in
        sent[kind].map { "\(kind.rawValue) \($0)" }
      }
      return WoodshedNet.counted(
        "scores.sent", total, ["server": server, "kinds": kinds.joined(separator: ", ")], texts)
    }

    /// "the game of 2026-11-27 20:15 on minor-pentatonic-1", in UTC as the history keeps it.
    static func name(of record: SessionRecord, _ kind: ScoreKind) -> String {
      let time = ISO8601DateFormatter().string(from: record.startedAt)
      let minute = time.prefix(16).replacingOccurrences(of: "T", with: " ")
      switch kind {
      case .interval: return "the game of \(minute) on \(record.content.first ?? "?")"
      case .drill, .streak:
        return "the \(kind.rawValue) of \(minute) on \(BoardResult.packsBoard(record.content))"
      case .rhythm:
        let bpm = record.figures["bpm"].map { String(Int($0)) } ?? "?"
        return "the rhythm run of \(minute) on \(record.content.joined(separator: ",")) at "
          + "\(bpm) bpm"
      }
    }
  }
}
