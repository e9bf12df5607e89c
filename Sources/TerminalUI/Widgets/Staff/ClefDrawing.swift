import MusicTheory

/// The clef signs as small drawings five rows tall, centred on the line the sign marks: a G
/// whose bar sits on the G line, an F with its two dots in the spaces around the F line, and a
/// C clef pointing at middle C's line. Drawn in box characters, or ASCII.
enum ClefDrawing {
  static let width = 4
  /// Rows above the sign's line; as many are below.
  static let reach = 2

  /// The rows from the top; a space leaves the staff line showing through.
  static func rows(_ sign: Clef.Sign, unicode: Bool) -> [String] {
    switch (sign, unicode) {
    case (.g, true): ["╭──╴", "│   ", "│ ─┤", "│  │", "╰──╯"]
    case (.g, false): ["/--'", "|   ", "| -|", "|  |", "\\__/"]
    case (.f, true): ["┌──╴", "│  •", "├─╴ ", "│  •", "│   "]
    case (.f, false): ["+--'", "|  :", "|-- ", "|  :", "|   "]
    case (.c, true): ["║ ╭╮", "║ ╰┐", "║ ─<", "║ ╭┘", "║ ╰╯"]
    case (.c, false): ["| /\\", "| \\|", "| -<", "| /|", "| \\/"]
    }
  }

  /// What a clef writes under its sign, such as the 8 of the guitar's treble clef.
  static func mark(_ clef: Clef) -> String? {
    clef == .treble8vb ? "8" : nil
  }
}
