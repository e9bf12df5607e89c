import MusicTheory
import Practice
import Storage

/// A pattern's description and instructions in the player's language where they are the
/// library's own texts, and as written where the player wrote them (or changed the library's).
extension FretPattern {
  func descriptionText(_ strings: Localizer) -> String {
    Self.said(description, strings)
  }

  func instructionsText(_ strings: Localizer) -> String {
    Self.said(instructions, strings)
  }

  static func said(_ text: String, _ strings: Localizer) -> String {
    PatternText(english: text)?.rendered { strings[$0] } ?? text
  }
}
