/// Numerals five rows tall for count-downs, tempo and timers, readable from across the room.
/// Falls back to the plain text when the area is too small or the text has other characters.
public struct BigDigits: Sendable, Equatable {
  public var text: String
  public var glyphs: GlyphSet
  public var style: Style

  public static let height = 5
  static let spacing = 1

  /// Each glyph as rows of equal width; `#` is a filled cell. A space is as wide as a digit so
  /// that a count-down from 10 to 9 does not jump sideways.
  static let font: [Character: [String]] = [
    "0": ["####", "#  #", "#  #", "#  #", "####"],
    "1": [" ## ", "  # ", "  # ", "  # ", " ###"],
    "2": ["####", "   #", "####", "#   ", "####"],
    "3": ["####", "   #", " ###", "   #", "####"],
    "4": ["#  #", "#  #", "####", "   #", "   #"],
    "5": ["####", "#   ", "####", "   #", "####"],
    "6": ["####", "#   ", "####", "#  #", "####"],
    "7": ["####", "   #", "  # ", " #  ", " #  "],
    "8": ["####", "#  #", "####", "#  #", "####"],
    "9": ["####", "#  #", "####", "   #", "####"],
    ":": ["  ", "##", "  ", "##", "  "],
    " ": ["    ", "    ", "    ", "    ", "    "],
  ]

  public init(_ text: String, glyphs: GlyphSet, style: Style = Style.role(.accent).bold) {
    self.text = text
    self.glyphs = glyphs
    self.style = style
  }

  public func render(in area: Rect, on canvas: inout Canvas) {
    guard !area.isEmpty else { return }
    canvas.fill(area)
    let rows = text.compactMap { Self.font[$0] }
    let width = rows.reduce(0) { $0 + $1[0].count } + Self.spacing * max(0, rows.count - 1)
    guard rows.count == text.count, area.width >= width, area.height >= Self.height else {
      let plain = text.clipped(toWidth: area.width, ellipsis: glyphs.ellipsis)
      let line = area.centered(width: plain.displayWidth, height: 1)
      canvas.write(plain, x: line.x, y: line.y, style: style, clip: area)
      return
    }
    let box = area.centered(width: width, height: Self.height)
    var x = box.x
    for glyph in rows {
      for (row, pattern) in glyph.enumerated() {
        for (column, mark) in pattern.enumerated() where mark == "#" {
          canvas.put(
            glyphs.block, x: x + column, y: box.y + row, style: style, clip: area, picture: true)
        }
      }
      x += glyph[0].count + Self.spacing
    }
  }
}
