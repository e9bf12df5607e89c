import FoundationEssentials

/// One take of a movement as the producer logged it.
public struct Take: Equatable, Sendable {
  public let number: Int
  /// The number as shown, with the movement's letter under the movement scheme: `3` or `A3`.
  public let label: String
  public let movement: MovementID
  /// The number of the recording day it was taken on (see `RecordingDay`), nil before the
  /// session's first `day` line (see `ProtocolSession.dayNumber(of:)`).
  public let day: Int?
  /// How many times take numbers had started again with a day when it was taken.
  let numberingRun: Int
  /// Positions in the movement's bar map.
  public let startBar: Int
  public internal(set) var endBar: Int?
  /// When the `take` line was entered.
  public let startedAt: Date
  /// The local clock's offset from UTC in seconds where the `take` line was entered; nil in
  /// journals from before lines recorded it.
  public let utcOffset: Int?
  /// When the next take was started, or nil while this is the last one.
  public internal(set) var endedAt: Date?
  /// When its latest `end` line was entered; nil without one.
  public internal(set) var endLineAt: Date?
  /// When the latest line about it (its `take` line, a mark, a note, …) was entered.
  public internal(set) var lastLineAt: Date
  /// The recorder's timecode at the start, once the session has a timecode offset.
  public let timecode: Timecode?
  /// The recorder's timecode when its latest `end` line was entered, where that line carried
  /// one; nil without.
  public internal(set) var endTimecode: Timecode?
  public internal(set) var isFalseStart = false
  /// Declared no good with `ng`: played through, but not to be used.
  public internal(set) var isNoGood = false
  /// Circled with `keep`: the producer's favourite.
  public internal(set) var isKept = false
  /// In the order entered.
  public internal(set) var marks: [Mark] = []
  /// Bars at whose start a cut into or out of this take sounds good, in bar order.
  public internal(set) var editPoints: [Int] = []
  public internal(set) var notes: [String] = []
  /// The recorder's file or clip the take is in (`file NAME`), such as `T003.WAV`.
  public internal(set) var file: String?

  init(
    number: Int, label: String, movement: MovementID, startBar: Int, startedAt: Date,
    utcOffset: Int?, timecode: Timecode?, day: Int? = nil, numberingRun: Int = 0
  ) {
    self.number = number
    self.label = label
    self.movement = movement
    self.day = day
    self.numberingRun = numberingRun
    self.startBar = startBar
    self.startedAt = startedAt
    lastLineAt = startedAt
    self.utcOffset = utcOffset
    self.timecode = timecode
  }

  /// The label, with the day's number before it once take numbers have started again with a
  /// day (`2/3`), so that no two takes share a name where labels were unique: for the plan
  /// and the exports.
  public var name: String {
    guard numberingRun > 0, let day else { return label }
    return "\(day)/\(label)"
  }

  /// When the take ended on the clock: when its `end` line was entered, unless the next take
  /// had started before (an end bar given afterwards), then when that one started; for the
  /// last take without an `end` line, when its last line was entered.
  public var clockEnd: Date {
    switch (endLineAt, endedAt) {
    case (let end?, let next?): min(end, next)
    case (let end?, nil): end
    case (nil, let next?): next
    case (nil, nil): lastLineAt
    }
  }

  /// How long the recorder ran from its start to its `end` line, in seconds, when both have
  /// the recorder's timecode and it ran forward; nil otherwise, and the take's length is
  /// estimated from its bars.
  public var recordedLength: Double? {
    guard let timecode, let endTimecode else { return nil }
    let length = timecode.seconds(to: endTimecode)
    return length > 0 ? length : nil
  }

  /// From its `take` line to `clockEnd`, in seconds.
  public var duration: TimeInterval { clockEnd.timeIntervalSince(startedAt) }

  /// Whether the editing plan may use the take.
  public var isMaterial: Bool { !isFalseStart && !isNoGood }

  /// The bars the take plays: from its start to its end bar or, while that is missing, to the
  /// last bar an entry mentions.
  public var bars: ClosedRange<Int> {
    startBar...(endBar ?? max(startBar, lastBarMentioned ?? startBar))
  }

  /// The last bar a mark or edit point of the take mentions.
  var lastBarMentioned: Int? {
    (marks.map(\.bars.upperBound) + editPoints).max()
  }
}
