import FoundationEssentials

/// The practice history read as a log: the sittings, the minutes practised on each day, the
/// streaks of days in a row and the totals per module and per week. Pure: the records and the
/// time zone are given. A sitting cut short (a hang-up, a signal, Esc) is listed but is no
/// result: it adds no minutes, no day to a streak and no score.
public struct PracticeLog: Equatable, Sendable {
  /// The sittings, oldest first, those cut short included.
  public let sessions: [PracticeSession]
  /// Minutes practised on each day that has practice, counted on the day a sitting started.
  public let minutesByDay: [LocalDay: Double]
  /// Minutes per module, in the order the modules were first practised.
  public let minutesByModule: [(module: String, minutes: Double)]
  /// The scores of the sittings that have one, oldest first: each is worked out from its
  /// answers, so they are counted once here rather than on every frame.
  public let scores: [Double]

  /// `utcOffset` gives the local time's distance from UTC in seconds at a moment.
  public init(records: [SessionRecord], utcOffset: (Date) -> Int) {
    sessions = PracticeSession.gathering(records)
    var byDay: [LocalDay: Double] = [:]
    var byModule: [(module: String, minutes: Double)] = []
    let finished = sessions.filter { !$0.isCutShort }
    for session in finished {
      let minutes = session.duration / 60
      byDay[LocalDay(session.startedAt, utcOffset: utcOffset(session.startedAt)), default: 0] +=
        minutes
      if let index = byModule.firstIndex(where: { $0.module == session.module }) {
        byModule[index].minutes += minutes
      } else {
        byModule.append((session.module, minutes))
      }
    }
    minutesByDay = byDay
    minutesByModule = byModule
    scores = finished.compactMap(\.score)
  }

  public static func == (lhs: PracticeLog, rhs: PracticeLog) -> Bool {
    lhs.sessions == rhs.sessions
  }

  public var totalMinutes: Double { minutesByModule.reduce(0) { $0 + $1.minutes } }

  public func minutes(on day: LocalDay) -> Double { minutesByDay[day] ?? 0 }

  /// Minutes from `first` through `last`, both included.
  public func minutes(from first: LocalDay, through last: LocalDay) -> Double {
    guard first <= last else { return 0 }
    return (first...last).reduce(0) { $0 + minutes(on: $1) }
  }

  /// Minutes in each of the `count` weeks (Monday to Sunday) up to the one holding `day`,
  /// oldest first.
  public func weeks(endingWith day: LocalDay, count: Int) -> [(monday: LocalDay, minutes: Double)] {
    (0..<max(0, count)).reversed().map { back in
      let monday = day.monday - 7 * back
      return (monday, minutes(from: monday, through: monday + 6))
    }
  }

  /// Days in a row with practice up to `today`. A day not practised yet does not break the
  /// streak until it is over: the count then runs to yesterday.
  public func currentStreak(today: LocalDay) -> Int {
    var day = minutesByDay[today] == nil ? today - 1 : today
    var count = 0
    while minutesByDay[day] != nil {
      count += 1
      day = day - 1
    }
    return count
  }

  /// The most days in a row ever practised.
  public var longestStreak: Int {
    var longest = 0
    for day in minutesByDay.keys where minutesByDay[day - 1] == nil {
      var length = 1
      while minutesByDay[day + length] != nil { length += 1 }
      longest = max(longest, length)
    }
    return longest
  }
}
