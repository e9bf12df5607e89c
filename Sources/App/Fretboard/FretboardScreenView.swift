import MusicTheory
import Practice
import Storage
import TerminalUI

/// The fretboard screen: the list of patterns with the root to show them on, or one pattern on
/// the neck with its notes spelled underneath.
enum FretboardScreenView {
  static func render(
    _ screen: FretboardModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let patterns = model.patterns ?? []
    guard !patterns.isEmpty else {
      canvas.writeCentred(
        strings.text("fretboard.noPatterns"), y: area.y + area.height / 2, in: area,
        style: .role(.muted))
      return
    }
    let selected = min(screen.selected, patterns.count - 1)
    let root =
      NamingSystem.english.noteClass(parsing: model.settings.fretboard.root) ?? NoteClass(.A)
    switch screen.phase {
    case .choosing: renderList(screen, selected, root: root, model: model, in: area, on: &canvas)
    case .exploring:
      renderNeck(
        patterns[selected], root: root, cursor: screen.fretCursor,
        chord: screen.chord(of: patterns[selected], root: root), problem: screen.problem,
        model: model, in: area, on: &canvas)
      if screen.explains {
        renderExplanation(
          patterns[selected], root: root, closing: "fretboard.about.close", model: model,
          in: area, on: &canvas)
      }
    case .explaining:
      renderNeck(patterns[selected], root: root, model: model, in: area, on: &canvas)
      let strings = model.strings
      Dialog(
        title: strings.text("fretboard.game.title"),
        message: strings.text(
          model.settings.fretboard.gamePace == .adaptive
            ? "fretboard.game.explainAdaptive" : "fretboard.game.explain") + "\n"
          + strings.text(
            "fretboard.game.modeLine",
            ["mode": strings.text(modeKey(screen.gameMode, isHeard: screen.hearsQuestions))]),
        buttons: [strings.text("fretboard.game.start")], selectedButton: 0, maxTextWidth: 60,
        glyphs: model.glyphs
      ).render(in: area, on: &canvas)
    case .records:
      renderRecords(model: model, in: area, on: &canvas)
    case .tutorial(let page):
      renderList(screen, selected, root: root, model: model, in: area, on: &canvas)
      let strings = model.strings
      Dialog(
        title: strings.text(
          "fretboard.tutorial.title",
          ["page": "\(page + 1)", "pages": "\(FretboardModel.tutorialPages)"]),
        message: strings.text("fretboard.tutorial.\(page + 1)"),
        buttons: [
          strings.text(
            page + 1 < FretboardModel.tutorialPages
              ? "fretboard.tutorial.next" : "fretboard.tutorial.done")
        ],
        selectedButton: 0, maxTextWidth: 60, glyphs: model.glyphs
      ).render(in: area, on: &canvas)
    case .running:
      guard let run = screen.run else { return }
      renderRun(
        screen, run, pattern: patterns[selected], root: root, model: model, in: area, on: &canvas)
      if screen.explains {
        renderExplanation(
          patterns[selected], root: root,
          closing: screen.clicks ? "fretboard.about.closeClick" : "fretboard.about.closeRun",
          model: model, in: area, on: &canvas)
      }
    case .playing, .gameOver:
      guard let game = screen.game else { return }
      renderGame(
        screen, game, pattern: patterns[selected], root: root, model: model, in: area, on: &canvas)
    }
  }

  /// The lane of questions over the neck, the score line, and at the end the result.
  private static func renderGame(
    _ screen: FretboardModel, _ game: IntervalGame, pattern: FretPattern, root: NoteClass,
    model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let positions = FretboardModel.placement(of: pattern, root: root)
    let over = screen.phase == .gameOver
    let session = screen.gameSession
    let isHeard = session?.isHeard ?? false
    func text(_ interval: Interval) -> String {
      session?.text(
        of: interval, naming: model.settings.noteNaming, accidentals: model.glyphs.accidentals)
        ?? interval.degreeName
    }
    var dots: [FretboardView.Dot] = []
    for (place, interval) in game.tones {
      let isTonic = interval.semitones % 12 == 0
      let isMarked = game.marked.contains(place)
      let shown = isTonic || isMarked || over || game.aids != .tonicOnly
      guard shown else { continue }
      let style: Style
      if isTonic {
        style = FretboardView.Dot.tonicStyle
      } else if isMarked {
        style = Style.role(.good).bold
      } else if game.aids == .labelsAndColours || over {
        style = .role(Self.colour(of: interval))
      } else {
        style = FretboardView.Dot.toneStyle
      }
      dots.append(FretboardView.Dot(place, label: interval.degreeName, style: style))
    }
    var neck = FretboardView(
      tuning: pattern.tuning, dots: dots, cursor: over ? nil : screen.cursor,
      isLeftHanded: model.settings.fretboard.isLeftHanded, naming: model.settings.noteNaming,
      glyphs: model.glyphs)
    let frets = positions.map(\.fret) + [screen.cursor.fret]
    neck.frets = neck.window(startingAt: max(0, (frets.min() ?? 0) - 1), fitting: area.width - 4)

    // The record to beat stays in view while playing. An adaptive game shows its pace where
    // the fixed game shows its level.
    let figures = [
      "level": "\(game.level)", "score": "\(game.score)",
      "time": StopwatchText.of(game.time.rounded(.down)),
      "pace": DecimalText.format(game.crossingSeconds, places: 1),
    ]
    var status = strings.text(
      game.isAdaptive ? "fretboard.game.paceStatus" : "fretboard.game.status", figures)
    if !over,
      let best = FretboardModel.best(
        pattern: pattern.id, band: FretboardModel.band(of: game.level),
        mode: session?.mode ?? .intervals, isHeard: isHeard, isAdaptive: game.isAdaptive,
        in: model.history)
    {
      status += "   " + strings.text("fretboard.game.toBeat", ["best": "\(best.score)"])
    }
    canvas.write(
      status, x: area.maxX - 2 - status.displayWidth, y: area.y, style: .role(.text), clip: area)
    // The first game's title stays as it was; another says which it is.
    var title = PatternName(pattern.name).text(strings)
    if let session, session.mode != .intervals || isHeard {
      let dot = model.glyphs.kind == .unicode ? " · " : " - "
      title += dot + strings.text(Self.modeKey(session.mode, isHeard: isHeard))
    }
    canvas.write(
      title.clipped(
        toWidth: max(0, area.width - 6 - status.displayWidth), ellipsis: model.glyphs.ellipsis),
      x: area.x + 2, y: area.y, style: Style.role(.accent).bold, clip: area)

    let left = area.x + max(2, (area.width - neck.width) / 2)
    let width = min(neck.width, area.width - 4)
    let lane = Rect(x: left, y: area.y + 2, width: width, height: 1)
    canvas.fill(lane, with: model.glyphs.kind == .unicode ? "·" : ".", style: .role(.muted))
    for (index, question) in game.questions.enumerated().reversed() {
      let label = "(" + (isHeard ? "?" : text(question.interval)) + ")"
      let x =
        lane.x + Int(Double(lane.width - label.displayWidth) * (1 - game.progress(of: question)))
      let style = index == 0 ? Style.role(.warn).bold : .role(.text)
      canvas.write(label, x: x, y: lane.y, style: style, clip: lane)
    }
    let neckArea = Rect(
      x: left, y: area.y + 4, width: width,
      height: min(neck.height, max(0, area.maxY - area.y - 4)))
    neck.render(in: neckArea, on: &canvas)

    let y = neckArea.maxY + 1
    guard y < area.maxY else { return }
    let line: String
    let style: Style
    if over {
      (line, style) = result(screen, game, strings)
    } else if let count = session?.countdown(at: screen.now) {
      line = strings.text("fretboard.game.countdown", ["seconds": "\(count)"])
      style = Style.role(.warn).bold
    } else if session?.pausedAt != nil {
      line = strings.text("fretboard.game.paused")
      style = Style.role(.warn).bold
    } else if !screen.typed.isEmpty {
      line = strings.text("fretboard.game.typing", ["place": screen.typed])
      style = Style.role(.accent).bold
    } else if let oldest = game.questions.first {
      let left = "\(game.targets.count - game.marked.count)"
      line =
        isHeard
        ? strings.text("fretboard.game.askHeard", ["left": left])
        : strings.text("fretboard.game.ask", ["interval": text(oldest.interval), "left": left])
      switch screen.lastMark {
      case .wrong: style = Style.role(.bad).bold
      case .right, .cleared: style = Style.role(.good).bold
      default: style = .role(.text)
      }
    } else {
      line = strings.text("fretboard.game.wait")
      style = .role(.muted)
    }
    canvas.writeCentred(line, y: y, in: area, style: style)
    canvas.focusLine = y
    if !over, let session, let mistake = session.mistake, y + 1 < area.maxY {
      canvas.writeCentred(
        mistakeText(
          mistake, points: session.pointsLost, isHeard: isHeard, text: text, strings: strings),
        y: y + 1, in: area, style: Style.role(.bad))
    } else if isHeard, y + 1 < area.maxY,
      let named = over ? game.questions.first?.interval : session?.lastCleared,
      over || screen.lastMark == .cleared
    {
      // A heard question is named once answered, and the one left when the game ended, so the
      // ear learns what it heard.
      canvas.writeCentred(
        strings.text("fretboard.game.was", ["question": text(named)]), y: y + 1, in: area,
        style: Style.role(over ? .text : .good))
    }
    // The places drawn, in words: the player's marks apart, as only their colour tells them.
    let marked = dots.filter { game.marked.contains($0.position) }
    let others = dots.filter { !game.marked.contains($0.position) }
    let words = [
      FretWords.text(
        cursor: over ? nil : screen.cursor, places: marked, key: "fretboard.words.marked",
        strings),
      FretWords.text(cursor: nil, places: others, key: "fretboard.words.shown", strings),
    ].filter { !$0.isEmpty }.joined(separator: " ")
    FretWords.render(words, y: y + 3, maxY: area.maxY, in: area, on: &canvas)
  }

  /// The open pattern's explanation (`i`) over the screen, with what closing it does; the
  /// screen reader starts on its first line.
  private static func renderExplanation(
    _ pattern: FretPattern, root: NoteClass, closing: String, model: AppModel, in area: Rect,
    on canvas: inout Canvas
  ) {
    let explanation = ScaleExplanation(
      pattern, root: root, strings: model.strings, naming: model.settings.noteNaming,
      glyphs: model.glyphs)
    canvas.focusLine = explanation.render(
      closing: model.strings.text(closing), glyphs: model.glyphs, in: area, on: &canvas)
  }

  /// "String 3, fret 5 holds the 5, not the b3 (-2)".
  /// A heard game does not say what was asked: that would answer it.
  private static func mistakeText(
    _ mistake: IntervalGameSession.Mistake, points: Int, isHeard: Bool,
    text: (Interval) -> String, strings: Localizer
  ) -> String {
    switch mistake {
    case .noPlace(let typed):
      return strings.text("fretboard.game.noPlace", ["typed": typed])
    case .otherTone(let place, let holds, let asked):
      return strings.text(
        isHeard ? "fretboard.game.otherToneHeard" : "fretboard.game.otherTone",
        [
          "string": "\(place.string)", "fret": "\(place.fret)", "holds": text(holds),
          "asked": text(asked), "points": "\(points)",
        ])
    case .outside(let place):
      return strings.text(
        "fretboard.game.outside",
        ["string": "\(place.string)", "fret": "\(place.fret)", "points": "\(points)"])
    }
  }

  /// The task, the neck with the notes played so far (and the places to play, unless hidden),
  /// and the verdict with what was wrong.
  private static func renderRun(
    _ screen: FretboardModel, _ run: ScaleRun, pattern: FretPattern, root: NoteClass,
    model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let positions = FretboardModel.placement(of: pattern, root: root)
    let intervals = pattern.intervals
    // Names come from the scale's own spelling, so a wrong note reads "F", the right one "F#".
    var names: [Pitch: String] = [:]
    for (place, interval) in zip(positions, intervals) {
      if let noteClass = root + interval {
        names[pattern.tuning.pitch(string: place.string, fret: place.fret)] =
          model.settings.noteNaming.name(of: noteClass, glyphs: model.glyphs.accidentals)
      }
    }
    let flats = names.values.contains { $0.contains("b") || $0.contains("♭") }
    func name(_ pitch: Pitch) -> String {
      names[pitch]
        ?? model.settings.noteNaming.name(
          of: pitch.spelling(preferSharps: !flats).noteClass, glyphs: model.glyphs.accidentals)
    }
    var dots: [FretboardView.Dot] = []
    if screen.showsMarkers {
      dots = zip(positions, intervals).map { place, interval in
        FretboardView.Dot(
          place, label: interval.degreeName,
          style: interval.semitones % 12 == 0 ? FretboardView.Dot.tonicStyle : .role(.muted))
      }
    }
    if let note = screen.presentedNote {
      let step = run.expected[note]
      dots.append(
        FretboardView.Dot(
          step.position, label: name(step.pitch), style: Style.role(.accent).bold.reversed))
    }
    for (index, pitch) in run.played.enumerated()
    where index < run.expected.count && run.expected[index].pitch == pitch {
      dots.append(
        FretboardView.Dot(
          run.expected[index].position, label: name(pitch), style: Style.role(.good).bold))
    }
    // A wrong note: the one expected lit as the note to play, the one played where it was
    // played in the colour of a mistake and underlined, so a mono theme tells them apart too.
    var wrongDots: [(dot: FretboardView.Dot, key: String)] = []
    if let wrong = screen.wrongNote {
      wrongDots.append(
        (
          FretboardView.Dot(
            wrong.expected.position, label: name(wrong.expected.pitch),
            style: Style.role(.good).bold.reversed), "fretboard.words.expected"
        ))
      if let place = wrong.place {
        wrongDots.append(
          (
            FretboardView.Dot(
              place, label: name(wrong.played), style: Style.role(.bad).bold.underlined),
            "fretboard.words.played"
          ))
      }
    }
    dots += wrongDots.map(\.dot)
    // One mark per place, the last drawn: a note played over a place's label replaces it, so
    // "C" never shows through as "bC" over a "b3", and the words name each place once.
    dots = dots.enumerated().filter { index, dot in
      !dots[(index + 1)...].contains { $0.position == dot.position }
    }.map(\.element)
    var neck = FretboardView(
      tuning: pattern.tuning, dots: dots, cursor: run.isOver ? nil : screen.cursor,
      isLeftHanded: model.settings.fretboard.isLeftHanded, naming: model.settings.noteNaming,
      glyphs: model.glyphs)
    let frets = positions.map(\.fret) + [screen.cursor.fret]
    neck.frets = neck.window(startingAt: max(0, (frets.min() ?? 0) - 1), fitting: area.width - 4)

    let rootName = model.settings.noteNaming.name(of: root, glyphs: model.glyphs.accidentals)
    let task = strings.text(
      "fretboard.run.task",
      [
        "root": rootName, "pattern": pattern.name,
        "direction": strings.text("fretboard.run.\(run.direction.rawValue)"),
      ])
    canvas.writeCentred(task, y: area.y, in: area, style: Style.role(.accent).bold)
    let level = [
      "level": "\(screen.runLevel.number)", "count": "\(RunLevel.all.count)",
      "conditions": conditionsText(screen.runLevel, strings: strings),
    ]
    canvas.writeCentred(
      screen.placing.map {
        strings.text(
          "fretboard.placement.running",
          level.merging(
            ["number": "\($0.yes + 1)", "questions": "\(Placement.questions.count)"]
          ) { $1 })
      } ?? strings.text("fretboard.level.task", level),
      y: area.y + 1, in: area, style: .role(.muted))
    let neckArea = Rect(
      x: area.x + max(2, (area.width - neck.width) / 2), y: area.y + 2,
      width: min(neck.width, area.width - 4),
      height: min(neck.height, max(0, area.maxY - area.y - 2)))
    neck.render(in: neckArea, on: &canvas)
    let y = neckArea.maxY + 1
    guard y < area.maxY else { return }
    let (line, style): (String, Style)
    switch run.verdict {
    case .finished? where run.direction == .ascending:
      (line, style) = (strings.text("fretboard.run.clean"), Style.role(.good).bold)
    case .finished? where !screen.passedLevel:
      line = strings.text(
        "fretboard.run.notMet",
        [
          "level": "\(screen.runLevel.number)",
          "conditions": conditionsText(screen.runLevel, strings: strings),
        ])
      style = Style.role(.warn).bold
    case .finished? where screen.runLevel == RunLevel.all.last:
      (line, style) = (strings.text("fretboard.run.passed"), Style.role(.good).bold)
    case .finished?:
      let next = RunLevel.next(after: screen.runLevel.number)
      line = strings.text(
        "fretboard.run.levelPassed",
        [
          "level": "\(screen.runLevel.number)", "next": "\(next.number)",
          "conditions": conditionsText(next, strings: strings),
        ])
      style = Style.role(.good).bold
    case .wrong(let index, let played, let expected)?:
      line = strings.text(
        "fretboard.run.wrong",
        [
          "number": "\(index + 1)", "played": name(played), "expected": name(expected),
          "kind": strings.text("fretboard.category.\(pattern.category.rawValue)"),
        ])
      style = Style.role(.bad).bold
    case .offBeat(let index, let offset)?:
      let milliseconds = Int((offset / .milliseconds(1)).rounded())
      line = strings.text(
        milliseconds < 0 ? "fretboard.run.early" : "fretboard.run.late",
        ["number": "\(index + 1)", "ms": "\(abs(milliseconds))"])
      style = Style.role(.bad).bold
    case .missed(let index)?:
      line = strings.text("fretboard.run.missed", ["number": "\(index + 1)"])
      style = Style.role(.bad).bold
    default:
      line =
        screen.isCountingIn && run.played.isEmpty
        ? strings.text("fretboard.run.countIn")
        : strings.text(
          "fretboard.run.progress",
          ["played": "\(run.played.count)", "count": "\(run.expected.count)"])
      style = .role(.text)
    }
    canvas.writeCentred(line, y: y, in: area, style: style)
    canvas.focusLine = y
    if pattern.category == .scale, y + 1 < area.maxY {
      canvas.writeCentred(
        sequenceText(screen, run, name: name, strings: strings), y: y + 1, in: area,
        style: .role(run.sequence == nil ? .muted : .accent))
    }
    guard y + 2 < area.maxY else { return }
    if let problem = screen.microphoneProblem, screen.midiPort == nil {
      canvas.writeCentred(
        strings.text("notes.play.noMicrophone", ["reason": problem]), y: y + 2, in: area,
        style: Style.role(.warn).bold)
    } else {
      let listening =
        screen.midiPort.map { strings.text("fretboard.run.listeningMIDI", ["port": $0]) }
        ?? strings.text("fretboard.run.listening")
      canvas.writeCentred(
        screen.listens ? listening : strings.text("fretboard.run.canListen"),
        y: y + 2, in: area, style: .role(.muted))
    }
    if y + 3 < area.maxY {
      canvas.writeCentred(
        strings.text(
          screen.clicks ? "fretboard.run.clicking" : "fretboard.run.canClick",
          ["bpm": "\(model.settings.fretboard.bpm)"]),
        y: y + 3, in: area, style: .role(.muted))
    }
    // The wrong note and the one expected first: they are what the player wants to hear.
    let wrongWords = wrongDots.reversed().map {
      FretWords.text(cursor: nil, places: [$0.dot], key: $0.key, strings)
    }
    let shownDots = dots.filter { dot in !wrongDots.contains { $0.dot == dot } }
    let words =
      wrongWords
      + [
        FretWords.text(
          cursor: run.isOver ? nil : screen.cursor, places: shownDots,
          key: "fretboard.words.shown", strings)
      ]
    FretWords.render(
      words.filter { !$0.isEmpty }.joined(separator: " "), y: y + 5, maxY: area.maxY, in: area,
      on: &canvas)
  }

  /// How the scale is run: straight, or in leaps or groups with the next notes named while
  /// the places are shown (from memory they would give the run away).
  private static func sequenceText(
    _ screen: FretboardModel, _ run: ScaleRun, name: (Pitch) -> String, strings: Localizer
  ) -> String {
    guard let sequence = run.sequence else { return strings.text("fretboard.run.straight") }
    let named = strings.text("fretboard.sequence.\(sequence.rawValue)")
    guard screen.showsMarkers else {
      return strings.text("fretboard.run.sequenceHidden", ["sequence": named])
    }
    let next = run.expected.dropFirst(run.played.count).prefix(Self.nextNotes)
    return strings.text(
      "fretboard.run.sequence",
      ["sequence": named, "notes": next.map { name($0.pitch) }.joined(separator: " ")])
  }

  /// The notes of a sequence named ahead: two figures of groups of four, three of thirds.
  private static let nextNotes = 8

  /// Games played, the best games, and the achievements, earned or still to earn.
  private static func renderRecords(model: AppModel, in area: Rect, on canvas: inout Canvas) {
    let strings = model.strings
    let records = FretboardRecords(history: model.history)
    let width = min(area.width - 4, 72)
    let left = area.x + (area.width - width) / 2
    var y = area.y + 1
    canvas.write(
      records.gamesPlayed == 1
        ? strings.text("fretboard.records.title.one")
        : strings.text("fretboard.records.title", ["games": "\(records.gamesPlayed)"]), x: left,
      y: y,
      style: Style.role(.accent).bold, clip: area)
    y += 2
    let names = Dictionary((model.patterns ?? []).map { ($0.id, $0.name) }) { first, _ in first }
    let places = model.server?.places ?? []
    if let server = model.server, !places.isEmpty {
      canvas.write(
        strings.text(
          "fretboard.records.boards",
          ["time": HistoryReport.localText(server.checkedAt, utcOffset: model.utcOffset)]),
        x: left, y: y, style: .role(.muted), clip: area)
      y += 2
    }
    let chainSteps = model.server?.chainSteps ?? []
    let bestsEnd = area.maxY - records.achievements.count - chainSteps.count - 3
    for best in records.bests where y < bestsEnd {
      let line = strings.text(
        "fretboard.records.best",
        [
          "pattern": names[best.pattern] ?? best.pattern, "score": "\(best.score)",
          "level": "\(best.level)",
          "seconds": "\(Int(best.seconds.rounded()))",
        ])
      canvas.write(line, x: left, y: y, style: .role(.text), clip: area)
      y += 1
      for place in places
      where place.game == "interval" && place.board == best.pattern && y < bestsEnd {
        canvas.write(
          "  " + placeText(place, strings), x: left, y: y, style: .role(.muted), clip: area)
        y += 1
      }
    }
    if records.bests.isEmpty {
      canvas.write(
        strings.text("fretboard.records.none"), x: left, y: y, style: .role(.muted), clip: area)
      y += 1
    }
    y += 1
    for achievement in records.achievements where y < area.maxY {
      let mark = achievement.isEarned ? model.glyphs.check : " "
      canvas.write(
        "\(mark) " + strings.text("fretboard.achievement.\(achievement.id)"), x: left, y: y,
        style: achievement.isEarned ? Style.role(.good).bold : .role(.muted), clip: area)
      y += 1
    }
    for step in chainSteps where y < area.maxY {
      let mark = step.isReached ? model.glyphs.check : " "
      canvas.write(
        "\(mark) " + chainStepText(step, strings), x: left, y: y,
        style: step.isReached ? Style.role(.good).bold : .role(.muted), clip: area)
      y += 1
    }
  }

  /// "Tuesday guitar, step 1: minor-pentatonic-1, level 3 at 90 %": a goal the teacher set,
  /// shown as an achievement.
  static func chainStepText(_ step: ServerSnapshot.ChainStep, _ strings: Localizer) -> String {
    let tenths = Int((step.threshold * 10).rounded())
    let threshold = tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    return strings.text(
      "fretboard.chain.\(["pattern", "drill", "rhythm"].contains(step.kind) ? step.kind : "other")",
      [
        "class": step.className, "number": "\(step.number)",
        "items": step.items.joined(separator: ", "), "level": "\(step.level ?? 0)",
        "bpm": "\(step.bpm ?? 0)", "bars": "\(step.bars ?? 0)", "threshold": threshold,
      ])
  }

  /// "place 2 of 7, levels 3-4; first ada, 610 points", or "first of 7, levels 3-4".
  private static func placeText(_ place: ServerSnapshot.Place, _ strings: Localizer) -> String {
    let band = place.band ?? 1
    let levels = "\(2 * band - 1)-\(2 * band)"
    guard place.place > 1 else {
      return strings.text(
        "fretboard.records.leading", ["players": "\(place.players)", "levels": levels])
    }
    return strings.text(
      "fretboard.records.place",
      [
        "place": "\(place.place)", "players": "\(place.players)", "levels": levels,
        "leader": place.leader, "score": "\(Int(place.leaderScore))",
      ])
  }

  /// Interval colours for the first two levels: the tonic's neighbours in warm colours, the
  /// fifth and fourth cool, so each family of intervals is found by colour before by label.
  private static func colour(of interval: Interval) -> ColorRole {
    switch interval.semitones % 12 {
    case 3, 4: .good
    case 5, 7: .accent
    case 10, 11: .warn
    default: .inaccurate
    }
  }

  private static func result(
    _ screen: FretboardModel, _ game: IntervalGame, _ strings: Localizer
  ) -> (String, Style) {
    let seconds = Int(game.time.rounded())
    var text: String
    if let pace = game.staircase {
      // An adaptive game ends at its pace, with the share of marks right and in time that the
      // pace was aiming at.
      text = strings.text(
        "fretboard.game.adaptiveOver",
        [
          "score": "\(game.score)", "pace": DecimalText.format(pace.crossingSeconds, places: 1),
          "percent": DecimalText.percent(pace.succeeded, of: pace.answered),
          "seconds": "\(seconds)",
        ])
    } else {
      text = strings.text(
        game.isPassed ? "fretboard.game.passed" : "fretboard.game.over",
        ["score": "\(game.score)", "level": "\(game.level)", "seconds": "\(seconds)"])
    }
    func points(_ score: Int) -> String { strings.text("result.points", ["points": "\(score)"]) }
    let previous = screen.previousBest
    // Survival is a record of its own: a long game at a low score still shows progress.
    if let previous, game.score <= previous.score, Double(seconds) > previous.seconds {
      text +=
        "  "
        + strings.text(
          "fretboard.game.newSurvival", ["seconds": "\(Int(previous.seconds.rounded()))"])
      return (text, Style.role(.good).bold)
    }
    let best = PersonalBest(
      score: points(game.score), previous: previous.map { points($0.score) },
      isBeaten: game.score > (previous?.score ?? -1))
    return (text + "  " + best.text(strings), best.isBeaten ? best.style : .role(.text))
  }

  /// The locale key naming a game's mode.
  static func modeKey(_ mode: IntervalGame.Mode, isHeard: Bool) -> String {
    let name = mode == .intervals ? "intervals" : "noteNames"
    return "fretboard.mode.\(name)" + (isHeard ? "Heard" : "")
  }

  private static func rootText(_ root: NoteClass, _ model: AppModel) -> String {
    model.strings.text(
      "fretboard.root",
      [
        "root": model.settings.noteNaming.name(of: root, glyphs: model.glyphs.accidentals),
        "leftRight": AppView.label(for: .leftRight, model: model),
      ])
  }

  /// Rows of the library's list on a screen of `size`: below the status line, the header, the
  /// filter line and a gap, above the key bar.
  static func listRows(in size: Size) -> Int { max(1, size.height - 3 - 4) }

  /// The library as a browser: the chosen pattern's whole name and the root on top, the
  /// families and the search under it, the list on the left with short names and progress,
  /// and the chosen shape on a small neck with its description on the right.
  private static func renderList(
    _ screen: FretboardModel, _ selected: Int, root: NoteClass, model: AppModel, in area: Rect,
    on canvas: inout Canvas
  ) {
    let strings = model.strings
    let patterns = model.patterns ?? []
    let inner = area.inset(horizontal: 2, vertical: 0)
    let mine = FretboardModel.mine(
      practised: model.settings.fretboard.practised, own: model.ownPatternIds,
      shared: Set(model.sharedPatternSenders.keys))
    let listed = screen.listed(patterns, strings: strings, mine: mine)
    let chosen = listed.contains(selected) ? patterns[selected] : nil
    let rootLine = rootText(root, model)
    canvas.write(
      rootLine, x: inner.maxX - rootLine.displayWidth, y: area.y + 1, style: .role(.text),
      clip: inner)
    let title =
      chosen.map { PatternName($0.name).text(strings) } ?? strings.text("fretboard.choose")
    canvas.write(
      title.clipped(
        toWidth: max(0, inner.width - rootLine.displayWidth - 2), ellipsis: model.glyphs.ellipsis),
      x: inner.x, y: area.y + 1, style: Style.role(.accent).bold, clip: inner)
    renderFilters(
      screen.shelf(mine: mine), screen: screen, listed: listed.count, of: patterns.count,
      model: model, in: inner.row(2), on: &canvas)
    renderStep(model.studyPath, model: model, in: inner.row(3), on: &canvas)

    let body = Rect(
      x: inner.x, y: area.y + 4, width: inner.width, height: max(0, area.maxY - area.y - 4))
    let previewWidth = body.width >= 70 ? min(44, body.width * 3 / 8) : 0
    let (list, preview) = body.splitLeft(body.width - previewWidth)
    // Patterns played through carry the levels passed, and a check once all are: the
    // player's progress.
    let levels = model.passedRunLevels
    // Short family names where the list is narrow, the whole ones where it has room.
    let isNarrow = list.width < 60
    let row = listed.firstIndex(of: selected) ?? 0
    // Only the rows in sight are made: a library holds hundreds of patterns.
    let first = max(0, min(row - list.height + 1, listed.count - list.height))
    let inSight = listed[first..<min(listed.count, first + list.height)]
    let items = inSight.map { index in
      let name = PatternName(patterns[index].name)
      let id = patterns[index].id
      let sender = model.sharedPatternSenders[id]
      let rating = model.sharedPatternRatings[id].flatMap {
        RatingBadge.text(average: $0.average, count: $0.count, glyphs: model.glyphs)
      }
      let origin =
        sender.map {
          strings.text("fretboard.sharedBy", ["name": $0]) + (rating.map { "  " + $0 } ?? "")
        }
        ?? model.libraryPatternVersions[id].map { _ in strings.text("fretboard.library") }
      return MenuList.Item(
        isNarrow ? name.shortFamilyText(strings) : name.familyText(strings),
        detail: origin
          ?? name.placeText(strings, short: true) + levelMark(levels[id], glyphs: model.glyphs))
    }
    MenuList(items: items, selected: listed.isEmpty ? nil : row - first, glyphs: model.glyphs)
      .render(in: list.splitLeft(list.width - 2).left, on: &canvas)
    if listed.isEmpty {
      canvas.write(
        strings.text("fretboard.noMatch"), x: body.x + 3, y: body.y, style: .role(.muted),
        clip: body)
    }
    if let chosen, !preview.isEmpty {
      renderPreview(chosen, root: root, model: model, in: preview, on: &canvas)
    }
    if let problem = screen.problem {
      canvas.writeCentred(
        strings.text(problem), y: area.maxY - 1, in: area, style: Style.role(.warn).bold)
    }
    if let placement = screen.placing, let question = placement.question {
      renderPlacement(question, number: placement.yes + 1, model: model, in: area, on: &canvas)
    }
    if screen.asksToDelete, let pattern = model.patterns?[selected] {
      Dialog(
        title: strings.text("fretboard.delete.title"),
        message: strings.text("fretboard.delete.message", ["name": pattern.name]),
        buttons: [strings.text("fretboard.delete.yes"), strings.text("fretboard.delete.no")],
        selectedButton: 0, maxTextWidth: 50, glyphs: model.glyphs
      ).render(in: area, on: &canvas)
    }
  }

  /// "Next: Minor pentatonic, position 2, level 3 (s)": the study path's next step, above the
  /// list, so that a player who does not know what to practise has only a key to press.
  private static func renderStep(
    _ path: StudyPath, model: AppModel, in line: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let step = path.next
    let name =
      model.patterns?.first { $0.id == step.pattern }.map { PatternName($0.name).text(strings) }
      ?? step.pattern
    let text =
      strings.text(
        step.reason == .new ? "fretboard.study.next" : "fretboard.study.review",
        ["pattern": name, "level": "\(step.level)"])
      + (path.hasBegun ? "" : "  " + strings.text("fretboard.study.offerPlacement"))
    canvas.write(
      text.clipped(toWidth: line.width, ellipsis: model.glyphs.ellipsis), x: line.x, y: line.y,
      style: .role(.accent), clip: line)
  }

  /// A placement question: a pattern to play through at a level, or to say is not yet known.
  private static func renderPlacement(
    _ question: Placement.Question, number: Int, model: AppModel, in area: Rect,
    on canvas: inout Canvas
  ) {
    let strings = model.strings
    let name =
      model.patterns?.first { $0.id == question.pattern }.map { PatternName($0.name).text(strings) }
      ?? question.pattern
    let level = RunLevel.all[question.level - 1]
    Dialog(
      title: strings.text(
        "fretboard.placement.title",
        ["number": "\(number)", "count": "\(Placement.questions.count)"]),
      message: strings.text(
        "fretboard.placement.question",
        [
          "pattern": name, "level": "\(question.level)",
          "conditions": conditionsText(level, strings: strings),
        ]),
      buttons: [
        strings.text("fretboard.placement.play"), strings.text("fretboard.placement.notYet"),
      ],
      selectedButton: 0, maxTextWidth: 50, glyphs: model.glyphs
    ).render(in: area, on: &canvas)
  }

  /// "Mine  All  Scales  Arpeggios  Chords (Tab)   / maj▏          12 of 188".
  private static func renderFilters(
    _ shelf: FretboardModel.Shelf, screen: FretboardModel, listed: Int, of total: Int,
    model: AppModel, in line: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    var x = line.x
    for shown in FretboardModel.Shelf.cycle {
      let label = strings.text(shown.labelKey)
      let style = shown == shelf ? Style.role(.accent).bold.reversed : .role(.text)
      x += canvas.write(" \(label) ", x: x, y: line.y, style: style, clip: line)
    }
    x += canvas.write(" (Tab)", x: x, y: line.y, style: .role(.muted), clip: line)
    let cursor = model.glyphs.kind == .unicode ? "▏" : "_"
    let search =
      screen.isSearching || !screen.search.isEmpty
      ? "/ " + screen.search + (screen.isSearching ? cursor : "")
      : strings.text("fretboard.searchHint")
    canvas.write(
      "   " + search, x: x, y: line.y,
      style: screen.isSearching ? Style.role(.accent).bold : .role(.muted), clip: line)
    let count = strings.text("fretboard.listed", ["listed": "\(listed)", "total": "\(total)"])
    if x + search.displayWidth + 5 + count.displayWidth <= line.maxX {
      canvas.write(
        count, x: line.maxX - count.displayWidth, y: line.y, style: .role(.muted), clip: line)
    }
  }

  /// The chosen shape on a small neck from the root, then what it is and what it is for.
  private static func renderPreview(
    _ pattern: FretPattern, root: NoteClass, model: AppModel, in area: Rect,
    on canvas: inout Canvas
  ) {
    let strings = model.strings
    let positions = FretboardModel.placement(of: pattern, root: root)
    let intervals = pattern.intervals
    let dots = positions.indices.map { index in
      FretboardView.Dot(
        positions[index], label: intervals[index].degreeName,
        style: intervals[index].semitones % 12 == 0
          ? FretboardView.Dot.tonicStyle : FretboardView.Dot.toneStyle)
    }
    var neck = FretboardView(
      tuning: pattern.tuning, dots: dots, isLeftHanded: model.settings.fretboard.isLeftHanded,
      naming: model.settings.noteNaming, glyphs: model.glyphs)
    neck.frets = neck.window(
      startingAt: max(0, (positions.map(\.fret).min() ?? 0) - 1), fitting: area.width)
    neck.render(
      in: Rect(x: area.x, y: area.y, width: area.width, height: min(neck.height, area.height)),
      on: &canvas)
    var y = area.y + neck.height + 1
    let copied = (model.patterns ?? []).contains { $0.basedOn == pattern.id }
    let marks =
      [strings.text("fretboard.category.\(pattern.category.rawValue)")]
      + (model.sharedPatternSenders[pattern.id].map {
        [strings.text("fretboard.sharedWithYou", ["name": $0])]
      } ?? [])
      + (model.libraryPatternVersions[pattern.id].map {
        [strings.text("fretboard.inLibrary", ["version": "\($0)"])]
      } ?? [])
      + (copied ? [strings.text("fretboard.copied")] : [])
      + (model.settings.fretboard.practised.contains(pattern.id)
        ? [strings.text("fretboard.practised")] : [])
      + (pattern.category == .arpeggio && !model.settings.fretboard.arpeggiosUnlocked
        ? [strings.text("fretboard.locked")] : [])
    for line in marks.joined(separator: ", ").wrapped(toWidth: area.width) where y < area.maxY {
      canvas.write(line, x: area.x, y: y, style: .role(.muted), clip: area)
      y += 1
    }
    y += 1
    if let ratings = model.sharedPatternRatings[pattern.id] {
      y = renderRatings(ratings, model: model, from: y, in: area, on: &canvas) + 1
    }
    for line in pattern.descriptionText(strings).wrapped(toWidth: area.width) where y < area.maxY {
      canvas.write(line, x: area.x, y: y, style: .role(.text), clip: area)
      y += 1
    }
    let songs = pattern.songsText(strings)
    if !songs.isEmpty { y += 1 }
    for line in songs.wrapped(toWidth: area.width) where y < area.maxY {
      canvas.write(line, x: area.x, y: y, style: .role(.muted), clip: area)
      y += 1
    }
  }

  /// A shared pattern's average and its latest comments, each as the player who wrote it and
  /// their stars, then its text on the lines under it (at most two): "★ 4.5 (2)", "bea ★★★★★",
  /// "Great for warming up". Returns the row after the last one written.
  private static func renderRatings(
    _ ratings: ServerSnapshot.Ratings, model: AppModel, from top: Int, in area: Rect,
    on canvas: inout Canvas
  ) -> Int {
    var y = top
    guard
      let badge = RatingBadge.text(
        average: ratings.average, count: ratings.count, glyphs: model.glyphs)
    else {
      canvas.write(
        model.strings.text("fretboard.notRated"), x: area.x, y: y, style: .role(.muted),
        clip: area)
      return y + 1
    }
    canvas.write(badge, x: area.x, y: y, style: Style.role(.accent).bold, clip: area)
    y += 1
    for comment in ratings.latest where y < area.maxY {
      let who = comment.player + " " + RatingBadge.stars(comment.stars, glyphs: model.glyphs)
      canvas.write(
        who.clipped(toWidth: area.width, ellipsis: model.glyphs.ellipsis), x: area.x, y: y,
        style: .role(.muted), clip: area)
      y += 1
      // Another player's words: shown as text, whatever the file says.
      let text = String(
        String.UnicodeScalarView(
          TerminalText.printable(comment.comment).unicodeScalars.map {
            $0.value < 0x20 ? " " : $0
          }))
      let lines = text.wrapped(toWidth: max(1, area.width - 2))
      for (index, line) in lines.prefix(2).enumerated() where y < area.maxY {
        let ellipsis = model.glyphs.ellipsis
        let shown =
          index == 1 && lines.count > 2
          ? line.clipped(toWidth: max(0, area.width - 2 - ellipsis.displayWidth)) + ellipsis
          : line
        canvas.write("  " + shown, x: area.x, y: y, style: .role(.text), clip: area)
        y += 1
      }
    }
    return y
  }

  /// The open pattern on the neck with its notes spelled under it; with a `chord` of its
  /// scale, that chord's tones lit where the position plays them, labelled with their degree
  /// in the chord, and the scale's other notes left as faint dots so the shape stays in view.
  private static func renderNeck(
    _ pattern: FretPattern, root: NoteClass, cursor: FretPosition? = nil,
    chord: DiatonicChord? = nil, problem: Message? = nil, model: AppModel,
    in area: Rect, on canvas: inout Canvas
  ) {
    let settings = model.settings.fretboard
    let positions = FretboardModel.placement(of: pattern, root: root)
    let intervals = pattern.intervals
    let noteClasses = intervals.map { root + $0 }
    let chordTones = Dictionary(
      (chord?.tones(among: noteClasses) ?? []).map { ($0.index, $0.degree) }
    ) { first, _ in first }
    let dots = positions.indices.map { index in
      if chord != nil {
        guard let degree = chordTones[index] else {
          return FretboardView.Dot(positions[index], style: .role(.muted))
        }
        return FretboardView.Dot(
          positions[index], label: degree,
          style: degree == "1" ? FretboardView.Dot.tonicStyle : Style.role(.good).bold)
      }
      let label: String
      switch settings.labels {
      case .intervals: label = intervals[index].degreeName
      case .notes:
        label =
          noteClasses[index].map {
            model.settings.noteNaming.name(of: $0, glyphs: model.glyphs.accidentals)
          } ?? "?"
      case .degrees: label = "\((intervals[index].number - 1) % 7 + 1)"
      case .none: label = ""
      }
      let isTonic = intervals[index].semitones % 12 == 0
      return FretboardView.Dot(
        positions[index], label: label,
        style: isTonic ? FretboardView.Dot.tonicStyle : FretboardView.Dot.toneStyle)
    }
    var neck = FretboardView(
      tuning: pattern.tuning, dots: dots, cursor: cursor, isLeftHanded: settings.isLeftHanded,
      naming: model.settings.noteNaming, glyphs: model.glyphs)
    let frets = positions.map(\.fret) + (cursor.map { [$0.fret] } ?? [])
    let lowest = max(0, (frets.min() ?? 0) - 1)
    neck.frets = neck.window(startingAt: lowest, fitting: area.width - 4)

    let rootLine = rootText(root, model)
    canvas.write(
      rootLine, x: area.maxX - 2 - rootLine.displayWidth, y: area.y, style: .role(.text),
      clip: area)
    let name = PatternName(pattern.name).text(model.strings)
    // The chord first, so a narrow screen cuts the pattern's name rather than the chord.
    let title =
      chord.map {
        model.strings.text(
          "fretboard.chord.title",
          ["numeral": $0.numeral, "symbol": chordSymbol($0, model: model), "pattern": name])
      } ?? name
    canvas.write(
      title.clipped(
        toWidth: max(0, area.width - 6 - rootLine.displayWidth), ellipsis: model.glyphs.ellipsis),
      x: area.x + 2, y: area.y, style: Style.role(.accent).bold, clip: area)
    let top = area.y + 2
    let neckArea = Rect(
      x: area.x + max(2, (area.width - neck.width) / 2), y: top,
      width: min(neck.width, area.width - 4), height: min(neck.height, max(0, area.maxY - top)))
    neck.render(in: neckArea, on: &canvas)

    // The scale or chord in its own order, from the root up, whatever the position starts on.
    var spelled: [String] = []
    let byInterval = zip(intervals, noteClasses).sorted {
      $0.0.semitones % 12 < $1.0.semitones % 12
    }
    for case (_, let noteClass?) in byInterval {
      let name = model.settings.noteNaming.name(of: noteClass, glyphs: model.glyphs.accidentals)
      if !spelled.contains(name) { spelled.append(name) }
    }
    if let chord {
      spelled = chord.notes.map {
        model.settings.noteNaming.name(of: $0, glyphs: model.glyphs.accidentals)
      }
    }
    let y = neckArea.maxY + 1
    if y < area.maxY {
      canvas.writeCentred(
        spelled.joined(separator: "  "), y: y, in: area, style: Style.role(.text).bold)
    }
    if y + 2 < area.maxY {
      let line =
        problem.map { model.strings.text($0) }
        ?? model.strings.text(
          chord == nil ? "fretboard.labels.\(settings.labels.rawValue)" : "fretboard.chord.labels")
      canvas.writeCentred(
        line, y: y + 2, in: area, style: problem == nil ? .role(.muted) : Style.role(.warn).bold)
    }
    if y + 3 < area.maxY {
      let hint =
        cursor != nil
        ? "fretboard.frets.hint" : chord != nil ? "fretboard.chord.hint" : "fretboard.explore.more"
      canvas.writeCentred(
        model.strings.text(hint), y: y + 3, in: area,
        style: hint == "fretboard.explore.more" ? .role(.muted) : Style.role(.accent).bold)
    }
    // With a chord lit, the words name its tones only, as the picture lights only them.
    let words = FretWords.text(
      cursor: cursor, places: chord == nil ? dots : dots.filter { !$0.label.isEmpty },
      key: "fretboard.words.shown", model.strings)
    FretWords.render(words, y: y + 5, maxY: area.maxY, in: area, on: &canvas)
    let wordRows = words.wrapped(toWidth: max(1, min(area.width - 4, 96))).count
    // What the shape is and how to practise it, where the screen has room.
    let text = Rect(
      x: area.x + 4, y: y + 6 + wordRows, width: max(0, min(area.width - 8, 96)),
      height: max(0, area.maxY - y - 6 - wordRows))
    var row = text.y
    let paragraphs = [
      pattern.descriptionText(model.strings), pattern.songsText(model.strings),
      pattern.instructionsText(model.strings),
    ]
    for paragraph in paragraphs where !paragraph.isEmpty {
      for line in paragraph.wrapped(toWidth: text.width) where row < text.maxY {
        canvas.write(line, x: text.x, y: row, style: .role(.text), clip: text)
        row += 1
      }
      row += 1
    }
  }

  /// A chord's symbol with its root named as the player names notes ("F♯m", "Rem7"); a
  /// stack of no known quality by its notes.
  private static func chordSymbol(_ chord: DiatonicChord, model: AppModel) -> String {
    let names = chord.notes.map {
      model.settings.noteNaming.name(of: $0, glyphs: model.glyphs.accidentals)
    }
    guard let quality = chord.quality else { return names.joined(separator: "-") }
    return names[0] + quality.symbol
  }

  /// " 2/5" for a pattern passed at two of five levels, a check for all five, nothing before.
  private static func levelMark(_ passed: Int?, glyphs: GlyphSet) -> String {
    guard let passed else { return "" }
    return passed == RunLevel.all.count ? " \(glyphs.check)" : " \(passed)/\(RunLevel.all.count)"
  }

  /// "from memory, on the click at 90 BPM or faster".
  private static func conditionsText(_ level: RunLevel, strings: Localizer) -> String {
    let places = strings.text(
      level.showsPlaces ? "fretboard.level.shown" : "fretboard.level.memory")
    guard let bpm = level.minimumBPM else { return places }
    return strings.text("fretboard.level.click", ["places": places, "bpm": "\(bpm)"])
  }
}
