extension Canvas {
  /// Writes one row of text centred in `area`, cut to its width so it never spills out.
  public mutating func writeCentred(_ text: String, y: Int, in area: Rect, style: Style = .plain) {
    let shown = text.clipped(toWidth: area.width)
    write(shown, x: area.x + (area.width - shown.displayWidth) / 2, y: y, style: style, clip: area)
  }
}

extension Canvas {
  /// Writes text centred in `area`, wrapped at words to its width less `margin` on each side;
  /// returns the row after the last line.
  @discardableResult
  public mutating func writeCentredWrapped(
    _ text: String, y: Int, in area: Rect, margin: Int = 2, style: Style = .plain
  ) -> Int {
    let lines = text.wrapped(toWidth: max(1, area.width - 2 * margin))
    for (offset, line) in lines.enumerated() {
      writeCentred(line, y: y + offset, in: area, style: style)
    }
    return y + lines.count
  }
}
