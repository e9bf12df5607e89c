import Practice
import Storage
import TerminalUI

/// The history screen: accuracy over the sessions shown as a sparkline, the sessions newest
/// first in a table, and the chosen session's packs and missed notes underneath.
enum HistoryView {
  /// Rows above the table (the chart and a gap) and below it (a gap and two of details).
  private static let chrome = 2 + 1 + 3

  /// How many sessions the table shows at once on a screen of `size`.
  static func visibleRows(in size: Size) -> Int {
    // The status line, the gap under it and the key bar take three rows; the header one.
    max(1, size.height - 3 - chrome - 1)
  }

  static func render(
    _ screen: HistoryModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let sessions = screen.sessions(model.history)
    let inner = area.inset(horizontal: 2, vertical: 0)
    let filter = strings.text(
      "history.showing",
      [
        "module": screen.module.map {
          HistoryReport.displayName($0, prefix: "history.module.", strings)
        }
          ?? strings.text("history.allModules")
      ])
    canvas.write(
      filter, x: inner.maxX - filter.displayWidth, y: inner.y, style: .role(.muted), clip: inner)
    guard !sessions.isEmpty else {
      canvas.writeCentred(
        strings.text("history.none"), y: area.y + area.height / 2, in: area, style: .role(.muted))
      return
    }
    renderChart(
      sessions, model: model, in: inner.row(0), room: inner.width - filter.displayWidth - 2,
      on: &canvas)

    let table = Rect(
      x: inner.x, y: inner.y + 2, width: inner.width, height: max(0, inner.height - chrome))
    // Only the rows on screen are formatted: a long history must not slow every frame.
    let first = max(0, min(screen.scroll, sessions.count - (table.height - 1)))
    let shown = sessions[first..<min(sessions.count, first + max(0, table.height - 1))]
    Table(
      columns: columns(strings),
      rows: shown.map { HistoryReport.cells($0, strings, utcOffset: model.utcOffset) },
      selected: screen.selected - first, glyphs: model.glyphs
    ).render(in: table, on: &canvas)

    guard sessions.indices.contains(screen.selected) else { return }
    let session = sessions[screen.selected]
    let details = inner.maxY - 2
    let content = session.content.map { id in
      model.packs.first { $0.id == id }?.title(strings) ?? id
    }
    if !content.isEmpty {
      canvas.write(
        (strings.text("history.content") + " " + content.joined(separator: ", "))
          .clipped(toWidth: inner.width, ellipsis: model.glyphs.ellipsis),
        x: inner.x, y: details, style: .role(.text), clip: inner)
    }
    if !session.answers.isEmpty {
      let missed =
        session.missed.isEmpty
        ? strings.text("history.noneMissed") : session.missed.joined(separator: " ")
      canvas.write(
        (strings.text("history.column.missed") + ": " + missed)
          .clipped(toWidth: inner.width, ellipsis: model.glyphs.ellipsis),
        x: inner.x, y: details + 1, style: .role(session.missed.isEmpty ? .good : .bad), clip: inner
      )
    }
  }

  /// "Accuracy ▃▅▆█▇ last 85 %, best 100 %", oldest to newest, on a fixed 0–100 % scale so
  /// that a run of good sessions does not look like a slump.
  private static func renderChart(
    _ sessions: [SessionRecord], model: AppModel, in line: Rect, room: Int, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let scores = sessions.reversed().compactMap(\.score)
    guard let last = scores.last, let best = scores.max() else { return }
    var x = line.x
    x += canvas.write(
      strings.text("history.accuracy") + " ", x: x, y: line.y, style: Style.role(.accent).bold,
      clip: line)
    let figures =
      " "
      + strings.text(
        "history.lastAndBest",
        ["last": "\(Int((last * 100).rounded()))", "best": "\(Int((best * 100).rounded()))"])
    let width = max(0, min(scores.count, room - (x - line.x) - figures.displayWidth))
    Sparkline(values: scores, minimum: 0, maximum: 1, glyphs: model.glyphs)
      .render(in: Rect(x: x, y: line.y, width: width, height: 1), on: &canvas)
    canvas.write(figures, x: x + width, y: line.y, style: .role(.muted), clip: line)
  }

  private static func columns(_ strings: Localizer) -> [Table.Column] {
    let widths: [String: Table.Column.Width] = [
      "date": .fixed(16), "module": .flexible(1), "exercise": .flexible(2), "right": .fixed(6),
      "score": .fixed(5), "perAnswer": .fixed(8), "duration": .fixed(5), "missed": .flexible(2),
    ]
    return HistoryReport.columns.map { name in
      Table.Column(
        strings.text("history.column.\(name)"), width: widths[name] ?? .flexible(1),
        alignment: HistoryReport.numericColumns.contains(name) ? .trailing : .leading)
    }
  }
}
