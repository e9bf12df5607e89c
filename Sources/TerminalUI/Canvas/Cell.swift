/// One terminal cell. A wide character (display width 2) occupies its own cell plus a
/// continuation cell to its right, whose width is 0 and which is never drawn on its own.
public struct Cell: Hashable, Sendable {
  public var grapheme: Character
  public var width: UInt8
  public var style: Style
  /// Drawn as part of a picture (a staff's lines, a neck's strings, big digits, a frame) whose
  /// meaning the words beside it give: screen-reader mode blanks it, whatever its glyph.
  public var isPicture: Bool

  public init(
    _ grapheme: Character, width: UInt8 = 1, style: Style = .plain, isPicture: Bool = false
  ) {
    self.grapheme = grapheme
    self.width = width
    self.style = style
    self.isPicture = isPicture
  }

  public static let blank = Cell(" ")

  public var isContinuation: Bool { width == 0 }

  static func continuation(style: Style) -> Cell { Cell(" ", width: 0, style: style) }
}
