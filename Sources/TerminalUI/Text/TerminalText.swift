/// Text that came from a file or an argument (a pack's name, a score's title, a note in a
/// journal, an id typed on the command line), made safe to print on a terminal.
public enum TerminalText {
  /// The longest word a one-line message quotes whole.
  public static let longestWord = 80

  /// `text` without control characters (C0 except newline, tab and the return of a CSV's
  /// CRLF, DEL, C1), so nothing read from a file can move the cursor, retitle the window or
  /// reprogram the terminal.
  public static func printable(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    let input = Array(text.unicodeScalars)
    for (index, scalar) in input.enumerated() {
      let isLineEnd = scalar == "\r" && index + 1 < input.count && input[index + 1] == "\n"
      if isLineEnd || !isControl(scalar) { scalars.append(scalar) }
    }
    return String(scalars)
  }

  /// A message printable and of a readable length: a word longer than `longestWord` (a pasted
  /// file, an id of thousands of characters) keeps its start and says how long it was.
  public static func message(_ text: String) -> String {
    printable(text).split(separator: " ", omittingEmptySubsequences: false).map { word in
      guard word.count > longestWord else { return String(word) }
      // The punctuation after a value ("…: No such file") keeps the sentence readable.
      let ending = word.last.map { ":;,.".contains($0) } == true ? String(word.last!) : ""
      return "\(word.prefix(longestWord - 20))… (\(word.count) characters)\(ending)"
    }.joined(separator: " ")
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value == 0x0A || value == 0x09 { return false }
    return value < 0x20 || (0x7F..<0xA0).contains(value)
  }
}
