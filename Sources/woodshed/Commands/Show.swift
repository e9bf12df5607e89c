import App
import ArgumentParser
import FoundationEssentials
import TerminalUI

struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Spell a scale, chord or arpeggio and show where it lies on the neck.",
    discussion: """
      Examples: woodshed show scale "D dorian"; woodshed show chord F#m7b5; \
      woodshed show arpeggio Cmaj7 --tuning drop-d --frets 5-9
      """)

  @Argument(help: "scale, chord or arpeggio.")
  var kind: String

  @Argument(help: "The name, such as \"A minor pentatonic\", Cmaj7 or F#m7b5.")
  var name: [String]

  @Option(
    help:
      "The tuning: a preset (standard, drop-d, dadgad, open-g, open-d, half-step-down, 7-string, bass, bass-5, ukulele) or notes from the lowest string, such as \"D2 A2 D3 G3 B3 E4\"."
  )
  var tuning = "standard"

  @Option(parsing: .unconditional, help: "The frets shown, FIRST-LAST, such as 0-12 or 5-9.")
  var frets = "0-12"

  @Flag(help: "Draw the neck for a left-handed player.")
  var left = false

  @Option(
    help:
      "A scale's run in leaps, up and back: thirds, fourths, sixths, groups-of-3 or groups-of-4.")
  var sequence: String?

  @Flag(
    help:
      "A seven-note scale's chords on each degree, triads and sevenths, with Roman numerals; then each triad inside one of the scale's positions."
  )
  var chords = false

  @Flag(help: "With --chords, the seventh chords inside the position instead of the triads.")
  var sevenths = false

  @Option(help: "With --chords, the scale's position the chords are shown in, from 1.")
  var position = 1

  @OptionGroup var session: SessionOptions

  func run() throws {
    guard let kind = HeadlessShow.Kind(rawValue: kind) else {
      throw Launcher.Failure(description: "unknown kind \"\(kind)\": use scale, chord or arpeggio")
    }
    let environment = ProcessInfo.processInfo.environment
    let locale = TerminalLocale.adopt(environment: environment)
    let (strings, naming, _) = try Launcher.noteWords(
      environment: environment, isUTF8: locale.isUTF8)
    say(
      try HeadlessShow.render(
        kind, name.joined(separator: " "), tuning: tuning, frets: frets, leftHanded: left,
        sequence: sequence, chords: chords, sevenths: sevenths, position: position,
        glyphs: session.glyphs ?? GlyphSet.detect(locale: locale, term: environment["TERM"]),
        strings: strings, naming: naming),
      terminator: "")
  }
}
