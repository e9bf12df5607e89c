import App
import ArgumentParser

struct Analyze: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Find the onsets or the notes in a WAV recording.",
    subcommands: [Onsets.self, PitchNotes.self])

  struct Onsets: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print one onset time in seconds per line.")

    @Argument(help: "A WAV file: 16/24-bit integer or 32-bit float, mono or stereo, any rate.")
    var file: String

    @Option(
      parsing: .unconditional,
      help: "Tempo of a metronome heard in the recording; its clicks are not onsets.")
    var bpm: Double?

    @Option(
      name: .customLong("first-click"), parsing: .unconditional,
      help: "When the first click sounds, in seconds.")
    var firstClick: Double = 0

    @Option(
      name: .customLong("count-in"),
      parsing: .unconditional,
      help: "Clicks at the start with nothing played; the click's sound is learned there.")
    var countIn = 4

    func run() throws {
      say(
        try HeadlessAnalysis.onsets(
          file: file, bpm: bpm, firstClick: firstClick, countIn: countIn, warn: warn),
        terminator: "")
    }
  }

  struct PitchNotes: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "pitch", abstract: "Print \"start end note cents\" for each note played.")

    @Argument(help: "A WAV file: 16/24-bit integer or 32-bit float, mono or stereo, any rate.")
    var file: String

    func run() throws {
      say(try HeadlessAnalysis.pitch(file: file), terminator: "")
    }
  }
}
