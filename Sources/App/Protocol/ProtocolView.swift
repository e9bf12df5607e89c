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
      strings.text("protocol.choose"), x: area.x, y: area.y, style: Style.role(.accent).bold,
      clip: area)
    if let typed = screen.newName {
      canvas.write(
        strings.text("protocol.newName", ["name": typed]) + "_", x: area.x, y: area.y + 2,
        style: Style.role(.text).bold, clip: area)
      return
    }
    guard !screen.names.isEmpty else {
      canvas.write(
        strings.text("protocol.none"), x: area.x, y: area.y + 2, style: .role(.muted), clip: area)
      return
    }
    MenuList(
      items: screen.names.map { MenuList.Item($0) }, selected: screen.selected,
      scrollOffset: max(0, screen.selected - (area.height - 4) + 1), glyphs: model.glyphs
    ).render(
      in: Rect(x: area.x, y: area.y + 2, width: area.width, height: max(0, area.height - 4)),
      on: &canvas)
  }

  private static func renderSession(
    _ screen: ProtocolModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let session = screen.session
    var heading = screen.name ?? ""
    if let id = session.currentMovement, let movement = session.movement(id) {
      heading += "  ·  " + strings.text(
        "protocol.movement",
        ["number": "\(id.number)", "bars": movement.bars.span,
         "title": movement.title.map { "\($0) " } ?? ""])
    }
    canvas.write(heading, x: area.x, y: area.y, style: Style.role(.accent).bold, clip: area)
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
      y += 1
    }
    for warning in (session.warnings + screen.problems).suffix(2) where y < area.maxY - 3 {
      canvas.write(warning, x: area.x + 2, y: y, style: .role(.warn), clip: area)
      y += 1
    }
    let prompt = screen.isTyping ? "> " + screen.entry + "_" : "> "
    canvas.write(
      screen.isTyping ? prompt : prompt + strings.text("protocol.entryHelp"),
      x: area.x, y: area.maxY - 3, style: Style.role(.text).bold, clip: area)
  }

  /// "take 3 · bars 12–40 · TC 01:02:03:04", or a false start said so.
  static func takeLine(_ take: Take, session: ProtocolSession, strings: Localizer) -> String {
    let bars = session.movement(take.movement)?.bars
    let start = bars?.labels[take.startBar] ?? "\(take.startBar)"
    let end = take.endBar.flatMap { bars?.labels[$0] } ?? "?"
    var parts = [strings.text("protocol.take", ["take": take.label, "from": start, "to": end])]
    if let timecode = take.timecode { parts.append("TC \(timecode)") }
    if take.isFalseStart { parts.append(strings.text("protocol.falseStart")) }
    return parts.joined(separator: "  ·  ")
  }

  private static func renderReview(
    _ screen: ProtocolModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    var y = area.y
    func line(_ text: String, _ style: Style = .role(.text)) {
      guard y < area.maxY - 1 else { return }
      canvas.write(text, x: area.x, y: y, style: style, clip: area)
      y += 1
    }
    let plan = EditingPlan(session: screen.session)
    guard !plan.movements.isEmpty else {
      line(strings.text("protocol.nothingToReview"), .role(.muted))
      return
    }
    for movement in plan.movements {
      line(movement.heading, Style.role(.accent).bold)
      if let map = TakeMap(session: screen.session, movement: movement.movement) {
        for run in map.coverage where !run.best.isUsable {
          line(
            "  " + strings.text(
              "protocol.weak",
              ["from": map.bars.labels[run.bars.lowerBound], "to": map.bars.labels[run.bars.upperBound]]),
            .role(.warn))
        }
      }
      for segment in movement.lines { line("  " + segment) }
      y += 1
    }
  }
}
