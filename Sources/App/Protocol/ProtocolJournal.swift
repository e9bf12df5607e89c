import FoundationEssentials
import Practice
import Storage

/// A protocol as this process has read its journal: the session its lines make and where the
/// reading stopped. Reading on from there, and appending under the journal's lock after the
/// lines others added meanwhile, keep it current without replaying the journal again.
public struct ProtocolJournal: Sendable {
  public let name: String
  public private(set) var session = ProtocolSession()
  public private(set) var position = ProtocolStore.Position()
  /// The lines read or added that were refused on replay, and the ones that could not be read.
  public private(set) var problems: [Message] = []
  /// When the journal's last line was entered; nil while it has none.
  public private(set) var lastChange: Date?
  /// The last lines of the journal, newest last.
  public private(set) var recent: [String] = []
  /// Entries read or added so far, for the numbers of problems (`line N: why`).
  private var entryCount = 0

  /// The protocol `name` as its journal stands.
  public static func open(_ name: String, store: ProtocolStore) throws(Launcher.Failure)
    -> ProtocolJournal
  {
    var journal = ProtocolJournal(name: name)
    try journal.readOn(store: store)
    return journal
  }

  private init(name: String) {
    self.name = name
  }

  /// Applies the lines others have added since the last read.
  public mutating func readOn(store: ProtocolStore) throws(Launcher.Failure) {
    do {
      take(try store.read(name, from: position))
    } catch {
      throw Launcher.Failure(protocol: name, error)
    }
  }

  /// Applies `lines`, entered together by `author` at `date` where the clock is `utcOffset`
  /// seconds ahead of UTC, to the protocol as its journal stands under the lock, and appends
  /// them; refused, they change neither, and the reason is thrown.
  public mutating func add(
    _ lines: [String], by author: String?, store: ProtocolStore, at date: Date, utcOffset: Int
  ) throws(Launcher.Failure) {
    try add(lines, by: author, store: store, at: date, utcOffset: utcOffset) { _ in true }
  }

  /// `add`, appending only if `stillWanted` agrees once it has seen the lines others added
  /// since the last read; those are applied either way.
  private mutating func add(
    _ lines: [String], by author: String?, store: ProtocolStore, at date: Date, utcOffset: Int,
    stillWanted: (ProtocolStore.Tail) -> Bool
  ) throws(Launcher.Failure) {
    let entries = lines.enumerated().map {
      ProtocolStore.Entry(
        at: date, line: $0.element, by: author, joinsPrevious: $0.offset > 0,
        utcOffset: utcOffset)
    }
    var refusal: ProtocolError?
    var isWithdrawn = false
    do throws(StorageError) {
      position = try store.append(entries, to: name, after: position) { tail in
        take(tail)
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
      // What was applied and what the journal holds may differ now: start again from the file.
      self = ProtocolJournal(name: name)
      throw Launcher.Failure(protocol: name, error)
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
    problems += tail.notices.map(\.message)
    problems += session.replay(tail.entries.map(Self.line), firstNumber: entryCount + 1)
      .map(\.message)
    entryCount += tail.entries.count
    position = tail.end
    lastChange = tail.entries.last?.at ?? lastChange
    remember(tail.entries.map(\.line))
  }

  private mutating func remember(_ lines: [String]) {
    recent = Array(
      (recent + lines.suffix(ProtocolModel.recentCount)).suffix(
        ProtocolModel.recentCount))
  }

  private static func line(_ entry: ProtocolStore.Entry) -> ProtocolSession.Line {
    ProtocolSession.Line(
      entry.line, at: entry.at, utcOffset: entry.utcOffset, by: entry.by,
      joinsPrevious: entry.joinsPrevious)
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
