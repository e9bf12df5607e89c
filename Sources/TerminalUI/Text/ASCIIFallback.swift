/// One-column ASCII stand-ins for characters a terminal in a non-UTF-8 locale cannot show
/// (`LANG=C`, old consoles), so text from locale files keeps its layout instead of vanishing.
public enum ASCIIFallback {
  public static func character(for character: Character) -> Character {
    if character.isASCII { return character }
    if let mapped = table[character] { return mapped }
    // Accented Latin letters keep their base letter (é → e, Ñ → N): their Unicode names say
    // which, as in "LATIN SMALL LETTER E WITH ACUTE".
    let name = character.unicodeScalars.first?.properties.name ?? ""
    for (prefix, lowercased) in [("LATIN SMALL LETTER ", true), ("LATIN CAPITAL LETTER ", false)]
    where name.hasPrefix(prefix) {
      let letter = name.dropFirst(prefix.count).prefix { $0 != " " }
      if letter.count == 1, let base = letter.first, base.isASCII {
        return lowercased ? Character(base.lowercased()) : base
      }
    }
    return "?"
  }

  /// The ASCII stand-in for a symbol (arrow, dash, box line), keeping letters of any script:
  /// for terminals in a UTF-8 locale whose font lacks the symbols (the Linux console).
  public static func symbol(for character: Character) -> Character {
    table[character] ?? character
  }

  static let table: [Character: Character] = [
    "…": ".", "×": "x", "—": "-", "–": "-", "‘": "'", "’": "'", "“": "\"", "”": "\"",
    "«": "\"", "»": "\"", "←": "<", "→": ">", "↑": "^", "↓": "v", "•": "*", "·": ".",
    "▸": ">", "◂": "<", "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+",
    "█": "#", "░": "-", "♯": "#", "♭": "b", "✓": "+", "✗": "x", "\u{00A0}": " ", "°": "o",
    "¿": "?", "¡": "!", "ª": "a", "º": "o",
    // A protocol's "so-so" rating, where two columns ("+-") would shift the layout.
    "±": "~",
  ]
}
