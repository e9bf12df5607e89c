/// The characters a fretboard is drawn with, for a right-handed neck; a left-handed neck uses
/// their mirror images. The nut differs from the fret wires in both sets, so a window that
/// starts at the open strings can be told from one that starts higher up the neck.
struct FretboardGlyphs: Equatable, Sendable {
  let string: Character
  let wire: Character
  let nut: Character
  /// The first wire drawn when the window starts above the nut.
  let firstWire: Character
  /// The last wire drawn, where the window ends.
  let lastWire: Character
  /// A note without a label.
  let dot: Character
  /// A position marker under the neck.
  let inlay: Character

  static func named(_ kind: GlyphSet.Kind) -> FretboardGlyphs {
    kind == .unicode ? .unicode : .ascii
  }

  static let unicode = FretboardGlyphs(
    string: "─", wire: "┼", nut: "╟", firstWire: "├", lastWire: "┤", dot: "●", inlay: "•")

  static let ascii = FretboardGlyphs(
    string: "-", wire: "+", nut: "|", firstWire: "+", lastWire: "+", dot: "o", inlay: "*")

  /// The character drawn in place of `character` on a mirrored neck.
  static func mirrored(_ character: Character) -> Character {
    mirrorImages[character] ?? character
  }

  private static let mirrorImages: [Character: Character] = ["╟": "╢", "├": "┤", "┤": "├"]
}
