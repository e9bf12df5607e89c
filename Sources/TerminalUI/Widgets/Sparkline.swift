/// A one-row chart of recent values, such as tempo or timing error per bar. Each value becomes
/// one of the glyph set's levels; when there are more values than columns the newest are kept,
/// and the newest is always the rightmost value drawn.
public struct Sparkline: Sendable, Equatable {
  public var values: [Double]
  /// The value drawn as the lowest level; the smallest shown value when `nil`.
  public var minimum: Double?
  /// The value drawn as the highest level; the largest shown value when `nil`.
  public var maximum: Double?
  public var glyphs: GlyphSet
  public var style: Style

  public init(
    values: [Double], minimum: Double? = nil, maximum: Double? = nil, glyphs: GlyphSet,
    style: Style = .role(.accent)
  ) {
    self.values = values
    self.minimum = minimum
    self.maximum = maximum
    self.glyphs = glyphs
    self.style = style
  }

  public func render(in area: Rect, on canvas: inout Canvas) {
    let line = area.row(0)
    guard !line.isEmpty else { return }
    canvas.fill(line)
    let levels = glyphs.levels
    guard !levels.isEmpty else { return }
    let shown = values.suffix(line.width)
    let finite = shown.filter(\.isFinite)
    guard let low = minimum ?? finite.min(), let high = maximum ?? finite.max() else { return }
    let top = Double(levels.count - 1)
    for (column, value) in shown.enumerated() where value.isFinite {
      // A flat series sits in the middle, so it reads as steady rather than as low.
      let position = high > low ? (value - low) / (high - low) * top : top / 2
      let level = Int(min(top, max(0, position)).rounded())
      canvas.put(
        levels[level], x: line.x + column, y: line.y, style: style, clip: line, picture: true)
    }
  }
}
