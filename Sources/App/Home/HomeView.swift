import Storage
import TerminalUI

enum HomeView {
  static func render(_ home: HomeModel, model: AppModel, in area: Rect, on canvas: inout Canvas) {
    let strings = model.strings
    let title = strings.text("app.name")
    let tagline = strings.text("app.tagline")
    let items = home.entries.map { entry in
      MenuList.Item(strings.text(entry.titleKey), detail: entry.detailKey.map { strings.text($0) })
    }
    let menuWidth = min(area.width - 4, 64)
    let blockHeight = 3 + items.count
    let block = area.centered(width: menuWidth, height: blockHeight)
    let top = max(area.y, block.y - 2)
    canvas.writeCentred(title, y: top, in: area, style: Style.role(.accent).bold)
    canvas.writeCentred(tagline, y: top + 1, in: area, style: .role(.muted))
    let menuArea = Rect(
      x: block.x, y: top + 3, width: menuWidth, height: min(items.count, area.maxY - top - 3))
    MenuList(items: items, selected: home.selected, glyphs: model.glyphs)
      .render(in: menuArea, on: &canvas)
    let lastY = menuArea.maxY + 1
    if let news = newsLine(model.server, strings: strings) {
      let y = lastY + (model.history.isEmpty ? 3 : 1)
      if y < area.maxY {
        canvas.writeCentred(
          news.clipped(toWidth: area.width - 2, ellipsis: model.glyphs.ellipsis), y: y, in: area,
          style: .role(.accent))
      }
    }
    if model.history.isEmpty {
      // The first time: what to press, everywhere.
      for (row, key) in ["home.welcome.pick", "home.welcome.keys", "home.welcome.where"]
        .enumerated()
      where lastY + row < area.maxY {
        canvas.writeCentred(
          strings.text(key).clipped(toWidth: area.width - 2, ellipsis: model.glyphs.ellipsis),
          y: lastY + row, in: area, style: row == 0 ? Style.role(.accent) : .role(.muted))
      }
    } else if let last = model.history.last, lastY < area.maxY {
      let text = strings.text("home.last", ["session": SessionSummary(last).text(strings)])
      canvas.writeCentred(
        text.clipped(toWidth: area.width - 2, ellipsis: model.glyphs.ellipsis), y: lastY, in: area,
        style: .role(.muted))
    }
  }

  /// The kinds of news the home line names, in its order; any other kind a newer server tells
  /// is counted as more.
  static let newsKinds = [
    "pattern", "libraryPattern", "pack", "recommendation", "suggestionReviewed", "rating", "record",
    "followedRecord",
  ]

  /// "What's new: 3 new patterns, 1 recommendation", from what the last refresh counted; nil
  /// when the server did not answer it or nothing is new.
  static func newsLine(_ server: ServerSnapshot?, strings: Localizer) -> String? {
    guard let server, server.isReachable, let news = server.news else { return nil }
    let others: Int = news.filter { !newsKinds.contains($0.key) }.values.reduce(0, +)
    var counts: [(kind: String, count: Int)] = newsKinds.map { ($0, news[$0] ?? 0) }
    counts.append(("other", others))
    var parts: [String] = []
    for (kind, count) in counts where count > 0 {
      parts.append(
        count == 1
          ? strings.text("home.news.\(kind).one")
          : strings.text("home.news.\(kind)", ["count": String(count)]))
    }
    guard !parts.isEmpty else { return nil }
    return strings.text("home.news", ["items": parts.joined(separator: ", ")])
  }
}
