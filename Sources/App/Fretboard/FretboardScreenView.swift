import MusicTheory
import Storage
import TerminalUI

/// The fretboard screen: the list of patterns with the root to show them on, or one pattern on
/// the neck with its notes spelled underneath.
enum FretboardScreenView {
  static func render(
    _ screen: FretboardModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let patterns = model.patterns ?? []
    guard !patterns.isEmpty else {
      canvas.writeCentred(
        strings.text("fretboard.noPatterns"), y: area.y + area.height / 2, in: area,
        style: .role(.muted))
      return
    }
    let selected = min(screen.selected, patterns.count - 1)
    let root = NamingSystem.english.noteClass(parsing: model.settings.fretboard.root) ?? NoteClass(.A)
    switch screen.phase {
    case .choosing: renderList(selected, root: root, model: model, in: area, on: &canvas)
    case .exploring: renderNeck(patterns[selected], root: root, model: model, in: area, on: &canvas)
    }
  }

  private static func rootText(_ root: NoteClass, _ model: AppModel) -> String {
    model.strings.text(
      "fretboard.root",
      ["root": model.settings.noteNaming.name(of: root, glyphs: accidentals(model))])
  }

  private static func accidentals(_ model: AppModel) -> AccidentalStyle {
    model.glyphs.kind == .unicode ? .unicode : .ascii
  }

  private static func renderList(
    _ selected: Int, root: NoteClass, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let width = min(area.width - 4, 72)
    let left = area.x + (area.width - width) / 2
    canvas.write(
      strings.text("fretboard.choose"), x: left, y: area.y + 1, style: Style.role(.accent).bold,
      clip: area)
    let rootLine = rootText(root, model)
    canvas.write(
      rootLine, x: left + width - rootLine.displayWidth, y: area.y + 1, style: .role(.text),
      clip: area)
    let items = (model.patterns ?? []).map { pattern in
      MenuList.Item(pattern.name, detail: strings.text("fretboard.category.\(pattern.category.rawValue)"))
    }
    let rows = max(0, area.maxY - area.y - 3)
    MenuList(
      items: items, selected: selected, scrollOffset: max(0, selected - rows + 1),
      glyphs: model.glyphs
    ).render(in: Rect(x: left, y: area.y + 3, width: width, height: rows), on: &canvas)
  }

  private static func renderNeck(
    _ pattern: FretPattern, root: NoteClass, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let settings = model.settings.fretboard
    let positions = FretboardModel.placement(of: pattern, root: root)
    let intervals = pattern.intervals
    let noteClasses = intervals.map { root + $0 }
    let dots = positions.indices.map { index in
      let label: String
      switch settings.labels {
      case .intervals: label = intervals[index].degreeName
      case .notes:
        label = noteClasses[index].map {
          model.settings.noteNaming.name(of: $0, glyphs: accidentals(model))
        } ?? "?"
      case .none: label = ""
      }
      let isTonic = intervals[index].semitones % 12 == 0
      return FretboardView.Dot(
        positions[index], label: label,
        style: isTonic ? FretboardView.Dot.tonicStyle : FretboardView.Dot.toneStyle)
    }
    var neck = FretboardView(
      tuning: pattern.tuning, dots: dots, isLeftHanded: settings.isLeftHanded,
      naming: model.settings.noteNaming, glyphs: model.glyphs)
    let frets = positions.map(\.fret)
    let lowest = max(0, (frets.min() ?? 0) - 1)
    neck.frets = neck.window(startingAt: lowest, fitting: area.width - 4)

    canvas.write(
      pattern.name, x: area.x + 2, y: area.y, style: Style.role(.accent).bold, clip: area)
    let rootLine = rootText(root, model)
    canvas.write(
      rootLine, x: area.maxX - 2 - rootLine.displayWidth, y: area.y, style: .role(.text),
      clip: area)
    let top = area.y + 2
    let neckArea = Rect(
      x: area.x + max(2, (area.width - neck.width) / 2), y: top,
      width: min(neck.width, area.width - 4), height: min(neck.height, max(0, area.maxY - top)))
    neck.render(in: neckArea, on: &canvas)

    // The scale or chord in its own order, from the root up, whatever the position starts on.
    var spelled: [String] = []
    let byInterval = zip(intervals, noteClasses).sorted { $0.0.semitones % 12 < $1.0.semitones % 12 }
    for case (_, let noteClass?) in byInterval {
      let name = model.settings.noteNaming.name(of: noteClass, glyphs: accidentals(model))
      if !spelled.contains(name) { spelled.append(name) }
    }
    let y = neckArea.maxY + 1
    if y < area.maxY {
      canvas.writeCentred(spelled.joined(separator: "  "), y: y, in: area, style: Style.role(.text).bold)
    }
    if y + 2 < area.maxY {
      canvas.writeCentred(
        model.strings.text("fretboard.labels.\(settings.labels.rawValue)"), y: y + 2, in: area,
        style: .role(.muted))
    }
  }
}
