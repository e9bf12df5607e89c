import FoundationEssentials
import Practice
import Storage

/// A protocol as this process has read its journal: the session its lines make and where the
/// reading stopped. Reading on from there, and appending under the journal's lock after the
/// lines others added meanwhile, keep it current without replaying the journal again.
///
/// `woodshed protocol add` is a new process each time: it resumes from the state saved next to
/// the journal (`ProtocolStore.readResuming`), the journal as it stood `stateLag` to twice
/// that many lines before its end, and replays only the lines after it. That state knows no
/// undo history (`ProtocolSession.forgettingActions`), so the lines after it rebuild the
/// history an undo may need; a line that needs more makes the journal be read from its start.
public struct ProtocolJournal: Sendable {
  /// How many lines the saved state stands before the journal's end: what an undo can reach
  /// back over without reading the journal from its start.
  public static let stateLag = 100

  public let name: String
  public private(set) var session = ProtocolSession()
  public private(set) var position = ProtocolStore.Position()
  /// The journal file `position` is in: once a sync's join has put another file in its place,
  /// the journal is read again from its start.
  public private(set) var identity: ProtocolStore.JournalIdentity?
  /// The lines read or added that were refused on replay, and the ones that could not be read.
  public private(set) var problems: [Message] = []
  /// When the journal's last line was entered; nil while it has none.
  public private(set) var lastChange: Date?
  /// The last lines of the journal, newest last.
  public private(set) var recent: [String] = []
  /// Where the saved state this journal was resumed from stands; nil if it was read from the
  /// start.
  public private(set) var resumedAt: ProtocolStore.Position?
  /// Entries read or added so far, for the numbers of problems (`line N: why`).
  private var entryCount = 0
  private let stateLag: Int
  /// The journal as it stood some lines back, what `saveState` saves.
  private var checkpoint: Checkpoint?
  private var isCheckpointSaved = false
  /// A line could not be read: its notice would not come out of a resumed journal as it does
  /// from the whole one, so no state is saved.
  private var hasUnreadableLines = false

  /// The journal up to a line, its session without undo history.
  private struct Checkpoint: Sendable {
    var session: ProtocolSession
    var position: ProtocolStore.Position
    var entryCount: Int
    var problems: [Message]
    var lastChange: Date?
    var recent: [String]
  }

  /// The protocol `name` as its journal stands, read from its start.
  public static func open(
    _ name: String, store: ProtocolStore, stateLag: Int = ProtocolJournal.stateLag
  ) throws(Launcher.Failure) -> ProtocolJournal {
    var journal = ProtocolJournal(name: name, stateLag: stateLag)
    try journal.readOn(store: store)
    return journal
  }

  /// The protocol `name` as its journal stands, from the state saved with it where that still
  /// stands for the journal's first lines, else read from the start.
  public static func resume(
    _ name: String, store: ProtocolStore, stateLag: Int = ProtocolJournal.stateLag
  ) throws(Launcher.Failure) -> ProtocolJournal {
    let (state, tail): (ProtocolStore.SavedState?, ProtocolStore.Tail)
    do {
      (state, tail) = try store.readResuming(name)
    } catch {
      throw Launcher.Failure(protocol: name, error)
    }
    guard let state else {
      var journal = ProtocolJournal(name: name, stateLag: stateLag)
      journal.take(tail)
      return journal
    }
    var reader = StateReader(state.bytes)
    if var journal = try? ProtocolJournal(
      name: name, state: &reader, at: state.position, stateLag: stateLag)
    {
      journal.take(tail)
      if !journal.session.neededForgottenActions { return journal }
    }
    return try open(name, store: store, stateLag: stateLag)
  }

  private init(name: String, stateLag: Int) {
    self.name = name
    self.stateLag = stateLag
  }

  /// What `saveState` wrote.
  private init(
    name: String, state reader: inout StateReader, at position: ProtocolStore.Position,
    stateLag: Int
  ) throws {
    self.init(name: name, stateLag: stateLag)
    entryCount = try reader.int()
    problems = try reader.list { try Self.message(from: &$0) }
    lastChange = try reader.optional { try $0.date() }
    recent = try reader.list { try $0.string() }
    session = try ProtocolSession(state: &reader)
    guard reader.isAtEnd, entryCount >= 0 else { throw StateReader.Damaged() }
    self.position = position
    resumedAt = position
    checkpoint = Checkpoint(
      session: session, position: position, entryCount: entryCount, problems: problems,
      lastChange: lastChange, recent: recent)
    isCheckpointSaved = true
  }

  /// Saves the journal as it stood some lines back next to it, for the next `resume`, unless
  /// that is what it was resumed from.
  public mutating func saveState(store: ProtocolStore) {
    guard let checkpoint, !isCheckpointSaved, !session.neededForgottenActions else { return }
    var writer = StateWriter()
    writer.int(checkpoint.entryCount)
    writer.list(checkpoint.problems) { Self.write($1, into: &$0) }
    writer.optional(checkpoint.lastChange) { $0.date($1) }
    writer.list(checkpoint.recent) { $0.string($1) }
    checkpoint.session.encodeState(into: &writer)
    isCheckpointSaved = store.saveState(writer.bytes, upTo: checkpoint.position, of: name)
  }

  /// A problem as `saveState` writes it: its key, its arguments and its nested messages.
  private static func write(_ message: Message, into writer: inout StateWriter) {
    writer.string(message.key)
    writer.list(message.arguments.sorted { $0.key < $1.key }) {
      $0.string($1.key)
      $0.string($1.value)
    }
    writer.list(message.nested.sorted { $0.key < $1.key }) {
      $0.string($1.key)
      write($1.value, into: &$0)
    }
  }

  private static func message(from reader: inout StateReader) throws -> Message {
    let key = try reader.string()
    let arguments = try reader.list { (try $0.string(), try $0.string()) }
    let nested = try reader.list { (try $0.string(), try message(from: &$0)) }
    return Message(
      key, Dictionary(arguments) { first, _ in first },
      nested: Dictionary(nested) { first, _ in first })
  }

  /// Whether the journal holds lines not read yet: added since, or joined in by a sync.
  public func hasUnread(in store: ProtocolStore) -> Bool {
    store.journalSize(of: name) != position.offset || isReplaced(in: store)
  }

  /// Whether a sync's join put another file in the journal's place: its lines are no longer
  /// where this one read up to.
  private func isReplaced(in store: ProtocolStore) -> Bool {
    guard let identity, let current = store.journalIdentity(of: name) else { return false }
    return identity != current
  }

  /// Applies the lines others have added since the last read; a journal a sync replaced is
  /// read again from its start.
  public mutating func readOn(store: ProtocolStore) throws(Launcher.Failure) {
    let tail: ProtocolStore.Tail
    do {
      tail = try store.read(name, from: position)
    } catch {
      throw Launcher.Failure(protocol: name, error)
    }
    if let identity, let read = tail.journal, read != identity {
      self = try Self.open(name, store: store, stateLag: stateLag)
      return
    }
    take(tail)
  }

  /// With the recorder's timecode coming in, a take starts with a `tc` line of it, entered
  /// together with the take: its timecode is the recorder's, whatever the box's clock does.
  /// (Every line also carries that timecode in its journal entry; the `tc` line keeps journals
  /// readable by versions that know only it.)
  static func stamped(_ lines: [String], with timecode: Timecode?) -> [String] {
    guard lines.contains(where: ProtocolSession.startsTake), let timecode else { return lines }
    return ["tc \(timecode)"] + lines
  }

  /// Applies `lines`, entered together by `author` at `date` where the clock is `utcOffset`
  /// seconds ahead of UTC and the recorder showed `recorderTimecode`, to the protocol as its
  /// journal stands under the lock, and appends them, each stamped with that timecode; refused,
  /// they change neither, and the reason is thrown.
  public mutating func add(
    _ lines: [String], by author: String?, store: ProtocolStore, at date: Date, utcOffset: Int,
    recorderTimecode: String? = nil
  ) throws(Launcher.Failure) {
    try add(
      lines, by: author, store: store, at: date, utcOffset: utcOffset,
      recorderTimecode: recorderTimecode
    ) { _ in true }
  }

  /// `add`, appending only if `stillWanted` agrees once it has seen the lines others added
  /// since the last read; those are applied either way.
  private mutating func add(
    _ lines: [String], by author: String?, store: ProtocolStore, at date: Date, utcOffset: Int,
    recorderTimecode: String? = nil, stillWanted: (ProtocolStore.Tail) -> Bool
  ) throws(Launcher.Failure) {
    // The lines are checked against the journal as a sync's join may have rewritten it.
    if isReplaced(in: store) { self = try Self.open(name, store: store, stateLag: stateLag) }
    let entries = lines.enumerated().map {
      ProtocolStore.Entry(
        at: date, line: $0.element, by: author, joinsPrevious: $0.offset > 0,
        utcOffset: utcOffset, recorderTimecode: recorderTimecode)
    }
    var refusal: ProtocolError?
    var isWithdrawn = false
    do throws(StorageError) {
      position = try store.append(entries, to: name, after: position, in: identity) { tail in
        take(tail)
        guard !session.neededForgottenActions else { return false }
        guard stillWanted(tail) else {
          isWithdrawn = true
          return false
        }
        do throws(ProtocolError) {
          try session.apply(together: entries.map(Self.line))
          return true
        } catch {
          refusal = error
          return false
        }
      }
    } catch {
      // What was applied and what the journal holds may differ now: start again from the file
      // (from nothing when it cannot be read, so the next read reads it whole).
      self =
        (try? Self.open(name, store: store, stateLag: stateLag))
        ?? ProtocolJournal(name: name, stateLag: stateLag)
      throw Launcher.Failure(protocol: name, error)
    }
    if session.neededForgottenActions {
      // Read from its start, the journal knows every action: the lines are checked again, under
      // the lock again.
      self = try Self.open(name, store: store, stateLag: stateLag)
      try add(
        lines, by: author, store: store, at: date, utcOffset: utcOffset,
        recorderTimecode: recorderTimecode, stillWanted: stillWanted)
      return
    }
    if let refusal { throw Launcher.Failure(refusal) }
    guard !isWithdrawn else { return }
    entryCount += entries.count
    lastChange = date
    remember(lines)
  }

  /// Appends, as one action by `author`, the lines `making` makes of the protocol as it stands
  /// under the journal's lock, for lines that depend on the whole protocol (`protocol link`):
  /// if others added lines since the last read, those are applied and the lines made again.
  /// Returns the lines appended; none when `making` makes none.
  public mutating func add(
    by author: String?, store: ProtocolStore, at date: Date, utcOffset: Int,
    making: (ProtocolSession) -> [String]
  ) throws(Launcher.Failure) -> [String] {
    while true {
      let lines = making(session)
      guard !lines.isEmpty else { return [] }
      var isStale = false
      try add(lines, by: author, store: store, at: date, utcOffset: utcOffset) { tail in
        isStale = !tail.entries.isEmpty
        return !isStale
      }
      if !isStale { return lines }
    }
  }

  private mutating func take(_ tail: ProtocolStore.Tail) {
    if let journal = tail.journal { identity = journal }
    problems += tail.notices.map(\.message)
    hasUnreadableLines = hasUnreadableLines || !tail.notices.isEmpty
    var rest = tail.entries[...]
    if let split = checkpointSplit(tail) {
      replay(tail.entries[..<split])
      position = tail.ends[split - 1]
      checkpoint = Checkpoint(
        session: session.forgettingActions(), position: position, entryCount: entryCount,
        problems: problems, lastChange: lastChange, recent: recent)
      isCheckpointSaved = false
      rest = tail.entries[split...]
    }
    replay(rest)
    position = tail.end
  }

  private mutating func replay(_ entries: ArraySlice<ProtocolStore.Entry>) {
    problems += session.replay(entries.map(Self.line), firstNumber: entryCount + 1).map(\.message)
    entryCount += entries.count
    lastChange = entries.last?.at ?? lastChange
    remember(entries.map(\.line))
  }

  /// Where in `tail` the checkpoint moves to once more than twice `stateLag` lines come after
  /// it: `stateLag` lines before the end, at the first line of an action.
  private func checkpointSplit(_ tail: ProtocolStore.Tail) -> Int? {
    let since = entryCount + tail.entries.count - (checkpoint?.entryCount ?? 0)
    guard !hasUnreadableLines, since > 2 * stateLag else { return nil }
    var split = tail.entries.count - stateLag
    while split > 0, tail.entries[split].joinsPrevious { split -= 1 }
    return split > 0 ? split : nil
  }

  private mutating func remember(_ lines: [String]) {
    recent = Array(
      (recent + lines.suffix(ProtocolModel.recentCount)).suffix(
        ProtocolModel.recentCount))
  }

  private static func line(_ entry: ProtocolStore.Entry) -> ProtocolSession.Line {
    ProtocolSession.Line(
      entry.line, at: entry.at, utcOffset: entry.utcOffset, by: entry.by,
      joinsPrevious: entry.joinsPrevious, recorderTimecode: entry.recorderTimecode)
  }
}

extension ProtocolStore.Notice {
  var message: Message {
    switch self {
    case .unreadableLine(let line):
      Message("protocol.problem.unreadableLine", ["file": Self.file, "line": String(line)])
    case .moreUnreadableLines(let count):
      Message("protocol.problem.moreUnreadableLines", ["file": Self.file, "count": String(count)])
    }
  }
}

extension ProtocolSession.RefusedLine {
  /// `line N: why`, the why in the producer's language where the refusal has a key.
  var message: Message {
    let why = refusal.key.map { ["why": Message($0, refusal.arguments)] } ?? [:]
    return Message(
      "protocol.problem.refusedLine", ["number": String(number), "why": refusal.description],
      nested: why)
  }
}
