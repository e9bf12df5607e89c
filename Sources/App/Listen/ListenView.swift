import MusicTheory
import TerminalUI

/// The listening screen: a level meter, an onset counter that lights on every onset, and a
/// tuner needle for the pitch heard.
enum ListenView {
  /// The meter spans this range of dBFS; quieter shows empty, louder shows full.
  static let meterFloor: Float = -60
  /// The needle spans ±50 cents: past that the nearest note changes.
  static let needleRange = 50.0
  static let inTuneCents = 5.0
  static let closeCents = 15.0

  static func render(_ screen: ListenModel, model: AppModel, in area: Rect, on canvas: inout Canvas)
  {
    let strings = model.strings
    let glyphs = model.glyphs
    let width = min(area.width - 4, 72)
    let left = area.x + (area.width - width) / 2
    let labels = [
      "listen.input", "listen.onsets", "listen.note", "listen.instrument", "listen.delay",
      "listen.metronome",
    ]
    .map { strings.text($0) }
    let labelWidth = (labels.map(\.displayWidth).max() ?? 0) + 2
    let valueX = left + labelWidth
    let valueWidth = width - labelWidth
    var y = area.y + 1

    canvas.write(
      strings.text("listen.source", ["source": sourceName(screen, model)]), x: left, y: y,
      style: .role(.muted), clip: area)
    y += 2

    canvas.write(labels[0], x: left, y: y, style: .role(.muted), clip: area)
    let level = screen.decibels.map { max(meterFloor, min(0, $0)) }
    ProgressBar(
      fraction: level.map { Double(($0 - meterFloor) / -meterFloor) } ?? 0,
      label: level.map { strings.text("listen.dbfs", ["value": "\(Int($0.rounded()))"]) } ?? "",
      glyphs: glyphs, style: .role(.accent)
    ).render(in: Rect(x: valueX, y: y, width: valueWidth, height: 1), on: &canvas)
    y += 2

    canvas.write(labels[1], x: left, y: y, style: .role(.muted), clip: area)
    let mark = glyphs.kind == .unicode ? "●" : "*"
    let onsetX =
      valueX
      + canvas.write(
        "\(screen.onsetCount)", x: valueX, y: y, style: Style.role(.text).bold, clip: area)
    if screen.isFlashing {
      canvas.write(" " + mark, x: onsetX, y: y, style: Style.role(.good).bold, clip: area)
    }
    y += 2

    canvas.write(labels[2], x: left, y: y, style: .role(.muted), clip: area)
    renderTuner(screen, model: model, x: valueX, y: y, width: valueWidth, on: &canvas)
    y += 3

    canvas.write(labels[3], x: left, y: y, style: .role(.muted), clip: area)
    canvas.write(instrumentText(model), x: valueX, y: y, style: .role(.text), clip: area)
    y += 1
    canvas.write(labels[4], x: left, y: y, style: .role(.muted), clip: area)
    canvas.write(delayText(screen, model: model), x: valueX, y: y, style: .role(.text), clip: area)
    y += 1
    canvas.write(labels[5], x: left, y: y, style: .role(.muted), clip: area)
    let metronome =
      screen.isClicking
      ? strings.text(
        "listen.metronome.on",
        ["bpm": "\(model.settings.metronome.bpm)", "meter": model.settings.metronome.meter])
      : strings.text("listen.metronome.off")
    canvas.write(
      metronome, x: valueX, y: y, style: .role(screen.isClicking ? .accent : .text), clip: area)
    y += 2

    let status = Rect(x: area.x, y: y, width: area.width, height: max(0, area.y + area.height - y))
    renderStatus(screen, model: model, in: status, on: &canvas)
  }

  /// The calibration under way or its outcome, else a problem, else what to do.
  private static func renderStatus(
    _ screen: ListenModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let (text, style): (String, Style)
    switch screen.task {
    case .measuringLatency:
      text = strings.text(
        "listen.latency.measuring",
        ["clicks": "\(LatencyCalibration.clickCount)", "seconds": "\(LatencyCalibration.seconds)"])
      style = Style.role(.accent).bold
    case .naming(let typed):
      let cursor = model.glyphs.kind == .unicode ? "▏" : "_"
      text = strings.text("listen.learn.naming", ["name": typed + cursor])
      style = Style.role(.accent).bold
    case .learning:
      text = strings.text(
        "calibrate.instrument.play", ["seconds": "\(Int(ListenModel.learningSeconds))"])
      style = Style.role(.accent).bold
    case nil:
      if let outcome = screen.outcome {
        text = strings.text(outcome)
        style = .role(.text)
      } else if let problem = screen.problem {
        text = strings.text("listen.problem", ["reason": AudioReasonText.text(problem, strings)])
        style = Style.role(.bad).bold
      } else {
        text = strings.text("listen.hint")
        style = .role(.muted)
      }
    }
    let width = min(area.width - 4, 72)
    let lines = text.wrapped(toWidth: width)
    for (row, line) in lines.prefix(area.height).enumerated() {
      canvas.writeCentred(line, y: area.y + row, in: area, style: style)
    }
    // The measurement and the learning take seconds: a bar shows them moving.
    if let progress = screen.taskProgress, lines.count < area.height {
      let barWidth = min(width, 40)
      ProgressBar(
        fraction: progress, label: "\(Int((progress * 100).rounded())) %", glyphs: model.glyphs
      ).render(
        in: Rect(
          x: area.x + (area.width - barWidth) / 2, y: area.y + lines.count, width: barWidth,
          height: 1), on: &canvas)
    }
  }

  private static func instrumentText(_ model: AppModel) -> String {
    let listening = model.settings.listening
    guard let profile = listening.profile else {
      return model.strings.text("listen.instrument.any")
    }
    return model.strings.text(
      "listen.instrument.learned", ["name": listening.instrument, "notes": "\(profile.noteCount)"])
  }

  private static func delayText(_ screen: ListenModel, model: AppModel) -> String {
    let strings = model.strings
    if model.overrides.audioIn != nil { return strings.text("listen.delay.file") }
    guard let pair = devicePair(screen, model: model),
      let milliseconds = model.settings.audio.roundTrip(sink: pair.sink, source: pair.source)
    else { return strings.text("listen.delay.unmeasured") }
    return strings.text(
      "listen.delay.measured", ["ms": DecimalText.format(milliseconds, places: 1)])
  }

  /// The sink the app plays through and the source it records from, by their real names.
  static func devicePair(_ screen: ListenModel, model: AppModel) -> (sink: String, source: String)?
  {
    guard let source = screen.source else { return nil }
    if !model.audioDevices.sink.isEmpty { return (model.audioDevices.sink, source) }
    guard case .available(let info) = model.audio else { return nil }
    return (info.defaultSink, source)
  }

  private static func sourceName(_ screen: ListenModel, _ model: AppModel) -> String {
    if let file = model.overrides.audioIn { return file }
    if let source = screen.source { return source }
    let source = model.audioDevices.source
    return source.isEmpty ? model.strings.text("listen.defaultSource") : source
  }

  /// The note and its cents on one row, the needle under it.
  private static func renderTuner(
    _ screen: ListenModel, model: AppModel, x: Int, y: Int, width: Int, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let area = Rect(x: x, y: y, width: width, height: 2)
    let reference = ConcertPitch(a4: model.settings.a4Reference) ?? .standard
    guard let frequency = screen.shownFrequency,
      let pitch = Pitch(nearestTo: frequency, reference: reference)
    else {
      canvas.write(strings.text("listen.noPitch"), x: x, y: y, style: .role(.muted), clip: area)
      return
    }
    let cents = pitch.centsOffset(of: frequency, reference: reference)
    let rounded = Int(cents.rounded())
    let style: Style =
      abs(cents) <= inTuneCents
      ? .role(.good) : abs(cents) <= closeCents ? .role(.warn) : .role(.bad)
    let note = pitch.spelling(preferSharps: true)
    let accidentals = model.glyphs.accidentals
    let name =
      model.settings.noteNaming.name(of: note.noteClass, glyphs: accidentals) + "\(note.octave)"
    var column = x + canvas.write(name, x: x, y: y, style: style.bold, clip: area)
    let centsText = (rounded >= 0 ? "+" : "") + "\(rounded)"
    column += canvas.write(
      "  " + strings.text("listen.cents", ["value": centsText]), x: column, y: y, style: style,
      clip: area)
    canvas.write(
      "  " + strings.text("listen.hertz", ["value": DecimalText.format(frequency, places: 1)]),
      x: column, y: y, style: .role(.muted), clip: area)

    let unicode = model.glyphs.kind == .unicode
    let track = min(width, 41)
    let middle = x + track / 2
    for column in x..<(x + track) {
      canvas.write(unicode ? "─" : "-", x: column, y: y + 1, style: .role(.muted), clip: area)
    }
    canvas.write(unicode ? "┼" : "+", x: middle, y: y + 1, style: .role(.muted), clip: area)
    let offset = Int(
      (max(-needleRange, min(needleRange, cents)) / needleRange * Double(track / 2)).rounded())
    canvas.write(unicode ? "█" : "#", x: middle + offset, y: y + 1, style: style.bold, clip: area)
  }
}
