/// A recorder timecode `HH:MM:SS:FF`, kept as a frame count since midnight at its frame rate.
/// It wraps around at 24 hours as recorders do.
public struct Timecode: Equatable, Sendable, CustomStringConvertible {
  public let frameCount: Int
  public let rate: FrameRate

  public init(frameCount: Int, rate: FrameRate) {
    let day = 24 * 60 * 60 * rate.framesPerTimecodeSecond
    self.frameCount = (frameCount % day + day) % day
    self.rate = rate
  }

  /// The frame number is clamped to the rate's last frame, so a time read at one rate can be
  /// read again at another.
  public init(hours: Int, minutes: Int, seconds: Int, frames: Int, rate: FrameRate) {
    let perSecond = rate.framesPerTimecodeSecond
    let frames = min(frames, perSecond - 1)
    self.init(frameCount: ((hours * 60 + minutes) * 60 + seconds) * perSecond + frames, rate: rate)
  }

  /// Reads `HH:MM:SS:FF` as a recorder shows it; nil when a field is out of range for `rate`.
  public init?(_ text: some StringProtocol, rate: FrameRate) {
    let fields = text.split(separator: ":", omittingEmptySubsequences: false)
    guard fields.count == 4,
      fields.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) })
    else { return nil }
    let numbers = fields.map { Int($0)! }
    guard numbers[0] < 24, numbers[1] < 60, numbers[2] < 60,
      numbers[3] < rate.framesPerTimecodeSecond
    else { return nil }
    self.init(
      hours: numbers[0], minutes: numbers[1], seconds: numbers[2], frames: numbers[3], rate: rate)
  }

  public var hours: Int { frameCount / (3600 * rate.framesPerTimecodeSecond) }
  public var minutes: Int { frameCount / (60 * rate.framesPerTimecodeSecond) % 60 }
  public var seconds: Int { frameCount / rate.framesPerTimecodeSecond % 60 }
  public var frames: Int { frameCount % rate.framesPerTimecodeSecond }

  /// The timecode `interval` seconds of real time later (earlier when negative), at the frame
  /// under way at that instant. The interval is taken to the millisecond, as journal lines are
  /// stamped, and counted in whole numbers, so a time on a frame's first millisecond (1.001 s
  /// at 29.97) is on that frame, never on the one before for a floating-point error.
  public func adding(seconds interval: Double) -> Timecode {
    let milliseconds = Int((interval * 1000).rounded())
    let (frames, seconds) = rate.speed
    return Timecode(
      frameCount: frameCount + Self.floorDivision(milliseconds * frames, 1000 * seconds),
      rate: rate)
  }

  /// `dividend / divisor` rounded down, also when negative.
  static func floorDivision(_ dividend: Int, _ divisor: Int) -> Int {
    let (quotient, remainder) = dividend.quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? quotient - 1 : quotient
  }

  public var description: String {
    [hours, minutes, seconds, frames].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
  }
}
