import AudioModel
import Storage
import TerminalUI

/// Draws the whole screen from the model: status line, notices, the top screen, the key hint
/// bar and the key overlay. Pure: the same model always gives the same canvas.
public enum AppView {
  public static func render(_ model: AppModel) -> Canvas {
    var canvas = Canvas(size: model.size)
    let strings = model.strings
    if model.isTooSmall {
      TooSmallView.render(size: model.size, strings: strings, on: &canvas)
      return canvas
    }
    let (header, rest) = canvas.bounds.splitTop(1)
    let (middle, footer) = rest.splitBottom(1)
    renderStatusLine(model, in: header, on: &canvas)
    var body = middle
    if let notice = model.notices.first {
      let (line, below) = body.splitTop(1)
      let text = "! " + strings.text(notice)
      canvas.fill(line, style: Style.role(.warn).bold)
      canvas.write(
        " " + text.clipped(toWidth: line.width - 2, ellipsis: model.glyphs.ellipsis), x: line.x,
        y: line.y, style: Style.role(.warn).bold, clip: line)
      body = below
    }
    let content = body.splitTop(1).rest
    model.screen.feature.render(in: content, model: model, on: &canvas)
    func barHint(_ hint: KeyHint) -> KeyHintBar.Hint {
      KeyHintBar.Hint(
        label(for: hint.keys, model: model),
        action(of: hint, glyphs: model.glyphs, strings: strings))
    }
    // `?` lists every key, so it stays in the bar when a language's words crowd others out.
    let inBar = model.screen.keyHints.filter(\.inBar)
    let help = inBar.first { $0 == .help }
    KeyHintBar(inBar.filter { $0 != .help }.map(barHint), keepingLast: help.map(barHint))
      .render(in: footer.inset(horizontal: 1, vertical: 0), on: &canvas)
    if model.showsKeys {
      KeyOverlay.render(model, on: &canvas)
    }
    // Locale texts and names carry arrows and dashes the ASCII glyph set has no say over.
    if model.glyphs.kind == .ascii {
      canvas.replaceCharacters(ASCIIFallback.symbol)
    }
    return canvas
  }

  /// The frame to show: in screen-reader mode with its decorations blanked, the cursor on the
  /// line that changed and the last announcement under the title bar (`frames` remembers
  /// what the frame before showed).
  static func frame(_ model: AppModel, screenReader frames: inout ScreenReaderFrames) -> Canvas {
    let canvas = render(model)
    guard model.screenReader, !model.isTooSmall else {
      frames = ScreenReaderFrames()
      return canvas
    }
    let statusRow = model.notices.isEmpty ? 1 : 2
    return frames.next(
      canvas, statusRow: statusRow, watched: 1..<max(1, model.size.height - 1),
      screen: model.strings.text(model.stack.last?.titleKey ?? "app.name"))
  }

  /// What a key does; in ASCII, the text's ASCII spelling where it has one ("tempo +-1").
  static func action(of hint: KeyHint, glyphs: GlyphSet, strings: Localizer) -> String {
    let ascii = glyphs.kind == .ascii ? strings.textIfPresent(hint.actionKey + ".ascii") : nil
    return ascii ?? strings.text(hint.actionKey)
  }

  static func label(for keys: KeyHint.Keys, model: AppModel) -> String {
    let strings = model.strings
    let ascii = model.glyphs.kind == .ascii ? ".ascii" : ""
    switch keys {
    case .upDown: return strings.text("key.upDown" + ascii)
    case .leftRight: return strings.text("key.leftRight" + ascii)
    case .enter: return strings.text("key.enter")
    case .escape: return strings.text("key.esc")
    case .space: return strings.text("key.space")
    case .noteNames:
      // The span of the names as typed: a-g, a-h in German, do-si in solfège.
      let naming = model.settings.noteNaming
      let names = naming == .latin ? naming.letterNames : naming.letterNames.sorted()
      return (names.first ?? "").lowercased() + "-" + (names.last ?? "").lowercased()
    case .typedText: return strings.text("key.typedText")
    case .anyKey: return strings.text("key.any")
    case .text(let text): return text
    case .lineThenEnter(let text): return text + " " + strings.text("key.enter")
    }
  }

  private static func renderStatusLine(_ model: AppModel, in line: Rect, on canvas: inout Canvas) {
    let strings = model.strings
    let bar = Style(background: .surface)
    canvas.fill(line, style: bar)
    var x = line.x + 1
    x += canvas.write(
      strings.text("app.name"), x: x, y: line.y,
      style: Style(foreground: .accent, background: .surface).bold,
      clip: line)
    let separator = model.glyphs.kind == .unicode ? " › " : " > "
    for screen in model.stack.dropFirst() {
      x += canvas.write(
        separator, x: x, y: line.y, style: Style(foreground: .muted, background: .surface),
        clip: line)
      x += canvas.write(strings.text(screen.titleKey), x: x, y: line.y, style: bar, clip: line)
    }
    var audioText: String
    let audioStyle: Style
    switch model.audio {
    case .checking:
      audioText = strings.text("audio.checking")
      audioStyle = Style(foreground: .muted, background: .surface)
    case .available(let info):
      audioText = strings.text(
        "audio.available", ["server": info.serverName, "version": info.serverVersion])
      audioStyle = Style(foreground: .good, background: .surface)
    case .unavailable(let reason):
      audioText = strings.text(
        "audio.unavailable", ["reason": AudioReasonText.text(reason, strings)])
      audioStyle = Style(foreground: .warn, background: .surface)
    }
    let clock = model.clock.text
    let room = max(0, line.maxX - x - clock.displayWidth - 5)
    // Without room for the reason, the words alone: the screens that need sound say more.
    if case .unavailable = model.audio, audioText.displayWidth > min(room, line.width / 2) {
      audioText = strings.text("audio.none")
    }
    let shown = audioText.clipped(
      toWidth: min(room, line.width / 2), ellipsis: model.glyphs.ellipsis)
    let clockX = line.maxX - 1 - clock.displayWidth
    canvas.write(clock, x: clockX, y: line.y, style: bar, clip: line)
    let audioX = clockX - 3 - shown.displayWidth
    canvas.write(shown, x: audioX, y: line.y, style: audioStyle, clip: line)
    // Offline first: the practice room works on, and says that what goes to the server waits.
    if model.server?.isReachable == false {
      let offline = strings.text("server.offline")
      let offlineX = audioX - 3 - offline.displayWidth
      if offlineX > x + 1 {
        canvas.write(
          offline, x: offlineX, y: line.y, style: Style(foreground: .warn, background: .surface),
          clip: line)
      }
    }
  }
}
