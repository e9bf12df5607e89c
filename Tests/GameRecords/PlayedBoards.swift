import Foundation
import Practice

/// Drills, streaks and rhythm runs as the practice room records them, each passing the
/// server's `ScorePlausibility`. The server's tests and the rules' unit tests send them.
public enum PlayedBoards {
  public static let packs = ["treble-staff", "bass-staff"]
  /// Two shipped patterns: a quarter, two eighths.
  public static let line = ["quarter", "eighths"]
  public static let bpm = 90
  /// Two bars of quarter, eighths, quarter, eighths: 2 × (1 + 2 + 1 + 2) notes.
  public static let bars = 2
  public static let lineNotes = 12

  /// A timed drill of `right` cards right, then `wrong` wrong, a card every 0.9 s.
  public static func drill(right: Int, wrong: Int = 0, startedAt: Date) -> SessionRecord {
    let answers =
      Array(repeating: card(isCorrect: true), count: right)
      + Array(repeating: card(isCorrect: false), count: wrong)
    return SessionRecord(
      module: "notes", exercise: "timed", startedAt: startedAt, duration: 60.3,
      score: Double(right) / Double(max(right + wrong, 1)),
      figures: ["right": Double(right), "seconds": 60],
      content: packs, answers: answers)
  }

  /// A streak of `right` cards ended by a mistake, a card every 0.9 s.
  public static func streak(right: Int, startedAt: Date) -> SessionRecord {
    let answers = Array(repeating: card(isCorrect: true), count: right) + [card(isCorrect: false)]
    return SessionRecord(
      module: "notes", exercise: "streak", startedAt: startedAt,
      duration: 0.9 * Double(answers.count) + 0.2,
      score: Double(right) / Double(answers.count), figures: ["right": Double(right)],
      content: packs.reversed(), answers: answers)
  }

  private static func card(isCorrect: Bool) -> SessionRecord.Answer {
    SessionRecord.Answer(
      question: "E4", context: "treble", given: isCorrect ? "E" : "F", isCorrect: isCorrect,
      seconds: 0.9)
  }

  /// A run of `line` played live, its first `missed` notes missed, `good` of the rest good and
  /// the others perfect, with `extra` hits that matched no note.
  public static func rhythm(missed: Int, good: Int = 0, extra: Int = 0, startedAt: Date)
    -> SessionRecord
  {
    let graded = (0..<lineNotes).map { index in
      index < missed
        ? SessionRecord.GradedNote(grade: .miss, offsetMilliseconds: nil)
        : index < missed + good
          ? SessionRecord.GradedNote(grade: .good, offsetMilliseconds: 45)
          : SessionRecord.GradedNote(grade: .perfect, offsetMilliseconds: -8)
    }
    let hits = lineNotes - missed
    let accuracy = 100 * Double(hits) / Double(lineNotes + extra)
    return SessionRecord(
      module: "rhythm", exercise: "tap", startedAt: startedAt, duration: 11.5,
      score: accuracy / 100,
      figures: [
        "bpm": Double(bpm), "bars": Double(bars), "live": 1, "accuracy": accuracy,
        "extra": Double(extra), "perfect": Double(hits - good), "good": Double(good),
        "inaccurate": 0, "missed": Double(missed),
      ],
      content: line, graded: graded)
  }
}
