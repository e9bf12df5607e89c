/// A width and height in terminal cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public static let minimum = Size(width: 80, height: 24)

  public func fits(_ other: Size) -> Bool {
    width >= other.width && height >= other.height
  }

  public var description: String { "\(width)×\(height)" }
}
