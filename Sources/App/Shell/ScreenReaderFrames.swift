import TerminalUI

/// What screen-reader mode does to each frame the views draw, so that Orca, Speakup or a
/// braille display can follow the practice: the decorations blanked (lines, boxes, blocks,
/// dots, which are read out as noise: every cell a widget drew as a picture, in any glyph set,
/// and the Unicode drawing characters anywhere), the cursor put on the line whose text changed (the line
/// the view names as its focus first), and that focus line's text repeated in one status line
/// when it changes ("✓ Right: G4"), where it stays until the next. Rows the view calls quiet
/// (a beat not to be read out) change on the screen without moving the cursor.
struct ScreenReaderFrames: Equatable, Sendable {
  /// The last frame as the views drew it, decorations blanked: what the next is compared with.
  private(set) var previous: Canvas?
  /// The last focus line read out.
  private(set) var announcement = ""
  /// The row the cursor stands on.
  private(set) var cursorLine: Int?
  /// The screen the last frame showed, by its title.
  private(set) var screen = ""

  /// `canvas` as the terminal should show it. `statusRow` is the row left blank under the
  /// title bar, where the announcement goes; `watched` the rows whose changes move the cursor;
  /// `screen` the title of the screen shown, read out when another screen opens, before its
  /// focus line (the last screen's announcement would mislead there).
  mutating func next(_ canvas: Canvas, statusRow: Int, watched: Range<Int>, screen: String = "")
    -> Canvas
  {
    var plain = canvas
    plain.blankPictures()
    plain.replaceCharacters(Self.blankingDecorations)
    let watched = watched.filter { $0 != statusRow && !canvas.quietLines.contains($0) }
    if let line = Self.changedLine(from: previous, to: plain, watched: watched) {
      cursorLine = line
      if line == plain.focusLine { announcement = Self.text(ofRow: line, in: plain) }
    }
    if screen != self.screen {
      self.screen = screen
      let focus = plain.focusLine.map { Self.text(ofRow: $0, in: plain) } ?? ""
      announcement = [screen, focus].filter { !$0.isEmpty }.joined(separator: ": ")
    }
    previous = plain
    var shown = plain
    let row = Rect(x: 0, y: statusRow, width: shown.size.width, height: 1)
    shown.fill(row)
    shown.write(announcement, x: 1, y: statusRow, style: Style.role(.text).bold, clip: row)
    shown.cursor = cursorLine.map { Position(x: Self.firstColumn(ofRow: $0, in: shown), y: $0) }
    return shown
  }

  /// The row the cursor goes to: the focus line if it moved or its text changed, else the row
  /// where the most characters changed (the top one of equals); nil when no text changed. A
  /// new size redraws everything: then the focus line, else the first row with text. Style
  /// alone (a colour, a lit box) is no change, as a screen reader cannot tell it; nor is a row
  /// wiped, which leaves nothing to read.
  static func changedLine(from previous: Canvas?, to current: Canvas, watched: [Int]) -> Int? {
    let rows = watched.filter { $0 >= 0 && $0 < current.size.height }
    guard let previous, previous.size == current.size else {
      if let focus = current.focusLine, rows.contains(focus) { return focus }
      return rows.first { !text(ofRow: $0, in: current).isEmpty }
    }
    var changed: [(row: Int, count: Int)] = []
    for y in rows {
      let count = (0..<current.size.width).count {
        current[$0, y].grapheme != previous[$0, y].grapheme
      }
      if count > 0, !text(ofRow: y, in: current).isEmpty { changed.append((y, count)) }
    }
    if let focus = current.focusLine, rows.contains(focus),
      focus != previous.focusLine || changed.contains(where: { $0.row == focus })
    {
      return focus
    }
    return changed.max { $0.count < $1.count || ($0.count == $1.count && $0.row > $1.row) }?.row
  }

  /// A row's text without the spaces around it and with runs of spaces made one.
  static func text(ofRow y: Int, in canvas: Canvas) -> String {
    guard y >= 0, y < canvas.size.height else { return "" }
    return canvas.lines[y].split(separator: " ").joined(separator: " ")
  }

  private static func firstColumn(ofRow y: Int, in canvas: Canvas) -> Int {
    (0..<canvas.size.width).first { canvas[$0, y].grapheme != " " } ?? 0
  }

  /// Box drawing, blocks, geometric shapes, braces and braille patterns: the pictures' lines
  /// and marks, which the words beside every picture say instead. The pointers that mark a
  /// chosen line or value (▸ ◂) stay: they are read as text.
  static func isDecoration(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x25B8, 0x25C2: return false
    case 0x2500...0x25FF, 0x2800...0x28FF, 0x239B...0x23B3: return true
    default: return false
    }
  }

  static func blankingDecorations(_ character: Character) -> Character {
    isDecoration(character) ? " " : character
  }
}
