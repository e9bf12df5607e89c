/// Where a take map's parts go in an area. Columns: the row labels, then two columns per bar
/// (the grade's glyph, then a second column that doubles it or carries a tag mark). Rows: the
/// rehearsal letters, the bar ruler, one row per take, then the footer (best grades, flags
/// and, when there is a plan, the plan), right under the last take shown so a short movement
/// does not leave a gap above it.
struct TakeMapLayout: Equatable, Sendable {
  static let barWidth = 2
  /// The rehearsal letters and the ruler.
  static let headerHeight = 2

  let area: Rect
  let labelWidth: Int
  /// The bars drawn, by index.
  let bars: Range<Int>
  /// The takes drawn, by row index.
  let rows: Range<Int>

  init(
    area: Rect, labelWidth: Int, barCount: Int, rowCount: Int, footerHeight: Int,
    firstBar: Int, firstRow: Int
  ) {
    self.area = area
    self.labelWidth = labelWidth
    let visibleBars = Self.visibleBars(width: area.width, labelWidth: labelWidth)
    let visibleRows = Self.visibleRows(height: area.height, footerHeight: footerHeight)
    bars = Self.window(from: firstBar, count: barCount, visible: visibleBars)
    rows = Self.window(from: firstRow, count: rowCount, visible: visibleRows)
  }

  static func visibleBars(width: Int, labelWidth: Int) -> Int {
    max(0, (width - labelWidth) / barWidth)
  }

  static func visibleRows(height: Int, footerHeight: Int) -> Int {
    max(0, height - headerHeight - footerHeight)
  }

  /// `visible` items from `first`, moved back when a stale offset (the movement shorter now,
  /// or the area bigger) would leave room at the end that earlier items could fill.
  static func window(from first: Int, count: Int, visible: Int) -> Range<Int> {
    let start = max(0, min(first, count - visible))
    return start..<min(count, start + visible)
  }

  var rehearsalY: Int { area.y }
  var rulerY: Int { area.y + 1 }
  var bestY: Int { area.y + Self.headerHeight + rows.count }
  var flagY: Int { bestY + 1 }
  var planY: Int { bestY + 2 }

  /// The screen column of a shown bar's first cell column.
  func x(ofBar bar: Int) -> Int {
    area.x + labelWidth + (bar - bars.lowerBound) * Self.barWidth
  }

  /// The screen row of a shown take.
  func y(ofRow row: Int) -> Int {
    area.y + Self.headerHeight + row - rows.lowerBound
  }
}
