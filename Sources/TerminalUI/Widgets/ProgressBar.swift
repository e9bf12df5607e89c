/// A horizontal bar filled to a fraction, over every row of its area. Unicode sets fill the
/// last cell in eighths; sets without partial glyphs fill whole cells only, rounding down so
/// that a bar never looks finished before it is.
public struct ProgressBar: Sendable, Equatable {
  public enum LabelPlacement: Sendable, Equatable {
    /// Centred over the bar, on its middle row.
    case inside
    /// To the right of the bar, which gets shorter to make room.
    case after
  }

  public var fraction: Double
  public var label: String?
  public var labelPlacement: LabelPlacement
  public var glyphs: GlyphSet
  public var style: Style

  public init(
    fraction: Double, label: String? = nil, labelPlacement: LabelPlacement = .after,
    glyphs: GlyphSet, style: Style = .role(.accent)
  ) {
    self.fraction = fraction
    self.label = label
    self.labelPlacement = labelPlacement
    self.glyphs = glyphs
    self.style = style
  }

  public func render(in area: Rect, on canvas: inout Canvas) {
    guard !area.isEmpty else { return }
    canvas.fill(area)
    var bar = area
    if let label, !label.isEmpty, labelPlacement == .after {
      let labelWidth = label.displayWidth
      // A label that would leave no bar at all is dropped: the bar is the point.
      if area.width >= labelWidth + 2 {
        bar = area.splitLeft(area.width - labelWidth - 1).left
        canvas.write(label, x: bar.maxX + 1, y: Self.middleRow(of: area).y, clip: area)
      }
    }
    let (full, partial) = filledCells(width: bar.width)
    for y in bar.y..<bar.maxY {
      for x in bar.x..<bar.maxX {
        let column = x - bar.x
        if column < full {
          canvas.put(glyphs.barFull, x: x, y: y, style: style, clip: bar, picture: true)
        } else if column == full, let partial {
          canvas.put(partial, x: x, y: y, style: style, clip: bar, picture: true)
        } else {
          canvas.put(
            glyphs.barEmpty, x: x, y: y, style: .role(.muted), clip: bar, picture: true)
        }
      }
    }
    if let label, !label.isEmpty, labelPlacement == .inside {
      let text = label.clipped(toWidth: bar.width, ellipsis: glyphs.ellipsis)
      let line = Self.middleRow(of: bar).centered(width: text.displayWidth, height: 1)
      var x = line.x
      for character in text {
        // Over the filled part the text is reversed, so it stays readable without colours too.
        let filled = x - bar.x < full
        let textStyle = filled ? style.reversed.bold : Style.plain.bold
        x += canvas.put(character, x: x, y: line.y, style: textStyle, clip: bar)
      }
    }
  }

  private static func middleRow(of area: Rect) -> Rect {
    area.row((area.height - 1) / 2)
  }

  /// Whole cells to fill, and the glyph for the partly filled cell after them, if any.
  private func filledCells(width: Int) -> (full: Int, partial: Character?) {
    let clamped = fraction.isNaN ? 0 : min(1, max(0, fraction))
    let steps = glyphs.barPartials.count + 1
    let filled = Int((clamped * Double(width * steps)).rounded(.down))
    let remainder = filled % steps
    return (filled / steps, remainder > 0 ? glyphs.barPartials[remainder - 1] : nil)
  }
}
