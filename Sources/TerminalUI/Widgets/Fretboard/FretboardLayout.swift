import MusicTheory

/// Where a fretboard's parts go, in columns from the string names' edge of the drawing:
/// string names, a gap, the open strings' space and the nut (only when the window starts at
/// fret 0), then for each fret a space and its wire. Worked out once per drawing.
struct FretboardLayout: Equatable, Sendable {
  /// String names from string 1, as written beside the neck.
  let names: [String]
  /// The frets shown, kept on the neck.
  let shownFrets: ClosedRange<Int>
  let nameWidth: Int

  static let spaceWidth = 4
  static let fretWidth = spaceWidth + 1

  init(
    tuning: Tuning, frets: ClosedRange<Int>, lastFret: Int, naming: NamingSystem, glyphs: GlyphSet
  ) {
    let style = glyphs.accidentals
    names = (1...tuning.stringCount).map {
      naming.name(of: tuning.openNote(string: $0).noteClass, glyphs: style)
    }
    nameWidth = names.map(\.displayWidth).max() ?? 0
    let first = min(max(0, frets.lowerBound), lastFret)
    shownFrets = first...max(first, min(frets.upperBound, lastFret))
  }

  var hasNut: Bool { shownFrets.lowerBound == 0 }

  /// The frets with a space between two wires: all shown but the open strings, so none when
  /// only the open strings are shown.
  var frettedFrets: Range<Int> {
    max(1, shownFrets.lowerBound)..<shownFrets.upperBound + 1
  }

  /// The nut, or the wire before the first fret shown.
  var openingWireX: Int {
    nameWidth + 1 + (hasNut ? Self.spaceWidth : 0)
  }

  var width: Int {
    openingWireX + 1 + Self.fretWidth * frettedFrets.count
  }

  /// The first column of the space of `fret`; the open strings' space is left of the nut.
  func spaceX(_ fret: Int) -> Int {
    guard fret > 0 else { return nameWidth + 1 }
    return openingWireX + 1 + Self.fretWidth * (fret - frettedFrets.lowerBound)
  }

  /// Centred in the space; an odd leftover goes to the wire's side, where fingers press.
  func labelX(_ fret: Int, _ text: String) -> Int {
    spaceX(fret) + (Self.spaceWidth - text.displayWidth + 1) / 2
  }

  func isShown(_ position: FretPosition) -> Bool {
    names.indices.contains(position.string - 1) && shownFrets.contains(position.fret)
  }
}
