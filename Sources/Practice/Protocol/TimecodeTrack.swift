/// A recorder's timecode as read off audio frame by frame (LTC): the rate it counts at, where it
/// jumps (a second dropped, the recorder stopped and started again) and how fast it runs against
/// the samples it was read from.
public struct TimecodeTrack: Equatable, Sendable {
  /// One frame as read: its labels, the drop-frame flag, its first sample and its last (a
  /// decoder places the end to the sample, the start only near it).
  public struct Frame: Equatable, Sendable {
    public var hours: Int
    public var minutes: Int
    public var seconds: Int
    public var frames: Int
    public var isDropFrame: Bool
    public var sample: Int64
    public var end: Int64

    public init(
      hours: Int, minutes: Int, seconds: Int, frames: Int, isDropFrame: Bool, sample: Int64,
      end: Int64
    ) {
      self.hours = hours
      self.minutes = minutes
      self.seconds = seconds
      self.frames = frames
      self.isDropFrame = isDropFrame
      self.sample = sample
      self.end = end
    }
  }

  /// A timecode read, and the samples its frame starts and ends at.
  public struct Point: Equatable, Sendable {
    public var timecode: Timecode
    public var sample: Int64
    public var end: Int64
  }

  /// Where the count does not go on by one frame: the last frame before and the first after.
  public struct Jump: Equatable, Sendable {
    public var from: Point
    public var to: Point
  }

  public let rate: FrameRate
  public let frames: [Point]
  public let jumps: [Jump]
  /// How much faster the timecode runs than the samples, in parts per million, over the
  /// longest stretch without a jump; nil when that is shorter than a second.
  public let driftPPM: Double?

  /// The rate the frames' labels, drop-frame flag and spacing agree with; nil without two
  /// frames to tell it from.
  public init?(frames read: [Frame], sampleRate: Int) {
    guard read.count >= 2 else { return nil }
    let spacings = zip(read, read.dropFirst()).map { Double($1.end - $0.end) }.sorted()
    let measured = Double(sampleRate) / spacings[spacings.count / 2]
    let highestLabel = read.map(\.frames).max()!
    let isDropFrame = read.filter(\.isDropFrame).count * 2 > read.count
    let candidates = FrameRate.allCases.filter {
      $0.isDropFrame == isDropFrame && $0.framesPerTimecodeSecond > highestLabel
    }
    guard
      let rate = candidates.min(by: {
        abs($0.framesPerSecond - measured) < abs($1.framesPerSecond - measured)
      })
    else { return nil }
    self.rate = rate
    frames = read.map {
      Point(
        timecode: Timecode(
          hours: $0.hours, minutes: $0.minutes, seconds: $0.seconds, frames: $0.frames,
          rate: rate),
        sample: $0.sample, end: $0.end)
    }
    var jumps: [Jump] = []
    var stretchStart = 0
    var longest = 0..<1
    for index in frames.indices.dropFirst() {
      let next = (frames[index - 1].timecode.frameCount + 1) % rate.framesPerDay
      guard frames[index].timecode.frameCount != next else { continue }
      jumps.append(Jump(from: frames[index - 1], to: frames[index]))
      if index - stretchStart > longest.count { longest = stretchStart..<index }
      stretchStart = index
    }
    if frames.count - stretchStart > longest.count { longest = stretchStart..<frames.count }
    self.jumps = jumps
    let first = frames[longest.lowerBound]
    let last = frames[longest.upperBound - 1]
    let sampleSeconds = Double(last.end - first.end) / Double(sampleRate)
    let timecodeSeconds = Double(longest.count - 1) / rate.framesPerSecond
    driftPPM = sampleSeconds < 1 ? nil : (timecodeSeconds / sampleSeconds - 1) * 1e6
  }
}
