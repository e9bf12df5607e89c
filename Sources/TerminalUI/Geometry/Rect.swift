/// An area of the screen in cells. Pure geometry: layout splits rectangles, widgets draw into them.
public struct Rect: Hashable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  public init(size: Size) {
    self.init(x: 0, y: 0, width: size.width, height: size.height)
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public var isEmpty: Bool { width == 0 || height == 0 }
  public var maxX: Int { x + width }
  public var maxY: Int { y + height }
  public var size: Size { Size(width: width, height: height) }

  public func contains(x px: Int, y py: Int) -> Bool {
    px >= x && px < maxX && py >= y && py < maxY
  }

  public func intersection(_ other: Rect) -> Rect {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(maxX, other.maxX)
    let bottom = min(maxY, other.maxY)
    guard right > left, bottom > top else { return Rect(x: left, y: top, width: 0, height: 0) }
    return Rect(x: left, y: top, width: right - left, height: bottom - top)
  }

  public func inset(by amount: Int) -> Rect {
    inset(horizontal: amount, vertical: amount)
  }

  public func inset(horizontal: Int, vertical: Int) -> Rect {
    Rect(
      x: x + horizontal, y: y + vertical,
      width: width - 2 * horizontal, height: height - 2 * vertical)
  }

  /// The first `rows` rows, and the rest.
  public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
    let h = min(max(0, rows), height)
    return (
      Rect(x: x, y: y, width: width, height: h),
      Rect(x: x, y: y + h, width: width, height: height - h)
    )
  }

  /// The last `rows` rows, and the rest.
  public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
    let h = min(max(0, rows), height)
    return (
      Rect(x: x, y: y, width: width, height: height - h),
      Rect(x: x, y: maxY - h, width: width, height: h)
    )
  }

  /// The first `columns` columns, and the rest.
  public func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
    let w = min(max(0, columns), width)
    return (
      Rect(x: x, y: y, width: w, height: height),
      Rect(x: x + w, y: y, width: width - w, height: height)
    )
  }

  /// A rectangle of at most the given size, centred in this one.
  public func centered(width w: Int, height h: Int) -> Rect {
    let cw = min(w, width)
    let ch = min(h, height)
    return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
  }

  /// One row of this rectangle, or an empty rect when out of range.
  public func row(_ index: Int) -> Rect {
    guard index >= 0, index < height else { return Rect(x: x, y: maxY, width: width, height: 0) }
    return Rect(x: x, y: y + index, width: width, height: 1)
  }
}
