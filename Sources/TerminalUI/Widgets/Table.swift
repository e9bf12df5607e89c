/// Rows of text under a header, in columns of fixed or flexible width. Cells too long for their
/// column end in an ellipsis. The selection and the scroll offset belong to the caller's state.
public struct Table: Sendable, Equatable {
  public struct Column: Sendable, Equatable {
    public enum Width: Sendable, Equatable {
      /// Exactly this many columns, taken first.
      case fixed(Int)
      /// A share of what the fixed columns leave, in proportion to the other flexible ones.
      case flexible(Int)
    }

    public var title: String
    public var width: Width
    public var alignment: TextAlignment

    public init(_ title: String, width: Width = .flexible(1), alignment: TextAlignment = .leading) {
      self.title = title
      self.width = width
      self.alignment = alignment
    }
  }

  public var columns: [Column]
  public var rows: [[String]]
  public var selected: Int?
  public var scrollOffset: Int
  public var glyphs: GlyphSet

  public static let columnGap = 1

  public init(
    columns: [Column], rows: [[String]], selected: Int? = nil, scrollOffset: Int = 0,
    glyphs: GlyphSet
  ) {
    self.columns = columns
    self.rows = rows
    self.selected = selected
    self.scrollOffset = scrollOffset
    self.glyphs = glyphs
  }

  public func render(in area: Rect, on canvas: inout Canvas) {
    guard !area.isEmpty else { return }
    canvas.fill(area)
    let widths = columnWidths(total: area.width)
    renderRow(
      columns.map(\.title), widths: widths, style: Style.role(.accent).bold, in: area.row(0),
      on: &canvas)
    let body = area.splitTop(1).rest
    // A stale offset (fewer rows now) must not leave lines empty that rows could fill.
    let first = max(0, min(scrollOffset, rows.count - body.height))
    for line in 0..<body.height {
      let index = first + line
      guard index < rows.count else { break }
      // Bold as well as coloured, so the choice shows where the background colour is faint.
      let style = index == selected ? Style.plain.on(.selection).bold : .plain
      if index == selected { canvas.fill(body.row(line), style: style) }
      renderRow(rows[index], widths: widths, style: style, in: body.row(line), on: &canvas)
    }
  }

  private func renderRow(
    _ cells: [String], widths: [Int], style: Style, in line: Rect, on canvas: inout Canvas
  ) {
    var x = line.x
    for (index, column) in columns.enumerated() {
      let text = index < cells.count ? cells[index] : ""
      let cell = text.padded(
        toWidth: widths[index], alignment: column.alignment, ellipsis: glyphs.ellipsis)
      canvas.write(cell, x: x, y: line.y, style: style, clip: line)
      x += widths[index] + Self.columnGap
    }
  }

  /// Fixed columns first, then the rest shared by weight; columns past the edge get nothing.
  private func columnWidths(total: Int) -> [Int] {
    var remaining = max(0, total - Self.columnGap * max(0, columns.count - 1))
    var widths = columns.map { column -> Int in
      guard case .fixed(let wanted) = column.width else { return 0 }
      let width = min(max(0, wanted), remaining)
      remaining -= width
      return width
    }
    let weights = columns.map { column -> Int in
      guard case .flexible(let weight) = column.width else { return 0 }
      return max(0, weight)
    }
    let totalWeight = weights.reduce(0, +)
    guard totalWeight > 0 else { return widths }
    var handedOut = 0
    for index in columns.indices where weights[index] > 0 {
      widths[index] = remaining * weights[index] / totalWeight
      handedOut += widths[index]
    }
    // Integer division leaves a few columns over; the first flexible columns take one each.
    var leftover = remaining - handedOut
    for index in columns.indices where weights[index] > 0 && leftover > 0 {
      widths[index] += 1
      leftover -= 1
    }
    return widths
  }
}
