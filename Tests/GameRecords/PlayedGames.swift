import DSP
import Foundation
import MusicTheory
import Practice

/// Interval games played by the real `IntervalGame` on a minor pentatonic box, as a steady
/// player plays them (a mark every 0.4 s, every fifth on a wrong place): each record passes the
/// server's `ScorePlausibility`. The server's tests and its benchmark send them.
public enum PlayedGames {
  public static let pattern = "minor-pentatonic-1"

  /// The game as a steady player leaves it once `clears` questions are cleared, not yet ended.
  public static func played(clears: Int, seed: UInt64 = 5) -> IntervalGame {
    let places: [(Int, Int, String)] = [
      (6, 5, "P1"), (6, 8, "m3"), (5, 5, "P4"), (5, 7, "P5"), (4, 5, "m7"), (4, 7, "P1"),
      (3, 5, "m3"), (3, 7, "P4"), (2, 5, "P5"), (2, 8, "m7"), (1, 5, "P1"), (1, 8, "m3"),
    ]
    var game = IntervalGame(
      positions: places.map { FretPosition(string: $0.0, fret: $0.1) },
      intervals: places.map { Interval(shortName: $0.2)! })
    let inOrder: (Set<FretPosition>) -> [FretPosition] = {
      $0.sorted { ($0.string, $0.fret) < ($1.string, $1.fret) }
    }
    var random = SplitMix64(seed: seed)
    var time = 0.0
    var marks = 0
    while !game.isOver, game.answers.filter({ $0.lane != nil }).count < clears {
      time += 0.4
      game.advance(to: time, using: &random)
      guard !game.questions.isEmpty else { continue }
      marks += 1
      let targets = game.targets
      if marks % 5 == 0 {
        game.mark(inOrder(Set(game.tones.keys).subtracting(targets))[0])
      } else {
        game.mark(inOrder(targets.subtracting(game.marked))[0])
      }
    }
    return game
  }

  /// The history record of `game`, dated `startedAt`.
  public static func record(of game: IntervalGame, startedAt: Date) -> SessionRecord {
    SessionRecord(
      module: IntervalGame.module, exercise: IntervalGame.exercise,
      startedAt: startedAt, duration: game.time,
      figures: [
        "score": Double(game.score), "level": Double(game.level),
        "band": Double(IntervalGame.band(of: game.level)), "passed": game.isPassed ? 1 : 0,
      ],
      content: [pattern], answers: game.answers)
  }

  /// A game ended by the player after `clears` questions, dated `startedAt` (whole seconds).
  public static func record(clears: Int, seed: UInt64, startedAt: Date) -> SessionRecord {
    var game = played(clears: clears, seed: seed)
    game.end()
    return record(of: game, startedAt: startedAt)
  }

  /// The record as one line of history.jsonl, as the practice room writes it.
  public static func line(_ record: SessionRecord) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return String(decoding: try! encoder.encode(record), as: UTF8.self)
  }
}
