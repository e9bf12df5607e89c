extension Canvas {
  /// Writes one row of text centred in `area`, cut to its width so it never spills out.
  public mutating func writeCentred(_ text: String, y: Int, in area: Rect, style: Style = .plain) {
    let shown = text.clipped(toWidth: area.width)
    write(shown, x: area.x + (area.width - shown.displayWidth) / 2, y: y, style: style, clip: area)
  }
}
