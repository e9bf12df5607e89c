import MusicTheory

/// The piano's grand staff: a treble staff over a bass staff joined by a brace, sharing the
/// note slots. Notes from middle C up are written on the treble staff, the rest on the bass.
public struct GrandStaffView: Equatable, Sendable {
  public var treble: StaffView
  public var bass: StaffView

  public static let middleC = Note(.C, octave: 4)

  public init(
    key: KeySignature = .cMajor, notes: [Note?] = [], barsAfter: Set<Int> = [], glyphs: GlyphSet,
    lineStyle: Style = .role(.muted), noteStyle: Style = Style.role(.text).bold
  ) {
    func staff(_ clef: Clef, _ keeps: (Note) -> Bool) -> StaffView {
      StaffView(
        clef: clef, key: key, notes: notes.map { $0.flatMap { keeps($0) ? $0 : nil } },
        barsAfter: barsAfter, glyphs: glyphs, lineStyle: lineStyle, noteStyle: noteStyle)
    }
    treble = staff(.treble) { $0.pitch >= Self.middleC.pitch }
    bass = staff(.bass) { $0.pitch < Self.middleC.pitch }
  }

  public var height: Int { treble.height + bass.height }

  public var width: Int { 2 + max(treble.width, bass.width) }

  /// Draws both staves centred on the area's rows, the brace in its first column; on a short
  /// area without the rows of air around them (a card at 80×24 still shows both staves). An
  /// area too short even for that shows the staff the first note is on, in full, rather than
  /// half of each.
  public func render(in area: Rect, on canvas: inout Canvas) {
    guard !area.isEmpty else { return }
    var tight = self
    tight.treble.leavesAir = false
    tight.bass.leavesAir = false
    if height > area.height, tight.height <= area.height {
      tight.render(in: area, on: &canvas)
      return
    }
    guard height <= area.height else {
      let onTreble = treble.notes.contains { $0 != nil } || !bass.notes.contains { $0 != nil }
      (onTreble ? treble : bass).render(in: area, on: &canvas)
      return
    }
    let top = area.y + max(0, (area.height - height) / 2)
    let columns = Rect(x: area.x + 2, y: area.y, width: max(0, area.width - 2), height: area.height)
    let trebleArea = Rect(x: columns.x, y: top, width: columns.width, height: treble.height)
      .intersection(area)
    let bassArea = Rect(
      x: columns.x, y: top + treble.height, width: columns.width, height: bass.height
    ).intersection(area)
    treble.render(in: trebleArea, on: &canvas)
    bass.render(in: bassArea, on: &canvas)
    // From the treble's top line to the bass's bottom line.
    let first = top + treble.positions.upperBound - Clef.topLine
    let last = top + treble.height + bass.positions.upperBound
    let unicode = treble.glyphs.kind == .unicode
    let middle = (first + last) / 2
    for y in first...last {
      let character: Character =
        y == first
        ? (unicode ? "⎧" : "/")
        : y == last
          ? (unicode ? "⎩" : "\\")
          : y == middle ? (unicode ? "⎨" : "<") : (unicode ? "⎪" : "|")
      canvas.put(character, x: area.x, y: y, style: treble.lineStyle, clip: area, picture: true)
    }
  }
}
