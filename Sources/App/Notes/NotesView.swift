import MusicTheory
import Practice
import Storage
import TerminalUI

/// The flashcards: the pack list to choose from, a card (the note on its staff, four answers
/// and the verdict), and the list of cards at the end.
enum NotesView {
  static func render(_ screen: NotesModel, model: AppModel, in area: Rect, on canvas: inout Canvas)
  {
    switch screen.phase {
    case .choosing: renderChoice(screen, model: model, in: area, on: &canvas)
    case .mastery: renderMastery(screen, model: model, in: area, on: &canvas)
    case .playing: renderCard(screen, model: model, in: area, on: &canvas)
    case .finished: renderSummary(screen, model: model, in: area, on: &canvas)
    }
    if let button = screen.stopButton {
      let strings = model.strings
      Dialog(
        title: strings.text("notes.stop.title"),
        message: strings.text(
          "notes.stop.message", ["answered": "\(screen.quiz?.answers.count ?? 0)"]),
        buttons: [strings.text("notes.stop.stop"), strings.text("notes.stop.goOn")],
        selectedButton: button, maxTextWidth: 44, glyphs: model.glyphs
      ).render(in: area, on: &canvas)
    }
  }

  /// The centred column every phase writes in: the whole width up to 72 columns.
  private static func column(in area: Rect) -> (left: Int, width: Int) {
    column(in: area, fitting: 0)
  }

  /// The column grown past its 72 columns, as far as the screen allows, to hold `needed`: so
  /// that names read in full where there is room.
  private static func column(in area: Rect, fitting needed: Int) -> (left: Int, width: Int) {
    let width = min(area.width - 4, max(72, needed))
    return (area.x + (area.width - width) / 2, width)
  }

  private static func name(_ noteClass: NoteClass, _ model: AppModel) -> String {
    model.settings.noteNaming.name(
      of: noteClass, glyphs: model.glyphs.accidentals)
  }

  private static func name(_ note: Note, _ model: AppModel) -> String {
    name(note.noteClass, model) + "\(note.octave)"
  }

  private static func renderChoice(
    _ screen: NotesModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let chosen = Set(model.settings.notes.packs)
    let packs = NotesModel.shown(model.packs, model.settings)
    let offered = NotesModel.offered(model.server, packs: model.packs)
    // More packs from the server's catalogue, below the player's own: Space fetches one.
    let items =
      packs.map { pack in
        MenuList.Item(
          (chosen.contains(pack.id) ? "[x] " : "[ ] ") + pack.title(strings),
          detail: strings.text(
            "notes.packDetail",
            ["clef": strings.text("clef." + pack.staff.name), "count": "\(pack.notes.count)"]))
      }
      + offered.map { pack in
        MenuList.Item(
          "[+] " + pack.name,
          detail: screen.fetching == pack.id
            ? strings.text("notes.offered.fetching")
            : strings.text("notes.offered", ["publisher": pack.publisher]))
      }
    let (left, width) = column(in: area, fitting: items.map(MenuList.widthInFull).max() ?? 0)
    var y = area.y + 1
    canvas.write(
      strings.text("notes.choose"), x: left, y: y, style: Style.role(.accent).bold, clip: area)
    let staff = model.settings.notes.staff
    let filter = strings.text(
      "notes.staffFilter",
      ["staff": staff.isEmpty ? strings.text("notes.allStaffs") : strings.text("clef." + staff)])
    canvas.write(
      filter, x: left + width - filter.displayWidth, y: y, style: .role(.muted), clip: area)
    y += 1
    let exercise = model.settings.notes.exercise
    var setup = strings.text(
      "notes.exercise", ["name": strings.text("history.exercise." + exercise.rawValue)])
    if exercise.hasRounds {
      setup += "   " + strings.text("notes.rounds", ["rounds": "\(model.settings.notes.rounds)"])
    }
    canvas.write(setup, x: left, y: y, style: .role(.text), clip: area)
    let about = strings.text("notes.exercise.\(exercise.rawValue).about")
    canvas.write(
      about.clipped(
        toWidth: max(0, width - setup.displayWidth - 3), ellipsis: model.glyphs.ellipsis),
      x: left + width - min(about.displayWidth, max(0, width - setup.displayWidth - 3)), y: y,
      style: .role(.muted), clip: area)
    y += 2
    let rows = max(0, area.maxY - y - 2)
    MenuList(
      items: items, selected: screen.cursor, scrollOffset: max(0, screen.cursor - rows + 1),
      glyphs: model.glyphs
    ).render(in: Rect(x: left, y: y, width: width, height: rows), on: &canvas)
    // A pack on the server is described below; where the list is too narrow for the chosen
    // pack's name, it is read in full there.
    if screen.cursor >= packs.count, offered.indices.contains(screen.cursor - packs.count) {
      canvas.write(
        strings.text(
          "notes.offered.about", ["about": offered[screen.cursor - packs.count].description]
        )
        .clipped(toWidth: width, ellipsis: model.glyphs.ellipsis),
        x: left, y: area.maxY - 2, style: .role(.muted), clip: area)
    } else if items.indices.contains(screen.cursor),
      MenuList.widthInFull(items[screen.cursor]) > width
    {
      canvas.write(
        packs[screen.cursor].title(strings).clipped(
          toWidth: width, ellipsis: model.glyphs.ellipsis),
        x: left, y: area.maxY - 2, style: .role(.muted), clip: area)
    }
    if let problem = screen.problem {
      // A long reason (a server's, say) wraps upwards from the bottom line, over what the
      // list writes there.
      let text = strings.text(problem)
      let rows = text.wrapped(toWidth: max(1, area.width - 4)).count
      let top = max(area.y, area.maxY - rows)
      canvas.fill(
        Rect(x: area.x, y: top, width: area.width, height: area.maxY - top), style: .plain)
      canvas.writeCentredWrapped(text, y: top, in: area, style: Style.role(.bad).bold)
    }
  }

  private static func renderCard(
    _ screen: NotesModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    guard let quiz = screen.quiz, let pack = screen.currentPack else { return }
    let strings = model.strings
    let card = quiz.card
    let (left, width) = column(in: area)
    // The count and the mistakes come first; the pack's name takes the room left.
    let fullTitle = pack.title(strings)
    var header = header(screen, quiz, strings)
    if header.displayWidth + 3 + fullTitle.displayWidth > area.width - 4 {
      header = Self.header(screen, quiz, strings, short: true)
    }
    let (lineLeft, lineWidth) = column(
      in: area, fitting: header.displayWidth + 3 + fullTitle.displayWidth)
    canvas.write(header, x: lineLeft, y: area.y, style: .role(.muted), clip: area)
    let title = fullTitle.clipped(
      toWidth: max(0, lineWidth - header.displayWidth - 3), ellipsis: model.glyphs.ellipsis)
    canvas.write(
      title, x: lineLeft + lineWidth - title.displayWidth, y: area.y,
      style: .role(.muted), clip: area)

    // The answers and the verdict take the bottom rows, the note's place in words the row
    // above them; the staff gets the rest.
    let bottom = area.maxY - 3
    let staffArea = Rect(
      x: left, y: area.y + 1, width: width, height: max(0, bottom - area.y - 1))
    renderStaff(card.note, pack: pack, model: model, in: staffArea, on: &canvas)
    let staff = StaffDrawing(pack.staff, key: pack.key, notes: [card.note], glyphs: model.glyphs)
      .staff(showing: card.note, height: staffArea.height)
    canvas.writeCentred(
      StaffPlaceText.text(of: card.note, on: staff, strings), y: bottom, in: area,
      style: .role(.muted))

    let answered = quiz.isAnswered ? quiz.answers.last : nil
    let slot = width / NoteCard.choiceCount
    // Without a microphone, play-it falls back to the four answers.
    let byEar = screen.answersByEar
    let choices = byEar ? [] : card.choices
    if byEar {
      canvas.writeCentred(playLine(screen, model), y: bottom + 1, in: area, style: .role(.text))
    }
    for (index, choice) in choices.enumerated() {
      let text = "\(index + 1)  " + name(choice, model)
      var style = Style.role(.text).bold
      if let answered {
        if choice == card.answer {
          style = Style.role(.good).bold
        } else if choice == answered.given {
          style = Style.role(.bad).bold
        } else {
          style = .role(.muted)
        }
      }
      let x = left + index * slot + (slot - text.displayWidth) / 2
      canvas.write(text, x: x, y: bottom + 1, style: style, clip: area)
    }

    let (line, style): (String, Style)
    if let answered {
      let glyphs = model.glyphs
      line =
        answered.isCorrect
        ? "\(glyphs.check) " + strings.text("notes.right", ["note": name(card.note, model)])
        : "\(glyphs.cross) "
          + strings.text(
            "notes.wrong",
            [
              "note": name(card.note, model),
              "given": answered.heard.map { name($0.spelling(preferSharps: true), model) }
                ?? name(answered.given, model),
            ])
      style = Style.role(answered.isCorrect ? .good : .bad).bold
    } else if !screen.typed.isEmpty {
      line = strings.text(
        "notes.typing", ["name": screen.typed + (model.glyphs.kind == .unicode ? "▏" : "_")])
      style = Style.role(.accent).bold
    } else if let problem = screen.problem {
      line = strings.text(problem)
      style = Style.role(.warn).bold
    } else if let port = screen.midiPort, screen.microphoneProblem != nil,
      screen.exercise == .play
    {
      line = strings.text("notes.play.midiOnly", ["port": port])
      style = .role(.muted)
    } else if let failure = screen.microphoneProblem, screen.exercise == .play {
      line = strings.text(
        "notes.play.noMicrophone", ["reason": AudioReasonText.text(failure, strings)])
      style = Style.role(.warn).bold
    } else {
      line = strings.text(byEar ? "notes.askToPlay" : "notes.ask")
      style = .role(.muted)
    }
    canvas.writeCentred(line, y: bottom + 2, in: area, style: style)
    // While a card waits for its answer, what to read is the note's place; then the verdict.
    let waits = answered == nil && screen.typed.isEmpty && screen.problem == nil
    canvas.focusLine = waits ? bottom : bottom + 2
  }

  private static func renderStaff(
    _ note: Note, pack: NotePack, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let drawing = StaffDrawing(pack.staff, key: pack.key, notes: [note], glyphs: model.glyphs)
    let columns = min(area.width, max(drawing.width + 6, 30 + drawing.braceWidth))
    drawing.render(
      in: Rect(
        x: area.x + (area.width - columns) / 2, y: area.y, width: columns, height: area.height),
      on: &canvas)
  }

  private static func renderSummary(
    _ screen: NotesModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    guard let quiz = screen.quiz else { return }
    let strings = model.strings
    let (left, width) = column(in: area)
    var y = area.y + 1
    canvas.write(
      strings.text(
        "notes.score",
        [
          "right": "\(quiz.correctCount)", "rounds": "\(quiz.answers.count)",
          "percent": DecimalText.percent(quiz.correctCount, of: quiz.answers.count),
          "seconds": DecimalText.format(quiz.meanSeconds, places: 1),
        ]),
      x: left, y: y, style: Style.role(.accent).bold, clip: area)
    y += 1
    if let best = bestLine(screen, quiz, strings) {
      canvas.write(best.text, x: left, y: y, style: best.style, clip: area)
    }
    if let place = boardLine(screen, model) {
      y += 1
      canvas.write(place, x: left, y: y, style: .role(.muted), clip: area)
    }
    y += 2
    let cell = 14
    let perRow = max(1, width / cell)
    for (index, answer) in quiz.answers.enumerated() {
      let row = y + index / perRow
      guard row < area.maxY - 2 else { break }
      let mark = answer.isCorrect ? model.glyphs.check : model.glyphs.cross
      var text = "\(mark) " + name(answer.card.note, model)
      if !answer.isCorrect {
        let given =
          answer.heard.map { name($0.spelling(preferSharps: true), model) }
          ?? name(answer.given, model)
        text += " (" + given + ")"
      }
      canvas.write(
        text, x: left + (index % perRow) * cell, y: row,
        style: .role(answer.isCorrect ? .good : .bad), clip: area)
    }
    canvas.writeCentred(
      strings.text("notes.again"), y: area.maxY - 1, in: area, style: .role(.muted))
  }

  /// "Card 3 of 20", "0:42 left" or "Streak 7", then the right and wrong answers so far.
  /// `short`: the card's number as 3/20, where the pack's name needs the room.
  private static func header(
    _ screen: NotesModel, _ quiz: NoteQuiz, _ strings: Localizer, short: Bool = false
  ) -> String {
    let wrong = quiz.answers.count - quiz.correctCount
    let tally = ["right": "\(quiz.correctCount)", "wrong": "\(wrong)"]
    switch screen.exercise {
    case .timed:
      let clock = StopwatchText.of(seconds: screen.secondsLeft ?? 0)
      return strings.text("notes.progress.timed", tally.merging(["left": clock]) { $1 })
    case .streak:
      return strings.text("notes.progress.streak", tally)
    case .flashcards, .play:
      return strings.text(
        short ? "notes.progress.short" : "notes.progress",
        tally.merging(["round": "\(quiz.round)", "rounds": "\(quiz.rounds ?? quiz.round)"]) { $1 })
    }
  }

  /// What the microphone hears under a play-it card.
  private static func playLine(_ screen: NotesModel, _ model: AppModel) -> String {
    let strings = model.strings
    guard let frequency = screen.hearing,
      let pitch = Pitch(nearestTo: frequency, reference: model.settings.concertPitch)
    else { return strings.text("notes.play.listening") }
    let cents = Int(
      pitch.centsOffset(of: frequency, reference: model.settings.concertPitch).rounded())
    return strings.text(
      "notes.play.hearing",
      [
        "note": name(pitch.spelling(preferSharps: true), model),
        "cents": (cents >= 0 ? "+" : "") + "\(cents)",
      ])
  }

  /// The personal best of the timed drill or the streak, and whether this session beat it.
  private static func bestLine(
    _ screen: NotesModel, _ quiz: NoteQuiz, _ strings: Localizer
  ) -> (text: String, style: Style)? {
    guard !screen.exercise.hasRounds else { return nil }
    let score = quiz.correctCount
    let best = PersonalBest(
      score: "\(score)", previous: screen.previousBest.map { "\($0)" },
      isBeaten: score > (screen.previousBest ?? -1))
    return (best.text(strings), best.style)
  }

  /// Where the player stands on the server's board of the drill or the streak with these
  /// packs, as of the last refresh (the runtime refreshes when a session is saved).
  private static func boardLine(_ screen: NotesModel, _ model: AppModel) -> String? {
    let game: BoardGame
    switch screen.exercise {
    case .timed: game = .drill
    case .streak: game = .streak
    case .flashcards, .play: return nil
    }
    let board = BoardResult.packsBoard(screen.quizPacks.map(\.id))
    guard
      let place = model.server?.places.first(where: {
        $0.game == game.rawValue && $0.board == board
      })
    else { return nil }
    let strings = model.strings
    guard place.place > 1 else {
      return strings.text("notes.board.leading", ["players": "\(place.players)"])
    }
    return strings.text(
      "notes.board.place",
      [
        "place": "\(place.place)", "players": "\(place.players)", "leader": place.leader,
        "cards": "\(Int(place.leaderScore))",
      ])
  }

  /// Each note of the chosen packs with how well it is known: its Leitner box as a level and
  /// a colour, so that the mono theme still tells them apart.
  private static func renderMastery(
    _ screen: NotesModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let (left, width) = column(in: area)
    var y = area.y + 1
    canvas.write(
      strings.text("notes.mastery.title"), x: left, y: y, style: Style.role(.accent).bold,
      clip: area)
    y += 2
    let boxes = LeitnerBoxes(replaying: model.history, module: NotesModel.module)
    let levels = model.glyphs.levels
    let roles: [ColorRole] = [.bad, .warn, .text, .good, .good]
    let cell = 8
    let perRow = max(1, width / cell)
    let bottom = area.maxY - 2
    for pack in screen.chosen(model.settings, model.packs) {
      guard y < bottom else { break }
      canvas.write(pack.title(strings), x: left, y: y, style: Style.role(.text).bold, clip: area)
      y += 1
      for (index, note) in pack.notes.enumerated() {
        let row = y + index / perRow
        guard row < bottom else { break }
        let x = left + (index % perRow) * cell
        let box = boxes.box(of: note.description, in: pack.staff.name)
        let mark = box.map { levels[$0 * (levels.count - 1) / (LeitnerBoxes.boxCount - 1)] } ?? " "
        let style = box.map { Style.role(roles[$0]).bold } ?? .role(.muted)
        let width = canvas.write(name(note, model), x: x, y: row, style: style, clip: area)
        canvas.put(mark, x: x + width + 1, y: row, style: style, clip: area)
      }
      y += (pack.notes.count + perRow - 1) / perRow + 1
    }
    canvas.writeCentred(
      strings.text(
        "notes.mastery.legend", ["low": "\(levels[0])", "high": "\(levels[levels.count - 1])"]),
      y: area.maxY - 1, in: area, style: .role(.muted))
  }
}
