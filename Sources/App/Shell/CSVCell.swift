/// The cells of the RFC 4180 CSV files Woodshed writes (`history --csv`, the protocol's exports).
enum CSVCell {
  /// A field quoted when it holds a comma, a quote or a line break, with its quotes doubled.
  /// Checked byte by byte: `"\r\n"` is a single `Character` in Swift and would slip past.
  static func field(_ text: String) -> String {
    guard text.utf8.contains(where: { [0x2C, 0x22, 0x0D, 0x0A].contains($0) }) else {
      return text
    }
    return "\"" + text.replacing("\"", with: "\"\"") + "\""
  }

  /// The characters that make a spreadsheet read a cell as a formula when it begins with one:
  /// a note `+3 dB on the cello` or `=SUM(1)` would be computed, `=HYPERLINK(…)` followed.
  static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

  /// A CSV field a spreadsheet shows as the text it is. A cell that begins with one of
  /// `formulaStarts` gets a leading `'` inside quotes, as OWASP recommends for CSV injection:
  /// spreadsheets show it as text and hide the quote mark.
  static func spreadsheet(_ text: String) -> String {
    guard let first = text.unicodeScalars.first, formulaStarts.contains(first) else {
      return field(text)
    }
    return "\"'" + text.replacing("\"", with: "\"\"") + "\""
  }
}
