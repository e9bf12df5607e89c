import Foundation
import Histogram
import NetAPI
import ServerStore

/// The sync row: every player backs up a history of a few years' practice at once, as
/// `woodshed sync` does (the listing, then the pieces the server lacks and the manifest); then
/// each adds a week of sessions and syncs again, which sends the last piece and the manifest.
let sessionsPerPlayer = 5_000
let sessionsAddedPerPlayer = 20

/// Player `player`'s history of `count` sessions: one a day or so, each line as the practice
/// room writes one, and different for every player.
func benchHistory(player: Int, sessions count: Int) -> Data {
  let modules = [("notes", "flashcards"), ("rhythm", "offbeat-eighth"), ("fretboard", "dorian-3")]
  var text = ""
  for session in 0..<count {
    let (module, exercise) = modules[session % modules.count]
    let start = Date(timeIntervalSince1970: 1_700_000_000 + Double(session * 86_400 + player))
    text +=
      #"{"module":""# + module + #"","exercise":""# + exercise + #"","startedAt":""#
      + start.formatted(.iso8601) + #"","duration":"# + String(600 + session % 900)
      + #","score":0."# + String(session % 100) + #","bpm":"# + String(60 + session % 100)
      + #","attempts":12,"correct":"# + String(session % 13) + "}\n"
  }
  return Data(text.utf8)
}

/// The backup items a history is sent as: its pieces, then its manifest.
func backupItems(of history: Data) -> [(path: String, content: Data)] {
  let pieces = HistoryPieces.cut(history)
  return pieces.enumerated().map { (HistoryPieces.path(ofPiece: $0), $1) } + [
    (HistoryPieces.manifestPath, HistoryPieces(of: history, pieces: pieces).encoded())
  ]
}

extension PlayerClient {
  /// One sync of `history`: the listing, then every item whose SHA-256 the server lacks.
  /// Answers how many items were sent, or the first answer that was not expected.
  func sync(_ history: Data) async -> Result<Int, SyncFailure> {
    do {
      let listing = try await client.listBackup().ok.body.json.items
      let kept = Dictionary(
        listing.map { ($0.path, $0.sha256) }, uniquingKeysWith: { first, _ in first })
      var sent = 0
      for (path, content) in backupItems(of: history) {
        let sha256 = BackupRules.sha256(of: content)
        guard kept[path] != sha256 else { continue }
        _ = try await client.putBackupItem(
          body: .json(
            .init(
              path: path, sha256: sha256, modifiedAt: Date(),
              content: content.base64EncodedString()))
        ).ok
        sent += 1
      }
      return .success(sent)
    } catch {
      return .failure(SyncFailure(description: "sync: \(error)".prefix(300).description))
    }
  }

  /// The history this player's backup holds, joined from its pieces as a restore joins them.
  func backedUpHistory() async throws -> Data {
    func content(_ path: String) async throws -> Data {
      let item = try await client.getBackupItem(query: .init(path: path)).ok.body.json
      return Data(base64Encoded: item.content) ?? Data()
    }
    let manifest = try JSONDecoder().decode(
      HistoryPieces.self, from: try await content(HistoryPieces.manifestPath))
    var pieces: [Data?] = []
    for index in manifest.pieces.indices {
      pieces.append(try await content(HistoryPieces.path(ofPiece: index)))
    }
    if let problem = manifest.problem(joining: pieces) {
      throw SyncFailure(description: "the backup's history: \(problem)")
    }
    return pieces.reduce(into: Data()) { $0.append($1 ?? Data()) }
  }
}

struct SyncFailure: Error, CustomStringConvertible {
  let description: String
}

/// What every sync of a round saw: the whole sync's latency, the items sent, the failures.
struct SyncTally {
  var latencies = newLatencies()
  var sent = 0
  var failures: [String] = []
}

/// Every player syncs its history at once.
func syncAll(_ players: [PlayerClient], histories: [Data]) async -> SyncTally {
  await withTaskGroup(of: (UInt64, Result<Int, SyncFailure>).self) { group in
    for (player, history) in zip(players, histories) {
      group.addTask {
        let clock = ContinuousClock()
        var result: Result<Int, SyncFailure> = .success(0)
        let took = await clock.measure { result = await player.sync(history) }
        return (microseconds(took), result)
      }
    }
    var tally = SyncTally()
    for await (took, result) in group {
      _ = tally.latencies.record(took)
      switch result {
      case .success(let sent): tally.sent += sent
      case .failure(let failure): tally.failures.append(failure.description)
      }
    }
    return tally
  }
}

/// The sync rows for one database, with one player on each account; true when every player's
/// backup holds exactly its sessions, none lost, none doubled, none another's.
func benchSync(_ name: String, players: [PlayerClient]) async -> Bool {
  let first = players.indices.map { benchHistory(player: $0, sessions: sessionsPerPlayer) }
  let later = players.indices.map {
    benchHistory(player: $0, sessions: sessionsPerPlayer + sessionsAddedPerPlayer)
  }
  let clock = ContinuousClock()
  let started = clock.now
  let whole = await syncAll(players, histories: first)
  let wholeTook = seconds(clock.now - started)
  let week = await syncAll(players, histories: later)
  let bytes = first.map(\.count).reduce(0, +) / players.count
  print(
    String(
      format: "%@: %d players sync at once, each a history of %d sessions (%.0f KiB, %d items): "
        + "p50 %@, p99 %@ (%.1f s in all); a week later, %d sessions more each: p50 %@, p99 %@ "
        + "(%d items sent)", name, players.count, sessionsPerPlayer, Double(bytes) / 1024,
      whole.sent / max(1, players.count), milliseconds(whole.latencies, 50),
      milliseconds(whole.latencies, 99), wholeTook, sessionsAddedPerPlayer,
      milliseconds(week.latencies, 50), milliseconds(week.latencies, 99), week.sent))
  var lost = 0
  var doubled = 0
  var strangers = 0
  var failures = whole.failures + week.failures
  for (player, history) in zip(players, later) {
    do {
      let lines = try await player.backedUpHistory().split(separator: 0x0A).map { Data($0) }
      let expected = Set(history.split(separator: 0x0A).map { Data($0) })
      let held = Set(lines)
      lost += expected.subtracting(held).count
      doubled += lines.count - held.count
      strangers += held.subtracting(expected).count
    } catch {
      failures.append("check: \(error)".prefix(300).description)
    }
  }
  print(
    "\(name): every player's backup after both rounds: \(lost) sessions lost, \(doubled) "
      + "doubled, \(strangers) another's, of \(players.count * later[0].split(separator: 0x0A).count)"
  )
  for failure in failures.prefix(10) { print("\(name): unexpected answer: \(failure)") }
  return lost == 0 && doubled == 0 && strangers == 0 && failures.isEmpty
}
