/// The one-line key legend at the bottom of every screen: ` ↑↓ move  Enter open  q quit`.
/// Hints are listed most important first; those that do not fit are dropped whole.
public struct KeyHintBar: Sendable, Equatable {
  public struct Hint: Sendable, Equatable {
    public var key: String
    public var label: String

    public init(_ key: String, _ label: String) {
      self.key = key
      self.label = label
    }
  }

  public var hints: [Hint]
  public var keyStyle: Style
  public var labelStyle: Style

  static let separator = 2

  public init(
    _ hints: [Hint], keyStyle: Style = Style.role(.accent).bold,
    labelStyle: Style = .role(.muted)
  ) {
    self.hints = hints
    self.keyStyle = keyStyle
    self.labelStyle = labelStyle
  }

  public func render(in area: Rect, on canvas: inout Canvas) {
    let line = area.row(0)
    guard !line.isEmpty else { return }
    canvas.fill(line)
    var x = line.x + 1
    for hint in hints {
      let width = hint.key.displayWidth + 1 + hint.label.displayWidth
      guard x + width <= line.maxX else { break }
      x += canvas.write(hint.key, x: x, y: line.y, style: keyStyle, clip: line) + 1
      x += canvas.write(hint.label, x: x, y: line.y, style: labelStyle, clip: line)
      x += Self.separator
    }
  }
}
