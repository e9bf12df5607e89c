import TerminalUI

/// The `?` overlay: every key of the current screen, in a box over it.
enum KeyOverlay {
  static func render(_ model: AppModel, on canvas: inout Canvas) {
    let strings = model.strings
    let hints = model.screen.keyHints
    let labels = hints.map { AppView.label(for: $0.keys, model: model) }
    let actions = hints.map { AppView.action(of: $0, glyphs: model.glyphs, strings: strings) }
    let keyWidth = labels.map(\.displayWidth).max() ?? 0
    let title = strings.text("keys.title", ["screen": strings.text(model.screen.titleKey)])
    let dismiss = strings.text("keys.dismiss")
    let innerWidth =
      ([title.displayWidth + 2, dismiss.displayWidth]
      + actions.map { keyWidth + 2 + $0.displayWidth }).max() ?? 0
    let area = canvas.bounds.inset(horizontal: 2, vertical: 1)
    let box = area.centered(width: innerWidth + 4, height: hints.count + 4)
    canvas.fill(box, style: Style(background: .surface))
    Border(title: title, glyphs: model.glyphs).render(in: box, on: &canvas)
    let inner = box.inset(horizontal: 2, vertical: 1)
    for (row, (label, action)) in zip(labels, actions).enumerated() {
      let line = inner.row(row)
      canvas.write(
        label, x: line.x, y: line.y, style: Style(foreground: .accent, background: .surface).bold,
        clip: line)
      canvas.write(
        action.clipped(toWidth: max(0, line.width - keyWidth - 2), ellipsis: model.glyphs.ellipsis),
        x: line.x + keyWidth + 2, y: line.y, style: Style(background: .surface), clip: line)
    }
    let last = inner.row(inner.height - 1)
    canvas.write(
      dismiss, x: last.x, y: last.y, style: Style(foreground: .muted, background: .surface),
      clip: last)
  }
}
