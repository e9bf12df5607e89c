import App
import ArgumentParser
import FoundationEssentials
import TerminalUI

struct Staff: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Draw notes on a staff as text.",
    discussion:
      "Notes are written like C4, F#5 or Bb3; \"|\" draws a bar line. With no notes, the empty staff."
  )

  @Argument(help: "The notes, from C1 to C8.")
  var notes: [String] = []

  @Option(help: "The clef: \(HeadlessStaff.clefNames.joined(separator: ", ")).")
  var clef = "treble"

  @Option(help: "The key signature, such as G, Bb or F#m.")
  var key: String?

  @OptionGroup var session: SessionOptions

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let locale = TerminalLocale.adopt(environment: environment)
    let (strings, naming, _) = try Launcher.noteWords(
      environment: environment, isUTF8: locale.isUTF8)
    say(
      try HeadlessStaff.render(
        notes: notes, clef: clef, key: key,
        glyphs: session.glyphs ?? GlyphSet.detect(locale: locale, term: environment["TERM"]),
        strings: strings, naming: naming),
      terminator: "")
  }
}
