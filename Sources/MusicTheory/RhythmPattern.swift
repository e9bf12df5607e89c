/// A rhythm of one to four whole beats (at most a bar of 4/4), filled exactly with notes and
/// rests: the unit a rhythm line is built from. Durations are exact fractions of the beat, so
/// a pattern always fills its beats and its notes sit exactly where they are written.
///
/// It is written as a copyist would: an event either stays inside one beat, or starts on a
/// beat and lasts whole beats (a half, dotted half or whole note or rest). A note that sounds
/// across a beat is written as notes tied over it: a tied note is held on into the next one,
/// which is then not played again.
public struct RhythmPattern: Hashable, Sendable, Identifiable {
  /// A note or a rest and how long it lasts, in beats.
  public struct Event: Hashable, Sendable {
    public let duration: BeatFraction
    public let isRest: Bool
    /// Tied to the next event, a note that is held on rather than played again.
    public let isTied: Bool

    public init(_ duration: BeatFraction, isRest: Bool = false, isTied: Bool = false) {
      self.duration = duration
      self.isRest = isRest
      self.isTied = isTied
    }

    public static func note(_ duration: BeatFraction, tied: Bool = false) -> Event {
      Event(duration, isTied: tied)
    }
    public static func rest(_ duration: BeatFraction) -> Event { Event(duration, isRest: true) }
  }

  /// Where a note starts, in beats from the start of its pattern (or of whatever the onsets are
  /// counted from), and its written length: the time until the next event, note or rest, with
  /// the notes tied to it held on.
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
    /// More than `mostEvents` start in this beat, counted from 1.
    case tooManyEvents(beat: Int)
    case notPositive(event: Int)
    case longerThanBar(event: Int)
    /// Starts inside a beat and runs into the next, or is longer than a beat without starting
    /// on one and lasting whole beats.
    case crossesBeat(event: Int)
    case tooFine(event: Int)
    /// The durations add up to this rather than whole beats, from 1 to `mostBeats`.
    case wrongTotal(BeatFraction)
    /// Only rests, but more than one: silence is one rest.
    case splitRest
    /// A rest is tied, or a note is tied to a rest or to nothing.
    case badTie(event: Int)

    public var description: String {
      switch self {
      case .badID: "use lower-case letters, digits and hyphens"
      case .emptyName: "must not be empty"
      case .noEvents: "must hold at least one note or a rest"
      case .tooManyEvents(let beat):
        "has more than \(RhythmPattern.mostEvents) notes and rests in beat \(beat); a beat holds at most \(RhythmPattern.mostEvents)"
      case .notPositive: "must be longer than 0"
      case .longerThanBar: "is longer than a bar of \(RhythmPattern.mostBeats) beats"
      case .crossesBeat:
        "runs across a beat; start it on a beat and make it whole beats, or tie two notes over the beat"
      case .tooFine: "divides the beat into more than \(RhythmPattern.finestDivision) parts"
      case .wrongTotal(let total):
        "add up to \(total) beats; a pattern fills whole beats, 1 to \(RhythmPattern.mostBeats)"
      case .splitRest: #"silence is written as one rest, such as "rest 1" or "rest 2""#
      case .badTie: "is tied, but a tie joins a note to the note right after it"
      }
    }
  }

  /// More events than this in one beat could not be played, nor drawn in a beat's cell.
  public static let mostEvents = 8
  /// The finest division of the beat an event may be written in: a duration's denominator is at
  /// most 64 (a 256th note). With at most `mostEvents` in a beat and no event longer than a bar,
  /// this also keeps sums of fractions far from overflowing: the checks run in that order,
  /// event by event, before anything is added.
  public static let finestDivision = 64
  /// A bar of 4/4, the trainer's meter: a whole note is the longest value.
  public static let mostBeats = 4

  /// Lower-case letters, digits and hyphens, such as "dotted-eighth-sixteenth".
  public let id: String
  public let name: String
  public let events: [Event]
  /// How many beats the pattern fills.
  public let beats: Int

  /// Checks the pattern: a well-formed id, a name, events that fill 1 to `mostBeats` whole
  /// beats exactly, each inside a beat or whole beats from a beat, with a denominator of at most
  /// `finestDivision`, at most `mostEvents` starting in any one beat, ties only from a note to
  /// the note after it, and at least one note unless the pattern is a single rest.
  public init(id: String, name: String, events: [Event]) throws(Problem) {
    guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") })
    else { throw .badID }
    guard !name.isEmpty else { throw .emptyName }
    guard !events.isEmpty else { throw .noEvents }
    var onset = BeatFraction.zero
    var countInBeat: [Int: Int] = [:]
    for (index, event) in events.enumerated() {
      guard event.duration > .zero else { throw .notPositive(event: index) }
      guard event.duration <= BeatFraction(Self.mostBeats) else {
        throw .longerThanBar(event: index)
      }
      guard event.duration.denominator <= Self.finestDivision else {
        throw .tooFine(event: index)
      }
      let beat = onset.wholeBeats
      countInBeat[beat, default: 0] += 1
      guard countInBeat[beat, default: 0] <= Self.mostEvents else {
        throw .tooManyEvents(beat: beat + 1)
      }
      let end = onset + event.duration
      let staysInBeat = end <= BeatFraction(beat + 1)
      let isWholeBeats = onset.denominator == 1 && event.duration.denominator == 1
      guard staysInBeat || isWholeBeats else { throw .crossesBeat(event: index) }
      let next = events.indices.contains(index + 1) ? events[index + 1] : nil
      if event.isTied, event.isRest || next == nil || next?.isRest == true {
        throw .badTie(event: index)
      }
      onset = end
    }
    guard onset.denominator == 1, (1...Self.mostBeats).contains(onset.numerator) else {
      throw .wrongTotal(onset)
    }
    guard events.count == 1 || events.contains(where: { !$0.isRest }) else { throw .splitRest }
    self.id = id
    self.name = name
    self.events = events
    beats = onset.numerator
  }

  /// The notes in order, with onsets from the start of the pattern; rests take time but are
  /// not notes, and a note tied into is no new note but lengthens the one held on.
  public var notes: [Note] {
    var onset = BeatFraction.zero
    var notes: [Note] = []
    var isHeldOn = false
    for event in events {
      if isHeldOn, let held = notes.popLast() {
        notes.append(Note(onset: held.onset, length: held.length + event.duration))
      } else if !event.isRest {
        notes.append(Note(onset: onset, length: event.duration))
      }
      isHeldOn = event.isTied
      onset += event.duration
    }
    return notes
  }
}

extension BeatFraction {
  /// The beat a position from 0 falls in: the whole beats before it.
  fileprivate var wholeBeats: Int { numerator / denominator }
}
