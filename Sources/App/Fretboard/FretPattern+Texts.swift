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

  /// "Played in: Crossroads; Red House", the titles as written; empty for a pattern that names
  /// no songs.
  func songsText(_ strings: Localizer) -> String {
    songs.isEmpty ? "" : strings.text("fretboard.songs", ["songs": songs.joined(separator: "; ")])
  }

  static func said(_ text: String, _ strings: Localizer) -> String {
    PatternText(english: text)?.rendered { strings[$0] } ?? text
  }
}
