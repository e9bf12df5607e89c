import FoundationEssentials

/// The leaderboards beside the interval game's: the notes' timed drill and streak per choice of
/// packs, and the rhythm trainer's accuracy per line, tempo and length in bars.
public enum BoardGame: String, CaseIterable, Sendable {
  case drill
  case streak
  case rhythm
}

/// What a finished drill, streak or rhythm run counts for on its board, once its record passed
/// `ScorePlausibility`.
public struct BoardResult: Equatable, Sendable {
  public let game: BoardGame
  /// Which board of the game: `packsBoard` or `rhythmBoard`.
  public let board: String
  /// Cards right in the drill or the streak; the accuracy in percent of a rhythm run.
  public let score: Double
  public let startedAt: Date

  /// A choice of packs, as the personal best keys it: the same packs in any order are one
  /// board. The ids sorted, joined by commas.
  public static func packsBoard(_ packs: [String]) -> String {
    Set(packs).sorted().joined(separator: ",")
  }

  /// A rhythm line (its patterns in the order played, joined by commas) at a tempo over a
  /// number of bars, "quarter,eighths@90x8": a run of one bar is no match for one of sixteen.
  public static func rhythmBoard(line: [String], bpm: Int, bars: Int) -> String {
    line.joined(separator: ",") + "@\(bpm)x\(bars)"
  }
}
