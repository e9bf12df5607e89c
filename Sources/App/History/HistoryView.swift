import Practice
import Storage
import TerminalUI

/// The history screen: today against the daily goal and the streak, the practice calendar with
/// the totals beside it, the sittings newest first in a table, and the chosen sitting's
/// material and missed notes underneath.
enum HistoryView {
  /// Rows above the table: the summary line, a gap, the calendar and a gap.
  private static let logRows = 2 + PracticeCalendarView.height + 1
  /// Rows below the table: a gap and two of details.
  private static let detailRows = 3
  /// Columns of the totals beside the calendar.
  private static let totalsWidth = 30

  /// How many sittings the table shows at once on a screen of `size`.
  static func visibleRows(in size: Size) -> Int {
    // The status line, the gap under it and the key bar take three rows; the header one.
    max(1, size.height - 3 - logRows - detailRows - 1)
  }

  static func render(
    _ screen: HistoryModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let inner = area.inset(horizontal: 2, vertical: 0)
    guard !screen.sittings.isEmpty else {
      canvas.writeCentred(
        strings.text("history.none"), y: area.y + area.height / 2, in: area, style: .role(.muted))
      return
    }
    renderSummary(screen.log, model: model, in: inner.row(0), on: &canvas)
    let log = Rect(
      x: inner.x, y: inner.y + 2, width: inner.width, height: PracticeCalendarView.height)
    let (calendar, totals) = log.splitLeft(inner.width - totalsWidth - 2)
    PracticeCalendarView.render(
      screen.log, today: model.clock.day, goalMinutes: model.settings.dailyGoalMinutes,
      glyphs: model.glyphs, strings: strings, in: calendar, on: &canvas)
    renderTotals(
      screen, model: model, in: totals.inset(horizontal: 1, vertical: 0), on: &canvas)
    renderTable(screen, model: model, in: inner, on: &canvas)
  }

  /// "Today: 12 of 15 min   Days in a row: 4 (best 9)".
  private static func renderSummary(
    _ log: PracticeLog, model: AppModel, in line: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let today = log.minutes(on: model.clock.day)
    let goal = model.settings.dailyGoalMinutes
    var x = line.x
    x += canvas.write(
      strings.text("history.today", ["minutes": "\(Int(today))", "goal": "\(goal)"]), x: x,
      y: line.y, style: Style.role(today >= Double(goal) ? .good : .accent).bold, clip: line)
    if today >= Double(goal) {
      x += canvas.write(" \(model.glyphs.check)", x: x, y: line.y, style: .role(.good), clip: line)
    }
    canvas.write(
      "   "
        + strings.text(
          "history.streak",
          [
            "days": "\(log.currentStreak(today: model.clock.day))",
            "best": "\(log.longestStreak)",
          ]), x: x, y: line.y, style: .role(.text), clip: line)
  }

  /// Minutes in all (of the module shown, whose name Tab changes), per module, this week and
  /// last, and the recent scores as a sparkline.
  private static func renderTotals(
    _ screen: HistoryModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let log = screen.log
    let weeks = log.weeks(endingWith: model.clock.day, count: 2)
    let shown =
      screen.module.map { HistoryReport.displayName($0, prefix: "history.module.", strings) }
      ?? strings.text("history.allModules")
    var lines: [(label: String, value: String, style: Style)] = [
      (shown, duration(log.totalMinutes, strings), Style.role(.accent).bold)
    ]
    if screen.module == nil {
      lines += log.minutesByModule.prefix(max(0, area.height - 4)).map {
        (
          "  " + HistoryReport.displayName($0.module, prefix: "history.module.", strings),
          duration($0.minutes, strings), .role(.text)
        )
      }
    }
    lines += [
      (strings.text("history.thisWeek"), duration(weeks[1].minutes, strings), .role(.text)),
      (strings.text("history.lastWeek"), duration(weeks[0].minutes, strings), .role(.text)),
    ]
    for (row, line) in lines.prefix(area.height).enumerated() {
      let y = area.y + row
      canvas.write(line.label, x: area.x, y: y, style: line.style, clip: area)
      canvas.write(
        line.value, x: area.maxX - line.value.displayWidth, y: y, style: line.style, clip: area)
    }
    let scores = log.scores
    guard let last = scores.last, lines.count < area.height else { return }
    let y = area.y + lines.count
    let label = strings.text("history.accuracy") + " "
    let figure = " \(Int((last * 100).rounded())) %"
    canvas.write(label, x: area.x, y: y, style: .role(.text), clip: area)
    let width = max(0, min(scores.count, area.width - label.displayWidth - figure.displayWidth))
    Sparkline(values: scores, minimum: 0, maximum: 1, glyphs: model.glyphs)
      .render(
        in: Rect(x: area.maxX - figure.displayWidth - width, y: y, width: width, height: 1),
        on: &canvas)
    canvas.write(
      figure, x: area.maxX - figure.displayWidth, y: y, style: .role(.text), clip: area)
  }

  /// The sittings newest first, the chosen one highlighted, and what it practised and missed.
  private static func renderTable(
    _ screen: HistoryModel, model: AppModel, in inner: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let sittings = screen.sittings
    let table = Rect(
      x: inner.x, y: inner.y + logRows, width: inner.width,
      height: max(0, inner.height - logRows - detailRows))
    // Only the rows on screen are formatted: a long history must not slow every frame.
    let first = max(0, min(screen.scroll, sittings.count - (table.height - 1)))
    let shown = sittings[first..<min(sittings.count, first + max(0, table.height - 1))]
    // Every column but the missed notes, which the details line shows in full.
    let rows = shown.map {
      Array(HistoryReport.cells($0, strings, utcOffset: model.utcOffset).dropLast())
    }
    Table(
      columns: columns(strings, rows: rows, width: table.width), rows: rows,
      selected: screen.selected - first, glyphs: model.glyphs
    ).render(in: table, on: &canvas)

    guard sittings.indices.contains(screen.selected) else { return }
    let sitting = sittings[screen.selected]
    let details = inner.maxY - 2
    let content = sitting.content.map { id in
      model.packs.first { $0.id == id }?.title(strings)
        ?? model.patterns?.first { $0.id == id }?.name ?? id
    }
    if !content.isEmpty {
      canvas.write(
        (strings.text("history.content") + " " + content.joined(separator: ", "))
          .clipped(toWidth: inner.width, ellipsis: model.glyphs.ellipsis),
        x: inner.x, y: details, style: .role(.text), clip: inner)
    }
    if !sitting.answers.isEmpty {
      let missed =
        sitting.missed.isEmpty
        ? strings.text("history.noneMissed") : sitting.missed.joined(separator: " ")
      canvas.write(
        (strings.text("history.column.missed") + ": " + missed)
          .clipped(toWidth: inner.width, ellipsis: model.glyphs.ellipsis),
        x: inner.x, y: details + 1, style: .role(sitting.missed.isEmpty ? .good : .bad), clip: inner
      )
    }
  }

  /// "45 min", "1 h 20 min".
  static func duration(_ minutes: Double, _ strings: Localizer) -> String {
    let whole = Int(minutes.rounded())
    guard whole >= 60 else {
      return strings.text("history.duration.minutes", ["minutes": "\(whole)"])
    }
    return strings.text(
      "history.duration.hours", ["hours": "\(whole / 60)", "minutes": "\(whole % 60)"])
  }

  /// Each column as wide as its title and the rows shown need, when the table has room for
  /// all; otherwise the date and the time keep theirs and the words share the rest in
  /// proportion to what they need.
  private static func columns(_ strings: Localizer, rows: [[String]], width: Int)
    -> [Table.Column]
  {
    let names = Array(HistoryReport.columns.dropLast())
    let titles = names.map { strings.text("history.column.\($0)") }
    let needed = titles.indices.map { index in
      rows.reduce(titles[index].displayWidth) { max($0, $1[index].displayWidth) }
    }
    // Words get a column of air where there is room, so the columns read apart.
    let air = 2
    let fits = needed.reduce(Table.columnGap * (names.count - 1) + 2 * air, +) <= width
    return names.indices.map { index in
      let name = names[index]
      let columnWidth: Table.Column.Width
      if name == "date" || name == "duration" {
        columnWidth = .fixed(needed[index])
      } else if name == "result" {
        columnWidth = fits ? .flexible(1) : .flexible(needed[index])
      } else {
        columnWidth = fits ? .fixed(needed[index] + air) : .flexible(needed[index])
      }
      return Table.Column(
        titles[index], width: columnWidth,
        alignment: HistoryReport.numericColumns.contains(name) ? .trailing : .leading)
    }
  }
}
