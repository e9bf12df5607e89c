import FoundationEssentials
import Practice
import Storage

/// `woodshed protocol`: the recording protocol without the screen, for scripts and for an
/// assistant on a second machine. Every change is one entry line, checked against the
/// protocol as its journal replays, and appended only when it applies.
public enum HeadlessProtocol {
  /// Makes an empty protocol.
  public static func new(_ name: String, store: ProtocolStore, at date: Date) throws(Launcher.Failure) {
    do {
      try store.create(name, at: date)
    } catch {
      throw Launcher.Failure(description: error.description)
    }
  }

  /// The protocol as its journal replays, with one line for each entry that was refused.
  public static func session(_ name: String, store: ProtocolStore) throws(Launcher.Failure) -> (
    session: ProtocolSession, problems: [String]
  ) {
    let read: (entries: [ProtocolStore.Entry], notices: [String])
    do {
      read = try store.entries(of: name)
    } catch {
      throw Launcher.Failure(description: error.description)
    }
    let replayed = ProtocolSession.replay(read.entries.map { ($0.line, $0.at) })
    return (replayed.session, read.notices + replayed.problems)
  }

  /// Applies `line` to the protocol and keeps it in the journal; a line that does not apply is
  /// refused in one line and nothing is written.
  public static func add(_ line: String, to name: String, store: ProtocolStore, at date: Date)
    throws(Launcher.Failure) -> [String]
  {
    var (session, problems) = try session(name, store: store)
    try append(line, to: name, session: &session, store: store, at: date)
    return problems
  }

  /// Applies `line` to `session`, the protocol as its journal now stands, and appends it to the
  /// journal; a refused line changes neither.
  public static func append(
    _ line: String, to name: String, session: inout ProtocolSession, store: ProtocolStore,
    at date: Date
  ) throws(Launcher.Failure) {
    var updated = session
    do {
      try updated.apply(line, at: date)
    } catch {
      throw Launcher.Failure(description: error.description)
    }
    do {
      try store.append(ProtocolStore.Entry(at: date, line: line), to: name)
    } catch {
      throw Launcher.Failure(description: error.description)
    }
    session = updated
  }

  /// A movement's bar map in the compact form, such as `mvt 1: 0-245 A=12 3/4@q=120`.
  public static func movement(_ line: String, to name: String, store: ProtocolStore, at date: Date)
    throws(Launcher.Failure) -> [String]
  {
    let trimmed = line.drop { $0 == " " }
    guard trimmed.hasPrefix("mvt "), trimmed.contains(":") else {
      throw Launcher.Failure(
        description: "a movement is written \"mvt K: FIRST-LAST\", such as \"mvt 1: 0-245 A=12 3/4@q=120\"")
    }
    return try add(line, to: name, store: store, at: date)
  }

  /// The editing plan as text (`take 3: bars 1–24` under each movement) or as JSON.
  public static func plan(_ name: String, store: ProtocolStore, json: Bool) throws(Launcher.Failure)
    -> (text: String, problems: [String])
  {
    let (session, problems) = try session(name, store: store)
    let plan = EditingPlan(session: session)
    return ((json ? plan.json : plan.lines.joined(separator: "\n")) + "\n", problems)
  }
}

extension HeadlessProtocol {
  /// The protocol in the format named `format` (see `ProtocolExport.Format`), an EDL at
  /// `frameRate` frames a second (the session's when nil). Names are checked before the
  /// protocol is read, so a typo costs nothing.
  public static func export(
    _ name: String, store: ProtocolStore, format: String, frameRate: String?
  ) throws(Launcher.Failure) -> (text: String, problems: [String]) {
    guard let chosen = ProtocolExport.Format(rawValue: format) else {
      let names = ProtocolExport.Format.allCases.map(\.rawValue)
      throw Launcher.Failure(
        description: "unknown format \"\(format)\": use \(names.joined(separator: ", "))")
    }
    var rate: FrameRate?
    if let frameRate {
      guard chosen == .edl else {
        throw Launcher.Failure(description: "--fps is for --format edl")
      }
      guard let given = FrameRate(rawValue: frameRate) else {
        throw Launcher.Failure(description: "--fps is one of 24, 25, 29.97 and 30")
      }
      rate = given
    }
    let (session, problems) = try session(name, store: store)
    return (ProtocolExport(name: name, session: session).text(chosen, frameRate: rate), problems)
  }

  /// Writes an export to `url` all at once, so a reader never sees half of it, and never over
  /// an existing file unless `force`: an export is easily pointed at the wrong file.
  public static func write(_ text: String, to url: URL, force: Bool) throws(Launcher.Failure) {
    if !force, FileManager.default.fileExists(atPath: url.path) {
      throw Launcher.Failure(
        description: "\(url.lastPathComponent) already exists; choose another name or add --force")
    }
    do {
      try AtomicFile.write(Data(text.utf8), to: url)
    } catch {
      throw Launcher.Failure(description: error.description)
    }
  }
}
