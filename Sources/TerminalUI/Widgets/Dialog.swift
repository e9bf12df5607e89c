/// A centred box over the screen: a title in its top edge, wrapped message text, and an
/// optional row of buttons. Its size follows its content, clipped to the area it is given.
public struct Dialog: Sendable, Equatable {
  public var title: String
  public var message: String
  public var buttons: [String]
  public var selectedButton: Int?
  /// The widest the message text may be before it wraps.
  public var maxTextWidth: Int
  public var glyphs: GlyphSet

  static let horizontalPadding = 2
  static let verticalPadding = 1
  static let buttonGap = 2

  public init(
    title: String, message: String, buttons: [String] = [], selectedButton: Int? = nil,
    maxTextWidth: Int = 56, glyphs: GlyphSet
  ) {
    self.title = title
    self.message = message
    self.buttons = buttons
    self.selectedButton = selectedButton
    self.maxTextWidth = maxTextWidth
    self.glyphs = glyphs
  }

  /// Where the dialog lands inside `area`, border included.
  public func frame(in area: Rect) -> Rect {
    layout(in: area).frame
  }

  public func render(in area: Rect, on canvas: inout Canvas) {
    let (frame, lines) = layout(in: area)
    guard !frame.isEmpty else { return }
    canvas.fill(frame)
    Border(title: title, glyphs: glyphs, style: .role(.accent)).render(in: frame, on: &canvas)
    let content = frame.inset(
      horizontal: 1 + Self.horizontalPadding, vertical: 1 + Self.verticalPadding)
    guard !content.isEmpty else { return }
    // When the area is too short, the buttons stay and the message loses its last lines.
    let messageRows = buttons.isEmpty ? content.height : content.height - 2
    for (row, line) in lines.prefix(max(0, messageRows)).enumerated() {
      canvas.write(line, x: content.x, y: content.y + row, clip: content)
    }
    if !buttons.isEmpty {
      renderButtons(in: content.row(content.height - 1), on: &canvas)
    }
  }

  private func renderButtons(in line: Rect, on canvas: inout Canvas) {
    var x = line.x + max(0, line.width - buttonRowWidth) / 2
    for (index, label) in buttons.enumerated() {
      let style = index == selectedButton ? Style.plain.bold.on(.selection) : .plain
      x += canvas.write("[ \(label) ]", x: x, y: line.y, style: style, clip: line)
      x += Self.buttonGap
    }
  }

  private var buttonRowWidth: Int {
    guard !buttons.isEmpty else { return 0 }
    let labels = buttons.reduce(0) { $0 + $1.displayWidth + 4 }
    return labels + Self.buttonGap * (buttons.count - 1)
  }

  private func layout(in area: Rect) -> (frame: Rect, lines: [String]) {
    let chrome = 2 + 2 * Self.horizontalPadding
    let longestParagraph =
      message.split(separator: "\n").map(\.displayWidth).max() ?? 0
    // A title as wide as the text fits the top edge: its decoration is as wide as the padding.
    let natural = max(title.displayWidth, buttonRowWidth, min(longestParagraph, maxTextWidth))
    let textWidth = max(0, min(natural, area.width - chrome))
    let lines = message.wrapped(toWidth: textWidth)
    let height = 2 + 2 * Self.verticalPadding + lines.count + (buttons.isEmpty ? 0 : 2)
    return (area.centered(width: textWidth + chrome, height: height), lines)
  }
}
