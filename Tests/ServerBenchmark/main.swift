import AsyncHTTPClient
import Foundation
import GameRecords
import Histogram
import Logging
import NIOCore
import NetAPI
import OpenAPIAsyncHTTPClient
import SQLKit
import ServerStore

// The server's figures for the README: 200 concurrent clients, each posting 50 interval games
// and reading the board after every 5, then 200 players (one per account) syncing their
// histories at once (SyncLoad), against the real release `woodshed-net serve` on SQLite and on
// PostgreSQL. Run with `make bench`; exits 1 when a score or a session is lost or duplicated.

let clients = 200
let gamesPerClient = 50
let readEvery = 5
let resentPerClient = 5
let password = "bench password 1"

let arguments = CommandLine.arguments
func value(of flag: String) -> String? {
  arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
guard let woodshedNet = value(of: "--woodshed-net") else {
  print("usage: woodshed-server-bench --woodshed-net PATH [--accounts N] [--sqlite-only]")
  exit(2)
}
// bcrypt makes each account a quarter of a second of the server's CPU to make and as much to log
// in: fewer accounts, each shared by several clients, keep the run short.
let accountCount = value(of: "--accounts").flatMap(Int.init) ?? clients
guard accountCount > 0, clients % accountCount == 0 else {
  print("--accounts takes a divisor of \(clients), so every account has as many clients")
  exit(2)
}

var databases: [(name: String, location: (URL) -> String)] = [
  ("SQLite", { "sqlite:" + $0.appendingPathComponent("server.sqlite").path })
]
if let postgres = ProcessInfo.processInfo.environment["WOODSHED_TEST_POSTGRES"] {
  databases.append(("PostgreSQL", { _ in postgres }))
} else if !arguments.contains("--sqlite-only") {
  print(
    "no PostgreSQL: run inside Tests/with-postgresql.sh (as make bench does), or pass --sqlite-only"
  )
  exit(2)
}

/// Each client's games, started a minute apart and never on the same minute as another
/// client's, so every (player, start) is its own game whichever account a client plays as.
/// Eight played games of 3 to 24 questions cleared give the scores and answers.
func gameLines(now: Date) -> [[(start: Int64, line: String)]] {
  let played = (0..<8).map {
    PlayedGames.record(clears: 3 + 3 * $0, seed: UInt64($0), startedAt: now)
  }
  let latest = now.timeIntervalSince1970.rounded(.down) - 3600
  return (0..<clients).map { client in
    (0..<gamesPerClient).map { game in
      var record = played[(client + game) % played.count]
      let start = latest - Double(client * gamesPerClient + game) * 60
      record.startedAt = Date(timeIntervalSince1970: start)
      return (Int64(start), PlayedGames.line(record))
    }
  }
}

func accountName(_ index: Int) -> String { String(format: "bench%03d", index) }

func milliseconds(_ latencies: Latencies, _ percentile: Double) -> String {
  String(format: "%.1f ms", Double(latencies.valueAtPercentile(percentile)) / 1000)
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

/// Makes and logs in every account, a few at a time (each is bcrypt's work twice, and all at
/// once would wait past the client's timeout); returns their tokens in order.
func makeAccounts(_ api: PlayerClient) async throws -> [String] {
  try await withThrowingTaskGroup(of: (Int, String).self) { group in
    func add(_ index: Int) {
      group.addTask {
        let credentials = Components.Schemas.Credentials(
          name: accountName(index), password: password)
        _ = try await api.client.createAccount(
          body: .json(.init(name: credentials.name, password: credentials.password))
        ).created
        let session = try await api.client.login(body: .json(credentials)).ok.body.json
        return (index, session.token)
      }
    }
    let atOnce = 8
    for index in 0..<min(atOnce, accountCount) { add(index) }
    var next = atOnce
    var tokens = [String](repeating: "", count: accountCount)
    for try await (index, token) in group {
      tokens[index] = token
      if next < accountCount { add(next) }
      next += 1
    }
    return tokens
  }
}

/// The (player, start) of every row the server's database holds.
func storedGames(_ location: String) async throws -> [String] {
  let database = try await ServerDatabase.open(
    try DatabaseLocation(parsing: location), logger: Logger(label: "bench"))
  do {
    let rows = try await database.sql.select().columns("player", "started_at")
      .from("interval_scores").all()
    let games = try rows.map {
      "\(try $0.decode(column: "player", as: String.self)) "
        + "\(try $0.decode(column: "started_at", as: Int64.self))"
    }
    await database.shutdown()
    return games
  } catch {
    await database.shutdown()
    throw error
  }
}

/// One database's run; true when every score was stored once.
func bench(_ name: String, location: (URL) -> String) async throws -> Bool {
  let home = FileManager.default.temporaryDirectory
    .appendingPathComponent("woodshed-server-bench-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: home) }
  let database = location(home)
  let server = try ServerProcess(woodshedNet: woodshedNet, database: database, home: home)
  let url = URL(string: server.url)!

  var configuration = HTTPClient.Configuration()
  configuration.connectionPool = .init(
    idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: clients)
  configuration.timeout = .init(connect: .seconds(10), read: .seconds(60))
  let http = HTTPClient(
    eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
  let transport = AsyncHTTPClientTransport(configuration: .init(client: http))

  let clock = ContinuousClock()
  let accountsStarted = clock.now
  let tokens = try await makeAccounts(PlayerClient(url: url, transport: transport, token: nil))
  let accountsTook = seconds(clock.now - accountsStarted)
  let players = tokens.map { PlayerClient(url: url, transport: transport, token: $0) }
  print(
    String(
      format: "%@: %d accounts made and logged in once in %.1f s (not counted below); %d clients, "
        + "%d on each account", name, accountCount, accountsTook, clients,
      clients / accountCount))

  let lines = gameLines(now: Date())
  let parts = (0..<clients).map { (players[$0 % accountCount], lines[$0].map(\.line)) }
  let started = clock.now
  let load = await runAll(parts, readEvery: readEvery)
  let took = seconds(clock.now - started)
  let requests = Int(load.posts.totalCount + load.reads.totalCount)
  print(
    "\(name): post a score: p50 \(milliseconds(load.posts, 50)), p99 "
      + "\(milliseconds(load.posts, 99)) (\(load.posts.totalCount) posts); read a board: p50 "
      + "\(milliseconds(load.reads, 50)), p99 \(milliseconds(load.reads, 99)) "
      + "(\(load.reads.totalCount) reads)")
  print(
    String(
      format: "%@: %.0f requests/s (%d requests in %.1f s, %d clients at once)", name,
      Double(requests) / took, requests, took, clients))

  let resend = (0..<clients).map {
    (players[$0 % accountCount], lines[$0].prefix(resentPerClient).map(\.line))
  }
  let again = await runAll(resend, readEvery: resentPerClient)
  // One player per account: a backup is the account's.
  let synced = await benchSync(name, players: players)
  try await http.shutdown()
  let stopped = server.stop()

  let expected = Set(
    (0..<clients).flatMap { client in
      lines[client].map { "\(accountName(client % accountCount)) \($0.start)" }
    })
  let stored = try await storedGames(database)
  let distinct = Set(stored)
  let lost = expected.subtracting(distinct).count
  let duplicated = stored.count - distinct.count
  let strangers = distinct.subtracting(expected).count
  print(
    "\(name): \(stored.count) rows, \(distinct.count) distinct (player, start) of "
      + "\(expected.count) sent: \(lost) lost, \(duplicated) duplicated, \(strangers) unknown; "
      + "answers: \(load.recorded) recorded, \(load.alreadyRecorded) already recorded")
  print(
    "\(name): \(again.posts.totalCount) sent again at once: \(again.alreadyRecorded) answered "
      + "already recorded, \(again.recorded) recorded anew; post p50 "
      + "\(milliseconds(again.posts, 50)), p99 \(milliseconds(again.posts, 99))")
  let failures = load.failures + again.failures
  for failure in failures.prefix(10) { print("\(name): unexpected answer: \(failure)") }
  if stopped != 0 {
    let log = (try? String(contentsOf: server.logFile, encoding: .utf8)) ?? ""
    print("\(name): the server exited \(stopped) on SIGTERM; its log ends:")
    print(log.split(separator: "\n").suffix(20).joined(separator: "\n"))
  }
  return lost == 0 && duplicated == 0 && strangers == 0 && stored.count == clients * gamesPerClient
    && failures.isEmpty && load.recorded == clients * gamesPerClient
    && again.alreadyRecorded == clients * resentPerClient && stopped == 0 && synced
}

var allStoredOnce = true
for (name, location) in databases {
  do {
    allStoredOnce = try await bench(name, location: location) && allStoredOnce
  } catch {
    print("\(name): \(error)")
    allStoredOnce = false
  }
}
print(
  allStoredOnce
    ? "every score and every session stored once" : "FAILED: see the lines above")
exit(allStoredOnce ? 0 : 1)
