/// A frame around an area with an optional title set into the top edge. It draws only the
/// edges, so whatever the caller draws inside stays; `area.inset(by: 1)` is the inside.
public struct Border: Sendable, Equatable {
  public var title: String?
  public var glyphs: GlyphSet
  public var style: Style
  public var titleStyle: Style

  public init(
    title: String? = nil, glyphs: GlyphSet, style: Style = .role(.muted),
    titleStyle: Style = Style.role(.accent).bold
  ) {
    self.title = title
    self.glyphs = glyphs
    self.style = style
    self.titleStyle = titleStyle
  }

  public func render(in area: Rect, on canvas: inout Canvas) {
    // A frame needs two corners on each axis; anything smaller would be misleading.
    guard area.width >= 2, area.height >= 2 else { return }
    let left = area.x
    let right = area.maxX - 1
    let top = area.y
    let bottom = area.maxY - 1
    for x in (left + 1)..<right {
      canvas.put(glyphs.horizontal, x: x, y: top, style: style, clip: area, picture: true)
      canvas.put(glyphs.horizontal, x: x, y: bottom, style: style, clip: area, picture: true)
    }
    for y in (top + 1)..<bottom {
      canvas.put(glyphs.vertical, x: left, y: y, style: style, clip: area, picture: true)
      canvas.put(glyphs.vertical, x: right, y: y, style: style, clip: area, picture: true)
    }
    canvas.put(glyphs.topLeft, x: left, y: top, style: style, clip: area, picture: true)
    canvas.put(glyphs.topRight, x: right, y: top, style: style, clip: area, picture: true)
    canvas.put(glyphs.bottomLeft, x: left, y: bottom, style: style, clip: area, picture: true)
    canvas.put(glyphs.bottomRight, x: right, y: bottom, style: style, clip: area, picture: true)

    // Keep a corner and one edge glyph visible on both sides, and a space around the title.
    let room = area.width - 6
    guard let title, !title.isEmpty, room > 0 else { return }
    let text = title.clipped(toWidth: room, ellipsis: glyphs.ellipsis)
    var x = left + 2
    x += canvas.write(" ", x: x, y: top, style: style, clip: area)
    x += canvas.write(text, x: x, y: top, style: titleStyle, clip: area)
    canvas.write(" ", x: x, y: top, style: style, clip: area)
  }
}
