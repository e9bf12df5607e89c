import Practice
import Storage
import TerminalUI

/// The practice calendar: one column per week, Monday at the top, each day shaded by the
/// minutes practised against the daily goal, and the month names above the weeks they start.
enum PracticeCalendarView {
  /// A row of month names and one for each day of the week.
  static let height = 8
  /// The weekday names' column and the space after it.
  static let labelWidth = 3

  /// How many weeks fit in `width` columns, two columns a week.
  static func weeks(fitting width: Int) -> Int {
    max(1, min(53, (width - labelWidth) / 2))
  }

  static func render(
    _ log: PracticeLog, today: LocalDay, goalMinutes: Int, glyphs: GlyphSet, strings: Localizer,
    in area: Rect, on canvas: inout Canvas
  ) {
    let weeks = weeks(fitting: area.width)
    let firstMonday = today.monday - 7 * (weeks - 1)
    var monthEnd = area.x
    for week in 0..<weeks {
      let monday = firstMonday + 7 * week
      let x = area.x + labelWidth + 2 * week
      guard week == 0 || monday.date.month != (monday - 7).date.month, x >= monthEnd else {
        continue
      }
      monthEnd =
        x + 1
        + canvas.write(
          strings.text("history.month.\(monday.date.month)"), x: x, y: area.y,
          style: .role(.muted), clip: area)
    }
    let shades = glyphs.kind == .unicode ? ["░", "▒", "▓", "█"] : ["-", "+", "*", "#"]
    for weekday in 0..<7 {
      let y = area.y + 1 + weekday
      canvas.write(
        strings.text("history.weekday.\(weekday)"), x: area.x, y: y, style: .role(.muted),
        clip: area)
      for week in 0..<weeks {
        let day = firstMonday + 7 * week + weekday
        guard day <= today else { break }
        let x = area.x + labelWidth + 2 * week
        var style = Style.role(.muted)
        var mark = glyphs.kind == .unicode ? "·" : "."
        if log.minutesByDay[day] != nil {
          let share = log.minutes(on: day) / Double(max(1, goalMinutes))
          mark = shades[min(shades.count - 1, Int(share * Double(shades.count - 1)))]
          style = .role(share >= 1 ? .good : .accent)
        }
        canvas.write(
          mark, x: x, y: y, style: day == today ? style.bold.reversed : style, clip: area)
      }
    }
  }
}
