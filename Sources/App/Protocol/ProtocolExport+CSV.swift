import FoundationEssentials
import Practice
import Storage

extension ProtocolExport {
  static let csvHeader = [
    "work", "movement", "take", "start_bar", "end_bar", "false_start", "circled", "no_good",
    "started", "timecode",
    "from_bar", "to_bar", "rating", "tags", "notes", "file", "day", "day_title", "began_local",
    "ended_local", "duration", "mark", "part", "note", "end_timecode", "mark_timecode",
  ]

  /// The header of a script protocol's CSV: its columns of bars name lines (`start_line`,
  /// `from_line`), which is what their cells hold (`p3.2`).
  static let scriptCSVHeader = csvHeader.map { $0.replacing("_bar", with: "_line") }

  /// Whether every movement is a script's, so that the exports' words for bars are lines.
  var isScript: Bool {
    !plan.movements.isEmpty && plan.movements.allSatisfy(\.bars.isScript)
  }

  /// RFC 4180 CSV with a header row and CRLF line ends, for a spreadsheet: one row per mark and
  /// one per take without marks, in recording order. A take's columns repeat on each of its
  /// rows, so that filtering or sorting the sheet keeps them with the mark.
  ///
  /// Spreadsheets read cells by their look, so: a rating is its number 0–4 (`✗ ± ok + ++`),
  /// which sorts and is not taken for a formula as `+` would be; a mark's bars take two
  /// columns, as `1-24` would turn into a date. Start times are UTC to the millisecond; tags
  /// and notes are joined with `;`; what is unknown (an end bar, a timecode, the recorder's
  /// file) is left empty; timecodes are at the export's frame rate. `day` is the number of the
  /// take's recording day and `day_title` what its `day` line said. `began_local` and
  /// `ended_local` are the take's clock times (see `Take.clockEnd`) on the local clock where it
  /// was logged, to the second, `2027-01-15 09:00:10`, and `duration` its length, `0:01:30`:
  /// forms spreadsheets read as a date and time and as a time. Text the producer typed (work
  /// names, tags, notes, file names) is never read as a formula: see `CSVCell.spreadsheet`.
  /// A script protocol's header says lines where a score's says bars (`scriptCSVHeader`).
  /// `end_timecode` is the recorder's timecode of the take's `end` line and `mark_timecode`
  /// that of the mark's line, where the line was stamped with it (`protocol live` with a
  /// timecode source).
  func csv() -> String {
    var rows = [isScript ? Self.scriptCSVHeader : Self.csvHeader]
    for take in session.takes {
      let map = bars(of: take)
      let fields = [
        session.works[take.movement.work].name, String(take.movement.number), take.label,
        map.labels[take.startBar], take.endBar.map { map.labels[$0] } ?? "",
        String(take.isFalseStart), String(take.isKept), String(take.isNoGood),
        UTCTimestamp(take.startedAt).extendedMilliseconds,
        timecode(of: take)?.description ?? "",
      ]
      let notes = take.notes.joined(separator: "; ")
      let file = take.file ?? ""
      let day =
        (session.dayNumber(of: take).map {
          [String($0), session.day(numbered: $0)?.title ?? ""]
        } ?? ["", ""]) + [
          localDateTime(take.startedAt, of: take), localDateTime(take.clockEnd, of: take),
          Self.length(of: take, hours: true),
        ]
      let end = take.endTimecode?.converted(to: frameRate).description ?? ""
      if take.marks.isEmpty {
        rows.append(fields + ["", "", "", "", notes, file] + day + ["", "", "", end, ""])
      }
      for mark in take.marks {
        rows.append(
          fields + [
            mark.firstBarText(in: map), mark.lastBarText(in: map),
            mark.rating.map { String($0.rawValue) } ?? "",
            mark.tags.map(\.name).joined(separator: ";"), notes, file,
          ] + day + [
            "#\(mark.id)", mark.part ?? "", mark.note ?? "", end,
            mark.timecode?.converted(to: frameRate).description ?? "",
          ])
      }
    }
    return rows.map { $0.map(CSVCell.spreadsheet).joined(separator: ",") + "\r\n" }.joined()
  }

  /// `2027-01-15 09:00:10`: `date` on the clock where `take` was logged.
  private func localDateTime(_ date: Date, of take: Take) -> String {
    let local = date.addingTimeInterval(Double(utcOffset(of: take)))
    let stamp = UTCTimestamp(
      Date(timeIntervalSince1970: local.timeIntervalSince1970.rounded(.down)))
    return String(stamp.extended.dropLast().replacing("T", with: " "))
  }
}
