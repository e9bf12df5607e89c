/// The colour theme; `mono` uses no colour and tells states apart by glyph or text.
public enum ThemeChoice: String, CaseIterable, Codable, Sendable {
  case dark
  case light
  case mono
}
