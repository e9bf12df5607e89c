extension NoteClass {
  /// The note class `interval` above, spelled by letters as `Note` does: D up a minor third is F,
  /// never E♯. Nil when that letter would need more than a double accidental.
  public static func + (noteClass: NoteClass, interval: Interval) -> NoteClass? {
    // Any octave works: the spelling of a note class does not depend on it.
    (Note(noteClass, octave: 4) + interval)?.noteClass
  }

  /// The note classes at `intervals` above this one, in the same order, or nil when any of them
  /// cannot be spelled. Scales and chords are spelled this way, so every tone's letter follows
  /// from its interval number and a heptatonic scale uses each letter once.
  func spelled(_ intervals: [Interval]) -> [NoteClass]? {
    let spelled = intervals.compactMap { self + $0 }
    return spelled.count == intervals.count ? spelled : nil
  }
}
