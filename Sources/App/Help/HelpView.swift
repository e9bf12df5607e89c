import Storage
import TerminalUI

enum HelpView {
  /// Rows the help text gets on a screen of this size (status line, gap and hint bar excluded).
  static func visibleRows(in size: Size) -> Int { max(1, size.height - 3) }

  static func textWidth(in size: Size) -> Int { min(max(1, size.width - 4), 96) }

  static func lines(model: AppModel, width: Int) -> [(String, Style)] {
    let strings = model.strings
    var lines: [(String, Style)] = []
    func heading(_ key: String) {
      if !lines.isEmpty { lines.append(("", .plain)) }
      lines.append((strings.text(key), Style.role(.accent).bold))
    }
    func paragraph(_ text: String, style: Style = .plain) {
      lines += text.wrapped(toWidth: width).map { ($0, style) }
    }
    paragraph(strings.text("help.about"))
    heading("help.global")
    let keys: [(String, String)] = [
      (strings.text("key.esc"), "help.key.back"), ("?", "help.key.help"), ("q", "help.key.quit"),
      ("Ctrl-C", "help.key.ctrlC"),
      ("j k h l", "help.key.letters"), ("PgUp PgDn", "help.key.pages"),
      ("Home End", "help.key.ends"),
    ]
    let keyWidth = (keys.map(\.0.displayWidth).max() ?? 0) + 2
    for (key, action) in keys {
      lines.append((key.padded(toWidth: keyWidth) + strings.text(action), .plain))
    }
    heading("help.modules")
    for entry in HomeEntry.allCases {
      guard let text = strings.textIfPresent("help.module.\(entry)") else { continue }
      lines.append(("", .plain))
      lines.append((strings.text(entry.titleKey), Style.role(.text).bold))
      paragraph(text)
    }
    heading("help.screenKeys")
    for (titleKey, hints) in screenKeys {
      lines.append(("", .plain))
      lines.append((strings.text(titleKey), Style.role(.text).bold))
      for hint in hints where hint.keys != .escape && hint.actionKey != "common.help" {
        let keys = AppView.label(for: hint.keys, model: model)
        let action = AppView.action(of: hint, glyphs: model.glyphs, strings: strings)
        lines.append(("  " + keys.padded(toWidth: 12) + " " + action, .plain))
      }
    }
    heading("help.files")
    paragraph(strings.text("help.files.config", ["path": model.paths.settingsFile.path]))
    paragraph(strings.text("help.files.data", ["path": model.paths.dataFolder.path]))
    paragraph(strings.text("help.files.log", ["path": model.paths.logFile.path]))
    return lines
  }

  /// Each screen's keys, from the tables its key bar and `?` overlay show.
  static let screenKeys: [(String, [KeyHint])] = [
    ("home.metronome", MetronomeModel.keyHints),
    ("home.listen", ListenModel.keyHints),
    ("home.notes", NotesModel.choosingHints + NotesModel.playingHints),
    (
      "home.fretboard",
      FretboardModel.choosingHints + FretboardModel.exploringHints + FretboardModel.playingHints
        + FretboardModel.runningHints
    ),
    ("home.rhythm", RhythmModel.setupHints),
    (
      "home.ear",
      EarModel.setupHints + EarModel.askingHints + EarModel.rhythmHints + EarModel.typingHints
        + EarModel.answeredHints
    ),
    ("home.protocol", ProtocolModel.choosingHints + ProtocolModel.recordingHints),
    ("home.history", HistoryModel.keyHints),
  ].map { title, hints in
    // A key shared by two phases is listed once, with its first meaning.
    var seen: [KeyHint.Keys] = []
    return (
      title,
      hints.filter { hint in
        guard !seen.contains(hint.keys) else { return false }
        seen.append(hint.keys)
        return true
      }
    )
  }

  static func render(_ help: HelpModel, model: AppModel, in area: Rect, on canvas: inout Canvas) {
    let text = area.inset(horizontal: 2, vertical: 0)
    let all = lines(model: model, width: textWidth(in: model.size))
    let first = min(help.scroll, max(0, all.count - text.height))
    for (row, (line, style)) in all.dropFirst(first).prefix(text.height).enumerated() {
      canvas.write(line, x: text.x, y: text.y + row, style: style, clip: text)
    }
  }
}
