/// One beat (a quarter note) of rhythm, filled exactly with notes and rests: the unit a rhythm
/// line is built from, one pattern per beat. Durations are exact fractions of the beat, so a
/// pattern always fills the beat and its notes sit exactly where they are written.
public struct RhythmPattern: Hashable, Sendable, Identifiable {
  /// A note or a rest and how long it lasts, in beats.
  public struct Event: Hashable, Sendable {
    public let duration: BeatFraction
    public let isRest: Bool

    public init(_ duration: BeatFraction, isRest: Bool = false) {
      self.duration = duration
      self.isRest = isRest
    }

    public static func note(_ duration: BeatFraction) -> Event { Event(duration) }
    public static func rest(_ duration: BeatFraction) -> Event { Event(duration, isRest: true) }
  }

  /// Where a note starts, in beats from the start of its beat (or of whatever the onsets are
  /// counted from), and its written length: the time until the next event, note or rest.
  public struct Note: Hashable, Sendable {
    public let onset: BeatFraction
    public let length: BeatFraction

    public init(onset: BeatFraction, length: BeatFraction) {
      self.onset = onset
      self.length = length
    }
  }

  /// Why a pattern cannot be made, as the end of a one-line message.
  public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
    case badID
    case emptyName
    case noEvents
    case tooManyEvents(Int)
    case notPositive(event: Int)
    case longerThanBeat(event: Int)
    case tooFine(event: Int)
    /// The durations add up to this rather than one beat.
    case wrongTotal(BeatFraction)
    /// Only rests, but more than one: a silent beat is one whole rest.
    case splitRest

    public var description: String {
      switch self {
      case .badID: "use lower-case letters, digits and hyphens"
      case .emptyName: "must not be empty"
      case .noEvents: "must hold at least one note or a rest"
      case .tooManyEvents(let count):
        "has \(count) notes and rests; a beat holds at most \(RhythmPattern.mostEvents)"
      case .notPositive: "must be longer than 0"
      case .longerThanBeat: "is longer than one beat"
      case .tooFine: "divides the beat into more than \(RhythmPattern.finestDivision) parts"
      case .wrongTotal(let total): "add up to \(total) beats; a pattern fills exactly 1 beat"
      case .splitRest: "a silent beat is written as one \"rest 1\""
      }
    }
  }

  /// More events than this in one beat could not be played, nor drawn in a beat's cell.
  public static let mostEvents = 8
  /// The finest division of the beat an event may be written in: a duration's denominator is at
  /// most 64 (a 256th note). This also keeps sums of fractions far from overflowing.
  public static let finestDivision = 64

  /// Lower-case letters, digits and hyphens, such as "dotted-eighth-sixteenth".
  public let id: String
  public let name: String
  public let events: [Event]

  /// Checks the pattern: a well-formed id, a name, one to `mostEvents` events that fill the
  /// beat exactly, each at most one beat with a denominator of at most `finestDivision`, and at
  /// least one note unless the beat is a single whole rest.
  public init(id: String, name: String, events: [Event]) throws(Problem) {
    guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") })
    else { throw .badID }
    guard !name.isEmpty else { throw .emptyName }
    guard !events.isEmpty else { throw .noEvents }
    guard events.count <= Self.mostEvents else { throw .tooManyEvents(events.count) }
    var total = BeatFraction.zero
    for (index, event) in events.enumerated() {
      guard event.duration > .zero else { throw .notPositive(event: index) }
      guard event.duration <= .one else { throw .longerThanBeat(event: index) }
      guard event.duration.denominator <= Self.finestDivision else {
        throw .tooFine(event: index)
      }
      total += event.duration
    }
    guard total == .one else { throw .wrongTotal(total) }
    guard events.count == 1 || events.contains(where: { !$0.isRest }) else { throw .splitRest }
    self.id = id
    self.name = name
    self.events = events
  }

  /// The notes in order, with onsets from the start of the beat; rests take time but are not
  /// notes.
  public var notes: [Note] {
    var onset = BeatFraction.zero
    var notes: [Note] = []
    for event in events {
      if !event.isRest { notes.append(Note(onset: onset, length: event.duration)) }
      onset += event.duration
    }
    return notes
  }
}
