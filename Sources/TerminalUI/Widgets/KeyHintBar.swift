/// The one-line key legend at the bottom of every screen: ` ↑↓ move  Enter open  q quit`.
/// Hints are listed most important first; those that do not fit are dropped whole, but the
/// one kept last (the key that lists all the others) always shows.
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
  /// Shown after the others whatever they leave room for.
  public var keptLast: Hint?
  public var keyStyle: Style
  public var labelStyle: Style

  static let separator = 2

  public init(
    _ hints: [Hint], keepingLast keptLast: Hint? = nil, keyStyle: Style = Style.role(.accent).bold,
    labelStyle: Style = .role(.muted)
  ) {
    self.hints = hints
    self.keptLast = keptLast
    self.keyStyle = keyStyle
    self.labelStyle = labelStyle
  }

  public func render(in area: Rect, on canvas: inout Canvas) {
    let line = area.row(0)
    guard !line.isEmpty else { return }
    canvas.fill(line)
    func width(_ hint: Hint) -> Int { hint.key.displayWidth + 1 + hint.label.displayWidth }
    let reserved = keptLast.map { width($0) + Self.separator } ?? 0
    var x = line.x + 1
    for hint in hints {
      guard x + width(hint) + reserved <= line.maxX else { break }
      x = write(hint, at: x, in: line, on: &canvas)
    }
    if let keptLast { _ = write(keptLast, at: x, in: line, on: &canvas) }
  }

  private func write(_ hint: Hint, at x: Int, in line: Rect, on canvas: inout Canvas) -> Int {
    var x = x
    x += canvas.write(hint.key, x: x, y: line.y, style: keyStyle, clip: line) + 1
    x += canvas.write(hint.label, x: x, y: line.y, style: labelStyle, clip: line)
    return x + Self.separator
  }
}
