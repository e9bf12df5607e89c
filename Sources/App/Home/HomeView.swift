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
}
