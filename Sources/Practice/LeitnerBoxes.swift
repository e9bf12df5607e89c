/// Spaced repetition by Leitner boxes, one box per note and context: a note read right and
/// quickly moves up a box and comes back less often; a miss sends it back to the first box, so
/// the notes the user struggles with are met most. It holds no history of its own: it is
/// rebuilt by replaying the answers of the results history, so the history stays the one truth.
public struct LeitnerBoxes: Equatable, Sendable {
  public static let boxCount = 5
  /// An answer slower than this counts as not yet known, even when right. A note that is
  /// known is named at a glance, in a second or two including the key press; three seconds
  /// means working it out, by counting lines or from a landmark note.
  public static let slowSeconds = 3.0

  /// The same note read in another clef is another skill, so it has its own box.
  private struct Key: Hashable, Sendable {
    var question: String
    var context: String
  }

  private var boxes: [Key: Int] = [:]

  /// Every note unseen.
  public init() {}

  /// Replays every answer of the records of `module` (such as `notes`) in order; the records
  /// of other modules ask other kinds of questions and are skipped.
  public init(replaying records: [SessionRecord], module: String) {
    for record in records where record.module == module {
      for answer in record.answers { self.record(answer) }
    }
  }

  /// Moves the answer's note: up a box when right within `slowSeconds`, back to box 0 when
  /// wrong, and nowhere when right but slow. A new note starts from box 0, where it is dealt.
  public mutating func record(_ answer: SessionRecord.Answer) {
    let key = Key(question: answer.question, context: answer.context)
    let box = boxes[key] ?? 0
    if !answer.isCorrect {
      boxes[key] = 0
    } else if answer.seconds > Self.slowSeconds {
      boxes[key] = box
    } else {
      boxes[key] = min(box + 1, Self.boxCount - 1)
    }
  }

  /// The note's box, from 0 (not known) to `boxCount - 1` (known best); nil for a note never
  /// asked in that context.
  public func box(of question: String, in context: String) -> Int? {
    boxes[Key(question: question, context: context)]
  }

  /// Relative chance of dealing this note, halving with each box up: 16, 8, 4, 2, 1. Unseen
  /// notes are dealt as often as box 0 ones, so new notes are met early.
  public func weight(of question: String, in context: String) -> Double {
    let box = box(of: question, in: context) ?? 0
    return Double(1 << (Self.boxCount - 1 - box))
  }
}
