import FoundationEssentials
import Practice

extension ProtocolExport {
  /// The take sheet as a web page to print from a browser, one page per movement: its takes
  /// (their day once the session has days, bars, the clock times each began and ended (see
  /// `Take.clockEnd`) and its length (see `sheetLength(of:)`), its timecode, ratings and
  /// marks in bar order, edit points, notes, the recorder's file), the producer's notes on the
  /// movement, the best material per run of bars and the editing plan. A false start is greyed, a bar range nothing covers usably is bold.
  /// Clock times are local where the take was logged, at `utcOffset` for takes from journals
  /// that did not record it; everything typed is escaped, so a note can never become markup.
  func html() -> String {
    var lines = [
      "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
      "<title>Take sheet: \(Self.escaped(name))</title>", "<style>",
    ]
    lines += Self.printStyle
    lines += ["</style>", "</head>", "<body>"]
    for movementPlan in plan.movements {
      lines += movementPage(movementPlan)
    }
    lines += ["</body>", "</html>"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// A4 across, a page per movement, a table that repeats its header on a page it runs onto
  /// and never splits a take's row; grey only where a printer prints grey.
  static let printStyle = [
    "@page { size: A4 landscape; margin: 12mm; }",
    "body { font: 10pt/1.35 system-ui, sans-serif; color: #000; margin: 1.5em; }",
    "section { break-after: page; page-break-after: always; }",
    "section:last-of-type { break-after: auto; page-break-after: auto; }",
    "header p { margin: 0; color: #444; }",
    "h1 { font-size: 15pt; margin: 0.1em 0 0.6em; }",
    "h2 { font-size: 11pt; margin: 1em 0 0.3em; }",
    "table { border-collapse: collapse; width: 100%; }",
    "thead { display: table-header-group; }",
    "tr { break-inside: avoid; page-break-inside: avoid; }",
    "th, td { border: 1px solid #888; padding: 0.15em 0.4em; text-align: left; vertical-align: top; }",
    "th { background: #eee; }",
    "tr.false-start td { color: #777; }",
    "li.retake { font-weight: bold; }",
    "ul, ol { margin: 0; padding-left: 1.4em; }",
    "@media print { body { margin: 0; } th { background: none; } }",
  ]

  private func movementPage(_ movementPlan: EditingPlan.MovementPlan) -> [String] {
    let movement = session.movement(movementPlan.movement)!
    let map = movement.bars
    let work = session.works[movement.id.work].name
    let heading = "movement \(movement.id.number)" + (movement.title.map { " \($0)" } ?? "")
    var lines = [
      "<section>", "<header>",
      "<p>\(Self.escaped(([name] + (work.isEmpty ? [] : [work])).joined(separator: " · ")))</p>",
      "<h1>\(Self.escaped(heading))</h1>",
      "<p>\(Self.escaped(Self.barsPhrase(0...map.count - 1, in: map)))</p>", "</header>",
    ]
    let takes = session.takes.filter { $0.movement == movement.id }
    if takes.isEmpty {
      lines.append("<p>No takes.</p>")
    } else {
      let header =
        ["Take"] + (showsDays ? ["Day"] : [])
        + [
          Self.barsHeading(of: map), "Began", "Ended", "Length", "Timecode", "Ratings and marks",
          "Edit points",
          "Notes", "File",
        ]
      lines += [
        "<table>",
        "<thead><tr>" + header.map { "<th>\($0)</th>" }.joined() + "</tr></thead>",
        "<tbody>",
      ]
      lines += takes.map { takeRow($0, in: map) }
      lines += ["</tbody>", "</table>"]
    }
    if !movement.notes.isEmpty {
      lines += ["<h2>Notes</h2>", "<ul>"] + movement.notes.map { "<li>\(Self.escaped($0))</li>" }
      lines.append("</ul>")
    }
    lines += ["<h2>Coverage</h2>", "<ul>"]
    for run in TakeMap(session: session, movement: movement.id)!.coverage {
      let retake: Bool =
        switch run.best {
        case .uncovered: true
        case .unrated: false
        case .rated(let rating): rating < .usable
        }
      let text = "\(Self.barsPhrase(run.bars, in: map)): \(Self.coverageText(run.best))"
      lines.append((retake ? "<li class=\"retake\">" : "<li>") + Self.escaped(text) + "</li>")
    }
    lines += ["</ul>", "<h2>Editing plan</h2>", "<ol>"]
    lines += movementPlan.lines.map { "<li>\(Self.escaped($0))</li>" }
    lines += ["</ol>", "</section>"]
    return lines
  }

  private func takeRow(_ take: Take, in map: BarMap) -> String {
    let bars =
      take.endBar.map { Self.span(take.startBar...$0, in: map) }
      ?? "from \(map.labels[take.startBar])"
    let cells =
      [Self.escaped(take.name)] + (showsDays ? [Self.escaped(dayText(of: take))] : []) + [
        Self.escaped(bars + (Self.verdict(of: take).map { ", " + $0 } ?? "")),
        Self.clockTime(take.startedAt, utcOffset: utcOffset(of: take)),
        Self.clockTime(take.clockEnd, utcOffset: utcOffset(of: take)),
        Self.sheetLength(of: take),
        timecode(of: take).map { Self.escaped($0.description) } ?? "",
        Self.marksInBarOrder(take).map { mark in
          Self.escaped(
            ([Self.markText(mark, in: map)] + [quotedText(of: mark, in: map)].compactMap { $0 })
              .joined(separator: " "))
        }.joined(separator: "<br>"),
        take.editPoints.map { Self.escaped(map.labels[$0]) }.joined(separator: ", "),
        take.notes.map(Self.escaped).joined(separator: "<br>"),
        take.file.map(Self.escaped) ?? "",
      ]
    return (take.isFalseStart ? "<tr class=\"false-start\">" : "<tr>")
      + cells.map { "<td>\($0)</td>" }.joined() + "</tr>"
  }

  /// Text as HTML shows it: the five characters markup reads are written as references.
  static func escaped(_ text: String) -> String { MarkupText.escaped(text) }
}
