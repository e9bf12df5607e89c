/// A recorder's timecode `HH:MM:SS:FF` (`HH:MM:SS;FF` in drop-frame), kept as the frames since
/// 00:00:00:00 at its frame rate. It wraps around at 24 hours as recorders do.
public struct Timecode: Equatable, Sendable, CustomStringConvertible {
  /// Frames that ran since 00:00:00:00: in drop-frame, fewer than the label counts.
  public let frameCount: Int
  public let rate: FrameRate

  public init(frameCount: Int, rate: FrameRate) {
    let day = rate.framesPerDay
    self.frameCount = (frameCount % day + day) % day
    self.rate = rate
  }

  /// The frame number is clamped to the rate's last frame, and a drop-frame label that is
  /// skipped becomes the first that is not (`00:01:00;02`), so that a time read at one rate can
  /// be read again at another.
  public init(hours: Int, minutes: Int, seconds: Int, frames: Int, rate: FrameRate) {
    let perSecond = rate.framesPerTimecodeSecond
    let wholeMinutes = hours * 60 + minutes
    var frames = min(frames, perSecond - 1)
    if rate.isDropFrame, seconds == 0, wholeMinutes % 10 != 0 { frames = max(frames, 2) }
    let label = (wholeMinutes * 60 + seconds) * perSecond + frames
    let skipped = rate.isDropFrame ? 2 * (wholeMinutes - wholeMinutes / 10) : 0
    self.init(frameCount: label - skipped, rate: rate)
  }

  /// Reads `HH:MM:SS:FF` as a recorder shows it, and at a drop-frame rate `HH:MM:SS;FF` too;
  /// nil when a field is out of range for `rate`, or names a label drop-frame skips.
  public init?(_ text: some StringProtocol, rate: FrameRate) {
    let separator: Character = rate.isDropFrame && text.contains(";") ? ";" : ":"
    guard let last = text.lastIndex(of: separator) else { return nil }
    var fields = text[..<last].split(separator: ":", omittingEmptySubsequences: false)
    fields.append(text[text.index(after: last)...])
    guard fields.count == 4,
      fields.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) })
    else { return nil }
    let numbers = fields.map { Int($0)! }
    guard numbers[0] < 24, numbers[1] < 60, numbers[2] < 60,
      numbers[3] < rate.framesPerTimecodeSecond,
      !rate.isDropFrame || numbers[2] > 0 || numbers[3] > 1 || numbers[1] % 10 == 0
    else { return nil }
    self.init(
      hours: numbers[0], minutes: numbers[1], seconds: numbers[2], frames: numbers[3], rate: rate)
  }

  /// The label's place in a count of every label from 00:00:00:00: in drop-frame, the frame
  /// count with the labels skipped so far added back.
  private var labelCount: Int {
    guard rate.isDropFrame else { return frameCount }
    let (tens, rest) = frameCount.quotientAndRemainder(dividingBy: FrameRate.dropFrameTenMinutes)
    let minutesSkipping = rest < 2 ? 0 : (rest - 2) / FrameRate.dropFrameMinute
    return frameCount + 18 * tens + 2 * minutesSkipping
  }

  public var hours: Int { labelCount / (3600 * rate.framesPerTimecodeSecond) }
  public var minutes: Int { labelCount / (60 * rate.framesPerTimecodeSecond) % 60 }
  public var seconds: Int { labelCount / rate.framesPerTimecodeSecond % 60 }
  public var frames: Int { labelCount % rate.framesPerTimecodeSecond }

  /// The timecode `interval` seconds of real time later (earlier when negative), at the frame
  /// under way at that instant. The interval is taken to the millisecond, as journal lines are
  /// stamped, and counted in whole numbers, so a time on a frame's first millisecond (1.001 s
  /// at 29.97) is on that frame, never on the one before for a floating-point error.
  public func adding(seconds interval: Double) -> Timecode {
    converted(to: rate, adding: interval)
  }

  /// The same instant, `interval` seconds of real time later, counted at `rate`: the frame of
  /// `rate` under way then, so never a frame late and less than one early. Instants are counted
  /// from 00:00:00:00 at either rate; 23.976 and 29.97 non-drop run 1000/1001 slow, so their
  /// labels fall behind (10:00:00:00 at 25 is 09:59:24:01 at 29.97) and drop-frame's keep up.
  /// All in whole numbers, the interval to the millisecond, so nothing is lost in rounding.
  public func converted(to rate: FrameRate, adding interval: Double = 0) -> Timecode {
    // A journal's clock can be off by centuries (a damaged line); beyond a century the label
    // means nothing anyway, and the whole numbers below must not overflow.
    let bounded =
      interval.isFinite ? max(-Self.longestInterval, min(Self.longestInterval, interval)) : 0
    let milliseconds = Int((bounded * 1000).rounded())
    let (frames, seconds) = self.rate.speed
    let (newFrames, newSeconds) = rate.speed
    // The instant in thousandths of a second counted in `frames`ths: exact for every rate.
    let instant = frameCount * seconds * 1000 + milliseconds * frames
    // Whole multiples of the divisor are taken out first, so that the product stays small.
    let divisor = frames * 1000 * newSeconds
    let (whole, part) = instant.quotientAndRemainder(dividingBy: divisor)
    return Timecode(
      frameCount: whole * newFrames + Self.floorDivision(part * newFrames, divisor), rate: rate)
  }

  /// The real time from this timecode to `later` (negative when earlier), in seconds, each at
  /// its own rate.
  public func seconds(to later: Timecode) -> Double {
    func instant(_ timecode: Timecode) -> Double {
      let (frames, seconds) = timecode.rate.speed
      return Double(timecode.frameCount * seconds) / Double(frames)
    }
    return instant(later) - instant(self)
  }

  /// A hundred years, in seconds.
  static let longestInterval = 100 * 365.25 * 86_400

  /// `dividend / divisor` rounded down, also when negative.
  static func floorDivision(_ dividend: Int, _ divisor: Int) -> Int {
    let (quotient, remainder) = dividend.quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? quotient - 1 : quotient
  }

  public var description: String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return [hours, minutes, seconds].map(two).joined(separator: ":")
      + (rate.isDropFrame ? ";" : ":") + two(frames)
  }
}
