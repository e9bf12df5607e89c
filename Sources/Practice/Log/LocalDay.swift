import FoundationEssentials

/// A calendar day in the player's time zone, counted from 1970-01-01, so that days subtract,
/// a week is seven of them and a streak is a run of consecutive numbers.
public struct LocalDay: Hashable, Comparable, Strideable, Sendable {
  public let number: Int

  public init(number: Int) {
    self.number = number
  }

  /// The day `date` falls on where the clock is `utcOffset` seconds ahead of UTC.
  public init(_ date: Date, utcOffset: Int) {
    let seconds = (date.timeIntervalSince1970 + Double(utcOffset)).rounded(.down)
    number = Int((seconds / 86_400).rounded(.down))
  }

  /// The day of a date on the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
  public init(year: Int, month: Int, day: Int) {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    number = era * 146_097 + dayOfEra - 719_468
  }

  /// Year, month (1–12) and day of the month (civil_from_days).
  public var date: (year: Int, month: Int, day: Int) {
    let shifted = number + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// 0 for Monday to 6 for Sunday, as ISO 8601 and most of Europe count a week.
  public var weekday: Int { ((number + 3) % 7 + 7) % 7 }

  /// The Monday that starts this day's week.
  public var monday: LocalDay { self - weekday }

  /// `2026-11-25`.
  public var text: String {
    let (year, month, day) = date
    return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
  }

  public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.number < rhs.number }

  public func distance(to other: LocalDay) -> Int { other.number - number }

  public func advanced(by days: Int) -> LocalDay { LocalDay(number: number + days) }

  public static func + (day: LocalDay, days: Int) -> LocalDay { day.advanced(by: days) }

  public static func - (day: LocalDay, days: Int) -> LocalDay { day.advanced(by: -days) }
}
