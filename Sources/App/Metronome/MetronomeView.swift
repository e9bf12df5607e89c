import AudioModel
import Storage
import TerminalUI

enum MetronomeView {
  static func render(
    _ screen: MetronomeModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let glyphs = model.glyphs
    let settings = model.settings.metronome
    var y = area.y + 1

    // With the trainer stepping the tempo, the digits follow the click heard.
    let heard = screen.trainer != nil ? screen.beat.map { Int($0.bpm.rounded()) } : nil
    let digits = screen.typedBPM.isEmpty ? "\(heard ?? settings.bpm)" : screen.typedBPM
    let style = screen.isRunning ? Style.role(.accent).bold : Style.role(.text).bold
    BigDigits(digits, glyphs: glyphs, style: style)
      .render(in: Rect(x: area.x, y: y, width: area.width, height: BigDigits.height), on: &canvas)
    y += BigDigits.height + 1

    let state = strings.text(screen.isRunning ? "metronome.playing" : "metronome.stopped")
    // The tempo in words too: a screen reader or a braille display cannot read the digits.
    let under =
      screen.typedBPM.isEmpty
      ? "\(digits) " + strings.text("metronome.bpm") + "  " + state
      : strings.text("metronome.typing", ["digits": screen.typedBPM])
    canvas.writeCentred(under, y: y, in: area, style: .role(.muted))
    canvas.focusLine = y
    y += 2

    renderBeats(screen, model: model, y: y, in: area, on: &canvas)
    // In screen-reader mode a beat is read out only as the player chose; the session's clock,
    // which ticks with the beats, never is.
    let readsBeat =
      screen.beat.map { model.settings.beatReadout.readsOut(beatInBar: $0.beatInBar) } ?? true
    if !readsBeat { canvas.quietLines.insert(y + 1) }
    y += 3

    let rows = optionRows(screen, model: model)
    let labelWidth = rows.flatMap { [$0.0, $0.2] }.map(\.displayWidth).max() ?? 0
    let columnWidth = min(38, (area.width - 4) / 2)
    let left = area.x + max(2, (area.width - 2 * columnWidth) / 2)
    for (index, row) in rows.enumerated() where y + index < area.maxY - 2 {
      let line = Rect(x: left, y: y + index, width: 2 * columnWidth, height: 1)
      option(
        row.0, row.1, labelWidth: labelWidth, x: left, y: line.y, width: columnWidth,
        ellipsis: glyphs.ellipsis, on: &canvas)
      option(
        row.2, row.3, labelWidth: labelWidth, x: left + columnWidth, y: line.y, width: columnWidth,
        ellipsis: glyphs.ellipsis, on: &canvas)
    }
    if screen.isRunning { canvas.quietLines.insert(y + rows.count - 1) }
    y += rows.count + 1

    if let draft = screen.accentDraft {
      renderTyping(
        "metronome.editAccents", ["draft": draft], hint: "metronome.editAccents.hint",
        model: model, y: y, in: area, on: &canvas)
    }
    if let draft = screen.trainerDraft {
      renderTrainerEditor(draft, model: model, y: y, in: area, on: &canvas)
    }
    if let name = screen.presetName {
      renderTyping(
        "metronome.preset.naming", ["name": name], hint: "metronome.preset.namingHint",
        model: model, y: y, in: area, on: &canvas)
    }
    if let position = screen.setlist, screen.presetCursor == nil {
      if !readsBeat { canvas.quietLines.insert(y) }
      let presets = model.settings.metronome.presets
      let bar =
        screen.beat.map { beat in
          position.startBar.map { max(1, beat.bar - $0 + 1) } ?? 1
        } ?? 1
      canvas.writeCentred(
        strings.text(
          "metronome.setlist.now",
          [
            "n": "\(position.index + 1)", "count": "\(presets.count)",
            "name": presets.indices.contains(position.index) ? presets[position.index].name : "",
            "bar": "\(min(bar, MetronomeModel.setlistBars))",
            "bars": "\(MetronomeModel.setlistBars)",
          ]), y: y, in: area, style: Style.role(.accent).bold)
    }
    if let cursor = screen.presetCursor {
      renderPresets(
        model.settings.metronome.presets, cursor: cursor, model: model, in: area, on: &canvas)
      return
    }
    if let problem = screen.problem {
      canvas.writeCentred(
        strings.text(problem), y: min(area.maxY - 1, y + 2), in: area, style: Style.role(.bad).bold)
    } else if !model.audio.isAvailable, case .unavailable = model.audio {
      canvas.writeCentred(
        strings.text("metronome.visualOnly"), y: min(area.maxY - 1, y + 2), in: area,
        style: .role(.warn))
    }
  }

  /// A line being typed, its text cursor after the one argument, and its hint under it.
  private static func renderTyping(
    _ key: String, _ typed: [String: String], hint: String, model: AppModel, y: Int, in area: Rect,
    on canvas: inout Canvas
  ) {
    let cursor = model.glyphs.kind == .unicode ? "▏" : "_"
    canvas.writeCentred(
      model.strings.text(key, typed.mapValues { $0 + cursor }), y: y, in: area,
      style: Style.role(.accent).bold)
    canvas.writeCentred(model.strings.text(hint), y: y + 1, in: area, style: .role(.muted))
  }

  /// The presets over the lower part of the screen: name, tempo and meter, the chosen one
  /// marked, and what the keys do.
  private static func renderPresets(
    _ presets: [MetronomePreset], cursor: Int, model: AppModel, in area: Rect,
    on canvas: inout Canvas
  ) {
    let strings = model.strings
    let width = min(area.width - 4, 60)
    let rows = min(presets.count, max(1, area.height / 2 - 3))
    let box = Rect(
      x: area.x + (area.width - width) / 2, y: area.maxY - rows - 3, width: width,
      height: rows + 3)
    canvas.fill(box)
    canvas.write(
      strings.text("metronome.presets.title"), x: box.x + 1, y: box.y,
      style: Style.role(.accent).bold, clip: box)
    let items = presets.map {
      MenuList.Item(
        $0.name,
        detail: strings.text("metronome.presets.item", ["bpm": "\($0.bpm)", "meter": $0.meter]))
    }
    MenuList(
      items: items, selected: cursor, scrollOffset: max(0, cursor - rows + 1), glyphs: model.glyphs
    ).render(in: Rect(x: box.x, y: box.y + 1, width: width, height: rows), on: &canvas)
    canvas.writeCentred(
      strings.text("metronome.presets.hint"), y: box.maxY - 1, in: area, style: .role(.muted))
  }

  /// One box per beat of the bar; the beat being heard is lit.
  private static func renderBeats(
    _ screen: MetronomeModel, model: AppModel, y: Int, in area: Rect, on canvas: inout Canvas
  ) {
    var bar = model.settings
    if let heard = screen.heardBar {
      bar.metronome.meter = heard.meter
      bar.metronome.accents = heard.accents
    }
    let accents = (try? MetronomeOptions(settings: bar).pattern().accents.beats) ?? [.accent]
    let unicode = model.glyphs.kind == .unicode
    let cell = accents.count > 12 ? 4 : 6
    let width = accents.count * cell
    var x = area.x + max(0, (area.width - width) / 2)
    for (index, accent) in accents.enumerated() {
      let mark: String
      switch accent {
      case .accent: mark = unicode ? "●" : "X"
      case .normal: mark = unicode ? "○" : "x"
      case .silent: mark = unicode ? "·" : "."
      }
      let isNow = screen.beat.map { $0.beatInBar == index } ?? false
      var style: Style = accent == .silent ? .role(.muted) : .role(.text)
      if isNow {
        let role: ColorRole =
          screen.beat?.isCountIn == true ? .warn : (screen.beat?.isMuted == true ? .muted : .accent)
        style = Style(foreground: role).bold.reversed
      }
      let box =
        String(repeating: " ", count: (cell - 2) / 2) + mark
        + String(repeating: " ", count: cell - 2 - (cell - 2) / 2)
      canvas.write(box, x: x, y: y, style: style, clip: area)
      x += cell
    }
    let caption =
      screen.beat.map { beatWords($0, accents: accents, strings: model.strings) }
      ?? bar.metronome.meter
    canvas.writeCentred(caption, y: y + 1, in: area, style: .role(.muted))
  }

  /// The lit beat in words, for a screen reader or a braille display, which cannot tell a lit
  /// box or an accent's glyph: "bar 4, beat 1 of 7, accent".
  static func beatWords(_ beat: BeatDisplay, accents: [BeatAccent], strings: Localizer) -> String {
    let place = ["beat": "\(beat.beatInBar + 1)", "beats": "\(accents.count)"]
    if beat.isCountIn { return strings.text("metronome.countInNow", place) }
    let sound: String
    switch accents.indices.contains(beat.beatInBar) ? accents[beat.beatInBar] : .normal {
    case _ where beat.isMuted: sound = "muted"
    case .accent: sound = "accent"
    case .normal: sound = "normal"
    case .silent: sound = "silent"
    }
    return strings.text(
      "metronome.barBeat",
      place.merging(["bar": "\(beat.bar + 1)", "sound": strings.text("metronome.sound." + sound)]) {
        $1
      })
  }

  private static func optionRows(_ screen: MetronomeModel, model: AppModel) -> [(
    String, String, String, String
  )] {
    let strings = model.strings
    let settings = model.settings.metronome
    let off = strings.text("metronome.off")
    // The meter's own accents: on the first beat, or on the first of each group ("2+2+3").
    let groups = (try? Meter(parsing: settings.meter))?.standardGroups ?? []
    let accents =
      !settings.accents.isEmpty
      ? settings.accents
      : groups.count > 1
        ? groups.map(String.init).joined(separator: "+") : strings.text("metronome.accents.default")
    let swing = screen.swing == 0.5 ? off : "\(Int((screen.swing * 100).rounded()))%"
    let countIn: String
    switch screen.countInBars {
    case 0: countIn = off
    case 1: countIn = strings.text("metronome.countIn.one")
    default: countIn = strings.text("metronome.countIn.two")
    }
    let gap: String
    switch screen.gapClick {
    case .off: gap = off
    case .everyNthBar(let n): gap = strings.text("metronome.gap.every", ["n": "\(n)"])
    case .randomBars(let p):
      gap = strings.text("metronome.gap.random", ["percent": "\(Int((p * 100).rounded()))"])
    }
    let trainer =
      screen.trainer.map {
        strings.text(
          "metronome.trainer.plan",
          [
            "from": "\(settings.bpm)", "goal": "\($0.goal)", "step": "\($0.step)",
            "bars": "\($0.everyBars)",
          ])
      } ?? off
    let elapsed = screen.beat?.elapsed ?? .zero
    let session = StopwatchText.of(seconds: Int(elapsed.components.seconds))
    return [
      (
        strings.text("metronome.meter"), settings.meter, strings.text("metronome.subdivision"),
        settings.subdivision == 1
          ? "1" : "\(settings.subdivision)  (\(settings.subdivisionVolume)%)"
      ),
      (strings.text("metronome.accents"), accents, strings.text("metronome.swing"), swing),
      (strings.text("metronome.countIn"), countIn, strings.text("metronome.gap"), gap),
      (strings.text("metronome.trainer"), trainer, strings.text("metronome.session"), session),
    ]
  }

  /// "Trainer: 90 → [110] BPM, +[2] every [4] bars", the focused number reversed.
  private static func renderTrainerEditor(
    _ draft: TrainerDraft, model: AppModel, y: Int, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let values = ["\(draft.plan.goal)", "\(draft.plan.step)", "\(draft.plan.everyBars)"]
    let parts = strings.text(
      "metronome.trainer.editor",
      [
        "from": "\(model.settings.metronome.bpm)", "goal": "\u{1}", "step": "\u{2}",
        "bars": "\u{3}",
      ])
    let width = parts.displayWidth - 3 + values.map { $0.displayWidth + 2 }.reduce(0, +)
    var x = area.x + max(0, (area.width - width) / 2)
    for character in parts {
      if let index = [Character("\u{1}"), "\u{2}", "\u{3}"].firstIndex(of: character) {
        let style =
          index == draft.focus ? Style.role(.accent).bold.reversed : Style.role(.accent).bold
        x += canvas.write(" \(values[index]) ", x: x, y: y, style: style, clip: area)
      } else {
        x += canvas.put(character, x: x, y: y, style: Style.role(.accent).bold, clip: area)
      }
    }
    let keys = [
      "leftRight": AppView.label(for: .leftRight, model: model),
      "upDown": AppView.label(for: .upDown, model: model),
    ]
    canvas.writeCentred(
      strings.text("metronome.trainer.hint", keys), y: y + 1, in: area, style: .role(.muted))
  }

  private static func option(
    _ label: String, _ value: String, labelWidth: Int, x: Int, y: Int, width: Int,
    ellipsis: String, on canvas: inout Canvas
  ) {
    let area = Rect(x: x, y: y, width: width, height: 1)
    canvas.write(label, x: x, y: y, style: .role(.muted), clip: area)
    canvas.write(
      value.clipped(toWidth: max(0, width - labelWidth - 3), ellipsis: ellipsis),
      x: x + labelWidth + 2, y: y, style: .plain, clip: area)
  }
}
