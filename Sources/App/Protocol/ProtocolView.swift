import Practice
import Storage
import TerminalUI

/// The recording protocol's screens: the list of protocols, the session being logged (the big
/// take counter, the take under way, the last lines, the entry line) and the review (coverage
/// and the editing plan).
enum ProtocolView {
  static func render(
    _ screen: ProtocolModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let width = min(area.width - 4, 96)
    let panel = Rect(
      x: area.x + (area.width - width) / 2, y: area.y + 1, width: width,
      height: max(0, area.height - 1))
    switch screen.phase {
    case .choosing: renderList(screen, model: model, in: panel, on: &canvas)
    case .recording: renderSession(screen, model: model, in: panel, on: &canvas)
    case .reviewing: renderReview(screen, model: model, in: panel, on: &canvas)
    case .preparing: renderPreparation(screen, model: model, in: panel, on: &canvas)
    }
    if let refusal = screen.refusal {
      canvas.write(
        refusal.clipped(toWidth: panel.width, ellipsis: model.glyphs.ellipsis), x: panel.x,
        y: area.maxY - 1, style: Style.role(.bad).bold, clip: area)
    }
  }

  private static func renderList(
    _ screen: ProtocolModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    canvas.write(
      strings.text(screen.showsArchived ? "protocol.chooseAll" : "protocol.choose"), x: area.x,
      y: area.y, style: Style.role(.accent).bold, clip: area)
    let prompt: String? =
      if let typed = screen.newName {
        strings.text("protocol.newName", ["name": typed]) + "_"
      } else if let renaming = screen.renaming {
        strings.text("protocol.renameTo", ["name": renaming.name, "typed": renaming.typed]) + "_"
      } else if let name = screen.deleting {
        strings.text("protocol.confirmDelete", ["name": name])
      } else {
        nil
      }
    if let prompt {
      canvas.write(prompt, x: area.x, y: area.y + 2, style: Style.role(.text).bold, clip: area)
      return
    }
    let shown = screen.shown
    guard !shown.isEmpty else {
      canvas.write(
        strings.text("protocol.none"), x: area.x, y: area.y + 2, style: .role(.muted), clip: area)
      return
    }
    let statuses = shown.map { summary in
      strings.text("protocol.status.\(summary.status.map(statusKey) ?? "unreadable")")
    }
    // Padded to one width, so that the statuses and the times each make a column.
    let width = statuses.map(\.count).max() ?? 0
    let items = zip(shown, statuses).map { summary, status in
      var detail = status + String(repeating: " ", count: width - status.count) + "  "
      detail += summary.lastChangeText
      if summary.isArchived { detail += "  " + strings.text("protocol.archived") }
      return MenuList.Item(summary.name, detail: detail)
    }
    MenuList(
      items: items, selected: screen.selected,
      scrollOffset: max(0, screen.selected - (area.height - 4) + 1), glyphs: model.glyphs
    ).render(
      in: Rect(x: area.x, y: area.y + 2, width: area.width, height: max(0, area.height - 4)),
      on: &canvas)
  }

  private static func statusKey(_ status: ProtocolStatus) -> String {
    switch status {
    case .toRecord: "toRecord"
    case .recording: "recording"
    case .edited: "edited"
    case .done: "done"
    }
  }

  private static func renderSession(
    _ screen: ProtocolModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let session = screen.session
    var heading = screen.name ?? ""
    if let author = model.overrides.author {
      heading += "  ·  " + strings.text("protocol.author", ["name": author])
    }
    if let day = session.days.last {
      // As typed, `day 2 — Tuesday`, or by its number.
      heading += "  ·  " + strings.text("protocol.day", ["day": day.title ?? "\(day.number)"])
    }
    if let id = session.currentMovement, let movement = session.movement(id) {
      heading +=
        "  ·  "
        + strings.text(
          "protocol.movement",
          [
            "number": "\(id.number)", "bars": movement.bars.span,
            "title": movement.title.map { "\($0) " } ?? "",
          ])
    }
    canvas.write(heading, x: area.x, y: area.y, style: Style.role(.accent).bold, clip: area)
    if let links = model.links {
      canvas.write(
        linksLine(links, strings: strings), x: area.x, y: area.y + 1, style: .role(.muted),
        clip: area)
    }
    var y = area.y + 2
    if let index = session.currentTake {
      let take = session.takes[index]
      BigDigits(take.label, glyphs: model.glyphs)
        .render(in: Rect(x: area.x, y: y, width: area.width, height: BigDigits.height), on: &canvas)
      y += BigDigits.height + 1
      canvas.writeCentred(
        takeLine(take, session: session, strings: strings), y: y, in: area,
        style: take.isFalseStart ? .role(.muted) : Style.role(.text).bold)
      y += 2
    } else {
      canvas.write(
        strings.text("protocol.noTake"), x: area.x, y: y, style: .role(.muted), clip: area)
      y += 2
    }
    for line in screen.recent where y < area.maxY - 3 {
      canvas.write(line, x: area.x + 2, y: y, style: .role(.muted), clip: area)
      // The newest line logged is what a screen reader reads out.
      canvas.focusLine = y
      y += 1
    }
    let warnings = session.takesWithoutEnd.map {
      model.strings.text("protocol.warning.noEnd", ["take": $0])
    }
    for warning in (warnings + screen.problems).suffix(2) where y < area.maxY - 3 {
      canvas.write(warning, x: area.x + 2, y: y, style: .role(.warn), clip: area)
      y += 1
    }
    if let range = screen.rulerRange, let id = session.currentMovement,
      let bars = session.movement(id)?.bars
    {
      renderRuler(
        range, bars: bars, strings: strings, glyphs: model.glyphs, y: area.maxY - 4, in: area,
        on: &canvas)
    }
    let prompt = screen.isTyping ? "> " + screen.entry + "_" : "> "
    canvas.write(
      screen.isTyping ? prompt : prompt + strings.text("protocol.entryHelp"),
      x: area.x, y: area.maxY - 3, style: Style.role(.text).bold, clip: area)
  }

  /// `LTC 10:00:03:12 (25 fps, drift +0.4 ppm)  ·  DAW ardour 127.0.0.1:3819`, or that no
  /// timecode comes.
  static func linksLine(_ links: SessionLinks, strings: Localizer) -> String {
    var parts: [String] = []
    if let kind = links.timecodeKind {
      if let timecode = links.timecode {
        let drift = links.driftPPM.map {
          ($0 < 0 ? "-" : "+") + DecimalText.format(abs($0), places: 1)
        }
        parts.append(
          strings.text(
            drift == nil ? "protocol.links.timecode" : "protocol.links.timecodeDrift",
            [
              "kind": kind, "timecode": timecode.description, "rate": timecode.rate.rawValue,
              "drift": drift ?? "",
            ]))
      } else {
        parts.append(strings.text("protocol.links.noTimecode", ["kind": kind]))
      }
    }
    if let daw = links.daw { parts.append(strings.text("protocol.links.daw", ["daw": daw])) }
    return parts.joined(separator: "  ·  ")
  }

  /// The bars around the ruler's selection, the selected ones reversed, with what keys do.
  private static func renderRuler(
    _ range: ClosedRange<Int>, bars: BarMap, strings: Localizer, glyphs: GlyphSet, y: Int,
    in area: Rect, on canvas: inout Canvas
  ) {
    var x = area.x
    let shown = max(0, range.lowerBound - 3)...min(bars.count - 1, range.upperBound + 3)
    for bar in shown {
      let label = bars.labels[bar]
      let style = range.contains(bar) ? Style.role(.accent).bold.reversed : .role(.muted)
      canvas.write(label, x: x, y: y, style: style, clip: area)
      x += label.displayWidth + 1
    }
    canvas.write(
      strings.text("protocol.ruler"), x: x + 2, y: y, style: .role(.muted), clip: area)
  }

  /// The works and their movements with their bars, the numbering, the timecode's frame rate,
  /// and the entry line (or the score path being typed).
  private static func renderPreparation(
    _ screen: ProtocolModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let session = screen.session
    canvas.write(
      (screen.name ?? "") + "  ·  " + strings.text("protocol.prep.title"), x: area.x, y: area.y,
      style: Style.role(.accent).bold, clip: area)
    var y = area.y + 2
    func line(_ text: String, _ style: Style = .role(.text)) {
      guard y < area.maxY - 4 else { return }
      canvas.write(
        text.clipped(toWidth: area.width, ellipsis: model.glyphs.ellipsis), x: area.x, y: y,
        style: style, clip: area)
      y += 1
    }
    line(
      strings.text(
        "protocol.prep.settings",
        [
          "numbering": session.numbering.rawValue, "start": "\(session.startNumber)",
          "fps": session.frameRate.rawValue,
        ]), .role(.muted))
    if session.works.allSatisfy({ $0.movements.isEmpty }) {
      line(strings.text("protocol.prep.none"), .role(.muted))
    }
    for work in session.works where !work.movements.isEmpty {
      if !work.name.isEmpty { line(work.name, Style.role(.text).bold) }
      for movement in work.movements {
        let title = movement.title.map { " \"\($0)\"" } ?? ""
        line("  mvt \(movement.id.number)\(title): \(movement.bars.compactForm)")
      }
    }
    let prompt =
      screen.scorePath.map { strings.text("protocol.prep.score", ["path": $0]) + "_" }
      ?? (screen.isTyping ? "> " + screen.entry + "_" : "> " + strings.text("protocol.prep.help"))
    canvas.write(prompt, x: area.x, y: area.maxY - 3, style: Style.role(.text).bold, clip: area)
  }

  /// "take 3 · bars 12–40 · TC 01:02:03:04 · T003.WAV", or a false start said so.
  static func takeLine(_ take: Take, session: ProtocolSession, strings: Localizer) -> String {
    let bars = session.movement(take.movement)?.bars
    let start = bars?.labels[take.startBar] ?? "\(take.startBar)"
    let end = take.endBar.flatMap { bars?.labels[$0] } ?? "?"
    let key = bars?.isScript == true ? "protocol.script.take" : "protocol.take"
    var parts = [strings.text(key, ["take": take.label, "from": start, "to": end])]
    if let timecode = take.timecode { parts.append("TC \(timecode)") }
    if let file = take.file { parts.append(file) }
    if take.isFalseStart { parts.append(strings.text("protocol.falseStart")) }
    if take.isNoGood { parts.append(strings.text("protocol.noGood")) }
    if take.isKept { parts.append(strings.text("protocol.kept")) }
    return parts.joined(separator: "  ·  ")
  }

  /// The current movement's take map with the plan, the takes at the cursor's bar, and the
  /// bars that still lack usable material.
  private static func renderReview(
    _ screen: ProtocolModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let session = screen.session
    guard let id = session.currentMovement,
      let map = TakeMap(session: session, movement: id, part: screen.part),
      let plan = EditingPlan(session: session).movements.first(where: { $0.movement == id })
    else {
      canvas.write(
        strings.text("protocol.nothingToReview"), x: area.x, y: area.y, style: .role(.muted),
        clip: area)
      return
    }
    let movementName = strings.text(
      "protocol.heading",
      ["number": "\(id.number)", "title": plan.title.map { ": \($0)" } ?? ""])
    canvas.write(
      (plan.work.isEmpty ? "" : plan.work + ", ") + movementName, x: area.x, y: area.y,
      style: Style.role(.accent).bold, clip: area)
    let filters =
      [screen.part.map { strings.text("protocol.partFilter", ["part": $0]) }]
      + [
        screen.minimumRating.map {
          strings.text("protocol.filter", ["rating": gradeText(.rated($0), glyphs: model.glyphs)])
        }
      ]
    if !filters.compactMap({ $0 }).isEmpty {
      let filter = filters.compactMap { $0 }.joined(separator: ", ")
      canvas.write(
        filter, x: area.maxX - filter.displayWidth, y: area.y, style: .role(.warn), clip: area)
    }
    let shown = screen.shownTakes(of: map)
    var planRows = [Int?](repeating: nil, count: map.bars.count)
    for segment in plan.segments {
      guard let take = segment.take, let row = shown.firstIndex(of: take) else { continue }
      for bar in segment.bars { planRows[bar] = row }
    }
    let cells = Dictionary(zip(map.takes, map.rows)) { first, _ in first }
    // A script's labels are too wide to number every fifth line, so its paragraphs stand
    // where a score's letters do: `p3` over paragraph 3's first line, and after `←` at the
    // left when the window starts inside it.
    let marks =
      map.bars.isScript
      ? map.bars.labels.indices.compactMap { line in
        Script.line(map.bars.labels[line]).flatMap {
          $0.line == 1 ? (line, "p\($0.paragraph)") : nil
        }
      }
      : map.bars.rehearsalMarks.map { ($0.bar, $0.name) }
    // Lines say "line" where bars say "bar".
    let keyPrefix = map.bars.isScript ? "protocol.script." : "protocol."
    var view = TakeMapView(
      barLabels: map.bars.labels,
      rehearsalMarks: Dictionary(marks) { first, _ in first },
      rows: shown.map { take in
        let row = cells[take] ?? []
        return TakeMapView.Row(
          label: session.takes[take].name, cells: row.map { grade($0.grade) },
          tagged: Set(row.indices.filter { !row[$0].tags.isEmpty }),
          isFalseStart: session.takes[take].isFalseStart)
      },
      best: map.best.map(grade), plan: planRows,
      cursor: TakeMapView.Cursor(bar: screen.cursorBar, row: screen.cursorRow),
      bestLabel: strings.text("protocol.best"), planLabel: strings.text("protocol.plan"),
      glyphs: model.glyphs)
    let mapArea = Rect(
      x: area.x, y: area.y + 2, width: area.width,
      height: min(view.height, max(0, area.height - 8)))
    view.firstBar = TakeMapView.scrollOffset(
      0, keeping: screen.cursorBar, visible: view.visibleBars(in: mapArea.width),
      count: map.bars.count)
    view.firstRow = TakeMapView.scrollOffset(
      0, keeping: screen.cursorRow ?? shown.count, visible: view.visibleRows(in: mapArea.height),
      count: shown.count)
    view.render(in: mapArea, on: &canvas)
    var y = mapArea.maxY + 1
    let barIndex = min(screen.cursorBar, map.bars.count - 1)
    // The selected bar's column of the map in words: its best, the take the plan uses, then
    // each take, the one under the cursor marked.
    let none = strings.text("protocol.atBar.none")
    let best = gradeText(map.best[barIndex], glyphs: model.glyphs)
    let planned = plan.segments.first { $0.bars.contains(barIndex) }?.label
    let heading =
      screen.jump.map { strings.text("protocol.jump", ["typed": $0]) + "_" }
      ?? (screen.isTyping ? "> " + screen.entry + "_" : nil)
      ?? strings.text(
        map.bars.isScript ? "protocol.script.atLine" : "protocol.atBar",
        [
          "bar": map.bars.labels[barIndex], "best": best.isEmpty ? none : best,
          "plan": planned ?? none,
        ])
    canvas.write(heading, x: area.x, y: y, style: Style.role(.text).bold, clip: area)
    canvas.focusLine = y
    y += 1
    let selected = screen.cursorRow.flatMap { shown.indices.contains($0) ? shown[$0] : nil }
    for entry in map.takes(at: screen.cursorBar) where y < area.maxY - 1 {
      let take = session.takes[entry.take]
      let marker = entry.take == selected ? (model.glyphs.kind == .unicode ? "› " : "> ") : "  "
      var text = marker + take.name + "  " + gradeText(entry.grade, glyphs: model.glyphs)
      if let file = take.file { text += "  " + file }
      if !entry.tags.isEmpty { text += "  " + entry.tags.map(\.name).joined(separator: ", ") }
      let marks = map.marks(ofTake: entry.take, at: barIndex).map { "#\($0.id)" }
      if !marks.isEmpty { text += "  " + marks.joined(separator: " ") }
      if !entry.notes.isEmpty { text += "  · " + entry.notes.joined(separator: " · ") }
      canvas.write(text, x: area.x, y: y, style: .role(.text), clip: area)
      y += 1
    }
    y += 1
    for problem in map.unresolved where y < area.maxY - 1 {
      canvas.write(
        strings.text(
          keyPrefix + "unresolved",
          [
            "bar": map.bars.labels[problem.bar],
            "tags": problem.tags.map(\.name).joined(separator: ", "),
          ]),
        x: area.x, y: y, style: .role(.warn), clip: area)
      y += 1
    }
    for run in map.coverage where !run.best.isUsable && y < area.maxY - 1 {
      // Bars nobody played, or played but not rated, are no "nothing better than" with nothing.
      let key =
        switch run.best {
        case .uncovered: "uncovered"
        case .unrated: "unrated"
        case .rated: "weak"
        }
      canvas.write(
        strings.text(
          keyPrefix + key,
          [
            "from": map.bars.labels[run.bars.lowerBound],
            "to": map.bars.labels[run.bars.upperBound],
            "best": gradeText(run.best, glyphs: model.glyphs),
          ]),
        x: area.x, y: y, style: .role(.warn), clip: area)
      y += 1
    }
  }

  static func grade(_ grade: BarGrade) -> TakeMapView.Grade {
    switch grade {
    case .uncovered: .none
    case .unrated: .unrated
    case .rated(.unusable): .unusable
    case .rated(.poor): .poor
    case .rated(.usable): .usable
    case .rated(.good): .good
    case .rated(.excellent): .excellent
    }
  }

  /// "++", "ok", or "unrated" for a bar played but not judged.
  static func gradeText(_ grade: BarGrade, glyphs: GlyphSet) -> String {
    switch grade {
    case .rated(let rating): glyphs.kind == .unicode ? rating.unicode : rating.ascii
    case .unrated: "·"
    case .uncovered: ""
    }
  }
}
