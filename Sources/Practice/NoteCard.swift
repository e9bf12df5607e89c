import MusicTheory

/// One flashcard: a note to read and four names to choose from, exactly one of them right.
public struct NoteCard: Equatable, Sendable {
  public static let choiceCount = 4

  public let note: Note
  /// Four different note names; the note's own is at `answerIndex`.
  public let choices: [NoteClass]
  public let answerIndex: Int

  /// Deals a card for `note`: three wrong names drawn at random from `names` without
  /// repeats, and the right one put at a random place among them. `names` must hold at least
  /// three names besides the note's own.
  public init(note: Note, names: Set<NoteClass>, using random: inout some RandomNumberGenerator) {
    let wrong = names.subtracting([note.noteClass]).sorted { $0.description < $1.description }
    precondition(wrong.count >= Self.choiceCount - 1, "a card needs three wrong names")
    var choices = Array(wrong.shuffled(using: &random).prefix(Self.choiceCount - 1))
    let answerIndex = Int.random(in: 0..<Self.choiceCount, using: &random)
    choices.insert(note.noteClass, at: answerIndex)
    self.note = note
    self.choices = choices
    self.answerIndex = answerIndex
  }

  public var answer: NoteClass { choices[answerIndex] }
}
