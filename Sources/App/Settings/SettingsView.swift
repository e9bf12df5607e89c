import MusicTheory
import Storage
import TerminalUI

enum SettingsView {
  static func render(
    _ screen: SettingsModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let settings = model.settings
    let width = min(area.width - 4, 72)
    let panel = Rect(
      x: area.x + (area.width - width) / 2, y: area.y, width: width, height: area.height)
    let items = SettingsModel.rows.enumerated().map { index, row in
      let value = valueText(row, settings: settings, model: model)
      let shown =
        index == screen.selected
        ? "\(model.glyphs.arrowLeft) \(value) \(model.glyphs.arrowRight)" : value
      return MenuList.Item(strings.text(row.labelKey), detail: shown)
    }
    // The example and the status, with gaps around the example where the screen has room.
    // The MIDI row's value is short; why there is no MIDI input is said in full here.
    let example: (lines: [String], style: Style)? =
      switch screen.selectedRow {
      case .noteNaming:
        ([settings.noteNaming.letterNames.joined(separator: " ")], .role(.accent))
      case .midiPort where settings.audio.midiPort.isEmpty && model.midiPortsProblem != nil:
        (
          strings.text("settings.midiPort.none", ["reason": model.midiPortsProblem ?? ""])
            .wrapped(toWidth: max(1, panel.width - 3)), .role(.muted)
        )
      default: nil
      }
    let status = model.settingsStatus ?? Message("settings.savedAtOnce")
    let failed = status.key != "settings.saved" && status.key != "settings.savedAtOnce"
    // Under the list, a row for a save that failed, else room for the example, else a row for
    // the reminder: where the list does not fit then (80×24), it scrolls to keep the chosen
    // row in view.
    let kept = failed ? 1 : max(1, example?.lines.count ?? 0)
    let (list, below) = panel.splitTop(min(items.count, panel.height - kept))
    MenuList(
      items: items, selected: screen.selected,
      scrollOffset: max(0, screen.selected - list.height + 1), glyphs: model.glyphs
    )
    .render(in: list, on: &canvas)
    // Where both do not fit (80×24), a save that failed keeps its row and the example is cut;
    // otherwise the example is read in full and the reminder that changes are saved gives way.
    let exampleLines =
      example.map { Array($0.lines.prefix(max(0, below.height - (failed ? 1 : 0)))) } ?? []
    let exampleRows = exampleLines.count
    let gap = below.height > exampleRows + (example == nil ? 1 : 2) ? 1 : 0
    var y = below.y + gap
    if let example {
      for line in exampleLines {
        canvas.write(line, x: panel.x + 3, y: y, style: example.style, clip: panel)
        y += 1
      }
      y += gap
    }
    canvas.write(
      strings.text(status)
        .clipped(toWidth: max(0, panel.width - 3), ellipsis: model.glyphs.ellipsis),
      x: panel.x + 3, y: y, style: failed ? Style.role(.bad).bold : .role(.muted), clip: panel)
    // "Saved." after every change would pull a screen reader's cursor off the setting just
    // changed; a save that failed is news.
    if !failed { canvas.quietLines.insert(y) }
  }

  static func valueText(_ row: SettingsRow, settings: Settings, model: AppModel) -> String {
    let strings = model.strings
    switch row {
    case .language:
      return strings.text("language.\(settings.language)")
    case .noteNaming:
      return strings.text("naming.\(settings.noteNaming.rawValue)")
    case .glyphs:
      if settings.glyphs == .auto {
        return strings.text(
          "glyphs.auto", ["detected": strings.text("glyphs.\(model.detectedGlyphs.rawValue)")])
      }
      return strings.text("glyphs.\(settings.glyphs.rawValue)")
    case .theme:
      return strings.text("theme.\(settings.theme.rawValue)")
    case .a4Reference:
      return strings.text(
        "settings.a4Reference.value", ["hz": "\(Int(settings.a4Reference.rounded()))"])
    case .masterVolume:
      return strings.text("settings.volume.value", ["percent": "\(settings.volumes.master)"])
    case .clickVolume:
      return strings.text("settings.volume.value", ["percent": "\(settings.volumes.click)"])
    case .instrumentVolume:
      return strings.text("settings.volume.value", ["percent": "\(settings.volumes.instrument)"])
    case .midiPort:
      if !settings.audio.midiPort.isEmpty { return settings.audio.midiPort }
      return model.midiPortsProblem.map { _ in strings.text("settings.midiPort.unavailable") }
        ?? strings.text("settings.midiPort.every", ["count": "\(model.midiPorts.count)"])
    case .cardAdvance:
      guard !settings.notes.advancesByHand else {
        return strings.text("settings.cardAdvance.byHand")
      }
      return strings.text(
        "settings.cardAdvance.after",
        ["seconds": DecimalText.format(settings.notes.advanceSeconds, places: 1)])
    case .playTolerance:
      return strings.text(
        "settings.playTolerance.value", ["cents": "\(Int(settings.notes.toleranceCents.rounded()))"]
      )
    case .playOctave:
      return strings.text(
        settings.notes.anyOctave ? "settings.playOctave.any" : "settings.playOctave.written")
    case .tuning:
      let tuning = settings.fretboard.tuning
      return strings.textIfPresent("tuning." + tuning.id) ?? tuning.name
    case .screenReader:
      if model.overrides.screenReader { return strings.text("settings.screenReader.forced") }
      return strings.text(
        settings.screenReader ? "settings.screenReader.on" : "settings.screenReader.off")
    case .beatReadout:
      return strings.text("settings.beatReadout.\(settings.beatReadout.rawValue)")
    case .handedness:
      return strings.text(
        settings.fretboard.isLeftHanded ? "settings.handedness.left" : "settings.handedness.right")
    case .fretLabels:
      return strings.text("settings.fretLabels.\(settings.fretboard.labels.rawValue)")
    case .fretSound:
      return strings.text("settings.sound.\(settings.fretboard.sound.rawValue)")
    case .fretClick:
      return strings.text("settings.click.\(settings.fretboard.click.rawValue)")
    case .gamePace:
      return strings.text("settings.gamePace.\(settings.fretboard.gamePace.rawValue)")
    case .dailyGoal:
      return strings.text("history.duration.minutes", ["minutes": "\(settings.dailyGoalMinutes)"])
    }
  }
}
