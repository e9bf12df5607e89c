/// What a Broadcast WAV file's `bext` chunk (EBU Tech 3285) and its format and data chunks say
/// about when and how long the recorder recorded, read from the chunk headers alone.
public struct BroadcastWAVInfo: Equatable, Sendable {
  /// The fixed fields up to and including `Version`: Description 256, Originator 32,
  /// OriginatorReference 32, OriginationDate 10, OriginationTime 8, TimeReference 8, Version 2.
  public static let fixedFieldsSize = 348

  public let description: String
  public let originator: String
  public let originatorReference: String
  /// `yyyy-mm-dd` as written; EBU allows any separator, which some recorders use.
  public let originationDate: String
  /// `hh:mm:ss` as written.
  public let originationTime: String
  /// The first sample's count of samples since midnight.
  public let timeReference: UInt64
  public let version: Int
  public let sampleRate: Int
  public let frameCount: Int

  /// Seconds from midnight to the first sample, within one day: a recorder whose clock runs
  /// past midnight counts on from the day before.
  public var startSecondsOfDay: Double {
    let day = 86_400 * UInt64(sampleRate)
    return Double(timeReference % day) / Double(sampleRate)
  }

  public var durationSeconds: Double { Double(frameCount) / Double(sampleRate) }

  /// The origination date as days since 1970-01-01, or nil where it is not a date.
  public var originationDay: Int? {
    let parts = Self.numbers(originationDate, lengths: [4, 2, 2])
    guard let parts, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
    return Self.daysSinceEpoch(year: parts[0], month: parts[1], day: parts[2])
  }

  /// The origination time as seconds since midnight, or nil where it is not a time.
  public var originationSecondsOfDay: Int? {
    guard let parts = Self.numbers(originationTime, lengths: [2, 2, 2]),
      parts[0] < 24, parts[1] < 60, parts[2] < 60
    else { return nil }
    return parts[0] * 3600 + parts[1] * 60 + parts[2]
  }

  /// The first sample's day as days since 1970-01-01: the origination date, moved a day where
  /// the time reference is more than half a day from the origination time, as happens when a
  /// file is created on one side of midnight and its first sample is on the other.
  public var startDay: Int? {
    guard let day = originationDay else { return nil }
    guard let created = originationSecondsOfDay else { return day }
    let difference = startSecondsOfDay - Double(created)
    if difference > 43_200 { return day - 1 }
    if difference < -43_200 { return day + 1 }
    return day
  }

  init(bext body: [UInt8], sampleRate: Int, frameCount: Int) throws(WAVError) {
    guard body.count >= Self.fixedFieldsSize else {
      throw .malformedBroadcastExtension(size: body.count)
    }
    func text(_ range: Range<Int>) -> String {
      let bytes = body[range].prefix { $0 != 0 }
      return String(decoding: bytes, as: UTF8.self).trimmingTrailingSpaces()
    }
    func field<T: FixedWidthInteger>(_ offset: Int) -> T {
      body[offset..<(offset + T.bitWidth / 8)].reversed().reduce(0) { $0 << 8 | T($1) }
    }
    description = text(0..<256)
    originator = text(256..<288)
    originatorReference = text(288..<320)
    originationDate = text(320..<330)
    originationTime = text(330..<338)
    timeReference = UInt64(field(338) as UInt32) | UInt64(field(342) as UInt32) << 32
    version = Int(field(346) as UInt16)
    self.sampleRate = sampleRate
    self.frameCount = frameCount
  }

  /// The numbers of `text` in groups of the given lengths, one separator between groups.
  private static func numbers(_ text: String, lengths: [Int]) -> [Int]? {
    let characters = Array(text)
    guard characters.count == lengths.reduce(0, +) + lengths.count - 1 else { return nil }
    var values: [Int] = []
    var start = 0
    for length in lengths {
      let digits = characters[start..<(start + length)]
      guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(String(digits))
      else { return nil }
      values.append(value)
      start += length + 1
    }
    return values
  }

  /// Howard Hinnant's days-from-civil, for the proleptic Gregorian calendar.
  static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = Substring(self)
    while text.last == " " { text.removeLast() }
    return String(text)
  }
}
