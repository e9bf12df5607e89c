/// A scale pattern as the scale it holds, and a chord of that scale found inside it.
extension FretPattern {
  /// The scale type whose tones a scale pattern holds, with none left out and none added;
  /// nil for an arpeggio, a chord, or a shape of no known scale.
  public var scaleType: ScaleType? {
    ScaleType.all.first(where: holds)
  }

  /// Whether this is a scale pattern of `type`: its tones and no others.
  public func holds(_ type: ScaleType) -> Bool {
    category == .scale
      && Set(intervals.map { $0.semitones % 12 }) == Set(type.intervals.map { $0.semitones % 12 })
  }

  /// The scale the pattern holds with its tonic on `root`, spelled as the scale type spells it.
  public func scale(root: NoteClass) -> Scale? {
    scaleType.flatMap { Scale(tonic: root, type: $0) }
  }
}

extension DiatonicChord {
  /// Of the notes of a position, by index, those that are this chord's, each with its degree
  /// in the chord from the root ("1", "b3", "5", "b7"): the chord as it lies inside the
  /// position, on the frets the position already plays. Compared by pitch class, so a
  /// position spelling a tone otherwise still shows it.
  public func tones(among noteClasses: [NoteClass?]) -> [(index: Int, degree: String)] {
    let root = notes[0].semitonesFromC
    let degrees = Dictionary(
      notes.enumerated().map { place, note in
        (note.semitonesFromC, degreeName(place: place, semitones: note.semitonesFromC - root))
      }
    ) { first, _ in first }
    return noteClasses.enumerated().compactMap { index, noteClass in
      guard let noteClass, let degree = degrees[noteClass.semitonesFromC] else { return nil }
      return (index, degree)
    }
  }

  /// A chord tone's degree: the quality's own interval where the chord has a known quality,
  /// else the stacked third's number with its semitones' usual accidental.
  private func degreeName(place: Int, semitones: Int) -> String {
    if let quality, place < quality.intervals.count {
      return quality.intervals[place].degreeName
    }
    let size = ((semitones % 12) + 12) % 12
    let usual = [
      "1", "b2", "2", "b3", "3", "4", "b5", "5", "#5", "6", "b7", "7",
    ]
    return place == 0 ? "1" : usual[size]
  }
}
