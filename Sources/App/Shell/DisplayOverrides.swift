import TerminalUI

/// Look choices given on the command line: they apply to this run only and are never saved.
public struct DisplayOverrides: Equatable, Sendable {
  public var glyphs: GlyphSet.Kind?
  public var theme: Theme.Name?

  public init(glyphs: GlyphSet.Kind? = nil, theme: Theme.Name? = nil) {
    self.glyphs = glyphs
    self.theme = theme
  }
}
