import FoundationEssentials

extension ProtocolStore.Entry {
  /// The entry of a journal line exactly as `ProtocolStore` writes it (sorted keys, a date to
  /// the millisecond or, in older journals, the second, strings without escapes), read without
  /// `JSONDecoder`, which took more than half of the time of opening a long journal; nil for
  /// any other form, which `JSONDecoder` reads.
  init?(written line: ArraySlice<UInt8>) {
    var rest = line
    func skip(_ literal: String) -> Bool {
      let bytes = literal.utf8
      guard rest.starts(with: bytes) else { return false }
      rest = rest.dropFirst(bytes.count)
      return true
    }
    /// A string up to its closing quote; nil if it holds an escape, a control character or
    /// bytes that are not UTF-8, all of which `JSONDecoder` judges instead.
    func string() -> String? {
      guard let quote = rest.firstIndex(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }),
        rest[quote] == 0x22
      else { return nil }
      let text = String(validating: rest[..<quote], as: UTF8.self)
      rest = rest[(quote + 1)...]
      return text
    }
    guard skip(#"{"at":""#), let stamp = string(), let at = Self.date(stamp) else { return nil }
    var author: String?
    if skip(#","by":""#) {
      guard let name = string() else { return nil }
      author = name
    }
    let joins = skip(#","joinsPrevious":true"#)
    guard skip(#","line":""#), let text = string() else { return nil }
    var recorderTimecode: String?
    if skip(#","tc":""#) {
      guard let timecode = string() else { return nil }
      recorderTimecode = timecode
    }
    var offset: Int?
    if skip(#","utcOffset":""#) {
      guard let written = string(), let seconds = Self.utcOffset(written) else { return nil }
      offset = seconds
    }
    guard skip("}"), rest.isEmpty else { return nil }
    self.init(
      at: at, line: text, by: author, joinsPrevious: joins, utcOffset: offset,
      recorderTimecode: recorderTimecode)
  }

  /// `YYYY-MM-DDTHH:MM:SS.mmmZ`, or `YYYY-MM-DDTHH:MM:SSZ` as older journals have it, a real
  /// day and time of day.
  static func date(_ text: String) -> Date? {
    var bytes = Array(text.utf8)
    var millisecond = 0
    if bytes.count == 24, bytes[19] == 0x2E {
      for byte in bytes[20..<23] {
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        millisecond = millisecond * 10 + Int(byte - 0x30)
      }
      bytes.removeSubrange(19..<23)
    }
    guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
      bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x5A
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), day >= 1, day <= daysIn(month, of: year), hour < 24,
      minute < 60, second < 60
    else { return nil }
    let seconds =
      daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600
      + minute * 60 + second
    return Date(milliseconds: seconds * 1000 + millisecond)
  }

  /// `+01:00` or `-03:30` as seconds east of UTC; nil for anything else.
  static func utcOffset(_ text: String) -> Int? {
    let bytes = Array(text.utf8)
    guard bytes.count == 6, bytes[0] == 0x2B || bytes[0] == 0x2D, bytes[3] == 0x3A,
      let hours = Int(text.dropFirst().prefix(2)), let minutes = Int(text.suffix(2)),
      bytes[1...2].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      bytes[4...5].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), hours <= 18, minutes < 60
    else { return nil }
    return (bytes[0] == 0x2D ? -1 : 1) * (hours * 3600 + minutes * 60)
  }

  private static func daysIn(_ month: Int, of year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The proleptic Gregorian day count (Howard Hinnant's `days_from_civil`).
  private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

extension Date {
  /// The instant `milliseconds` after 1970 began, the same `Date` however it was reached.
  init(milliseconds: Int) {
    self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
  }
}
