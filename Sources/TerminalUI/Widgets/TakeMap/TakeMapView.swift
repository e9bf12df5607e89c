/// The recording producer's take map: bars across, takes down, each bar of each take drawn in
/// the glyph and colour of the grade it was given, so which takes cover a passage, and how
/// well, shows at a glance. Rows from the top:
///
///                  A              rehearsal letters over their bars
///          1       5              the ruler: printed bar numbers
///     1    ████▓!▓▓▒▒░░✗✗··       a take per row, `!` a problem tagged on the bar
///     2f   ····                   a false start, dimmed
///     3            ▓▓▓▓
///     best ████▓▓▓▓▓▓▓▓✗✗··       the best grade per bar over the takes that are material
///                      ▲ ▲        bars without a usable take
///     plan │1──────│3──│1         the editing plan's takes, when there is a plan
///
/// Every bar is two columns wide: its glyph, then the glyph again or a tag mark. The widget
/// knows nothing of sessions or ratings: the caller maps its model onto plain grades and
/// labels, and keeps the scroll offsets and the cursor, which `visibleBars(in:)`,
/// `visibleRows(in:)` and `scrollOffset(_:keeping:visible:count:)` help it keep in view.
public struct TakeMapView: Equatable, Sendable {
  /// What a take offers for one bar, from nothing to the best. `unrated` is a bar a take
  /// plays that nobody rated; `none`, a bar it does not play.
  public enum Grade: Equatable, Sendable, CaseIterable {
    case none, unrated, unusable, poor, usable, good, excellent

    /// Whether the bar can go into the edit as it is: rated ok or better.
    public var isUsable: Bool { self == .usable || self == .good || self == .excellent }
  }

  /// One take.
  public struct Row: Equatable, Sendable {
    /// As the producer calls the take: `3`, `A12`.
    public var label: String
    /// One grade per bar; missing bars at the end count as `none`.
    public var cells: [Grade]
    /// The bars on which the producer tagged a problem.
    public var tagged: Set<Int>
    /// Shown dimmed, its label marked `f`: in the map, but not material.
    public var isFalseStart: Bool

    public init(label: String, cells: [Grade], tagged: Set<Int> = [], isFalseStart: Bool = false) {
      self.label = label
      self.cells = cells
      self.tagged = tagged
      self.isFalseStart = isFalseStart
    }
  }

  /// A bar, and the take on it; a nil row is the bar's best grade.
  public struct Cursor: Equatable, Sendable {
    public var bar: Int
    public var row: Int?

    public init(bar: Int, row: Int?) {
      self.bar = bar
      self.row = row
    }
  }

  /// The bars' numbers as printed (`0`, `1`, …, `12a`), one per bar: the map's width in bars.
  public var barLabels: [String]
  /// Rehearsal letters by bar index, written above the ruler.
  public var rehearsalMarks: [Int: String]
  public var rows: [Row]
  /// Per bar, the best grade among the takes that are material; bars below `usable` are
  /// flagged.
  public var best: [Grade]
  /// Per bar, the row whose take the editing plan uses there, nil where none does; empty when
  /// no plan is shown. With a plan, the cells it does not use are dimmed, so its path stands
  /// out, and a plan row names its takes, which tells it without colour.
  public var plan: [Int?]
  /// The first bar shown (horizontal scroll).
  public var firstBar: Int
  /// The first take shown (vertical scroll).
  public var firstRow: Int
  public var cursor: Cursor?
  /// The footer rows' labels, in the user's language.
  public var bestLabel: String
  public var planLabel: String
  public var glyphs: GlyphSet

  /// Appended to a false start's label, so it is told by text as well as by dimming.
  static let falseStartMark = "f"
  static let rehearsalStyle = Style.role(.accent).bold
  static let rulerStyle = Style.role(.muted)
  static let labelStyle = Style.role(.text)
  static let footerLabelStyle = Style.role(.text).bold
  static let tagStyle = Style.role(.bad).bold
  static let flagStyle = Style.role(.bad).bold
  static let planStyle = Style.role(.accent)

  public init(
    barLabels: [String], rehearsalMarks: [Int: String] = [:], rows: [Row], best: [Grade],
    plan: [Int?] = [], firstBar: Int = 0, firstRow: Int = 0, cursor: Cursor? = nil,
    bestLabel: String, planLabel: String, glyphs: GlyphSet
  ) {
    self.barLabels = barLabels
    self.rehearsalMarks = rehearsalMarks
    self.rows = rows
    self.best = best
    self.plan = plan
    self.firstBar = firstBar
    self.firstRow = firstRow
    self.cursor = cursor
    self.bestLabel = bestLabel
    self.planLabel = planLabel
    self.glyphs = glyphs
  }

  /// The colour of a grade: greens for the good, plain for ok, warning and bad colours for
  /// the poor and the unusable, muted for the unknown.
  static func style(of grade: Grade) -> Style {
    switch grade {
    case .none: .plain
    case .unrated: .role(.muted)
    case .unusable: .role(.bad)
    case .poor: .role(.warn)
    case .usable: .role(.text)
    case .good: .role(.good)
    case .excellent: .role(.perfect)
    }
  }

  /// The rows under the takes: best grades, flags, and the plan when there is one.
  var footerHeight: Int { plan.isEmpty ? 2 : 3 }

  /// The rows needed to show every take.
  public var height: Int { TakeMapLayout.headerHeight + rows.count + footerHeight }

  /// The row labels' column: the longest label and a space.
  var labelWidth: Int {
    let labels =
      rows.map { $0.label + ($0.isFalseStart ? Self.falseStartMark : "") }
      + [bestLabel, plan.isEmpty ? "" : planLabel]
    return (labels.map(\.displayWidth).max() ?? 0) + 1
  }

  /// How many bars fit across `width` columns.
  public func visibleBars(in width: Int) -> Int {
    TakeMapLayout.visibleBars(width: width, labelWidth: labelWidth)
  }

  /// How many takes fit in `height` rows.
  public func visibleRows(in height: Int) -> Int {
    TakeMapLayout.visibleRows(height: height, footerHeight: footerHeight)
  }

  /// The scroll offset nearest `first` that shows item `index` of `count`, `visible` at a time:
  /// the view moves only when the item would leave it, as a cursor pushes a window.
  public static func scrollOffset(_ first: Int, keeping index: Int, visible: Int, count: Int)
    -> Int
  {
    let shown = max(1, visible)
    let kept = min(max(first, index - shown + 1), index)
    return max(0, min(kept, count - shown))
  }

  /// Draws from the area's top left the window of bars and takes from `firstBar` and
  /// `firstRow`; a short area shows fewer takes, then loses the footer from the bottom.
  public func render(in area: Rect, on canvas: inout Canvas) {
    guard !area.isEmpty else { return }
    canvas.fill(area)
    let layout = TakeMapLayout(
      area: area, labelWidth: labelWidth, barCount: barLabels.count, rowCount: rows.count,
      footerHeight: footerHeight, firstBar: firstBar, firstRow: firstRow)
    let pen = Pen(area: area)
    let marks = TakeMapGlyphs.named(glyphs.kind)
    drawRehearsalMarks(layout, pen, &canvas)
    drawRuler(layout, pen, &canvas)
    for row in layout.rows {
      drawTake(row, layout, marks, pen, &canvas)
    }
    pen.write(bestLabel, area.x, layout.bestY, Self.footerLabelStyle, &canvas)
    for bar in layout.bars {
      let grade = bar < best.count ? best[bar] : .none
      let x = layout.x(ofBar: bar)
      drawCell(grade, tagged: false, dimmed: false, x, layout.bestY, marks, pen, &canvas)
      if !grade.isUsable { pen.put(marks.flag, x, layout.flagY, Self.flagStyle, &canvas) }
    }
    if !plan.isEmpty { drawPlan(layout, pen, &canvas) }
    if let cursor { drawCursor(cursor, layout, pen, &canvas) }
  }

  /// The cursor's cell reversed, and its take's label with it; its bar's number is reversed
  /// in the ruler. Nothing is drawn for a cursor scrolled out of view.
  private func drawCursor(
    _ cursor: Cursor, _ layout: TakeMapLayout, _ pen: Pen, _ canvas: inout Canvas
  ) {
    guard layout.bars.contains(cursor.bar) else { return }
    let x = layout.x(ofBar: cursor.bar)
    guard let row = cursor.row else {
      pen.reverse(x, layout.bestY, width: TakeMapLayout.barWidth, &canvas)
      return
    }
    guard layout.rows.contains(row) else { return }
    let y = layout.y(ofRow: row)
    pen.reverse(x, y, width: TakeMapLayout.barWidth, &canvas)
    pen.reverse(layout.area.x, y, width: layout.labelWidth - 1, &canvas)
  }

  /// Letters over their bars; when the window starts after a letter's bar, that letter
  /// after a left arrow in the label column, naming the section the window starts in.
  private func drawRehearsalMarks(_ layout: TakeMapLayout, _ pen: Pen, _ canvas: inout Canvas) {
    let y = layout.rehearsalY
    for (bar, letter) in rehearsalMarks.sorted(by: { $0.key < $1.key })
    where layout.bars.contains(bar) {
      pen.write(letter, layout.x(ofBar: bar), y, Self.rehearsalStyle, &canvas)
    }
    guard let first = layout.bars.first,
      let section = rehearsalMarks.filter({ $0.key < first }).max(by: { $0.key < $1.key })
    else { return }
    let text = (String(glyphs.arrowLeft) + section.value).clipped(toWidth: layout.labelWidth - 1)
    pen.write(text, layout.area.x, y, Self.rehearsalStyle, &canvas)
  }

  /// Bar numbers left-aligned on their bars, each with a space after it: the cursor's bar
  /// first, then the first bar shown, then every printed multiple of five that still has room,
  /// as a score numbers its systems. A number that would run off the edge is left out rather
  /// than cut to a different one.
  private func drawRuler(_ layout: TakeMapLayout, _ pen: Pen, _ canvas: inout Canvas) {
    let fives = layout.bars.filter { Int(barLabels[$0]).map { $0 % 5 == 0 } ?? false }
    let candidates = [cursor?.bar, layout.bars.first] + fives.map(Optional.some)
    var taken: [Range<Int>] = []
    for case let bar? in candidates where layout.bars.contains(bar) {
      let label = barLabels[bar]
      let x = layout.x(ofBar: bar)
      let span = x..<x + label.displayWidth + 1
      guard !label.isEmpty, x + label.displayWidth <= layout.area.maxX,
        !taken.contains(where: { $0.overlaps(span) })
      else { continue }
      taken.append(span)
      let style = bar == cursor?.bar ? Self.rulerStyle.reversed : Self.rulerStyle
      pen.write(label, x, layout.rulerY, style, &canvas)
    }
  }

  /// A take's label and cells; a false start's all dimmed, and with a plan, the cells it does
  /// not use.
  private func drawTake(
    _ row: Int, _ layout: TakeMapLayout, _ marks: TakeMapGlyphs, _ pen: Pen,
    _ canvas: inout Canvas
  ) {
    let take = rows[row]
    let y = layout.y(ofRow: row)
    let label = take.label + (take.isFalseStart ? Self.falseStartMark : "")
    let labelStyle = take.isFalseStart ? Self.labelStyle.dimmed : Self.labelStyle
    pen.write(label, layout.area.x, y, labelStyle, &canvas)
    for bar in layout.bars {
      let grade = bar < take.cells.count ? take.cells[bar] : .none
      let isPlanned = bar < plan.count && plan[bar] == row
      drawCell(
        grade, tagged: take.tagged.contains(bar),
        dimmed: take.isFalseStart || (!plan.isEmpty && !isPlanned), layout.x(ofBar: bar), y,
        marks, pen, &canvas)
    }
  }

  /// The glyph twice, so runs of a grade join into bands, or once and a tag mark.
  private func drawCell(
    _ grade: Grade, tagged: Bool, dimmed: Bool, _ x: Int, _ y: Int, _ marks: TakeMapGlyphs,
    _ pen: Pen, _ canvas: inout Canvas
  ) {
    guard grade != .none || tagged else { return }
    let glyph = marks.glyph(grade)
    let style = dimmed ? Self.style(of: grade).dimmed : Self.style(of: grade)
    pen.put(glyph, x, y, style, &canvas)
    if tagged {
      pen.put(marks.tag, x + 1, y, dimmed ? Self.tagStyle.dimmed : Self.tagStyle, &canvas)
    } else {
      pen.put(glyph, x + 1, y, style, &canvas)
    }
  }

  /// Each run of bars from one take as a line opened by a bar and the take's label, the label
  /// left out where the run is too short for it. Bars no take supplies stay blank; the flag
  /// row already marks them.
  private func drawPlan(_ layout: TakeMapLayout, _ pen: Pen, _ canvas: inout Canvas) {
    let y = layout.planY
    pen.write(planLabel, layout.area.x, y, Self.footerLabelStyle, &canvas)
    let supplier = { (bar: Int) -> Int? in
      guard bar < plan.count, let row = plan[bar], rows.indices.contains(row) else { return nil }
      return row
    }
    var runs: [(row: Int, bars: Range<Int>)] = []
    for bar in layout.bars {
      guard let row = supplier(bar) else { continue }
      if let last = runs.last, last.row == row, last.bars.upperBound == bar {
        runs[runs.count - 1].bars = last.bars.lowerBound..<bar + 1
      } else {
        runs.append((row, bar..<bar + 1))
      }
    }
    for run in runs {
      let x = layout.x(ofBar: run.bars.lowerBound)
      let width = run.bars.count * TakeMapLayout.barWidth
      pen.line(glyphs.vertical, x, y, Self.planStyle, &canvas)
      for column in x + 1..<x + width {
        pen.line(glyphs.horizontal, column, y, Self.planStyle, &canvas)
      }
      let label = rows[run.row].label
      if label.displayWidth < width { pen.write(label, x + 1, y, Self.planStyle.bold, &canvas) }
    }
  }
}

/// Draws clipped to the area, so no part of the map needs to check its bounds.
private struct Pen {
  let area: Rect

  func put(_ character: Character, _ x: Int, _ y: Int, _ style: Style, _ canvas: inout Canvas) {
    canvas.put(character, x: x, y: y, style: style, clip: area)
  }

  /// A plan's bracket: a line, a picture.
  func line(_ character: Character, _ x: Int, _ y: Int, _ style: Style, _ canvas: inout Canvas) {
    canvas.put(character, x: x, y: y, style: style, clip: area, picture: true)
  }

  func write(_ text: String, _ x: Int, _ y: Int, _ style: Style, _ canvas: inout Canvas) {
    canvas.write(text, x: x, y: y, style: style, clip: area)
  }

  func reverse(_ x: Int, _ y: Int, width: Int, _ canvas: inout Canvas) {
    canvas.restyle(Rect(x: x, y: y, width: width, height: 1).intersection(area)) { $0.reversed }
  }
}
