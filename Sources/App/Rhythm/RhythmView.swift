import MusicTheory
import Practice
import Storage
import TerminalUI

/// The rhythm trainer's screens: choosing the line, playing it (the count-in's big digits, the
/// beat grid with its play-head and the hits where they landed, the last grade), the results,
/// and the tap calibration.
enum RhythmView {
  static func render(
    _ screen: RhythmModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    switch screen.phase {
    case .setup:
      renderSetup(screen, model: model, in: area, on: &canvas)
    case .running:
      renderRun(screen, model: model, in: area, on: &canvas)
    case .results(let report):
      let boardNote = RhythmResultsView.boardNote(
        line: model.settings.rhythm.line, bpm: model.settings.rhythm.bpm,
        bars: model.settings.rhythm.bars, server: model.server, strings: model.strings)
      let height = min(area.height, RhythmResultsView.height + (boardNote == nil ? 0 : 1))
      let wobble = screen.perfectWithinMilliseconds.map { within in
        model.strings.text(
          "rhythm.results.pathWobble",
          [
            "route": screen.route.name,
            "ms": DecimalText.format(within, places: 0),
          ])
      }
      RhythmResultsView.render(
        report.results, seconds: report.seconds, best: screen.best(of: report.results),
        pathNote: wobble,
        boardNote: boardNote,
        strings: model.strings, glyphs: model.glyphs,
        in: Rect(x: area.x, y: area.y + 1, width: area.width, height: height), on: &canvas)
    case .calibrating:
      renderCalibration(screen, model: model, in: area, on: &canvas)
    case .calibrated(let measured):
      renderCalibrated(measured, byMIDI: screen.input == .midi, model: model, in: area, on: &canvas)
    }
  }

  /// The grid's picture of the beats `range` of a line: each pattern's notes and rests in the
  /// beats they start in, and a beat no pattern plays as a quarter rest.
  static func beats(_ line: RhythmLine, in range: Range<Int>) -> [BeatGridView.Beat] {
    var beats = range.map { _ in BeatGridView.Beat([]) }
    var played = Set<Int>()
    for placement in line.placements where range.contains(placement.beat) {
      var onset = BeatFraction.zero
      var isHeld = false
      for event in placement.pattern.events {
        let (beat, part) = onset.numerator.quotientAndRemainder(dividingBy: onset.denominator)
        let index = placement.beat + beat - range.lowerBound
        if beats.indices.contains(index) {
          beats[index].notes.append(
            BeatGridView.Note(
              onset: BeatFraction(part, onset.denominator).value, length: event.duration.value,
              isRest: event.isRest, isTied: event.isTied, isHeld: isHeld))
        }
        isHeld = event.isTied
        onset += event.duration
      }
      played.formUnion(placement.beats)
    }
    for beat in range where !played.contains(beat) {
      beats[beat - range.lowerBound] = BeatGridView.Beat([
        BeatGridView.Note(onset: 0, length: 1, isRest: true)
      ])
    }
    return beats
  }

  /// Where the bars start in the beats `range`, counted from its first beat, the end included.
  static func barLines(in range: Range<Int>) -> Set<Int> {
    Set(
      (range.lowerBound...range.upperBound).filter { $0 % RhythmLine.beatsPerBar == 0 }.map {
        $0 - range.lowerBound
      })
  }

  /// The line laid out long enough to show it once through whole: eight patterns of a bar
  /// each, the most a line holds, fit in 16 bars.
  static func wholeLine(_ patterns: [RhythmPattern]) -> RhythmLine? {
    RhythmLine(patterns: patterns, bars: RhythmSettings.barRange.upperBound)
  }

  static func grade(_ grade: RhythmGrade) -> BeatGridView.Grade {
    switch grade {
    case .perfect: .perfect
    case .good: .good
    case .inaccurate: .inaccurate
    case .miss: .miss
    }
  }

  private static func renderSetup(
    _ screen: RhythmModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let rhythm = model.settings.rhythm
    let width = min(area.width - 4, 76)
    let left = area.x + (area.width - width) / 2
    canvas.write(
      strings.text("rhythm.setup.heading"), x: left, y: area.y + 1,
      style: Style.role(.accent).bold, clip: area)
    let tempo = strings.text("rhythm.setup.tempo", ["bpm": "\(rhythm.bpm)"])
    canvas.write(
      tempo, x: left + width - tempo.displayWidth, y: area.y + 1, style: Style.role(.text).bold,
      clip: area)
    let patterns = rhythm.line.map { id in model.rhythms.first { $0.id == id } }
    // The names of the beats, the chosen one marked, wrapped onto more rows when a long line
    // does not fit one; then the line as it will be played.
    var x = left
    var y = area.y + 3
    for (index, pattern) in patterns.enumerated() {
      let name = pattern.map { strings.textIfPresent("rhythm.pattern.\($0.id)") ?? $0.name } ?? "?"
      let isChosen = index == screen.slot
      let text =
        isChosen ? "\(model.glyphs.arrowLeft)\(name)\(model.glyphs.arrowRight)" : " \(name) "
      if x > left, x + text.displayWidth > left + width {
        x = left
        y += 1
      }
      canvas.write(
        text, x: x, y: y, style: isChosen ? Style.role(.accent).bold.reversed : .role(.text),
        clip: area)
      x += text.displayWidth + 1
    }
    let known = patterns.compactMap { $0 }
    if let whole = wholeLine(known), let once = whole.passes.first {
      let chosen =
        whole.placements.indices.contains(screen.slot) ? whole.placements[screen.slot] : nil
      BeatGridView(
        beats: beats(whole, in: once), current: chosen?.beat,
        currentSpan: chosen?.pattern.beats ?? 1, barLines: barLines(in: once),
        glyphs: model.glyphs
      ).render(
        in: Rect(x: left, y: y + 2, width: width, height: BeatGridView.height), on: &canvas)
    }
    y += 3 + BeatGridView.height
    let line = RhythmLine(patterns: known, bars: rhythm.bars)
    let lines =
      [strings.text("rhythm.setup.bars", ["bars": "\(rhythm.bars)"])]
      + (line?.fit(strings) ?? [])
      + [
        strings.text("rhythm.setup.input.\(rhythm.input.rawValue)"),
        strings.text("rhythm.setup.strictness.\(rhythm.strictness.rawValue)"),
        strings.text(rhythm.rings ? "rhythm.setup.bell.on" : "rhythm.setup.bell.off"),
        rhythm.input == .midi
          ? strings.text(
            "rhythm.setup.midiDelay",
            ["ms": DecimalText.format(rhythm.midiOffsetMilliseconds, places: 1)])
          : tapDelay(rhythm, route: screen.route, strings: strings),
      ]
    for line in lines where y < area.maxY {
      canvas.write(line, x: left, y: y, style: .role(.text), clip: area)
      y += 1
    }
    if y + 1 < area.maxY {
      canvas.write(
        strings.text("rhythm.setup.start"), x: left, y: y + 1, style: Style.role(.accent).bold,
        clip: area)
    }
  }

  private static func renderRun(
    _ screen: RhythmModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    guard let line = screen.line else { return }
    let rhythm = model.settings.rhythm
    let how = strings.text("rhythm.run.\(screen.input.rawValue)", ["bpm": "\(rhythm.bpm)"])
    canvas.writeCentred(how, y: area.y, in: area, style: .role(.muted))
    let problem =
      screen.microphoneProblem.map {
        strings.text(
          "notes.play.noMicrophone", ["reason": AudioReasonText.text($0, strings)])
      }
      ?? screen.midiProblem.map { strings.text("rhythm.run.noMIDI", ["reason": $0]) }
    if let problem {
      canvas.writeCentred(problem, y: area.y + 1, in: area, style: Style.role(.warn).bold)
    }
    let digitsArea = Rect(x: area.x, y: area.y + 2, width: area.width, height: BigDigits.height)
    let readout = model.settings.beatReadout
    if let left = screen.countInBeatsLeft {
      BigDigits("\(left)", glyphs: model.glyphs).render(in: digitsArea, on: &canvas)
      if !readout.readsOut(beatInBar: RhythmLine.beatsPerBar - left) {
        canvas.quietLines.formUnion(digitsArea.y...digitsArea.maxY)
      }
      // The digits in words, for a screen reader or a braille display.
      canvas.writeCentred(
        strings.text("rhythm.run.countIn", ["left": "\(left)"]), y: digitsArea.maxY, in: area,
        style: .role(.muted))
    } else if let grid = screen.grid {
      let played = max(0, (screen.now.sinceEpoch - grid.firstBeat) / grid.beatLength)
      let bar = min(line.bars, Int(played) / RhythmLine.beatsPerBar + 1)
      // The beat the play-head is in, in words: the click accents the first of the bar.
      let beat = min(line.beatCount - 1, Int(played)) % RhythmLine.beatsPerBar
      if !readout.readsOut(beatInBar: beat) { canvas.quietLines.insert(digitsArea.y + 1) }
      canvas.writeCentred(
        strings.text(
          "rhythm.run.bar",
          [
            "bar": "\(bar)", "bars": "\(line.bars)", "beat": "\(beat + 1)",
            "beats": "\(RhythmLine.beatsPerBar)",
            "sound": strings.text(beat == 0 ? "metronome.sound.accent" : "metronome.sound.normal"),
          ]), y: digitsArea.y + 1, in: area, style: Style.role(.text).bold)
      renderFeedback(screen, strings: strings, y: digitsArea.y + 3, in: area, on: &canvas)
    }
    let gridArea = Rect(
      x: area.x + 2, y: digitsArea.maxY + 1, width: area.width - 4, height: BeatGridView.height)
    // The play-head moves every frame: the bar's words above say where it is.
    canvas.quietLines.formUnion(gridArea.y..<gridArea.maxY)
    grid(screen, line: line, glyphs: model.glyphs).render(in: gridArea, on: &canvas)
  }

  /// The word for the last grade and how far off it was, lit for a moment after the hit.
  private static func renderFeedback(
    _ screen: RhythmModel, strings: Localizer, y: Int, in area: Rect, on canvas: inout Canvas
  ) {
    guard screen.isFlashing, let feedback = screen.feedback else { return }
    var text = strings.text(
      feedback.grade.map { "rhythm.feedback.\($0.rawValue)" } ?? "rhythm.feedback.extra")
    if let offset = feedback.offsetMilliseconds {
      let rounded = Int(offset.rounded())
      text +=
        "  " + (rounded > 0 ? "+" : "") + strings.text("rhythm.feedback.ms", ["ms": "\(rounded)"])
    }
    let style = RhythmResultsView.style(of: feedback.grade ?? .miss).reversed
    canvas.writeCentred(" \(text) ", y: y, in: area, style: style)
    canvas.focusLine = y
  }

  /// The time through the line under way, with its play-head, its hits and its missed notes.
  private static func grid(_ screen: RhythmModel, line: RhythmLine, glyphs: GlyphSet)
    -> BeatGridView
  {
    let passes = line.passes
    let played = screen.grid.map { (screen.now.sinceEpoch - $0.firstBeat) / $0.beatLength } ?? -1
    let beat = min(max(0, Int(played.rounded(.down))), line.beatCount - 1)
    let pass = passes.last { $0.lowerBound <= beat } ?? 0..<line.beatCount
    var view = BeatGridView(
      beats: beats(line, in: pass), barLines: barLines(in: pass), glyphs: glyphs)
    guard let grid = screen.grid, played >= 0 else { return view }
    let beatSeconds = grid.beatLength / .seconds(1)
    let firstBeat = grid.firstBeat / .seconds(1)
    let passStart = Double(pass.lowerBound)
    view.playhead = played - passStart
    // The pattern under way is framed whole, as it is when chosen; a silent beat on its own.
    let playing = line.placements.first { $0.beats.contains(beat) }
    view.current = (playing?.beat ?? beat) - pass.lowerBound
    view.currentSpan = playing?.pattern.beats ?? 1
    func position(_ time: Double) -> Double { (time - firstBeat) / beatSeconds - passStart }
    let inPass = { (time: Double) in
      let beat = (time - firstBeat) / beatSeconds
      return beat >= passStart && beat < Double(pass.upperBound)
    }
    guard let results = screen.results else { return view }
    let fresh = screen.isFlashing ? screen.hits.last : nil
    for (index, note) in results.notes.enumerated() where inPass(note.expected) {
      if let hit = note.hit {
        view.hits.append(
          BeatGridView.Hit(position: position(hit), grade: grade(note.grade), isFresh: hit == fresh)
        )
      } else if index < screen.decided {
        view.missed.append(position(note.expected))
      }
    }
    for extra in results.extraHits where inPass(extra) {
      view.hits.append(
        BeatGridView.Hit(position: position(extra), grade: nil, isFresh: extra == fresh))
    }
    return view
  }

  private static func renderCalibration(
    _ screen: RhythmModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    canvas.writeCentred(
      strings.text(
        screen.input == .midi ? "rhythm.calibrate.taskMIDI" : "rhythm.calibrate.task",
        ["clicks": "\(RhythmModel.calibrationClicks)"]),
      y: area.y + 1, in: area, style: Style.role(.accent).bold)
    canvas.writeCentred(
      strings.text("rhythm.calibrate.taps", ["taps": "\(screen.hits.count)"]), y: area.y + 3,
      in: area, style: .role(.text))
    // The count-in and the clicks shown as they sound: over SSH the click may not be heard at
    // the keyboard, and the line changes at the moment of each click.
    guard let click = screen.lastClick else { return }
    let digitsArea = Rect(x: area.x, y: area.y + 5, width: area.width, height: BigDigits.height)
    if click < 0 {
      BigDigits("\(-click)", glyphs: model.glyphs).render(in: digitsArea, on: &canvas)
    } else {
      canvas.writeCentred(
        strings.text(
          "rhythm.calibrate.click",
          [
            "click": "\(min(click + 1, RhythmModel.calibrationClicks))",
            "clicks": "\(RhythmModel.calibrationClicks)",
          ]),
        y: digitsArea.y + 1, in: area, style: Style.role(.text).bold)
    }
  }

  /// The delay taken off taps on this run's key path, or that it is not measured yet: a path
  /// other than the local terminal is named.
  private static func tapDelay(_ rhythm: RhythmSettings, route: KeyRoute, strings: Localizer)
    -> String
  {
    let path = rhythm.tapPaths[route.name]
    let ms = DecimalText.format(path?.offsetMilliseconds ?? 0, places: 1)
    guard route != .local else { return strings.text("rhythm.setup.tapDelay", ["ms": ms]) }
    guard path != nil else {
      return strings.text("rhythm.setup.tapDelayUnmeasured", ["route": route.name])
    }
    return strings.text("rhythm.setup.tapDelayOver", ["route": route.name, "ms": ms])
  }

  private static func renderCalibrated(
    _ measured: TapCalibration?, byMIDI: Bool, model: AppModel, in area: Rect,
    on canvas: inout Canvas
  ) {
    let strings = model.strings
    guard let measured, measured.isUsable else {
      let text = measured.map {
        strings.text(
          "rhythm.calibrate.unsteady",
          ["spread": DecimalText.format($0.spreadMilliseconds, places: 0)])
      }
      canvas.writeCentredWrapped(
        text ?? strings.text("rhythm.calibrate.failed"), y: area.y + 1, in: area,
        style: Style.role(.warn).bold)
      return
    }
    let next = canvas.writeCentredWrapped(
      strings.text(
        byMIDI ? "rhythm.calibrate.resultMIDI" : "rhythm.calibrate.result",
        [
          "ms": DecimalText.format(measured.offsetMilliseconds, places: 1),
          "spread": DecimalText.format(measured.spreadMilliseconds, places: 1),
        ]),
      y: area.y + 1, in: area, style: Style.role(.good).bold)
    if measured.isJittery {
      canvas.writeCentredWrapped(
        strings.text("rhythm.calibrate.jittery"), y: next + 1, in: area,
        style: Style.role(.warn).bold)
    }
  }
}
