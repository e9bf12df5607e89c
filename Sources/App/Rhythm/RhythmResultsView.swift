import Practice
import Storage
import TerminalUI

/// The results of a rhythm exercise on one screen: accuracy, the count of each grade, whether
/// the player rushed or dragged and how steadily, the training time, and where the hits landed
/// as a histogram. The screen and `woodshed rhythm` draw the same view.
enum RhythmResultsView {
  /// Rows the view needs; the histogram takes what is left, at least `histogramRows`.
  static let height = 9 + histogramRows + 1
  static let histogramRows = 5

  /// Each grade's colour, and the glyph that tells it in mono.
  static func style(of grade: RhythmGrade) -> Style {
    switch grade {
    case .perfect: Style.role(.perfect).bold
    case .good: Style.role(.accent).bold
    case .inaccurate: Style.role(.inaccurate).bold
    case .miss: Style.role(.miss).bold
    }
  }

  /// `best` compares the accuracy with the player's best on the line, where it is known;
  /// `pathNote` says when the key path's wobble widened the perfect window; `boardNote` where
  /// the player stands on the server's board of the line at this tempo.
  static func render(
    _ results: RhythmResults, seconds: Double, best: PersonalBest? = nil,
    pathNote: String? = nil, boardNote: String? = nil, strings: Localizer, glyphs: GlyphSet,
    in area: Rect,
    on canvas: inout Canvas
  ) {
    let width = min(area.width - 2, 72)
    let left = area.x + max(0, (area.width - width) / 2)
    var y = area.y
    func line(_ text: String, style: Style = .role(.text)) {
      guard y < area.maxY else { return }
      canvas.write(text, x: left, y: y, style: style, clip: area)
      y += 1
    }
    let accuracy = strings.text(
      "rhythm.results.accuracy", ["percent": DecimalText.format(results.accuracy, places: 1)])
    if let best {
      canvas.write(
        best.text(strings), x: left + accuracy.displayWidth + 3, y: y, style: best.style,
        clip: Rect(x: left, y: y, width: width, height: 1))
    }
    line(accuracy, style: Style.role(.accent).bold)
    line(strings.text("rhythm.results.rule"), style: .role(.muted))
    var x = left
    let counts: [(String, Int, Style)] =
      RhythmGrade.allCases.map {
        (strings.text("rhythm.grade.\($0.rawValue)"), results.count(of: $0), style(of: $0))
      } + [(strings.text("rhythm.results.extra"), results.extraCount, style(of: .miss))]
    for (name, count, style) in counts where y < area.maxY {
      let text = "\(name) \(count)"
      canvas.write(text, x: x, y: y, style: count > 0 ? style : .role(.muted), clip: area)
      x += text.displayWidth + 3
    }
    y += 2
    if let mean = results.meanOffsetMilliseconds, let spread = results.spreadMilliseconds {
      let rounded = (mean * 10).rounded() / 10
      let ms = ["ms": DecimalText.format(abs(rounded), places: 1)]
      let key: String
      switch results.tendency ?? .steady {
      case .late: key = "rhythm.results.late"
      case .early: key = "rhythm.results.early"
      case .steady:
        key =
          rounded > 0
          ? "rhythm.results.lateWithin"
          : rounded < 0 ? "rhythm.results.earlyWithin" : "rhythm.results.onBeat"
      }
      line(strings.text(key, ms))
      line(strings.text("rhythm.results.spread", ["ms": DecimalText.format(spread, places: 1)]))
      if let pathNote { line(pathNote, style: .role(.warn)) }
    } else {
      line(
        results.extraCount > 0
          ? strings.text("rhythm.results.noneMatched", ["count": "\(results.extraCount)"])
          : strings.text("rhythm.results.noHits"))
      y += 1
    }
    line(
      strings.text("rhythm.results.time", ["time": StopwatchText.of(seconds)]))
    if let boardNote { line(boardNote, style: .role(.muted)) }
    y += 1
    line(strings.text("rhythm.results.histogram"), style: .role(.muted))
    renderHistogram(
      results.histogram, strings: strings, glyphs: glyphs,
      in: Rect(x: left, y: y, width: width, height: max(0, area.maxY - y)), on: &canvas)
  }

  /// "Server board (92 BPM, bars: 8): place 2 of 5; first ada, 97.5 %" for this line, from
  /// the last refresh; nil when the player has no place on it.
  static func boardNote(
    line: [String], bpm: Int, bars: Int, server: ServerSnapshot?, strings: Localizer
  ) -> String? {
    let board = BoardResult.rhythmBoard(line: line, bpm: bpm, bars: bars)
    guard
      let place = server?.places.first(where: {
        $0.game == BoardGame.rhythm.rawValue && $0.board == board
      })
    else { return nil }
    guard place.place > 1 else {
      return strings.text(
        "rhythm.results.boardLeading",
        ["players": "\(place.players)", "bpm": "\(bpm)", "bars": "\(bars)"])
    }
    return strings.text(
      "rhythm.results.boardPlace",
      [
        "place": "\(place.place)", "players": "\(place.players)", "bpm": "\(bpm)",
        "bars": "\(bars)", "leader": place.leader,
        "percent": DecimalText.format(place.leaderScore, places: 1),
      ])
  }

  /// One column pair per bin, the early overflow first and the late one last, scaled to the
  /// fullest bin; a zero line marks the beat.
  private static func renderHistogram(
    _ histogram: RhythmHistogram, strings: Localizer, glyphs: GlyphSet, in area: Rect,
    on canvas: inout Canvas
  ) {
    let rows = min(histogramRows, area.height - 1)
    guard rows > 0 else { return }
    let bins = [histogram.underflow] + histogram.counts + [histogram.overflow]
    let tallest = max(1, bins.max() ?? 0)
    let levels = glyphs.levels
    for (index, count) in bins.enumerated() {
      // In steps of one level glyph, so a single hit still shows.
      let steps = count == 0 ? 0 : max(1, count * rows * levels.count / tallest)
      let style = index == 0 || index == bins.count - 1 ? Style.role(.bad) : .role(.accent)
      for row in 0..<rows {
        let filled = steps - row * levels.count
        guard filled > 0 else { break }
        let glyph = filled >= levels.count ? glyphs.block : levels[filled - 1]
        let x = area.x + index * 2
        canvas.put(
          glyph, x: x, y: area.y + rows - 1 - row, style: style, clip: area, picture: true)
      }
    }
    let axisY = area.y + rows
    let early = strings.text("rhythm.results.axisEarly")
    let late = strings.text("rhythm.results.axisLate")
    let zero = area.x + (1 + RhythmHistogram.binCount / 2) * 2
    canvas.write(early, x: area.x, y: axisY, style: .role(.muted), clip: area)
    canvas.put(
      glyphs.vertical, x: zero - 1, y: axisY, style: .role(.muted), clip: area, picture: true)
    canvas.write("0", x: zero, y: axisY, style: .role(.muted), clip: area)
    canvas.write(
      late, x: area.x + bins.count * 2 - late.displayWidth, y: axisY, style: .role(.muted),
      clip: area)
  }
}
