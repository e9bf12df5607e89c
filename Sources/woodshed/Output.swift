import Glibc
import TerminalUI

/// Standard output. What came from files (pack names, score titles, journal notes) is made
/// printable, so it can never act as a terminal command; JSON escapes control characters itself
/// and passes unchanged.
func say(_ text: String, terminator: String = "\n") {
  print(TerminalText.printable(text), terminator: terminator)
}

/// One line on standard error: something the user should know that does not stop the command.
func warn(_ notice: String) {
  let line = Array("warning: \(TerminalText.message(notice))\n".utf8)
  _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

/// The glyphs a printed text uses when the command line does not choose: Unicode only where the
/// C library accepts the session's UTF-8 locale, as on the full screen.
func detectedGlyphs(_ environment: [String: String]) -> GlyphSet.Kind {
  GlyphSet.detect(locale: TerminalLocale.adopt(environment: environment), term: environment["TERM"])
}
