/// Where frames go: the curses backend for a real terminal, a virtual terminal for tests.
public protocol TerminalDisplay: AnyObject {
  var size: Size { get }
  var colorDepth: ColorDepth { get }
  /// Shows a frame, sending only the cells that changed since the last one.
  func draw(_ canvas: Canvas)
}
