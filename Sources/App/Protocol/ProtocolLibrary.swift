import FoundationEssentials
import Practice
import Storage

/// One protocol on the shelf: its name, where it stands and when anyone last wrote to it.
public struct ProtocolSummary: Equatable, Sendable {
  public var name: String
  /// Where the protocol stands (see `ProtocolSession.status`); nil when its journal could not
  /// be read.
  public var status: ProtocolStatus?
  /// The time of the journal's last line, or when the protocol was made if it has none.
  public var lastChange: Date?
  /// The local clock's distance from UTC at `lastChange`, in seconds, to show it as the
  /// producer's clock read.
  public var utcOffset: Int
  public var isArchived: Bool

  public init(
    name: String, status: ProtocolStatus? = .toRecord, lastChange: Date? = nil,
    utcOffset: Int = 0, isArchived: Bool = false
  ) {
    self.name = name
    self.status = status
    self.lastChange = lastChange
    self.utcOffset = utcOffset
    self.isArchived = isArchived
  }

  /// `2026-11-27 14:03` on the local clock; `-` when nothing is known.
  public var lastChangeText: String {
    guard let lastChange else { return "-" }
    let seconds = Int((lastChange.timeIntervalSince1970 + Double(utcOffset)).rounded(.down))
    let (year, month, day) = LocalDay(lastChange, utcOffset: utcOffset).date
    let minute = (seconds % 86_400 + 86_400) % 86_400 / 60
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(two(month))-\(two(day)) \(two(minute / 60)):\(two(minute % 60))"
  }
}

/// The protocols in the data folder as a list to choose from and to sort: every protocol's
/// journal is replayed for its status, which costs a few milliseconds for a day's session.
public enum ProtocolLibrary {
  /// The protocols, alphabetically, then the archived ones when `includingArchived`.
  /// `utcOffset` gives the local clock's distance from UTC at a moment.
  public static func summaries(
    store: ProtocolStore, includingArchived: Bool, utcOffset: (Date) -> Int
  ) -> [ProtocolSummary] {
    let shelves = includingArchived ? [(store, false), (store.archived, true)] : [(store, false)]
    return shelves.flatMap { shelf, isArchived in
      shelf.names().map { name in
        let journal = try? ProtocolJournal.open(name, store: shelf)
        let lastChange = journal?.lastChange ?? shelf.created(name)
        return ProtocolSummary(
          name: name, status: journal?.session.status, lastChange: lastChange,
          utcOffset: lastChange.map(utcOffset) ?? 0, isArchived: isArchived)
      }
    }
  }

  /// The list as `woodshed protocol list` prints it: a line per protocol, its name, status and
  /// last change in columns; or a JSON array of objects with those and `archived`.
  public static func text(_ summaries: [ProtocolSummary], json: Bool) -> String {
    guard json else {
      func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
      }
      let width = summaries.map(\.name.count).max() ?? 0
      return summaries.map { summary in
        let name = padded(summary.name, to: width)
        let status = padded(summary.status?.rawValue ?? "unreadable", to: 10)
        return "\(name)  \(status)  \(summary.lastChangeText)"
          + (summary.isArchived ? "  archived" : "") + "\n"
      }.joined()
    }
    let objects = summaries.map { summary -> JSONValue in
      .object([
        "name": .string(summary.name),
        "status": summary.status.map { .string($0.rawValue) } ?? .null,
        "lastChange": summary.lastChange.map { .string(UTCTimestamp($0).extended) } ?? .null,
        "archived": .bool(summary.isArchived),
      ])
    }
    // Made of strings, flags and nulls, so it always serializes.
    let data = try! JSONValue.array(objects).serialized()
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
