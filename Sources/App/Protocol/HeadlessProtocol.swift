import FoundationEssentials
import Glibc
import Practice
import Storage

/// `woodshed protocol`: the recording protocol without the screen, for scripts and for an
/// assistant on a second machine. Every change is one entry line by its author, checked against
/// the protocol as its journal stands, and appended only when it applies.
public enum HeadlessProtocol {
  /// Makes an empty protocol.
  public static func new(_ name: String, store: ProtocolStore, at date: Date) throws(Launcher
    .Failure)
  {
    do {
      try store.create(name, at: date)
    } catch {
      throw Launcher.Failure(protocol: name, error)
    }
  }

  /// The protocol as its journal replays, with one line, in the language of `strings`, for
  /// each entry that was refused or could not be read.
  public static func session(_ name: String, store: ProtocolStore, strings: Localizer)
    throws(Launcher.Failure) -> (session: ProtocolSession, problems: [String])
  {
    let journal = try ProtocolJournal.open(name, store: store)
    return (journal.session, journal.problems.map(strings.text))
  }

  /// Applies `line`, written by `author`, to the protocol and keeps it in the journal; a line
  /// that does not apply to the journal as it stands when the line is appended is refused in
  /// one line, in the language of `strings`, and nothing is written. The protocol is resumed
  /// from the state saved with its journal, and a newer state saved when there is one, so a
  /// long journal is not replayed on every call. With `daw`, what the line changed goes to the
  /// DAW as cues. With `timecode`, the line is stamped with the recorder's timecode as
  /// `protocol live` stamps it (a take gets a `tc` line with it), entered at the moment that
  /// timecode was read (`server` is the PulseAudio server for LTC from a source); when none
  /// comes in time, it is entered without, and the returned problems say so.
  public static func add(
    _ line: String, to name: String, by author: String?, store: ProtocolStore,
    strings: Localizer, at date: Date, daw: DAWLink? = nil, timecode: TimecodeInput? = nil,
    server: String? = nil
  ) throws(Launcher.Failure) -> [String] {
    var journal = try ProtocolJournal.resume(name, store: store)
    var problems = journal.problems.map(strings.text)
    defer { journal.saveState(store: store) }
    let before = journal.session
    let read = try timecode.flatMap { input throws(Launcher.Failure) in
      try RecorderTimecode.reading(input, server: server, rate: before.frameRate)
    }
    if let timecode, read == nil {
      problems.append(
        TimecodeCheck.text(
          TimecodeCheck.Result(kind: timecode.kind, source: timecode.sourceName), strings))
    }
    let entered = read?.at ?? date
    do {
      try journal.add(
        ProtocolJournal.stamped([line], with: read?.timecode), by: author, store: store,
        at: entered, utcOffset: LocalTime.utcOffset(at: entered),
        recorderTimecode: read?.timecode.description)
    } catch {
      throw error.said(in: strings)
    }
    // The line is kept whatever becomes of its cues: the DAW's failure is said after it.
    try daw?.send(from: before, to: journal.session)
    return problems
  }

  /// A movement's bar map in the compact form, such as `mvt 1: 0-245 A=12 3/4@q=120`.
  public static func movement(
    _ line: String, to name: String, by author: String?, store: ProtocolStore,
    strings: Localizer, at date: Date
  ) throws(Launcher.Failure) -> [String] {
    let trimmed = line.drop { $0 == " " }
    guard trimmed.hasPrefix("mvt "), trimmed.contains(":") else {
      throw Launcher.Failure(
        description:
          "a movement is written \"mvt K: FIRST-LAST\", such as \"mvt 1: 0-245 A=12 3/4@q=120\"")
    }
    return try add(line, to: name, by: author, store: store, strings: strings, at: date)
  }

  /// The editing plan as text (`take 3: bars 1–24` under each movement) or as JSON.
  public static func plan(_ name: String, store: ProtocolStore, strings: Localizer, json: Bool)
    throws(Launcher.Failure) -> (text: String, problems: [String])
  {
    let (session, problems) = try session(name, store: store, strings: strings)
    let plan = EditingPlan(session: session)
    return ((json ? plan.json : plan.lines.joined(separator: "\n")) + "\n", problems)
  }
}

extension Launcher.Failure {
  init(_ refusal: ProtocolError) {
    self.init(
      description: refusal.description,
      message: refusal.key.map { Message($0, refusal.arguments) })
  }

  /// A refused move of protocol `name` (to `newName` when renaming it), with a message for the
  /// refusals the list screen meets: a name another protocol has, a line being written, a
  /// name that cannot be one.
  init(moving name: String, to newName: String? = nil, _ error: StorageError) {
    let message: Message? =
      switch (error.reason, newName) {
      case (ProtocolStore.nameTaken, let newName?):
        Message("protocol.error.nameTaken", ["name": name, "newName": newName])
      case (ProtocolStore.nameTaken, nil):
        Message("protocol.error.nameInUse", ["name": name])
      case (ProtocolStore.busy, _): Message("protocol.error.busy", ["name": name])
      case (ProtocolStore.noSuchProtocol, _): Message("protocol.error.noSuchToMove", ["name": name])
      case (ProtocolStore.invalidName, let newName?):
        Message("protocol.error.invalidNewName", ["name": name, "newName": newName])
      default: error.message
      }
    self.init(description: error.description, message: message)
  }

  /// A refusal of the protocols' store about protocol `name`, with a message for the ones a
  /// user meets: a name that cannot be one, a protocol archived, missing or moved away.
  init(protocol name: String, _ error: StorageError) {
    let message: Message? =
      switch error.reason {
      case ProtocolStore.invalidName: Message("protocol.error.invalidName", ["name": name])
      case ProtocolStore.archivedReason(name):
        Message("protocol.error.archivedToRead", ["name": name])
      case ProtocolStore.missingReason(name): Message("protocol.error.missing", ["name": name])
      case ProtocolStore.goneMeanwhile: Message("protocol.error.goneMeanwhile", ["name": name])
      case ProtocolStore.joinedMeanwhile:
        Message("protocol.error.joinedMeanwhile", ["name": name])
      default: error.message
      }
    self.init(description: error.description, message: message)
  }
}

extension HeadlessProtocol {
  /// The protocol in the format named `format` (see `ProtocolExport.Format`), its timecodes
  /// converted to `frameRate` frames a second (the session's when nil), a CSV with a UTF-8 byte
  /// order mark when `byteOrderMark` (Excel reads a CSV without one in the system's code page).
  /// Names are checked before the protocol is read, so a typo costs nothing.
  public static func export(
    _ name: String, store: ProtocolStore, strings: Localizer, format: String, frameRate: String?,
    byteOrderMark: Bool
  ) throws(Launcher.Failure) -> (text: String, problems: [String]) {
    guard let chosen = ProtocolExport.Format(rawValue: format) else {
      let names = ProtocolExport.Format.allCases.map(\.rawValue)
      throw Launcher.Failure(
        description: "unknown format \"\(format)\": use \(names.joined(separator: ", "))")
    }
    guard !byteOrderMark || chosen == .csv else {
      throw Launcher.Failure(description: "--bom is for --format csv")
    }
    var rate: FrameRate?
    if let frameRate {
      guard ProtocolExport.Format.withTimecode.contains(chosen) else {
        let names = ProtocolExport.Format.withTimecode.map(\.rawValue).joined(separator: ", ")
        throw Launcher.Failure(description: "--fps is for the formats with timecode: \(names)")
      }
      guard let given = FrameRate(name: frameRate) else {
        throw Launcher.Failure(description: "--fps is one of \(FrameRate.names)")
      }
      rate = given
    }
    let (session, problems) = try session(name, store: store, strings: strings)
    // The take sheet's clock times are the producer's, at the session's first take.
    let offset = LocalTime.utcOffset(at: session.takes.first?.startedAt ?? Date())
    let lines = store.script(of: name).flatMap { try? Script(text: $0) }?.textByLabel ?? [:]
    let text = ProtocolExport(
      name: name, session: session, utcOffset: offset, frameRate: rate, scriptText: lines
    ).text(chosen)
    return ((byteOrderMark ? "\u{FEFF}" : "") + text, problems)
  }

  /// Writes an export to `url` all at once, so a reader never sees half of it, and never over
  /// an existing file unless `force`: an export is easily pointed at the wrong file.
  public static func write(_ text: String, to url: URL, force: Bool) throws(Launcher.Failure) {
    try Launcher.checkOutput(url, force: force)
    do {
      try AtomicFile.write(Data(text.utf8), to: url)
    } catch {
      throw Launcher.Failure(description: error.description)
    }
  }
}

extension HeadlessProtocol {
  /// The bar maps of a MusicXML score, as text (a line per movement) or as JSON.
  public static func importScore(_ path: String, json: Bool) throws(Launcher.Failure) -> String {
    let movements = try readScore(path)
    guard json else {
      return movements.enumerated().map { $1.line(number: $0 + 1) + "\n" }.joined()
    }
    let value = JSONValue.object(["movements": .array(movements.map(\.json))])
    guard let data = try? value.serialized() else {
      throw Launcher.Failure(description: "the bar map cannot be written as JSON")
    }
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// A new protocol with one `mvt K "TITLE": MAP` line per movement of the score at `path`.
  /// The score is read and checked first, so a broken file leaves no protocol behind.
  public static func new(
    _ name: String, score path: String, by author: String?, store: ProtocolStore, at date: Date
  ) throws(Launcher.Failure) {
    let lines = try movementLines(readScore(path))
    try new(name, store: store, at: date)
    var journal = try ProtocolJournal.open(name, store: store)
    for line in lines {
      try journal.add(
        [line], by: author, store: store, at: date, utcOffset: LocalTime.utcOffset(at: date))
    }
  }

  /// A new protocol with one `mvt K "TITLE": LINES` line per section of the script at `path`
  /// (see `Script`), its lines as bars labelled `p3.2`. The script is read and checked first,
  /// so a file that is not a script leaves no protocol behind.
  public static func new(
    _ name: String, script path: String, by author: String?, store: ProtocolStore, at date: Date
  ) throws(Launcher.Failure) {
    let (text, lines) = try readScript(path)
    try new(name, store: store, at: date)
    do {
      try store.saveScript(text, of: name)
    } catch {
      throw Launcher.Failure(protocol: name, error)
    }
    var journal = try ProtocolJournal.open(name, store: store)
    for line in lines {
      try journal.add(
        [line], by: author, store: store, at: date, utcOffset: LocalTime.utcOffset(at: date))
    }
  }

  /// The movement lines of the script at `path` for the existing protocol `name`, whose copy
  /// of the script's text becomes this one's, so the take sheets quote it: the Protocol
  /// screen's preparation reads a script where it reads a score. A file that is not a script
  /// is refused in one line and changes nothing.
  public static func importScript(_ path: String, into name: String, store: ProtocolStore)
    throws(Launcher.Failure) -> [String]
  {
    let (text, lines) = try readScript(path)
    do {
      try store.saveScript(text, of: name)
    } catch {
      throw Launcher.Failure(protocol: name, error)
    }
    return lines
  }

  /// The movement lines of the script at `path`: `mvt 2 "Scene 2": p4.1-3 p5.1-2`. Quotes leave
  /// titles, as they do a score's.
  public static func scriptLines(path: String) throws(Launcher.Failure) -> [String] {
    try readScript(path).lines
  }

  /// The script's text and its movement lines.
  private static func readScript(_ path: String) throws(Launcher.Failure) -> (
    text: String, lines: [String]
  ) {
    let url = URL(fileURLWithPath: path)
    let file = url.lastPathComponent
    let text: String
    do {
      text = try ScriptFile.read(url)
    } catch {
      var message = error.message
      if case .malformed = error {
        message = Message("protocol.error.scriptNotText", ["file": file])
      }
      throw Launcher.Failure(description: error.description, message: message)
    }
    let script: Script
    do {
      script = try Script(text: text)
    } catch {
      throw Launcher.Failure(
        description: StorageError.malformed(file: file, reason: error.description).description,
        message: error.key.map { Message($0, ["file": file]) })
    }
    var lines: [String] = []
    for (index, section) in script.sections.enumerated() {
      let title = (section.title ?? "").filter { $0 != "\"" }.split(whereSeparator: \.isWhitespace)
        .joined(separator: " ")
      do {
        lines.append(
          "mvt \(index + 1)" + (title.isEmpty ? "" : " \"\(title)\"") + ": "
            + (try section.bars()).compactForm)
      } catch {
        throw Launcher.Failure(description: "section \(index + 1): \(error.description)")
      }
    }
    return (text, lines)
  }

  /// The movement lines of the score at `path`.
  public static func movementLines(path: String) throws(Launcher.Failure) -> [String] {
    try movementLines(readScore(path))
  }

  private static func readScore(_ path: String) throws(Launcher.Failure) -> [ImportedMovement] {
    do {
      return try ScoreImport.read(URL(fileURLWithPath: path))
    } catch {
      throw Launcher.Failure(description: error.description)
    }
  }

  /// The movements as entry lines, `mvt 1 "Allegro": 0-245 A=12 3/4@q=120`. Printed labels and
  /// marks may hold spaces, which go (`4 a` is bar `4a`, as a producer types it), and characters
  /// the entry language reserves, which become `_`; a label or mark printed twice gets a suffix
  /// or is dropped, and quotes leave titles. Meter and tempo
  /// sections start at the first tempo, as the protocol needs both for its time estimates;
  /// before the first meter, 4/4 is assumed, as MusicXML does.
  public static func movementLines(_ movements: [ImportedMovement]) throws(Launcher.Failure)
    -> [String]
  {
    var lines: [String] = []
    for (index, movement) in movements.enumerated() {
      var labels: [String] = []
      var seen: Set<String> = []
      for measure in movement.measures {
        var label = plain(measure)
        var copy = 1
        while seen.contains(label) {
          copy += 1
          label = plain(measure) + "_\(copy)"
        }
        seen.insert(label)
        labels.append(label)
      }
      var names: Set<String> = []
      let marks = movement.rehearsalMarks.compactMap { mark -> BarMap.RehearsalMark? in
        let name = plain(mark.label)
        return names.insert(name).inserted
          ? BarMap.RehearsalMark(name: name, bar: mark.measureIndex) : nil
      }
      let title = movement.title.filter { $0 != "\"" }.split(whereSeparator: \.isWhitespace)
        .joined(separator: " ")
      do {
        let map = try BarMap(labels: labels, rehearsalMarks: marks, sections: sections(movement))
        lines.append(
          "mvt \(index + 1)" + (title.isEmpty ? "" : " \"\(title)\"") + ": " + map.compactForm)
      } catch {
        throw Launcher.Failure(description: "movement \(index + 1): \(error.description)")
      }
    }
    return lines
  }

  private static func plain(_ text: String) -> String {
    let cleaned = String(
      text.filter { !$0.isWhitespace }.map { BarMap.reservedCharacters.contains($0) ? "_" : $0 })
    return cleaned.isEmpty ? "_" : cleaned
  }

  private static func sections(_ movement: ImportedMovement) -> [BarMap.Section] {
    let starts = Set(movement.meters.map(\.measureIndex) + movement.tempos.map(\.measureIndex))
    return starts.sorted().compactMap { bar in
      guard let tempo = movement.tempos.last(where: { $0.measureIndex <= bar }) else { return nil }
      let meter = movement.meters.last { $0.measureIndex <= bar }
      return BarMap.Section(
        firstBar: bar, beatsPerBar: meter?.beats ?? 4, beatUnit: meter?.beatType ?? 4,
        quartersPerMinute: tempo.quartersPerMinute)
    }
  }
}

extension HeadlessProtocol {
  /// Who writes the lines when `--as` does not say: the login name.
  public static func loginName(environment: [String: String]) -> String? {
    if let name = environment["LOGNAME"] ?? environment["USER"], !name.isEmpty { return name }
    guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
    return String(cString: name)
  }
}

extension HeadlessProtocol {
  /// The protocols with their status and last change, as text or JSON; the archived ones too
  /// when `all`.
  public static func list(store: ProtocolStore, all: Bool, json: Bool) -> String {
    let summaries = ProtocolLibrary.summaries(
      store: store, includingArchived: all, utcOffset: LocalTime.utcOffset(at:))
    return ProtocolLibrary.text(summaries, json: json)
  }

  public static func rename(
    _ name: String, to newName: String, store: ProtocolStore, strings: Localizer
  ) throws(Launcher.Failure) {
    try moving(name, to: newName, strings: strings) { () throws(StorageError) in
      try store.rename(name, to: newName)
    }
  }

  public static func archive(_ name: String, store: ProtocolStore, strings: Localizer)
    throws(Launcher.Failure)
  {
    try moving(name, strings: strings) { () throws(StorageError) in try store.archive(name) }
  }

  public static func unarchive(_ name: String, store: ProtocolStore, strings: Localizer)
    throws(Launcher.Failure)
  {
    try moving(name, strings: strings) { () throws(StorageError) in try store.unarchive(name) }
  }

  /// Moves the protocol to the trash, and returns where it is now; without `confirmed`
  /// (`--yes`) nothing is touched, as there is nobody to ask.
  public static func delete(
    _ name: String, confirmed: Bool, store: ProtocolStore, strings: Localizer, at date: Date
  ) throws(Launcher.Failure) -> URL {
    guard confirmed else {
      let trash = store.trashFolder.path
      throw Launcher.Failure(
        description: "deleting \(name) needs --yes: it goes to the trash, \(trash)",
        message: Message("protocol.error.deleteNeedsYes", ["name": name, "trash": trash])
      ).said(in: strings)
    }
    return try moving(name, strings: strings) { () throws(StorageError) in
      try store.moveToTrash(name, at: date)
    }
  }

  private static func moving<T>(
    _ name: String, to newName: String? = nil, strings: Localizer,
    _ body: () throws(StorageError) -> T
  ) throws(Launcher.Failure) -> T {
    do {
      return try body()
    } catch {
      throw Launcher.Failure(moving: name, to: newName, error).said(in: strings)
    }
  }
}
