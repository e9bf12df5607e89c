import MusicTheory

/// A five-line staff, one terminal row per staff step (line or space): the clef drawn across
/// the lines, the key signature, then a slot per note with its accidental, head and ledger
/// lines. A note more than `maxLedgerLines` away from the staff is written one or more octaves
/// nearer, with 8va, 15ma or 22ma (8vb … below) over or under it, as engravers do; in an area
/// too short for the ledger lines, that happens sooner.
public struct StaffView: Equatable, Sendable {
  public var clef: Clef
  public var key: KeySignature
  /// One slot per entry; nil leaves the slot empty (the other staff of a grand staff).
  public var notes: [Note?]
  /// A second note in a slot, drawn over the first in `markStyle` (beside it on the same line
  /// or space): a cursor, or a note written where another was right. One per slot, which may
  /// lie past the last of `notes`.
  public var marks: [Note?] = []
  public var markStyle: Style = Style.role(.accent).bold
  /// A bar line follows the slots with these indices.
  public var barsAfter: Set<Int>
  public var glyphs: GlyphSet
  public var lineStyle: Style
  public var noteStyle: Style
  /// Ledger lines drawn at most before a note is moved by octaves.
  public var maxLedgerLines = Self.mostLedgerLines
  /// Whether a row of air is left above and below what is drawn; a grand staff on a short
  /// screen goes without.
  public var leavesAir = true

  public static let mostLedgerLines = 5
  static let fewestLedgerLines = 2
  static let slotWidth = 5
  public static let octaveMarks = ["8va", "15ma", "22ma"]
  public static let octaveMarksBelow = ["8vb", "15mb", "22mb"]

  public init(
    clef: Clef, key: KeySignature = .cMajor, notes: [Note?] = [], barsAfter: Set<Int> = [],
    glyphs: GlyphSet, lineStyle: Style = .role(.muted), noteStyle: Style = Style.role(.text).bold
  ) {
    self.clef = clef
    self.key = key
    self.notes = notes
    self.barsAfter = barsAfter
    self.glyphs = glyphs
    self.lineStyle = lineStyle
    self.noteStyle = noteStyle
  }

  /// Where a note is drawn: its staff position after any octave shift, and the shift in
  /// octaves (positive: written lower and played higher, marked 8va).
  public func placement(of note: Note) -> (position: Int, octaves: Int) {
    Self.placement(of: note, in: clef, maxLedgerLines: maxLedgerLines)
  }

  public static func placement(
    of note: Note, in clef: Clef, maxLedgerLines: Int = mostLedgerLines
  ) -> (position: Int, octaves: Int) {
    let limit = 2 * maxLedgerLines
    var position = clef.position(of: note)
    var octaves = 0
    while position > Clef.topLine + limit {
      position -= 7
      octaves += 1
    }
    while position < -limit {
      position += 7
      octaves -= 1
    }
    return (position, octaves)
  }

  /// The highest and lowest staff positions drawn: the staff, the clef, each note and its
  /// octave mark, and one step of air unless it goes without.
  public var positions: ClosedRange<Int> {
    let air = leavesAir ? 1 : 0
    var top = Clef.topLine + air
    var bottom = -air
    let sign = clef.signPosition
    top = max(top, sign + ClefDrawing.reach)
    bottom = min(bottom, sign - ClefDrawing.reach - (ClefDrawing.mark(clef) == nil ? 0 : 1))
    for case let note? in notes + marks {
      let (position, octaves) = placement(of: note)
      top = max(top, position + air + (octaves > 0 ? 1 : 0))
      bottom = min(bottom, position - air - (octaves < 0 ? 1 : 0))
    }
    return bottom...top
  }

  public var height: Int { positions.count }

  /// Columns from the left edge to the first note slot.
  var firstSlotX: Int {
    1 + ClefDrawing.width + 2 + 2 * abs(key.fifths) + 1
  }

  /// The columns this staff needs for its clef, key and notes.
  public var width: Int {
    firstSlotX + Self.slotWidth * max(notes.count, marks.count) + 2 * barsAfter.count + 1
  }

  /// The column of slot `index`'s note head, from the left edge.
  public func headX(ofSlot index: Int) -> Int {
    firstSlotX + Self.slotWidth * index + 2 * barsAfter.filter { $0 < index }.count + 2
  }

  /// Draws into `area`, centred on its rows when it is taller than needed; a shorter area
  /// keeps the staff's lines and clips the far ledger lines. Lines span the area's width.
  public func render(in area: Rect, on canvas: inout Canvas) {
    guard !area.isEmpty else { return }
    fitted(toHeight: area.height).draw(in: area, on: &canvas)
  }

  /// The staff as drawn in `height` rows: with fewer ledger lines before a note is moved by
  /// octaves where the rows are few.
  public func fitted(toHeight height: Int) -> StaffView {
    var fitted = self
    while fitted.height > height, fitted.maxLedgerLines > Self.fewestLedgerLines {
      fitted.maxLedgerLines -= 1
    }
    return fitted
  }

  private func draw(in area: Rect, on canvas: inout Canvas) {
    let range = positions
    let spare = area.height - range.count
    // Row of position `top` in the area; a short area keeps the middle line in view.
    let topRow =
      spare >= 0
      ? area.y + spare / 2
      : area.y + area.height / 2 - (range.upperBound - Clef.topLine / 2)
    func row(_ position: Int) -> Int { topRow + range.upperBound - position }

    for line in stride(from: 0, through: Clef.topLine, by: 2) {
      for x in area.x..<area.maxX {
        canvas.put(
          glyphs.horizontal, x: x, y: row(line), style: lineStyle, clip: area, picture: true)
      }
    }
    drawClef(x: area.x + 1, row: row, area: area, on: &canvas)
    drawKey(x: area.x + 1 + ClefDrawing.width + 2, row: row, area: area, on: &canvas)
    for (index, note) in notes.enumerated() {
      let x = area.x + headX(ofSlot: index)
      if let note { drawNote(note, x: x, row: row, area: area, style: noteStyle, on: &canvas) }
      if barsAfter.contains(index) {
        for position in 0...Clef.topLine {
          canvas.put(
            glyphs.vertical, x: x + 3, y: row(position), style: lineStyle, clip: area,
            picture: true)
        }
      }
    }
    drawMarks(row: row, area: area, on: &canvas)
  }

  /// A mark on the line or space of its slot's note (F♮ where F♯ was right) is drawn three
  /// columns to its right, its accidental between the two heads, so neither hides the other.
  private func drawMarks(row: (Int) -> Int, area: Rect, on canvas: inout Canvas) {
    for (index, mark) in marks.enumerated() {
      guard let mark else { continue }
      let note = notes.indices.contains(index) ? notes[index] : nil
      let isBeside =
        note.map { placement(of: $0).position == placement(of: mark).position } ?? false
      drawNote(
        mark, x: area.x + headX(ofSlot: index) + (isBeside ? 3 : 0), row: row, area: area,
        style: markStyle, on: &canvas)
    }
  }

  private func drawClef(x: Int, row: (Int) -> Int, area: Rect, on canvas: inout Canvas) {
    let drawing = ClefDrawing.rows(clef.sign, unicode: glyphs.kind == .unicode)
    let top = clef.signPosition + ClefDrawing.reach
    for (index, text) in drawing.enumerated() {
      for (offset, character) in text.enumerated() where character != " " {
        canvas.put(
          character, x: x + offset, y: row(top - index), style: noteStyle, clip: area,
          picture: true)
      }
    }
    if let mark = ClefDrawing.mark(clef) {
      canvas.write(
        mark, x: x + 1, y: row(top - drawing.count), style: lineStyle.bold, clip: area)
    }
  }

  private func drawKey(x: Int, row: (Int) -> Int, area: Rect, on canvas: inout Canvas) {
    let symbol = key.fifths > 0 ? glyphs.sharp : glyphs.flat
    for (index, position) in clef.positions(of: key).enumerated() {
      canvas.write(symbol, x: x + 2 * index, y: row(position), style: noteStyle, clip: area)
    }
  }

  private func drawNote(
    _ note: Note, x: Int, row: (Int) -> Int, area: Rect, style: Style, on canvas: inout Canvas
  ) {
    let (position, octaves) = placement(of: note)
    let ledgers =
      position > Clef.topLine
      ? Array(stride(from: Clef.topLine + 2, through: position, by: 2))
      : Array(stride(from: -2, through: position, by: -2))
    for ledger in ledgers {
      for column in (x - 1)...(x + 1) {
        canvas.put(
          glyphs.horizontal, x: column, y: row(ledger), style: lineStyle, clip: area,
          picture: true)
      }
    }
    canvas.put(
      glyphs.kind == .unicode ? "●" : "o", x: x, y: row(position), style: style, clip: area,
      picture: true)
    if let accidental = writtenAccidental(of: note) {
      let width = accidental.displayWidth
      canvas.write(accidental, x: x - 1 - width, y: row(position), style: style, clip: area)
    }
    if octaves != 0 {
      let marks = octaves > 0 ? Self.octaveMarks : Self.octaveMarksBelow
      let mark = marks[min(abs(octaves), marks.count) - 1]
      let markRow = octaves > 0 ? row(max(position, Clef.topLine) + 2) : row(min(position, 0) - 2)
      canvas.write(mark, x: x - 1, y: markRow, style: lineStyle.bold, clip: area)
    }
  }

  /// The sign written before a note: its own accidental where the key says otherwise, a
  /// natural where the key has one and the note has none, nothing where the key already says it.
  public func writtenAccidental(of note: Note) -> String? {
    guard note.accidental != key.accidental(for: note.letter) else { return nil }
    switch note.accidental {
    case .natural: return glyphs.kind == .unicode ? "♮" : "n"
    case .sharp: return glyphs.sharp
    case .flat: return glyphs.flat
    case .doubleSharp: return glyphs.doubleSharp
    case .doubleFlat: return glyphs.doubleFlat
    }
  }
}
