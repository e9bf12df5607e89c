import Practice

extension ProtocolExport {
  /// A take sheet to print or read in any Markdown viewer: per movement, a table of its takes
  /// (their day once the session has days, bars, the clock times each began and ended at its
  /// line's offset from UTC (see `Take.clockEnd`) and its length (the recorder's where it is
  /// known: see `sheetLength(of:)`), timecode, verdict, ratings and tags by bar range, notes,
  /// the recorder's file), the producer's notes on the movement, the best material per run of
  /// bars and the editing plan.
  func markdown() -> String {
    var lines = ["# Take sheet: \(Self.inline(name))"]
    for movementPlan in plan.movements {
      let movement = session.movement(movementPlan.movement)!
      let map = movement.bars
      lines += ["", "## \(Self.inline(movementPlan.heading))", ""]
      let takes = session.takes.filter { $0.movement == movement.id }
      if takes.isEmpty {
        lines.append("No takes.")
      } else {
        let header =
          ["Take"] + (showsDays ? ["Day"] : [])
          + [
            Self.barsHeading(of: map), "Began", "Ended", "Length", "Timecode", "Verdict",
            "Ratings and tags", "Notes",
            "File",
          ]
        lines += [
          "| " + header.joined(separator: " | ") + " |",
          "|" + String(repeating: "---|", count: header.count),
        ]
        for take in takes {
          let cells =
            [take.name] + (showsDays ? [dayText(of: take)] : []) + [
              take.endBar.map { Self.span(take.startBar...$0, in: map) }
                ?? "from \(map.labels[take.startBar])",
              Self.clockTime(take.startedAt, utcOffset: utcOffset(of: take)),
              Self.clockTime(take.clockEnd, utcOffset: utcOffset(of: take)),
              Self.sheetLength(of: take),
              timecode(of: take)?.description ?? "", Self.verdict(of: take) ?? "",
              Self.marksInBarOrder(take).map { mark in
                ([Self.markText(mark, in: map)] + [quotedText(of: mark, in: map)].compactMap { $0 })
                  .joined(separator: " ")
              }.joined(separator: "; "),
              take.notes.joined(separator: "; "), take.file ?? "",
            ]
          lines.append("| " + cells.map(Self.tableCell).joined(separator: " | ") + " |")
        }
      }
      if !movement.notes.isEmpty {
        lines += ["", "Notes:", ""] + movement.notes.map { "- " + Self.inline($0) }
      }
      let coverage = TakeMap(session: session, movement: movement.id)!.coverage
      lines += ["", "Coverage:", ""]
      lines += coverage.map {
        "- \(Self.barsPhrase($0.bars, in: map)): \(Self.coverageText($0.best))"
      }
      lines += ["", "Editing plan:", ""] + movementPlan.lines.map { "- " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `12–20 ++`, `25 intonation, wrong note` or `9 ± noise`.
  static func markText(_ mark: Mark, in map: BarMap) -> String {
    var words = [mark.barsText(in: map)]
    if let part = mark.part { words.append(part) }
    if let rating = mark.rating { words.append(rating.unicode) }
    if !mark.tags.isEmpty { words.append(mark.tags.map(\.name).joined(separator: ", ")) }
    if let note = mark.note { words.append(note) }
    return words.joined(separator: " ")
  }

  /// What the best take offers, as a producer says it: `nothing better than ±` is the line
  /// that asks for a retake.
  static func coverageText(_ grade: BarGrade) -> String {
    switch grade {
    case .uncovered: "no take"
    case .unrated: "played, not rated"
    case .rated(let rating) where rating < .usable: "nothing better than \(rating.unicode)"
    case .rated(let rating): "best \(rating.unicode)"
    }
  }

  /// A table cell: a `|` in the producer's text would end the cell.
  static func tableCell(_ text: String) -> String {
    inline(text).replacing("|", with: "\\|")
  }

  /// Text on one line, as a table row, a heading or a list item needs: a line break typed into
  /// a note (or a score's title) becomes a space.
  static func inline(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
  }
}
