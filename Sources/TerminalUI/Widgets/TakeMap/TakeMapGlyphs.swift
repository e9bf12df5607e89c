/// The characters a take map is drawn with. Every grade has its own glyph in both sets, so the
/// mono theme needs no colour to tell them apart. In Unicode a cell fills more the better the
/// take, so good stretches read as solid bands; ASCII borrows the rating shorthand (`+` for
/// good, `o` for ok, `-` for ±, `x` for ✗) and `#` for the best.
struct TakeMapGlyphs: Equatable, Sendable {
  let excellent: Character
  let good: Character
  let usable: Character
  let poor: Character
  let unusable: Character
  /// A bar the take plays that nobody rated: a faint dot, present but unknown.
  let unrated: Character
  /// In a cell's second column: the producer tagged a problem on the bar.
  let tag: Character
  /// Under a bar without a usable take, pointing up at it.
  let flag: Character

  static func named(_ kind: GlyphSet.Kind) -> TakeMapGlyphs {
    kind == .unicode ? .unicode : .ascii
  }

  static let unicode = TakeMapGlyphs(
    excellent: "█", good: "▓", usable: "▒", poor: "░", unusable: "✗", unrated: "·", tag: "!",
    flag: "▲")

  static let ascii = TakeMapGlyphs(
    excellent: "#", good: "+", usable: "o", poor: "-", unusable: "x", unrated: ".", tag: "!",
    flag: "^")

  /// The cell's glyph; a bar the take does not play is left blank.
  func glyph(_ grade: TakeMapView.Grade) -> Character {
    switch grade {
    case .none: " "
    case .unrated: unrated
    case .unusable: unusable
    case .poor: poor
    case .usable: usable
    case .good: good
    case .excellent: excellent
    }
  }
}
