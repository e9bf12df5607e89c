import MusicTheory
import TerminalUI

/// The pattern editor: the neck with the notes drawn so far and their intervals, then the
/// pattern's name, category, description and instructions, the field in use highlighted.
enum PatternEditorView {
  static func render(
    _ editor: PatternEditorModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let title =
      editor.editing == nil
      ? strings.text("editor.new") : strings.text("editor.editing", ["id": editor.editing!])
    canvas.write(title, x: area.x + 2, y: area.y, style: Style.role(.accent).bold, clip: area)

    let draft = editor.draft
    let dots = draft.places.compactMap { place -> FretboardView.Dot? in
      guard let interval = draft.interval(at: place) else { return nil }
      return FretboardView.Dot(
        place, label: interval.degreeName,
        style: place == draft.tonic ? FretboardView.Dot.tonicStyle : FretboardView.Dot.toneStyle)
    }
    var neck = FretboardView(
      tuning: draft.tuning, dots: dots, cursor: editor.focus == .neck ? editor.cursor : nil,
      isLeftHanded: model.settings.fretboard.isLeftHanded, naming: model.settings.noteNaming,
      glyphs: model.glyphs)
    let frets = draft.places.map(\.fret) + [editor.cursor.fret]
    let first = max(0, (frets.min() ?? 0) - 1)
    neck.frets = neck.window(
      startingAt: min(first, max(0, editor.cursor.fret - 10)), fitting: area.width - 4)
    let neckArea = Rect(
      x: area.x + max(2, (area.width - neck.width) / 2), y: area.y + 2,
      width: min(neck.width, area.width - 4),
      height: min(neck.height, max(0, area.maxY - area.y - 2)))
    neck.render(in: neckArea, on: &canvas)

    let caret = model.glyphs.kind == .unicode ? "▏" : "_"
    let fields: [(PatternEditorModel.Field, String, String)] = [
      (.name, "editor.name", editor.name),
      (
        .category, "editor.category", strings.text("fretboard.category.\(editor.category.rawValue)")
      ),
      (.description, "editor.description", editor.description),
      (.instructions, "editor.instructions", editor.instructions),
    ]
    let labelWidth = fields.map { strings.text($0.1).displayWidth }.max() ?? 0
    var y = neckArea.maxY + 1
    for (field, label, value) in fields {
      guard y < area.maxY - 1 else { break }
      let focused = editor.focus == field
      let shown =
        field == .category && focused
        ? "\(model.glyphs.arrowLeft) \(value) \(model.glyphs.arrowRight)"
        : value + (focused ? caret : "")
      let x = area.x + 2
      canvas.write(
        strings.text(label).padded(toWidth: labelWidth), x: x, y: y,
        style: focused ? Style.role(.accent).bold : .role(.muted), clip: area)
      canvas.write(
        shown.clipped(
          toWidth: max(0, area.width - labelWidth - 6), ellipsis: model.glyphs.ellipsis),
        x: x + labelWidth + 2, y: y, style: focused ? Style.role(.text).bold : .role(.text),
        clip: area)
      y += 1
    }
    if let problem = editor.problem {
      let good = problem.key == "editor.saved" || problem.key == "editor.savedSameShape"
      canvas.writeCentred(
        strings.text(problem), y: area.maxY - 1, in: area,
        style: Style.role(good ? .good : .bad).bold)
    }
    if editor.asksToDiscard {
      Dialog(
        title: strings.text("editor.discard.title"),
        message: strings.text("editor.discard.message"),
        buttons: [strings.text("editor.discard.leave"), strings.text("editor.discard.stay")],
        selectedButton: 0, maxTextWidth: 50, glyphs: model.glyphs
      ).render(in: area, on: &canvas)
    }
  }
}
