import MusicTheory
import Storage
import TerminalUI

/// A pack's staff, single or grand, drawn the same way wherever notes are shown.
enum StaffDrawing {
  case single(StaffView)
  case grand(GrandStaffView)

  init(
    _ staff: NotePack.Staff, key: KeySignature, notes: [Note?], barsAfter: Set<Int> = [],
    glyphs: GlyphSet
  ) {
    switch staff {
    case .single(let clef):
      self = .single(
        StaffView(clef: clef, key: key, notes: notes, barsAfter: barsAfter, glyphs: glyphs))
    case .grand:
      self = .grand(GrandStaffView(key: key, notes: notes, barsAfter: barsAfter, glyphs: glyphs))
    }
  }

  var width: Int {
    switch self {
    case .single(let view): view.width
    case .grand(let view): view.width
    }
  }

  /// Columns before the staff lines: the grand staff's brace.
  var braceWidth: Int {
    switch self {
    case .single: 0
    case .grand(let view): view.width - max(view.treble.width, view.bass.width)
    }
  }

  var height: Int {
    switch self {
    case .single(let view): view.height
    case .grand(let view): view.height
    }
  }

  /// The staff `note` is drawn on in `height` rows, as `render` fits it: for the note's place
  /// in words.
  func staff(showing note: Note, height: Int) -> StaffView {
    switch self {
    case .single(let view): return view.fitted(toHeight: height)
    case .grand(let view):
      let staff = note.pitch >= GrandStaffView.middleC.pitch ? view.treble : view.bass
      var tight = view
      tight.treble.leavesAir = false
      tight.bass.leavesAir = false
      // Both staves fit, each at its own height; otherwise the one staff fills the rows.
      return tight.height <= height ? staff : staff.fitted(toHeight: height)
    }
  }

  func render(in area: Rect, on canvas: inout Canvas) {
    switch self {
    case .single(let view): view.render(in: area, on: &canvas)
    case .grand(let view): view.render(in: area, on: &canvas)
    }
  }
}
