import MusicTheory

/// The characters used to draw, in a Unicode and an ASCII variant. The ASCII set is for
/// `LANG=C`, the Linux console and terminals whose fonts lack the symbols.
public struct GlyphSet: Equatable, Sendable {
  public enum Kind: String, CaseIterable, Sendable {
    case unicode
    case ascii
  }

  public let kind: Kind
  public let horizontal: Character
  public let vertical: Character
  public let topLeft: Character
  public let topRight: Character
  public let bottomLeft: Character
  public let bottomRight: Character
  public let pointer: Character
  public let bullet: Character
  public let ellipsis: String
  public let check: Character
  public let cross: Character
  public let arrowLeft: Character
  public let arrowRight: Character
  public let barFull: Character
  public let barEmpty: Character
  /// Partial fills for a progress bar cell, from 1/8 to 7/8; empty when unsupported.
  public let barPartials: [Character]
  /// Sparkline levels from lowest to highest.
  public let levels: [Character]
  public let block: Character
  public let sharp: String
  public let flat: String
  public let doubleSharp: String
  public let doubleFlat: String
  /// A rating's star.
  public let star: Character

  /// How sharps and flats are written with this set: ♯ ♭ or # b.
  public var accidentals: AccidentalStyle { kind == .unicode ? .unicode : .ascii }

  public static func named(_ kind: Kind) -> GlyphSet {
    kind == .unicode ? .unicode : .ascii
  }

  public static let unicode = GlyphSet(
    kind: .unicode, horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐",
    bottomLeft: "└", bottomRight: "┘", pointer: "▸", bullet: "•", ellipsis: "…", check: "✓",
    cross: "✗", arrowLeft: "◂", arrowRight: "▸", barFull: "█", barEmpty: "░",
    barPartials: ["▏", "▎", "▍", "▌", "▋", "▊", "▉"],
    levels: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"], block: "█",
    sharp: "♯", flat: "♭", doubleSharp: "𝄪", doubleFlat: "𝄫", star: "★")

  public static let ascii = GlyphSet(
    kind: .ascii, horizontal: "-", vertical: "|", topLeft: "+", topRight: "+",
    bottomLeft: "+", bottomRight: "+", pointer: ">", bullet: "*", ellipsis: "...", check: "+",
    cross: "x", arrowLeft: "<", arrowRight: ">", barFull: "#", barEmpty: "-",
    barPartials: [], levels: ["_", ".", "-", "=", "*", "#"], block: "#",
    sharp: "#", flat: "b", doubleSharp: "x", doubleFlat: "bb", star: "*")

  /// Terminals that cannot be trusted with more than ASCII, whatever the locale says.
  static let asciiTerminals: Set<String> = ["linux", "dumb", "vt100", "vt102", "vt220", "cons25"]

  /// Unicode when the C library's character set is UTF-8 and the terminal type can draw it.
  public static func detect(locale: TerminalLocale, term: String?) -> Kind {
    guard locale.isUTF8 else { return .ascii }
    return asciiTerminals.contains(term ?? "") ? .ascii : .unicode
  }
}
