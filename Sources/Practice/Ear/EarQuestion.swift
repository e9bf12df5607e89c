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
  /// Spelled from the root by the item's intervals, in the order they sound; for harmonic
  /// questions, from the lowest up, all at once.
  public let notes: [Note]
  public let sounding: Sounding
  /// For a chord, how many of its tones were taken up an octave from under the others: 0 in
  /// root position, 1 in first inversion (the third in the bass), and so on. 0 for intervals.
  public let inversion: Int

  /// The question on `root`, or nil when a note above it would need more than a double
  /// accidental. `inversion` must be below the number of notes.
  public init?(item: EarItem, root: Note, sounding: Sounding, inversion: Int = 0) {
    var notes = [root]
    for interval in item.intervals {
      guard let note = root + interval else { return nil }
      notes.append(note)
    }
    precondition((0..<notes.count).contains(inversion), "no inversion \(inversion) of \(item)")
    let raised = notes.prefix(inversion).map { Note($0.noteClass, octave: $0.octave + 1) }
    notes = Array(notes.dropFirst(inversion)) + raised
    self.item = item
    self.notes = sounding == .down ? notes.reversed() : notes
    self.sounding = sounding
    self.inversion = inversion
  }
}
