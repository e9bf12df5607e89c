/// A cell's look in semantic terms: roles for foreground and background plus attributes.
/// `nil` roles mean the terminal's own default colours.
public struct Style: Hashable, Sendable {
  public var foreground: ColorRole?
  public var background: ColorRole?
  public var attributes: TextAttributes

  public init(
    foreground: ColorRole? = nil, background: ColorRole? = nil, attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  public static let plain = Style()

  public static func role(_ role: ColorRole) -> Style { Style(foreground: role) }

  public var bold: Style { adding(.bold) }
  public var underlined: Style { adding(.underline) }
  public var reversed: Style { adding(.reverse) }
  public var dimmed: Style { adding(.dim) }

  public func adding(_ extra: TextAttributes) -> Style {
    var copy = self
    copy.attributes.formUnion(extra)
    return copy
  }

  public func on(_ background: ColorRole) -> Style {
    var copy = self
    copy.background = background
    return copy
  }
}
