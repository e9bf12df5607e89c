/// The characters a beat grid is drawn with. Unicode writes real note shapes; ASCII writes the
/// first letter of the value's name (w, h, q, e, s), as in rhythm shorthand. Every grade has
/// its own mark in both sets, so the mono theme needs no colour to tell them apart.
struct BeatGridGlyphs: Equatable, Sendable {
  let whole: Character
  let half: Character
  let quarter: Character
  let eighth: Character
  let sixteenth: Character
  let wholeRest: Character
  let halfRest: Character
  let quarterRest: Character
  let eighthRest: Character
  let sixteenthRest: Character
  /// Written after a dotted note or rest.
  let dot: Character
  /// Drawn on after a note longer than a beat, through the beats it sounds.
  let hold: Character
  /// Drawn from a tied note to the note it is held on into.
  let tie: Character
  /// The separator before a bar's first beat. ASCII has no heavier line than the beats' own.
  let barLine: Character
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

  /// The half and whole notes by their code points: written as text they may be stored
  /// decomposed, as a note head and a stem.
  static let unicode = BeatGridGlyphs(
    whole: "\u{1D15D}", half: "\u{1D15E}", quarter: "♩", eighth: "♪", sixteenth: "♬",
    wholeRest: "𝄻", halfRest: "𝄼", quarterRest: "𝄽", eighthRest: "𝄾", sixteenthRest: "𝄿",
    dot: ".", hold: "─", tie: "‿", barLine: "┃", tick: "·", playhead: "▲", perfect: "◉", good: "●",
    inaccurate: "◐", miss: "✕", extra: "✚")

  static let ascii = BeatGridGlyphs(
    whole: "w", half: "h", quarter: "q", eighth: "e", sixteenth: "s", wholeRest: "r",
    halfRest: "r", quarterRest: "r", eighthRest: "r", sixteenthRest: "r", dot: ".", hold: "-",
    tie: "_", barLine: "|", tick: ".", playhead: "^", perfect: "@", good: "o", inaccurate: "~",
    miss: "x",
    extra: "+")

  func note(_ shape: WrittenValue.Shape) -> Character {
    switch shape {
    case .whole: whole
    case .half: half
    case .quarter: quarter
    case .eighth: eighth
    case .sixteenth: sixteenth
    }
  }

  func rest(_ shape: WrittenValue.Shape) -> Character {
    switch shape {
    case .whole: wholeRest
    case .half: halfRest
    case .quarter: quarterRest
    case .eighth: eighthRest
    case .sixteenth: sixteenthRest
    }
  }
}
