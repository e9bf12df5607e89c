/// Which glyph set the screens draw with; `auto` picks Unicode when the terminal's locale
/// is UTF-8.
public enum GlyphChoice: String, CaseIterable, Codable, Sendable {
  case auto
  case unicode
  case ascii
}
