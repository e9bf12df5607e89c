import MusicTheory

/// One question: the notes to hear, how they sound, and the item that names them.
public struct EarQuestion: Equatable, Sendable {
  /// Melodic up (the lower note first), melodic down (the higher first), or together.
  public enum Sounding: String, CaseIterable, Sendable {
    case up
    case down
    case harmonic
  }

  public let item: EarItem
  /// Spelled from the lowest note by the item's intervals, in the order they sound; for
  /// harmonic questions, from the lowest up, all at once.
  public let notes: [Note]
  public let sounding: Sounding

  /// The question on `lowest`, or nil when a note above it would need more than a double
  /// accidental.
  public init?(item: EarItem, lowest: Note, sounding: Sounding) {
    var notes = [lowest]
    for interval in item.intervals {
      guard let note = lowest + interval else { return nil }
      notes.append(note)
    }
    self.item = item
    self.notes = sounding == .down ? notes.reversed() : notes
    self.sounding = sounding
  }
}
