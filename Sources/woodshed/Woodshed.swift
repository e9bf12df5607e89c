import App
import ArgumentParser
import FoundationEssentials
import Glibc
import Storage
import TerminalUI

@main
struct Woodshed: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "woodshed",
    abstract: "A keyboard-driven music practice room for the terminal.",
    discussion: "Run without a subcommand to open the practice room.",
    version: Launcher.version,
    subcommands: [
      Doctor.self, Metronome.self, Staff.self, Show.self, Packs.self, Patterns.self, History.self,
      Analyze.self,
      Calibrate.self, Rhythm.self, RecordingProtocol.self,
    ])

  @OptionGroup var session: SessionOptions

  /// Errors are one line each, printable and of a readable length whatever value they quote
  /// (an id of thousands of characters, a name with escape codes); help goes out as it is.
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error)
      let full = fullMessage(for: error)
      guard code != .success, !full.isEmpty else { exit(withError: error) }
      let lines = full.split(separator: "\n", omittingEmptySubsequences: false)
      let message = lines.map { TerminalText.message(String($0)) }.joined(separator: "\n")
      let text = Array((message.hasSuffix("\n") ? message : message + "\n").utf8)
      _ = text.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
      Glibc.exit(code.rawValue)
    }
  }

  func run() throws {
    let status = try Launcher.runInteractive(
      environment: ProcessInfo.processInfo.environment, overrides: session.overrides)
    if status != 0 { throw ExitCode(status) }
  }
}

/// Choices for one run, the same for the practice room and its subcommands.
struct SessionOptions: ParsableArguments {
  @Option(help: "Symbols for this run only: unicode or ascii (default: from settings).")
  var glyphs: GlyphSet.Kind?

  @Option(help: "Colour theme for this run only: dark, light or mono (default: from settings).")
  var theme: Theme.Name?

  @Option(help: "PulseAudio sink (output device) for this run, by name.")
  var sink: String?

  @Option(help: "PulseAudio source (input device) for this run, by name.")
  var source: String?

  @Option(
    name: .customLong("audio-out"),
    help: "Write the sound into this new WAV file instead of playing it.")
  var audioOut: String?

  @Option(
    name: .customLong("audio-in"),
    help: "Listen to this WAV file instead of the microphone, in real time.")
  var audioIn: String?

  @Flag(help: "With --audio-in, read the file as fast as possible instead of in real time.")
  var fast = false

  func validate() throws {
    if fast && audioIn == nil { throw ValidationError("--fast needs --audio-in FILE.wav") }
  }

  var overrides: RunOverrides {
    RunOverrides(
      glyphs: glyphs, theme: theme, sink: sink, source: source, audioOut: audioOut,
      audioIn: audioIn, readsAudioInFast: fast)
  }
}

struct Doctor: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check the terminal, folders and audio server: the first thing to run on a new box.")

  @Flag(help: "Print the findings as JSON.")
  var json = false

  @Flag(help: "Also play 10 s of clicks and record them back from the sink's monitor.")
  var metronome = false

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let (report, strings, devices) = try Launcher.doctor(environment: environment)
    say(json ? report.json() : report.text(strings), terminator: "")
    var failed = !report.problems.isEmpty
    if metronome {
      let result = try MetronomeLoopback.run(
        devices: devices, server: Launcher.pulseServer(environment: environment))
      say(MetronomeLoopback.text(result, strings))
      failed = failed || !result.check.isExact
    }
    if failed { throw ExitCode(1) }
  }
}

struct Metronome: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Play a metronome; with --audio-out, render it into a WAV file instead.")

  @Option(
    parsing: .unconditional, help: "Tempo in beats per minute, 20-300 (default: the last one used)."
  )
  var bpm: Int?

  @Option(help: "Time signature, such as 4/4 or 7/8 (default: the last one used).")
  var meter: String?

  @Option(help: "Accent per beat: X accented, x normal, . silent, e.g. \"X x x .\".")
  var accents: String?

  @Option(parsing: .unconditional, help: "Clicks per beat, 1-4.")
  var subdivision: Int?

  @Option(
    parsing: .unconditional,
    help: "How long to play, in seconds; with --audio-out, rendered at once.")
  var duration: Double?

  @Flag(help: "Replace the --audio-out file if it exists.")
  var force = false

  @Flag(name: .customLong("no-ui"), help: "Do not open the full-screen interface.")
  var noUI = false

  @OptionGroup var session: SessionOptions

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let adjust: (inout MetronomeSettings) -> Void = { metronome in
      if let bpm { metronome.bpm = bpm }
      if let meter { metronome.meter = meter }
      if let accents { metronome.accents = accents }
      if let subdivision { metronome.subdivision = subdivision }
    }
    let audioOut = session.audioOut
    // Without a duration, --audio-out records the practice room live, as the speakers play it.
    if !noUI && (audioOut == nil || duration == nil) {
      let status = try Launcher.runInteractive(
        environment: environment, overrides: session.overrides, openMetronome: adjust)
      if status != 0 { throw ExitCode(status) }
      return
    }
    let (options, saved, sounds, playbackLog) = try Launcher.metronomeSetup(
      environment: environment, adjust: adjust)
    let devices = session.overrides.devices(saved)
    for notice in sounds.notices { warn(notice) }
    guard let audioOut else {
      say(
        try HeadlessMetronome.play(
          options, voices: sounds.voices, seconds: duration, devices: devices,
          server: Launcher.pulseServer(environment: environment), playbackLog: playbackLog))
      return
    }
    guard let duration else {
      throw Launcher.Failure(description: "--audio-out needs --duration SECONDS")
    }
    say(
      try HeadlessMetronome.render(
        options, voices: sounds.voices, seconds: duration, to: URL(fileURLWithPath: audioOut),
        overwrite: force))
  }
}

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
    say(
      try HeadlessStaff.render(
        notes: notes, clef: clef, key: key,
        glyphs: session.glyphs ?? GlyphSet.detect(environment: environment)),
      terminator: "")
  }
}

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

  @OptionGroup var session: SessionOptions

  func run() throws {
    guard let kind = HeadlessShow.Kind(rawValue: kind) else {
      throw Launcher.Failure(description: "unknown kind \"\(kind)\": use scale, chord or arpeggio")
    }
    let environment = ProcessInfo.processInfo.environment
    say(
      try HeadlessShow.render(
        kind, name.joined(separator: " "), tuning: tuning, frets: frets, leftHanded: left,
        glyphs: session.glyphs ?? GlyphSet.detect(environment: environment)),
      terminator: "")
  }
}

struct Packs: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The note packs to practise reading from.",
    subcommands: [List.self, Add.self], defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the packs, easiest first.")

    func run() throws {
      say(try HeadlessPacks.list(environment: ProcessInfo.processInfo.environment), terminator: "")
    }
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check a pack file and add it to your packs.",
      discussion: """
        A pack is a JSON object: {"id": "my-pack", "name": "My notes", "clef": "treble", \
        "key": "G", "level": 3, "notes": ["D4", "F#4", "A4", "C5"]}. key and level may be left out.
        """)

    @Argument(help: "The pack's JSON file.")
    var file: String

    func run() throws {
      say(
        try HeadlessPacks.add(file: file, environment: ProcessInfo.processInfo.environment),
        terminator: "")
    }
  }
}

struct Patterns: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The fretboard patterns, and sharing them as files.",
    subcommands: [List.self, Export.self, Import.self], defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the patterns.")

    func run() throws {
      say(
        try HeadlessPatterns.list(environment: ProcessInfo.processInfo.environment), terminator: "")
    }
  }

  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print a pattern's file, to share it: woodshed patterns export ID > file.json")

    @Argument(help: "The pattern's id, as `woodshed patterns list` shows it.")
    var id: String

    func run() throws {
      say(
        try HeadlessPatterns.export(id: id, environment: ProcessInfo.processInfo.environment),
        terminator: "")
    }
  }

  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check a pattern file and add it to your patterns.")

    @Argument(help: "The pattern's JSON file.")
    var file: String

    @Flag(help: "Replace your own pattern that has the same id.")
    var force = false

    func run() throws {
      say(
        try HeadlessPatterns.importFile(
          file, force: force, environment: ProcessInfo.processInfo.environment),
        terminator: "")
    }
  }
}

struct History: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the finished practice sessions, oldest first.",
    discussion: "Dates are local time in the table, UTC in --json and --csv.")

  @Option(help: "Only this module's sessions, such as notes.")
  var module: String?

  @Flag(help: "Print the sessions as a JSON array, as the history file stores them.")
  var json = false

  @Flag(help: "Print the sessions as CSV (RFC 4180, CRLF line ends) for a spreadsheet.")
  var csv = false

  /// Launcher.Failure rather than ValidationError: that would add usage lines, and a
  /// headless command's error is one line.
  func validate() throws {
    if json && csv { throw Launcher.Failure(description: "choose one of --json and --csv") }
    if module?.isEmpty == true {
      throw Launcher.Failure(description: "--module needs a name, such as notes")
    }
  }

  func run() throws {
    let (report, strings, notices) = try Launcher.history(
      environment: ProcessInfo.processInfo.environment, module: module)
    for notice in notices { warn(notice) }
    if json {
      say(report.json(), terminator: "")
    } else if csv {
      say(report.csv(), terminator: "")
    } else {
      say(report.text(strings, utcOffset: LocalTime.utcOffset(at:)), terminator: "")
    }
  }
}

struct Rhythm: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Grade a recorded rhythm performance, or a list of tap times.",
    discussion: """
      The clicks were at FIRST-CLICK + k·60/BPM: the count-in first, then the line of patterns \
      (one per beat) repeated for the bars of 4/4. Example: woodshed rhythm --audio-in take.wav \
      --bpm 90 --patterns "quarter eighths triplet rest" --bars 4 --json
      """)

  @Option(help: "A text file of tap times in seconds, one per line.")
  var taps: String?

  @Option(parsing: .unconditional, help: "The tempo in BPM, 40 to 160.")
  var bpm: Double

  @Option(help: "The patterns, one per beat, such as \"quarter eighths triplet rest\".")
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

  /// --audio-in is the recording, its onsets the hits; --glyphs draws the results.
  @OptionGroup var session: SessionOptions

  func validate() throws {
    guard (session.audioIn == nil) != (taps == nil) else {
      throw Launcher.Failure(description: "give one of --audio-in FILE and --taps FILE")
    }
  }

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let request = HeadlessRhythm.Request(
      hits: session.audioIn.map { .recording(path: $0) } ?? .taps(path: taps ?? ""), bpm: bpm,
      patterns: patterns.split(whereSeparator: \.isWhitespace).map(String.init), bars: bars,
      countIn: countIn, firstClick: firstClick, strictness: strict ? .strict : .relative)
    let (report, strings) = try Launcher.rhythm(
      environment: environment, request: request, warn: warn)
    if json {
      say(report.json(), terminator: "")
    } else {
      say(
        report.text(
          strings, glyphs: .named(session.glyphs ?? GlyphSet.detect(environment: environment))),
        terminator: "")
    }
  }
}

struct RecordingProtocol: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "protocol",
    abstract: "Log the takes of a recording session, and plan the edit.",
    discussion: """
      Every change is one entry line, kept in the protocol's journal: take [N] [@BAR], mvt K, \
      end BAR, false, A-B RATING (x ± ok + ++ or 0-4), BAR TAGS (i b e n t w f), edit BAR, \
      note TEXT, undo.
      """,
    subcommands: [
      New.self, Movement.self, Add.self, Plan.self, Export.self, List.self, ImportScore.self,
    ])

  static var store: ProtocolStore {
    get throws { try Launcher.protocols(environment: ProcessInfo.processInfo.environment) }
  }

  struct New: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start a new protocol.")

    @Argument(help: "Its name: letters, digits, - _ and .")
    var name: String

    @Option(help: "A MusicXML score (.musicxml, .xml or .mxl) whose movements and bars to take.")
    var score: String?

    func run() throws {
      if let score {
        try HeadlessProtocol.new(name, score: score, store: RecordingProtocol.store, at: Date())
      } else {
        try HeadlessProtocol.new(name, store: RecordingProtocol.store, at: Date())
      }
    }
  }

  struct ImportScore: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import-score",
      abstract: "Print the bar map of a MusicXML score (.musicxml, .xml or .mxl).",
      discussion: """
        Measure numbers as printed (a pickup counts), rehearsal marks, meters and tempos, per \
        movement. Measure numbers that start again at 0 or 1 start a new movement.
        """)

    @Argument(help: "The score file.")
    var file: String

    @Flag(help: "Print the bar map as JSON.")
    var json = false

    func run() throws {
      say(try HeadlessProtocol.importScore(file, json: json), terminator: "")
    }
  }

  struct Movement: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a movement's bars, such as 'mvt 1: 0-245 A=12 3/4@q=120'.")

    @Argument(help: "The protocol's name.")
    var name: String

    @Argument(help: "The movement: its bars as printed (0 for a pickup), letters, meter and tempo.")
    var line: String

    func run() throws {
      let problems = try HeadlessProtocol.movement(
        line, to: name, store: RecordingProtocol.store, at: Date())
      for problem in problems { warn(problem) }
    }
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add an entry line, such as 'take @12', '17-28 +' or '9 i'.")

    @Argument(help: "The protocol's name.")
    var name: String

    @Argument(help: "The entry line.")
    var line: String

    func run() throws {
      let problems = try HeadlessProtocol.add(
        line, to: name, store: RecordingProtocol.store, at: Date())
      for problem in problems { warn(problem) }
    }
  }

  struct Plan: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the editing plan: the takes to use for every bar, with the fewest edits.")

    @Argument(help: "The protocol's name.")
    var name: String

    @Flag(help: "Print the plan as JSON.")
    var json = false

    func run() throws {
      let (text, problems) = try HeadlessProtocol.plan(
        name, store: RecordingProtocol.store, json: json)
      for problem in problems { warn(problem) }
      say(text, terminator: "")
    }
  }

  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write the protocol for a spreadsheet, a script, print, an editor or a DAW.",
      discussion: """
        Formats: csv (takes and marks, one row per mark, for a spreadsheet), json (the whole \
        protocol), md (a take sheet per movement, to print), edl (the editing plan as a CMX3600 \
        EDL, source times estimated from each take's timecode and the bar map's tempos), \
        audacity (a label track) and reaper (MARKER lines of an .RPP project): takes and marks \
        placed by the time each take was logged after the first.
        """)

    @Argument(help: "The protocol's name.")
    var name: String

    /// Strings rather than enums: ArgumentParser's error for a bad value spans several lines,
    /// and a headless command's error is one.
    @Option(help: "csv, json, md, edl, audacity or reaper.")
    var format: String

    @Option(help: "Write into this new file instead of standard output.")
    var output: String?

    @Flag(help: "Replace the --output file if it exists.")
    var force = false

    @Option(
      parsing: .unconditional,
      help: "The EDL's frame rate: 24, 25, 29.97 or 30 (default: the session's).")
    var fps: String?

    func run() throws {
      let (text, problems) = try HeadlessProtocol.export(
        name, store: RecordingProtocol.store, format: format, frameRate: fps)
      for problem in problems { warn(problem) }
      guard let output else {
        say(text, terminator: "")
        return
      }
      try HeadlessProtocol.write(text, to: URL(fileURLWithPath: output), force: force)
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the protocols there are.")

    func run() throws {
      for name in try RecordingProtocol.store.names() { say(name) }
    }
  }
}

struct Calibrate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Measure the microphone's delay, or teach the detector an instrument.",
    subcommands: [Latency.self, Instrument.self])

  struct Latency: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Play 16 clicks and hear them back through the microphone; saves the delay.",
      discussion: "Put the microphone where you will play, with the speakers at practice volume.")

    @OptionGroup var session: SessionOptions

    func run() throws {
      say(
        try HeadlessCalibration.latency(
          environment: ProcessInfo.processInfo.environment, overrides: session.overrides),
        terminator: "")
    }
  }

  struct Instrument: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Learn how an instrument starts its notes, from the microphone or --audio-in.",
      discussion: "Play a few separate notes (or clap) alone; the profile is saved under NAME.")

    @Argument(help: "The instrument's name, such as guitar or clap.")
    var name: String

    @Option(parsing: .unconditional, help: "How long to listen to the microphone, 2-60 seconds.")
    var seconds = HeadlessCalibration.learningSeconds

    @OptionGroup var session: SessionOptions

    func run() throws {
      say(
        try HeadlessCalibration.instrument(
          name: name, seconds: seconds, environment: ProcessInfo.processInfo.environment,
          overrides: session.overrides, announce: { say($0) }),
        terminator: "")
    }
  }
}

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

extension GlyphSet.Kind: ExpressibleByArgument {}
extension Theme.Name: ExpressibleByArgument {}
extension Launcher.Failure: LocalizedError {
  public var errorDescription: String? { description }
}
