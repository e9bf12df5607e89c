import App
import ArgumentParser

struct Analyze: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Find the onsets, the notes or the timecode in a WAV recording or a MIDI file.",
    subcommands: [Onsets.self, PitchNotes.self, LTC.self, MTC.self])

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

  struct LTC: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "ltc",
      abstract: "Print the rate, first and last timecode, jumps and drift of the LTC in a WAV.")

    @Argument(help: "A WAV recording of a recorder's LTC output.")
    var file: String

    @Flag(help: "Print it as JSON.")
    var json = false

    func run() throws {
      say(try HeadlessAnalysis.ltc(file: file, json: json), terminator: "")
    }
  }

  struct MTC: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "mtc",
      abstract:
        "Print the rate, first and last timecode, jumps and drift of the MIDI Time Code in a MIDI file."
    )

    @Argument(help: "A Standard MIDI File holding a recorder's MIDI Time Code quarter frames.")
    var file: String

    @Flag(help: "Print it as JSON.")
    var json = false

    func run() throws {
      say(try HeadlessAnalysis.mtc(file: file, json: json), terminator: "")
    }
  }
}
