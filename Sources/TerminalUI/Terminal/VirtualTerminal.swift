/// An in-memory terminal: keeps the last frame and what each draw changed, so tests and
/// benchmarks exercise the same diffing path as the curses backend.
public final class VirtualTerminal: TerminalDisplay {
  public private(set) var size: Size
  public let colorDepth: ColorDepth
  public private(set) var screen: Canvas
  public private(set) var lastChangeCount = 0
  public private(set) var frameCount = 0

  public init(size: Size, colorDepth: ColorDepth = .xterm256) {
    self.size = size
    self.colorDepth = colorDepth
    self.screen = Canvas(size: size)
  }

  public func resize(to newSize: Size) {
    size = newSize
  }

  public func draw(_ canvas: Canvas) {
    let changes = canvas.changes(since: frameCount == 0 ? nil : screen)
    lastChangeCount = changes.count
    screen = canvas
    frameCount += 1
  }

  public var text: String { screen.snapshotText }
}
