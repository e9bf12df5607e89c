import App
import ArgumentParser
import FoundationEssentials
import TerminalUI

struct Rhythm: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Grade a recorded rhythm performance, or a list of tap times.",
    discussion: """
      The clicks were at FIRST-CLICK + k·60/BPM: the count-in first, then the line of patterns \
      (each a beat or more: half, whole, ...) repeated for the bars of 4/4; a pattern that would \
      cross a bar line waits for the next bar. The hits are a recording's onsets \
      (--audio-in), a Standard MIDI File's note-ons (--midi-in, from pads or a keyboard) or tap \
      times (--taps). Example: woodshed rhythm --audio-in take.wav \
      --bpm 90 --patterns "quarter eighths triplet rest" --bars 4 --json
      """)

  @Option(help: "A text file of tap times in seconds, one per line.")
  var taps: String?

  @Option(parsing: .unconditional, help: "The tempo in BPM, 40 to 160.")
  var bpm: Double

  @Option(
    help:
      "The patterns in order, such as \"quarter eighths triplet rest\" or \"half quarter quarter\"."
  )
  var patterns: String

  @Option(parsing: .unconditional, help: "Bars of 4/4 after the count-in.")
  var bars = 4

  @Option(
    name: .customLong("count-in"), parsing: .unconditional,
    help: "Clicks of count-in before the line.")
  var countIn = 4

  @Option(
    name: .customLong("first-click"), parsing: .unconditional,
    help: "When the first click sounds, in seconds.")
  var firstClick: Double = 0

  @Flag(help: "Fixed windows in milliseconds instead of shares of each note.")
  var strict = false

  @Flag(help: "Print the results and every note as JSON.")
  var json = false

  /// --audio-in is the recording, its onsets the hits; --midi-in a MIDI file, its note-ons the
  /// hits; --glyphs draws the results.
  @OptionGroup var session: SessionOptions

  func validate() throws {
    guard [session.audioIn, session.midiIn, taps].compactMap(\.self).count == 1 else {
      throw Launcher.Failure(
        description: "give one of --audio-in FILE.wav, --midi-in FILE.mid and --taps FILE")
    }
  }

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let request = HeadlessRhythm.Request(
      hits: session.audioIn.map { .recording(path: $0) } ?? session.midiIn.map { .midi(path: $0) }
        ?? .taps(path: taps ?? ""), bpm: bpm,
      patterns: patterns.split(whereSeparator: \.isWhitespace).map(String.init), bars: bars,
      countIn: countIn, firstClick: firstClick, strictness: strict ? .strict : .relative)
    let (report, strings) = try Launcher.rhythm(
      environment: environment, request: request, warn: warn)
    if json {
      say(report.json(), terminator: "")
    } else {
      say(
        report.text(
          strings, glyphs: .named(session.glyphs ?? detectedGlyphs(environment))),
        terminator: "")
    }
  }
}
