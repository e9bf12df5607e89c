import App
import ArgumentParser
import FoundationEssentials
import Glibc
import Storage

struct RecordingProtocol: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "protocol",
    abstract: "Log the takes of a recording session, and plan the edit.",
    discussion: """
      Every change is one entry line, kept in the protocol's journal: take [N] [@BAR], mvt K, \
      end BAR, false, A-B RATING (x ± ok + ++ or 0-4), BAR TAGS (i b e n t w f), edit BAR, \
      note TEXT, file NAME [take LABEL], status edited|done|recording, #N BARS RATING TAGS \
      (mark N made anew), #N delete, undo. Each line records who wrote it (the login name, or \
      --as NAME); undo takes back its author's own last line.
      """,
    subcommands: [
      New.self, Movement.self, Add.self, Live.self, Edit.self, Link.self, Plan.self, Export.self,
      List.self,
      Rename.self, Archive.self, Unarchive.self, Delete.self, ImportScore.self,
    ])

  static var store: ProtocolStore {
    get throws { try ground.store }
  }

  static var ground: (store: ProtocolStore, strings: Localizer) {
    get throws { try Launcher.protocols(environment: ProcessInfo.processInfo.environment) }
  }

  /// Adds one entry line to the protocol `name` as `author`, and warns of the journal's lines
  /// refused on replay.
  static func add(
    _ line: String, to name: String, by author: String?, daw: DAWLink? = nil,
    timecode: TimecodeInput? = nil
  ) throws {
    let problems = try withProtocols { store, strings in
      try HeadlessProtocol.add(
        line, to: name, by: author, store: store, strings: strings, at: Date(), daw: daw,
        timecode: timecode,
        server: Launcher.pulseServer(environment: ProcessInfo.processInfo.environment))
    }
    for problem in problems { warn(problem) }
  }

  /// Runs `body` on the user's protocols, and says a refusal in the user's language.
  static func withProtocols<T>(_ body: (ProtocolStore, Localizer) throws -> T) throws -> T {
    let (store, strings) = try ground
    do {
      return try body(store, strings)
    } catch let failure as Launcher.Failure {
      throw failure.said(in: strings)
    }
  }

  struct New: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Start a new protocol.")

    @Argument(help: "Its name: letters, digits, - _ and .")
    var name: String

    @Option(help: "A MusicXML score (.musicxml, .xml or .mxl) whose movements and bars to take.")
    var score: String?

    @Option(
      help: """
        A script in plain text or Markdown (.md, .txt): each heading starts a movement, blank \
        lines part paragraphs, and line 2 of paragraph 3 is bar p3.2.
        """)
    var script: String?

    @OptionGroup var author: AuthorOption

    func validate() throws {
      if score != nil && script != nil {
        throw ValidationError("give --score or --script, not both")
      }
    }

    func run() throws {
      try RecordingProtocol.withProtocols { store, _ in
        if let script {
          try HeadlessProtocol.new(
            name, script: script, by: author.resolved, store: store, at: Date())
        } else if let score {
          try HeadlessProtocol.new(
            name, score: score, by: author.resolved, store: store, at: Date())
        } else {
          try HeadlessProtocol.new(name, store: store, at: Date())
        }
      }
    }
  }

  struct ImportScore: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import-score",
      abstract: "Print the bar map of a MusicXML score (.musicxml, .xml or .mxl).",
      discussion: """
        Measure numbers as printed (a pickup counts), rehearsal marks, meters and tempos, per \
        movement. Measure numbers that start again at 0 or 1 start a new movement, with the \
        pickup before them.
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

    @OptionGroup var author: AuthorOption

    func run() throws {
      let problems = try RecordingProtocol.withProtocols { store, strings in
        try HeadlessProtocol.movement(
          line, to: name, by: author.resolved, store: store, strings: strings, at: Date())
      }
      for problem in problems { warn(problem) }
    }
  }

  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add an entry line, such as 'take @12', '17-28 +' or '9 i'.",
      discussion: """
        With a timecode source (as for live), the line carries the recorder's timecode when it \
        is entered, read for up to 3 s; without one coming, it is added without and a warning \
        says so.
        """)

    @Argument(help: "The protocol's name.")
    var name: String

    @Argument(help: "The entry line.")
    var line: String

    @OptionGroup var author: AuthorOption

    @OptionGroup var daw: DAWOptions

    @OptionGroup var timecode: TimecodeOptions

    func run() throws {
      try RecordingProtocol.add(
        line, to: name, by: author.resolved, daw: try daw.link(), timecode: timecode.input)
    }
  }

  struct Live: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Open the protocol in the practice room, to log the session as it is recorded.",
      discussion: """
        With --osc, every take, end, false start and mark goes to the DAW as it is entered; with \
        --osc-listen, the DAW starting to record is a take line.
        """)

    @Argument(help: "The protocol's name.")
    var name: String

    @OptionGroup var daw: DAWOptions

    @Option(
      help: ArgumentHelp(
        "Take the DAW's messages on this UDP port ([HOST:]PORT, the loopback without a host): "
          + "its record start is a take line.", valueName: "port"))
    var oscListen: String?

    @OptionGroup var timecode: TimecodeOptions

    @OptionGroup var session: SessionOptions

    @OptionGroup var author: AuthorOption

    func run() throws {
      let link = try daw.link(listeningOn: oscListen)
      var overrides = session.overrides
      overrides.author = author.resolved
      overrides.keyRoute = KeyRoute(environment: ProcessInfo.processInfo.environment)
      let status = try Launcher.runInteractive(
        environment: ProcessInfo.processInfo.environment, overrides: overrides,
        openProtocol: name, daw: link,
        timecode: timecode.input)
      if status != 0 { throw ExitCode(status) }
    }
  }

  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make an earlier mark anew: its bars, rating and tags, on its own take.",
      discussion: """
        Appends the line "#N LINE": the journal keeps the mark as it was, and undo takes the \
        edit back. The mark's number is shown as #N in the JSON export.
        """)

    @Argument(help: "The protocol's name.")
    var name: String

    @Argument(help: "The mark's number, as 7 or #7.")
    var mark: MarkNumber

    @Argument(help: "What the mark becomes, as '17-30 3 i' or 'all +'.")
    var line: String

    @OptionGroup var author: AuthorOption

    func run() throws {
      try RecordingProtocol.add("#\(mark.number) \(line)", to: name, by: author.resolved)
    }
  }

  struct Link: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Name each take's recorder file, matched by time from a folder of Broadcast WAVs.",
      discussion: """
        Reads the bext chunk of every .wav file in the folder (its first sample's time of day, \
        its date, its length; a file without one is left out and said so) and gives each take \
        without a file the one it shares the most time with on the local clock, one file per \
        take and one take per file, a take widened by --tolerance seconds on each side for a \
        recorder clock that drifts. Appends a line "file NAME take LABEL" per take, as one \
        action that undo takes back, and prints the takes and files left unmatched.
        """)

    @Argument(help: "The protocol's name.")
    var name: String

    @Argument(help: "The folder of the recorder's files.")
    var folder: String

    @Flag(help: "Print what would be linked, and write nothing.")
    var dryRun = false

    @Option(help: "Seconds a take may reach past its lines to meet a file (default: 5).")
    var tolerance: String?

    @OptionGroup var author: AuthorOption

    func run() throws {
      let (store, strings) = try RecordingProtocol.ground
      let (text, problems) = try HeadlessProtocol.link(
        name, folder: folder, dryRun: dryRun, tolerance: tolerance, by: author.resolved,
        store: store, strings: strings, at: Date())
      for problem in problems { warn(problem) }
      say(text, terminator: "")
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
      let (text, problems) = try RecordingProtocol.withProtocols { store, strings in
        try HeadlessProtocol.plan(name, store: store, strings: strings, json: json)
      }
      for problem in problems { warn(problem) }
      say(text, terminator: "")
    }
  }

  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write the protocol for a spreadsheet, a script, print, an editor or a DAW.",
      discussion: """
        Formats: csv (takes and marks, one row per mark, for a spreadsheet), json (the whole \
        protocol), md (a take sheet per movement), html (the take sheet as a web page to print, \
        a page per movement), edl (the editing plan as a CMX3600 \
        EDL, source times estimated from each take's timecode and the bar map's tempos), \
        audacity (a label track), reaper (an .RPP project with regions and markers) and \
        reaper-csv (the Region/Marker Manager's list): takes and marks placed by the time each \
        take was logged after the first.
        """)

    @Argument(help: "The protocol's name.")
    var name: String

    /// Strings rather than enums: ArgumentParser's error for a bad value spans several lines,
    /// and a headless command's error is one.
    @Option(help: "csv, json, md, html, edl, audacity, reaper or reaper-csv.")
    var format: String

    @Option(help: "Write into this new file instead of standard output.")
    var output: String?

    @Flag(help: "Replace the --output file if it exists.")
    var force = false

    @Option(
      parsing: .unconditional,
      help: """
        The frame rate to write timecodes at (csv, json, md, html, edl), the same instants: \
        23.976, 24, 25, 29.97, 29.97df or 30 (default: the session's).
        """)
    var fps: String?

    @Flag(help: "Begin the CSV with a UTF-8 byte order mark, for Excel.")
    var bom = false

    func run() throws {
      let (text, problems) = try RecordingProtocol.withProtocols { store, strings in
        try HeadlessProtocol.export(
          name, store: store, strings: strings, format: format, frameRate: fps,
          byteOrderMark: bom)
      }
      for problem in problems { warn(problem) }
      guard let output else {
        say(text, terminator: "")
        return
      }
      try HeadlessProtocol.write(text, to: URL(fileURLWithPath: output), force: force)
    }
  }

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the protocols: name, status and last change.",
      discussion: """
        The status is "to record" until the first take, "recording" once takes are logged, \
        and "edited" or "done" after a line "status edited" or "status done" (until the next \
        take). The last change is the time of the journal's last line, on the local clock.
        """)

    @Flag(help: "List the archived protocols too.")
    var all = false

    @Flag(help: "Print the list as JSON (times in UTC).")
    var json = false

    func run() throws {
      say(
        HeadlessProtocol.list(store: try RecordingProtocol.store, all: all, json: json),
        terminator: "")
    }
  }

  struct Rename: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Give a protocol another name that no protocol has.")

    @Argument(help: "Its name.")
    var name: String

    @Argument(help: "The new name: letters, digits, - _ and .")
    var newName: String

    func run() throws {
      let (store, strings) = try RecordingProtocol.ground
      try HeadlessProtocol.rename(name, to: newName, store: store, strings: strings)
    }
  }

  struct Archive: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Move a protocol out of the list; list --all still shows it.")

    @Argument(help: "The protocol's name.")
    var name: String

    func run() throws {
      let (store, strings) = try RecordingProtocol.ground
      try HeadlessProtocol.archive(name, store: store, strings: strings)
    }
  }

  struct Unarchive: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Bring an archived protocol back to the list.")

    @Argument(help: "The protocol's name.")
    var name: String

    func run() throws {
      let (store, strings) = try RecordingProtocol.ground
      try HeadlessProtocol.unarchive(name, store: store, strings: strings)
    }
  }

  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Take out one mark, or move a whole protocol to the trash folder (the README says how "
        + "to restore it).")

    @Argument(help: "The protocol's name.")
    var name: String

    @Argument(
      help: "A mark's number, as 7 or #7: only that mark is taken out (undo brings it back).")
    var mark: MarkNumber?

    @Flag(help: "Delete the whole protocol without asking: required, as the command cannot ask.")
    var yes = false

    @OptionGroup var author: AuthorOption

    func validate() throws {
      if mark != nil && yes { throw ValidationError("--yes is for a whole protocol, not a mark") }
    }

    func run() throws {
      if let mark {
        return try RecordingProtocol.add(
          "#\(mark.number) delete", to: name, by: author.resolved)
      }
      let (store, strings) = try RecordingProtocol.ground
      let place = try HeadlessProtocol.delete(
        name, confirmed: yes, store: store, strings: strings, at: Date())
      say("moved to \(place.path)")
    }
  }
}

/// Where the protocol's cues go: a DAW's OSC port, and the patterns it understands.
struct DAWOptions: ParsableArguments {
  @Option(
    help: "Send take starts, ends, false starts and marks to this DAW's OSC port (HOST:PORT).")
  var osc: String?

  @Option(help: "The DAW's OSC patterns: reaper, ardour or plain (default: reaper).")
  var oscStyle: DAWStyle.Name = .reaper

  /// The link to the DAW, listening for its record start on `listen` too; none without
  /// `--osc`.
  func link(listeningOn listen: String? = nil) throws -> DAWLink? {
    guard let osc else {
      if listen != nil { throw ValidationError("--osc-listen needs --osc: where the DAW listens") }
      return nil
    }
    return try DAWLink(endpoint: osc, style: oscStyle, listen: listen)
  }
}

/// Who writes protocol lines: `--as NAME`, or else the login name. The practice room and the
/// `protocol` subcommands hold it under the same name, so each gets the value wherever it is
/// given on the command line.
struct AuthorOption: ParsableArguments {
  @Option(
    name: .customLong("as"),
    help: ArgumentHelp(
      "Write protocol lines as NAME (default: the login name).", valueName: "name"))
  var author: String?

  var resolved: String? {
    author ?? HeadlessProtocol.loginName(environment: ProcessInfo.processInfo.environment)
  }
}

/// A mark's number on the command line: `7` or `#7`, as the JSON export shows it.
struct MarkNumber: ExpressibleByArgument {
  let number: Int

  init?(argument: String) {
    let digits = argument.hasPrefix("#") ? argument.dropFirst() : argument[...]
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(digits), number >= 1
    else { return nil }
    self.number = number
  }
}
