import AsyncHTTPClient
import Foundation
import GameRecords
import HTTPTypes
import Histogram
import NetAPI
import NetClient
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime

/// Latencies in microseconds, up to a minute, to three significant digits.
typealias Latencies = Histogram<UInt64>

func newLatencies() -> Latencies {
  Latencies(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
}

func microseconds(_ duration: Duration) -> UInt64 {
  UInt64(duration.components.seconds) * 1_000_000
    + UInt64(duration.components.attoseconds / 1_000_000_000_000)
}

/// What one client saw: each request's latency and each answer it did not expect.
struct ClientTally: Sendable {
  var posts = newLatencies()
  var reads = newLatencies()
  var recorded = 0
  var alreadyRecorded = 0
  var failures: [String] = []

  mutating func add(_ other: ClientTally) {
    posts.add(other.posts)
    reads.add(other.reads)
    recorded += other.recorded
    alreadyRecorded += other.alreadyRecorded
    failures += other.failures
  }
}

/// One player's client: the generated API client with the player's bearer token.
struct PlayerClient: Sendable {
  let client: Client

  init(url: URL, transport: AsyncHTTPClientTransport, token: String?) {
    client = Client(
      serverURL: url, configuration: .init(dateTranscoder: .iso8601), transport: transport,
      middlewares: token.map { [BearerToken(token: $0)] } ?? [])
  }

  /// Posts `lines` in order, reading the pattern's board after every `readEvery` posts.
  func play(_ lines: [String], readEvery: Int) async -> ClientTally {
    var tally = ClientTally()
    let clock = ContinuousClock()
    for (index, line) in lines.enumerated() {
      do {
        var answer: Operations.SubmitIntervalScore.Output?
        let took = try await clock.measure {
          answer = try await client.submitIntervalScore(body: .json(.init(record: line)))
        }
        _ = tally.posts.record(microseconds(took))
        switch answer {
        case .created: tally.recorded += 1
        case .ok: tally.alreadyRecorded += 1
        case let other: tally.failures.append("post: \(String(describing: other).prefix(300))")
        }
      } catch {
        tally.failures.append("post: \(error)")
      }
      guard (index + 1) % readEvery == 0 else { continue }
      do {
        var answer: Operations.GetIntervalLeaderboard.Output?
        let took = try await clock.measure {
          answer = try await client.getIntervalLeaderboard(
            path: .init(patternId: PlayedGames.pattern))
        }
        _ = tally.reads.record(microseconds(took))
        if case .ok = answer {
        } else {
          tally.failures.append("board: \(String(describing: answer).prefix(300))")
        }
      } catch {
        tally.failures.append("board: \(error)")
      }
    }
    return tally
  }
}

/// Runs every client's part at once and adds up what they saw.
func runAll(_ parts: [(PlayerClient, [String])], readEvery: Int) async -> ClientTally {
  await withTaskGroup(of: ClientTally.self) { group in
    for (client, lines) in parts {
      group.addTask { await client.play(lines, readEvery: readEvery) }
    }
    var total = ClientTally()
    for await tally in group { total.add(tally) }
    return total
  }
}
