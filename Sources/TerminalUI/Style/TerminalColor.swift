/// A colour a terminal understands: its default, or an index into its palette.
public enum TerminalColor: Hashable, Sendable {
  case terminalDefault
  case palette(UInt8)
}

/// A style resolved against a theme and a colour depth: what the backend actually sends.
public struct ResolvedStyle: Hashable, Sendable {
  public var foreground: TerminalColor
  public var background: TerminalColor
  public var attributes: TextAttributes

  public init(
    foreground: TerminalColor = .terminalDefault, background: TerminalColor = .terminalDefault,
    attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }
}
