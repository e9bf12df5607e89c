/// A vertical list of choices with a pointer on the selected one. The selection and the scroll
/// offset belong to the caller's state, because they outlive a frame; `scrollOffset` helps keep
/// the selection in view.
public struct MenuList: Sendable, Equatable {
  public struct Item: Sendable, Equatable {
    public var title: String
    /// A value shown right-aligned, such as the current setting.
    public var detail: String?
    public var isEnabled: Bool

    public init(_ title: String, detail: String? = nil, isEnabled: Bool = true) {
      self.title = title
      self.detail = detail
      self.isEnabled = isEnabled
    }
  }

  public var items: [Item]
  public var selected: Int?
  public var scrollOffset: Int
  public var glyphs: GlyphSet

  /// Columns before the title: a space, the pointer, a space.
  static let leadingWidth = 3
  static let gapBeforeDetail = 2

  public init(items: [Item], selected: Int?, scrollOffset: Int = 0, glyphs: GlyphSet) {
    self.items = items
    self.selected = selected
    self.scrollOffset = scrollOffset
    self.glyphs = glyphs
  }

  /// The offset that shows `selected` while moving the view as little as possible from
  /// `current`, so the list scrolls only when the selection leaves it.
  public static func scrollOffset(selected: Int, current: Int, visibleRows: Int) -> Int {
    guard visibleRows > 0 else { return max(0, selected) }
    if selected < current { return max(0, selected) }
    if selected >= current + visibleRows { return max(0, selected - visibleRows + 1) }
    return max(0, current)
  }

  /// How wide a row must be to show `item`'s title and detail uncut.
  public static func widthInFull(_ item: Item) -> Int {
    let detail = item.detail.map { $0.isEmpty ? 0 : gapBeforeDetail + $0.displayWidth } ?? 0
    return leadingWidth + item.title.displayWidth + detail + 1
  }

  public func render(in area: Rect, on canvas: inout Canvas) {
    guard !area.isEmpty else { return }
    canvas.fill(area)
    // A stale offset (the list got shorter) must not leave rows empty that items could fill.
    let first = max(0, min(scrollOffset, items.count - area.height))
    for row in 0..<area.height {
      let index = first + row
      guard index < items.count else { break }
      renderItem(items[index], isSelected: index == selected, in: area.row(row), on: &canvas)
    }
  }

  private func renderItem(_ item: Item, isSelected: Bool, in line: Rect, on canvas: inout Canvas) {
    let background: (Style) -> Style = { isSelected ? $0.on(.selection) : $0 }
    let titleStyle = item.isEnabled ? (isSelected ? Style.plain.bold : .plain) : .role(.muted)
    let detailStyle = item.isEnabled && isSelected ? Style.plain : .role(.muted)
    if isSelected {
      canvas.focusLine = line.y
      canvas.fill(line, style: background(.plain))
      canvas.put(
        glyphs.pointer, x: line.x + 1, y: line.y, style: background(Style.role(.accent).bold),
        clip: line)
    }

    // One column stays free at the right so the detail does not touch a border.
    let textWidth = line.width - Self.leadingWidth - 1
    guard textWidth > 0 else { return }
    var titleWidth = textWidth
    if let detail = item.detail, !detail.isEmpty {
      // The title matters more: the detail gets what the title leaves, but at least half of
      // the row when both are too long.
      let titleNeeds = min(item.title.displayWidth, textWidth - textWidth / 2)
      let detailWidth = min(
        detail.displayWidth, max(0, textWidth - titleNeeds - Self.gapBeforeDetail))
      let text = detail.clipped(toWidth: detailWidth, ellipsis: glyphs.ellipsis)
      canvas.write(
        text, x: line.x + Self.leadingWidth + textWidth - text.displayWidth, y: line.y,
        style: background(detailStyle), clip: line)
      titleWidth = max(0, textWidth - detailWidth - Self.gapBeforeDetail)
    }
    canvas.write(
      item.title.clipped(toWidth: titleWidth, ellipsis: glyphs.ellipsis),
      x: line.x + Self.leadingWidth, y: line.y, style: background(titleStyle), clip: line)
  }
}
