import Foundation
import NetAPI
import Practice
import ServerStore

/// The usage report for the server's admin, the same over the network (`GET /admin/stats`)
/// and on the server's machine (`woodshed serve stats`). Days are UTC days, weeks run from
/// Monday. Activity is what the server saw of a session: its start in a history a player
/// backed up, or a game, drill, streak or rhythm run sent to a board. Sessions and minutes come
/// from the backed-up histories alone, counted as the practice room's own log counts them.
public enum UsageStatistics {
  public static let days = 1...92
  public static let weeks = 1...52
  /// How many patterns each list of patterns names.
  static let patterns = 10

  public static func report(of store: UsageStore, now: Date, days: Int, weeks: Int)
    async throws -> Components.Schemas.UsageStatistics
  {
    let today = LocalDay(now, utcOffset: 0)
    let firstDay = today - (days - 1)
    let firstMonday = today.monday - 7 * (weeks - 1)
    let since = start(of: min(firstDay, firstMonday))
    let weeksSince = start(of: firstMonday)
    var active: Set<Activity> = []
    for (player, startedAt) in try await store.scoredStarts(since: since) {
      active.insert(Activity(player: player, day: LocalDay(startedAt, utcOffset: 0)))
    }
    var modules: [String: (sessions: Int, minutes: Double)] = [:]
    let players = try await store.playersWithHistory()
    var histories = 0
    for player in players {
      guard let history = try await store.history(of: player) else { continue }
      histories += 1
      let records = records(in: history).filter { $0.startedAt >= since }
      for record in records {
        active.insert(Activity(player: player, day: LocalDay(record.startedAt, utcOffset: 0)))
      }
      let log = PracticeLog(records: records, utcOffset: { _ in 0 })
      for session in log.sessions where !session.isCutShort && session.startedAt >= weeksSince {
        modules[session.module, default: (0, 0)].sessions += 1
        modules[session.module, default: (0, 0)].minutes += session.duration / 60
      }
    }
    func count(_ days: ClosedRange<LocalDay>) -> Int {
      Set(active.filter { days.contains($0.day) }.map(\.player)).count
    }
    return .init(
      generatedAt: now, accounts: try await store.accountCount(), histories: histories,
      days: (0..<days).map { firstDay + $0 }.map {
        .init(from: $0.text, players: count($0...$0))
      },
      weeks: (0..<weeks).map { firstMonday + 7 * $0 }.map {
        .init(from: $0.text, players: count($0...($0 + 6)))
      },
      modules: modules.sorted { ($1.value.minutes, $0.key) < ($0.value.minutes, $1.key) }.map {
        .init(module: $0.key, sessions: $0.value.sessions, minutes: $0.value.minutes)
      },
      practised: try await store.practisedPatterns(since: weeksSince, limit: patterns).map {
        .init(patternId: $0.patternID, games: $0.games, players: $0.players)
      },
      rated: try await store.bestRated(limit: patterns).map {
        .init(
          owner: $0.owner, patternId: $0.patternID, name: $0.name, average: $0.average,
          ratings: $0.ratings)
      })
  }

  /// A player seen on a day.
  private struct Activity: Hashable {
    let player: String
    let day: LocalDay
  }

  private static func start(of day: LocalDay) -> Date {
    Date(timeIntervalSince1970: TimeInterval(day.number) * 86_400)
  }

  /// The history's lines that read as sessions; a line that does not is left out, as the
  /// practice room leaves it out.
  private static func records(in history: Data) -> [SessionRecord] {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return history.split(separator: 0x0a).compactMap {
      try? decoder.decode(SessionRecord.self, from: Data($0))
    }
  }
}
