/// Reads a recorder's MIDI Time Code: the running timecode, spread over eight quarter-frame
/// messages, four a frame. The eight pieces, sent forwards, name the frame that began with the
/// first of them; the fifth piece begins the frame after, and the next first piece the one after
/// that. Pieces out of order (the tape running backwards, a message lost) are dropped until the
/// next first piece.
public struct MIDITimecodeDecoder: Sendable {
  /// The rates MIDI Time Code can name.
  public enum Rate: Int, Sendable {
    case fps24 = 0
    case fps25 = 1
    case fps2997DropFrame = 2
    case fps30 = 3
  }

  /// A frame read: its labels, its rate and when it began and ended, in the seconds the messages
  /// were stamped with.
  public struct Frame: Equatable, Sendable {
    public var hours: Int
    public var minutes: Int
    public var seconds: Int
    public var frames: Int
    public var rate: Rate
    public var start: Double
    public var end: Double
  }

  private var values = [Int](repeating: 0, count: 8)
  private var times = [Double](repeating: 0, count: 8)
  private var expected = 0
  /// The frame after the last one named, its end not known until the next eight pieces begin.
  private var pending: Frame?

  public init() {}

  /// Takes quarter frame `piece` with its four bits `value`, stamped `time`; returns the frames
  /// whose ends it made known, in order.
  public mutating func add(piece: Int, value: Int, at time: Double) -> [Frame] {
    guard piece == expected || piece == 0 else {
      expected = 0
      pending = nil
      return []
    }
    values[piece] = value
    times[piece] = time
    expected = piece + 1
    guard piece == 7 else { return [] }
    expected = 0
    guard let rate = Rate(rawValue: values[7] >> 1 & 3) else { return [] }
    let named = Frame(
      hours: values[6] | (values[7] & 1) << 4, minutes: values[4] | values[5] << 4,
      seconds: values[2] | values[3] << 4, frames: values[0] | values[1] << 4, rate: rate,
      start: times[0], end: times[4])
    var read: [Frame] = []
    // The frame after the last named one ended where this one began, when they follow on.
    if var before = pending, times[0] > before.start,
      times[0] - before.start < 2 * (named.end - named.start)
    {
      before.end = times[0]
      read.append(before)
    }
    read.append(named)
    pending = Self.frame(after: named, startingAt: times[4])
    return read
  }

  /// The frame after `frame`, counted at its rate, drop-frame labels skipped.
  static func frame(after frame: Frame, startingAt start: Double) -> Frame {
    let perSecond = [Rate.fps24: 24, .fps25: 25, .fps2997DropFrame: 30, .fps30: 30][frame.rate]!
    var next = frame
    next.start = start
    next.end = start
    next.frames += 1
    if next.frames == perSecond {
      next.frames = 0
      next.seconds += 1
      if next.seconds == 60 {
        next.seconds = 0
        next.minutes += 1
        if next.minutes == 60 {
          next.minutes = 0
          next.hours = (next.hours + 1) % 24
        }
        // Drop-frame counting skips labels 0 and 1 at each minute but every tenth.
        if frame.rate == .fps2997DropFrame, next.minutes % 10 != 0 { next.frames = 2 }
      }
    }
    return next
  }
}
