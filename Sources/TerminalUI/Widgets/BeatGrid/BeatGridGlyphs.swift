/// The characters a beat grid is drawn with. Unicode writes real note shapes; ASCII writes the
/// first letter of the value's name (q, e, s), as in rhythm shorthand. Every grade has its own
/// mark in both sets, so the mono theme needs no colour to tell them apart.
struct BeatGridGlyphs: Equatable, Sendable {
  let quarter: Character
  let eighth: Character
  let sixteenth: Character
  let quarterRest: Character
  let eighthRest: Character
  let sixteenthRest: Character
  /// Written after a dotted note or rest.
  let dot: Character
  /// Where a note is expected, on the time line.
  let tick: Character
  let playhead: Character
  /// Dead on: a bullseye.
  let perfect: Character
  let good: Character
  /// Half right.
  let inaccurate: Character
  /// A note that counts as not played: a miss-graded hit, or a note with no hit at all.
  let miss: Character
  /// A hit no note asked for: one too many.
  let extra: Character

  static func named(_ kind: GlyphSet.Kind) -> BeatGridGlyphs {
    kind == .unicode ? .unicode : .ascii
  }

  static let unicode = BeatGridGlyphs(
    quarter: "♩", eighth: "♪", sixteenth: "♬", quarterRest: "𝄽", eighthRest: "𝄾",
    sixteenthRest: "𝄿", dot: ".", tick: "·", playhead: "▲", perfect: "◉", good: "●",
    inaccurate: "◐", miss: "✕", extra: "✚")

  static let ascii = BeatGridGlyphs(
    quarter: "q", eighth: "e", sixteenth: "s", quarterRest: "r", eighthRest: "r",
    sixteenthRest: "r", dot: ".", tick: ".", playhead: "^", perfect: "@", good: "o",
    inaccurate: "~", miss: "x", extra: "+")

  func note(_ shape: WrittenValue.Shape) -> Character {
    switch shape {
    case .quarter: quarter
    case .eighth: eighth
    case .sixteenth: sixteenth
    }
  }

  func rest(_ shape: WrittenValue.Shape) -> Character {
    switch shape {
    case .quarter: quarterRest
    case .eighth: eighthRest
    case .sixteenth: sixteenthRest
    }
  }
}
