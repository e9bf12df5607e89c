import MusicTheory
import Practice
import Storage
import TerminalUI

/// The Ear room: the setup list, a question with its numbered choices (after the answer the
/// verdict, the notes spelled and on the staff), and the results with the confusion grid.
enum EarView {
  static func render(_ screen: EarModel, model: AppModel, in area: Rect, on canvas: inout Canvas) {
    switch screen.phase {
    case .setup: renderSetup(screen, model: model, in: area, on: &canvas)
    case .asking: renderQuestion(screen, model: model, in: area, on: &canvas)
    case .finished: renderResults(screen, model: model, in: area, on: &canvas)
    }
  }

  /// The centred column every phase writes in: the whole width up to 76 columns.
  private static func column(in area: Rect) -> Rect {
    let width = min(area.width - 4, 76)
    return Rect(x: area.x + (area.width - width) / 2, y: area.y, width: width, height: area.height)
  }

  static func name(_ item: EarItem, _ strings: Localizer) -> String {
    EarNames.name(of: item, strings: strings)
  }

  /// Why the room cannot be heard, and how to hear its questions anyway; nil while there is
  /// sound. Over SSH it says what the doctor says there.
  static func noSoundLine(_ model: AppModel) -> String? {
    guard case .unavailable = model.audio else { return nil }
    let strings = model.strings
    let why =
      model.overrides.keyRoute == .local
      ? strings.text("ear.noSound") : strings.text("doctor.audio.ssh")
    return why + " " + strings.text("ear.audioOut")
  }

  private static func renderSetup(
    _ screen: EarModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let glyphs = model.glyphs
    let column = column(in: area)
    let levels = screen.exercise.levels.count
    var rows: [(label: String, value: String)] = [
      (
        strings.text("ear.setup.exercise"), strings.text("ear.exercise.\(screen.exercise.rawValue)")
      ),
      (
        strings.text("ear.setup.level"),
        screen.isCustom
          ? strings.text("ear.setup.custom")
          : strings.text("ear.setup.levelOf", ["level": "\(screen.level)", "levels": "\(levels)"])
      ),
    ]
    if screen.rows.contains(.items) {
      let all = screen.choosableItems
      let item = all[screen.itemCursor]
      let mark = screen.customItems.contains(item) ? glyphs.check : glyphs.bullet
      rows.append(
        (
          strings.text("ear.setup.choose"),
          strings.text(
            "ear.setup.chooseItem",
            [
              "mark": "\(mark)", "item": name(item, strings), "number": "\(screen.itemCursor + 1)",
              "count": "\(all.count)",
            ])
        ))
    }
    if screen.rows.contains(.notes) {
      rows.append((strings.text("ear.setup.notes"), "\(screen.notesPerQuestion)"))
    }
    if screen.rows.contains(.sounding) {
      rows.append(
        screen.exercise == .chords
          ? (
            strings.text("ear.setup.inversions"),
            strings.text(screen.inversions ? "ear.setup.on" : "ear.setup.off")
          )
          : (
            strings.text("ear.setup.sounding"),
            strings.text("ear.sounding.\(screen.sounding.rawValue)")
          ))
    }
    if screen.rows.contains(.root) {
      rows.append((strings.text("ear.setup.root"), rootName(screen.root, model: model)))
    }
    rows.append((strings.text("ear.setup.count"), "\(screen.count)"))
    if screen.rows.contains(.playing) {
      rows.append(
        (
          strings.text("ear.setup.answer"),
          strings.text(
            !screen.playsAnswers
              ? "ear.setup.answerKeys"
              : screen.exercise == .intervals
                ? "ear.setup.answerPlaying" : "ear.setup.answerPlayingMelody")
        ))
    }
    let labelWidth = (rows.map(\.label.displayWidth).max() ?? 0) + 3
    var y = area.y + 1
    for (index, row) in rows.enumerated() {
      let chosen = screen.rows[index] == screen.row
      let value =
        chosen ? "\(glyphs.arrowLeft) \(row.value) \(glyphs.arrowRight)" : "  \(row.value)"
      let pointer = chosen ? "\(glyphs.pointer) " : "  "
      canvas.write(
        pointer + row.label, x: column.x, y: y,
        style: chosen ? Style.role(.accent).bold : .role(.text),
        clip: column)
      canvas.write(
        value, x: column.x + 2 + labelWidth, y: y,
        style: chosen ? Style.role(.accent).bold : .role(.text), clip: column)
      if chosen { canvas.focusLine = y }
      y += 1
    }
    y += 1
    var items = screen.levelItems.map { name($0, strings) }.joined(separator: ", ")
    // Intonation's levels ask the same three answers: what changes is how far off.
    if screen.exercise == .intonation {
      items +=
        "; "
        + strings.text(
          "ear.setup.cents", ["cents": "\(EarExercise.intonationCents(atLevel: screen.level))"])
    }
    let itemsText = strings.text(
      "ear.setup.items", ["items": items.isEmpty ? strings.text("ear.setup.noItems") : items])
    for line in itemsText.wrapped(toWidth: column.width) where y < area.maxY - 3 {
      canvas.write(line, x: column.x, y: y, style: .role(.muted), clip: column)
      y += 1
    }
    if screen.needsMoreItems {
      let key = screen.fewestItems == 1 ? "ear.setup.noneChosen" : "ear.setup.tooFew"
      for line in strings.text(key).wrapped(toWidth: column.width)
      where y < area.maxY - 3 {
        canvas.write(line, x: column.x, y: y, style: Style.role(.warn).bold, clip: column)
        y += 1
      }
    }
    if let line = noSoundLine(model) {
      let lines = line.wrapped(toWidth: column.width)
      let top = max(y + 1, area.maxY - lines.count)
      for (offset, text) in lines.enumerated() where top + offset < area.maxY {
        canvas.write(
          text, x: column.x, y: top + offset, style: Style.role(.warn).bold, clip: column)
      }
    }
  }

  /// The Root line's value: the root moving, every note within a range, or one root.
  static func rootName(_ root: EarModel.IntervalRoot, model: AppModel) -> String {
    switch root {
    case .moving:
      model.strings.text("ear.setup.rootMoving")
    case .within(let low, let high):
      model.strings.text("ear.setup.rootWithin", ["range": spelled([low, high], model: model)])
    case .fixed(let note):
      model.strings.text("ear.setup.rootFixed", ["note": spelled([note], model: model)])
    }
  }

  /// An item's name as a choice of `question`: a degree also by its syllable in the question's
  /// key where the settings name notes in solfège ("3 me" in a minor key, "3 mi" in a major).
  static func choiceName(_ item: EarItem, question: EarQuestion, model: AppModel) -> String {
    let named = name(item, model.strings)
    guard model.settings.noteNaming == .latin, let key = question.key,
      case .degree(let degree) = item
    else { return named }
    return named + " " + EarNames.syllable(of: degree, in: key)
  }

  /// The notes as the settings name them, joined by dashes: "C4–E♭4".
  static func spelled(_ notes: [Note], model: AppModel) -> String {
    notes.map {
      model.settings.noteNaming.name(of: $0.noteClass, glyphs: model.glyphs.accidentals)
        + "\($0.octave)"
    }.joined(separator: model.glyphs.kind == .unicode ? "–" : "-")
  }

  private static func renderQuestion(
    _ screen: EarModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    guard let question = screen.question else { return }
    let strings = model.strings
    let glyphs = model.glyphs
    let column = column(in: area)
    let header = strings.text(
      "ear.progress", ["number": "\(screen.number)", "count": "\(screen.count)"])
    canvas.write(header, x: column.x, y: area.y, style: Style.role(.accent).bold, clip: column)
    let wrong = screen.answers.count - screen.rightCount
    let tally = strings.text(
      "ear.tally", ["right": "\(screen.rightCount)", "wrong": "\(wrong)"])
    canvas.write(
      tally, x: column.maxX - tally.displayWidth, y: area.y, style: .role(.muted), clip: column)
    let how =
      question.item.isChord || question.key != nil || question.item.isIntonation
        || question.rhythm != nil
      ? strings.text("ear.exercise.\(question.itemExercise)")
      : strings.text("ear.sounding.\(question.sounding.rawValue)")
    canvas.write(
      " · " + how, x: column.x + header.displayWidth, y: area.y, style: .role(.muted),
      clip: column)

    // The choices take the bottom rows in as many columns as fit; the verdict and the staff
    // the rows above them.
    // A dictation is written on the staff, not chosen; a rhythm is chosen among its own.
    let choices = question.item.isMelody || question.rhythm != nil ? [] : screen.items
    let labels = choices.indices.map { index in
      "\(screen.answerKey(at: index).map(String.init) ?? " ")  "
        + choiceName(screen.items[index], question: question, model: model)
    }
    let cell = (labels.map(\.displayWidth).max() ?? 0) + 2
    let perRow = max(1, min(labels.count, column.width / max(cell, 1)))
    let choiceRows = (labels.count + perRow - 1) / perRow
    let choicesTop = area.maxY - choiceRows
    let answer = screen.isAnswered ? screen.answers.last : nil
    for (index, label) in labels.enumerated() {
      let item = screen.items[index]
      var style = Style.role(.text).bold
      if let answer {
        if question.answer.contains(item) {
          style = Style.role(.good).bold
        } else if answer.givenItems.contains(item) {
          style = Style.role(.bad).bold
        } else {
          style = .role(.muted)
        }
      }
      canvas.write(
        label.clipped(toWidth: cell - 1, ellipsis: glyphs.ellipsis),
        x: column.x + (index % perRow) * cell, y: choicesTop + index / perRow, style: style,
        clip: column)
    }

    let verdictY = area.y + 2
    if let rhythm = question.rhythm {
      renderRhythm(
        rhythm, answer: answer, tapping: screen.tapping, inWords: screen.rhythmInWords,
        model: model,
        in: Rect(x: column.x, y: verdictY, width: column.width, height: area.maxY - verdictY),
        on: &canvas)
      return
    }
    if question.item.isMelody, let key = question.key {
      renderDictation(
        screen, question: question, key: key, answer: answer, model: model,
        in: Rect(x: column.x, y: verdictY, width: column.width, height: area.maxY - verdictY),
        on: &canvas)
      return
    }
    guard let answer else {
      var prompt = noSoundLine(model) ?? strings.text("ear.listen")
      var style = noSoundLine(model) == nil ? Style.role(.text) : Style.role(.warn).bold
      if let played = playLine(screen, model), noSoundLine(model) == nil {
        prompt = played.text
        style = played.style
      }
      if !screen.pending.isEmpty {
        prompt = strings.text(
          "ear.soFar",
          [
            "given": screen.pending.map { choiceName($0, question: question, model: model) }
              .joined(separator: " "),
            "count": "\(question.answer.count)",
          ])
        style = Style.role(.accent).bold
      }
      if let typed = screen.typed {
        prompt = strings.text(
          "ear.typing", ["name": typed + (glyphs.kind == .unicode ? "▏" : "_")])
        style = Style.role(.accent).bold
      } else if let unknown = screen.unknownName {
        prompt = strings.text("ear.unknownName", ["name": unknown])
        style = Style.role(.warn).bold
      }
      canvas.writeCentredWrapped(prompt, y: verdictY, in: column, margin: 0, style: style)
      canvas.focusLine = verdictY
      return
    }
    let right = question.answer.map { choiceName($0, question: question, model: model) }.joined(
      separator: " ")
    let given = answer.givenItems.map { choiceName($0, question: question, model: model) }
      .joined(separator: " ")
    let verdict =
      answer.isCorrect
      ? "\(glyphs.check) " + strings.text("ear.right", ["answer": right])
      : "\(glyphs.cross) " + strings.text("ear.wrong", ["answer": right, "given": given])
    canvas.writeCentred(
      verdict, y: verdictY, in: column, style: Style.role(answer.isCorrect ? .good : .bad).bold)
    canvas.focusLine = verdictY
    var notesLine = spelled(question.notes, model: model)
    if let key = question.key {
      notesLine = keyLine(question, key: key, model: model)
    }
    if question.item.isIntonation {
      notesLine += ": " + intonationLine(question, level: screen.level, strings: strings)
    }
    if question.inversion > 0 {
      notesLine += "  (" + EarNames.inversionName(question.inversion, strings: strings) + ")"
    }
    canvas.writeCentred(notesLine, y: verdictY + 1, in: column, style: .role(.text))
    var staffArea = Rect(
      x: column.x, y: verdictY + 2, width: column.width,
      height: max(0, choicesTop - (verdictY + 2)))
    // A guitarist (one who practises the fretboard) sees the notes on the neck too, under the
    // staff, where the rows hold both.
    if !model.settings.fretboard.practised.isEmpty,
      let neck = neck(question.notes, model: model, width: column.width)
    {
      let words = FretWords.text(
        cursor: nil, places: neck.dots, key: "fretboard.words.shown", strings
      ).wrapped(toWidth: column.width).count
      let staffRows = staffRowsNeeded(question.notes)
      if staffArea.height >= staffRows + 1 + neck.height + words {
        staffArea.height = staffRows
        let neckY = staffArea.maxY + 1
        neck.render(
          in: Rect(
            x: column.x + (column.width - neck.width) / 2, y: neckY, width: neck.width,
            height: neck.height), on: &canvas)
        FretWords.render(
          FretWords.text(cursor: nil, places: neck.dots, key: "fretboard.words.shown", strings),
          y: neckY + neck.height, maxY: choicesTop, in: column, on: &canvas)
      }
    }
    // A cadence's chords are no melody one staff of single notes could show.
    guard question.chords.isEmpty else { return }
    renderStaff(question.notes + question.resolution, model: model, in: staffArea, on: &canvas)
  }

  /// A dictation: while it is written, what to do and the notes written on the staff with the
  /// cursor after them; after the answer the verdict, the right melody and yours, and the
  /// right melody on the staff with each wrong note of yours drawn in its slot, in red.
  private static func renderDictation(
    _ screen: EarModel, question: EarQuestion, key: EarKey, answer: EarModel.Answer?,
    model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let glyphs = model.glyphs
    let keyName = strings.text(
      key.isMinor ? "ear.inKey.minor" : "ear.inKey.major",
      ["tonic": model.settings.noteNaming.name(of: key.tonic, glyphs: glyphs.accidentals)])
    let signature =
      KeySignature(
        fifths: key.scale.noteClasses.map(\.accidental.semitones).reduce(0, +)) ?? .cMajor
    var staff = StaffView(clef: .treble, key: signature, glyphs: glyphs)
    var focus: String
    var focusStyle: Style
    let second: String
    if let answer {
      let marks = answer.marks
      let right = marks.count(where: { $0 })
      focus =
        answer.isCorrect
        ? "\(glyphs.check) " + strings.text("ear.dictation.right", ["count": "\(marks.count)"])
        : "\(glyphs.cross) "
          + strings.text(
            "ear.dictation.wrong", ["right": "\(right)", "count": "\(marks.count)"])
      focusStyle = Style.role(answer.isCorrect ? .good : .bad).bold
      second = keyName + ": " + spelled(question.notes, model: model)
      let yours = answer.givenItems.compactMap { item -> Note? in
        if case .note(let note) = item { return note }
        return nil
      }
      staff.notes = question.notes
      staff.marks = yours.indices.map { marks.indices.contains($0) && marks[$0] ? nil : yours[$0] }
      staff.markStyle = Style.role(.bad).bold
      if !answer.isCorrect {
        let yoursLine = strings.text("ear.dictation.yours", ["notes": spelled(yours, model: model)])
        canvas.writeCentred(yoursLine, y: area.y + 2, in: area, style: .role(.bad))
      }
    } else {
      let cursor = screen.cursor ?? question.notes[0]
      let isFull = screen.written.count == question.notes.count
      focus =
        isFull
        ? strings.text("ear.dictation.full", ["count": "\(question.notes.count)"])
        : strings.text(
          "ear.dictation.cursor",
          [
            "number": "\(screen.written.count + 1)", "count": "\(question.notes.count)",
            "note": spelled([cursor], model: model),
          ])
      focusStyle = Style.role(.accent).bold
      if let typed = screen.typed {
        focus = strings.text(
          "ear.dictation.typing", ["notes": typed + (glyphs.kind == .unicode ? "▏" : "_")])
      } else if let unknown = screen.unknownName {
        focus = strings.text(
          "ear.dictation.unknown", ["notes": unknown, "count": "\(question.notes.count)"])
        focusStyle = Style.role(.warn).bold
      }
      second = strings.text(
        "ear.dictation.given",
        [
          "key": keyName, "count": "\(question.notes.count)",
          "tonic": spelled([question.notes[0]], model: model),
        ])
      let writtenLine = strings.text(
        "ear.dictation.written", ["notes": spelled(screen.written, model: model)])
      canvas.writeCentred(
        writtenLine.clipped(toWidth: area.width, ellipsis: glyphs.ellipsis), y: area.y + 2,
        in: area, style: .role(.muted))
      staff.notes = screen.written
      staff.marks =
        isFull ? [] : Array(repeating: nil, count: screen.written.count) + [cursor]
    }
    canvas.writeCentred(focus, y: area.y, in: area, style: focusStyle)
    canvas.focusLine = area.y
    canvas.writeCentred(
      second.clipped(toWidth: area.width, ellipsis: glyphs.ellipsis), y: area.y + 1, in: area,
      style: .role(.text))
    // Without sound the melody is never heard, and without a microphone (or MIDI) nothing
    // played is written: a line under the staff says so.
    var warning = noSoundLine(model)
    if warning == nil, answer == nil, let problem = screen.microphoneProblem, screen.listens,
      screen.midiPort == nil
    {
      warning = strings.text(
        "ear.play.noMicrophone", ["reason": AudioReasonText.text(problem, strings)])
    }
    let warningLines = warning?.wrapped(toWidth: area.width) ?? []
    for (offset, line) in warningLines.enumerated() {
      canvas.write(
        line, x: area.x, y: area.maxY - warningLines.count + offset,
        style: Style.role(.warn).bold, clip: area)
    }
    let staffArea = Rect(
      x: area.x, y: area.y + 3, width: area.width,
      height: max(0, area.height - 3 - warningLines.count))
    let fitted = staff.fitted(toHeight: staffArea.height)
    let columns = min(staffArea.width, max(fitted.width + 6, 30))
    fitted.render(
      in: Rect(
        x: staffArea.x + (staffArea.width - columns) / 2, y: staffArea.y, width: columns,
        height: staffArea.height), on: &canvas)
  }

  /// A rhythm dictation: what to do, or the verdict and the right rhythm in words; then the
  /// four rhythms on the beat grid as the rhythm trainer draws a line, each after its key. After
  /// the answer the right one's key is green with a check and, where the rows allow, the
  /// rhythm framed; the one chosen, if another, red with a cross. A rhythm tapped has its taps
  /// under the right one where they landed, marked by grade, and its notes missed. In words,
  /// each choice is its cells named, bar by bar.
  private static func renderRhythm(
    _ rhythm: RhythmDictation, answer: EarModel.Answer?, tapping: EarModel.Tapping?,
    inWords: Bool, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let glyphs = model.glyphs
    let right = rhythm.answerIndex + 1
    let chosen = answer.flatMap { answer in
      rhythm.choices.firstIndex { $0.map(EarItem.cell) == answer.givenItems }
    }
    var focus = noSoundLine(model) ?? strings.text("ear.rhythm.listen")
    var focusStyle = noSoundLine(model) == nil ? Style.role(.text) : Style.role(.warn).bold
    var second = strings.text("ear.rhythm.how", ["bpm": "\(Int(RhythmDictation.bpm))"])
    if let tapping {
      focus = strings.text("ear.rhythm.tapping", ["count": "\(tapping.taps.count)"])
      focusStyle = Style.role(.accent).bold
    }
    if let answer, let taps = answer.taps {
      let results = taps.results
      let inTime = results.notes.count - results.count(of: .miss)
      focus =
        answer.isCorrect
        ? "\(glyphs.check) "
          + strings.text("ear.rhythm.tappedRight", ["count": "\(results.notes.count)"])
        : "\(glyphs.cross) "
          + strings.text(
            "ear.rhythm.tappedWrong",
            [
              "right": "\(inTime)", "count": "\(results.notes.count)",
              "extra": "\(results.extraCount)",
            ])
      focusStyle = Style.role(answer.isCorrect ? .good : .bad).bold
      second = "\(right): " + cellWords(rhythm.cells, bars: rhythm.style.bars, strings: strings)
    } else if let answer {
      focus =
        answer.isCorrect
        ? "\(glyphs.check) " + strings.text("ear.rhythm.right", ["number": "\(right)"])
        : "\(glyphs.cross) "
          + strings.text(
            "ear.rhythm.wrong",
            ["number": "\(right)", "given": chosen.map { "\($0 + 1)" } ?? "?"])
      focusStyle = Style.role(answer.isCorrect ? .good : .bad).bold
      second = "\(right): " + cellWords(rhythm.cells, bars: rhythm.style.bars, strings: strings)
    }
    // The words take the rows they need, two at most each, and the grids the rows under them.
    let words =
      focus.wrapped(toWidth: area.width).prefix(2).map { ($0, focusStyle) }
      + second.wrapped(toWidth: area.width).prefix(2).map { ($0, Style.role(.text)) }
    for (offset, (line, style)) in words.enumerated() {
      canvas.writeCentred(line, y: area.y + offset, in: area, style: style)
    }
    canvas.focusLine = area.y
    let top = area.y + max(3, words.count)
    // A grid needs its tuplets' row, its notes and its time line; a row more between grids
    // where there is room, two to frame the right one.
    let stride = min(BeatGridView.height, max(3, (area.maxY - top) / rhythm.choices.count))
    let label = 4
    if inWords {
      var y = top
      for (index, cells) in rhythm.choices.enumerated() {
        let (mark, style) = choiceMark(
          index, rhythm: rhythm, answer: answer, chosen: chosen, glyphs: glyphs)
        let lines = cellWords(cells, bars: rhythm.style.bars, strings: strings).wrapped(
          toWidth: area.width - label)
        canvas.write(mark, x: area.x, y: y, style: style, clip: area)
        for line in lines where y < area.maxY {
          canvas.write(
            line, x: area.x + label, y: y, style: answer == nil ? .role(.text) : style,
            clip: area)
          y += 1
        }
        y += 1
      }
      return
    }
    let width = gridWidth(rhythm, in: area.width - label)
    for (index, cells) in rhythm.choices.enumerated() {
      let y = top + index * stride
      guard y + 3 <= area.maxY else { break }
      let line = RhythmDictation.line(cells, bars: rhythm.style.bars)
      let beats = 0..<line.beatCount
      var view = BeatGridView(
        beats: RhythmView.beats(line, in: beats), barLines: RhythmView.barLines(in: beats),
        glyphs: glyphs)
      if answer != nil, index == rhythm.answerIndex, stride == BeatGridView.height {
        view.current = 0
        view.currentSpan = line.beatCount
      }
      if index == rhythm.answerIndex, let taps = answer?.taps {
        let position = { (time: Double) in (time - taps.firstBeat) / HeadlessEar.beatSeconds }
        for note in taps.results.notes {
          if let hit = note.hit {
            view.hits.append(
              BeatGridView.Hit(position: position(hit), grade: RhythmView.grade(note.grade)))
          } else {
            view.missed.append(position(note.expected))
          }
        }
        view.hits += taps.results.extraHits.map {
          BeatGridView.Hit(position: position($0), grade: nil)
        }
      }
      view.render(
        in: Rect(
          x: area.x + label + (area.width - label - width) / 2, y: y, width: width,
          height: min(BeatGridView.height, area.maxY - y)), on: &canvas)
      let (mark, style) = choiceMark(
        index, rhythm: rhythm, answer: answer, chosen: chosen, glyphs: glyphs)
      canvas.write(mark, x: area.x, y: y + 1, style: style, clip: area)
    }
  }

  /// A choice's key, and after the answer a check on the right one (green) and a cross on the
  /// one chosen (red), the others muted.
  private static func choiceMark(
    _ index: Int, rhythm: RhythmDictation, answer: EarModel.Answer?, chosen: Int?,
    glyphs: GlyphSet
  ) -> (String, Style) {
    let number = "\(index + 1)"
    guard answer != nil else { return (number, Style.role(.text).bold) }
    if index == rhythm.answerIndex { return ("\(glyphs.check)\(number)", Style.role(.good).bold) }
    if index == chosen { return ("\(glyphs.cross)\(number)", Style.role(.bad).bold) }
    return (number, .role(.muted))
  }

  /// The width the four grids share within `available` columns, so their beats line up: each
  /// beat's cell a multiple of the parts every choice's notes fall on (a triplet's thirds and
  /// sixteenths both: twelfths), as `BeatGridView` spaces one line, or of its power-of-two
  /// part where that does not fit; the grid then needs no more, and lays its cells out alike.
  /// Two bars at 80 columns leave too little for that: the grids line up their beats only
  /// where their parts agree.
  static func gridWidth(_ rhythm: RhythmDictation, in available: Int) -> Int {
    let beats = RhythmLine.beatsPerBar * rhythm.style.bars
    let parts = rhythm.choices.flatMap { cells in
      cells.flatMap { cell in
        var onset = BeatFraction.zero
        return cell.events.map { event in
          defer { onset += event.duration }
          return onset.denominator
        }
      }
    }.reduce(1) { lcm($0, $1) }
    let room = (available - 1) / beats - 1
    let unit = [parts, parts & -parts].first { $0 <= room } ?? 1
    // Narrower cells show fewer beats: where a shared cell would be that narrow, each grid
    // spaces its own beats across the whole width, all of them shown.
    let cell = room - room % unit + 1
    guard cell >= minimumCellWidth else { return available }
    return beats * cell + 1
  }

  /// `BeatGridView`'s narrowest cell: narrower cells show fewer beats than a line holds.
  static let minimumCellWidth = 8

  private static func lcm(_ a: Int, _ b: Int) -> Int {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return a / x * b
  }

  /// A rhythm's cells in words, bar by bar: "Quarter + Two eighths + Half note | Whole note";
  /// a plus between them, as their names may hold commas ("Eighth, two sixteenths").
  static func cellWords(_ cells: [RhythmPattern], bars: Int, strings: Localizer) -> String {
    let line = RhythmDictation.line(cells, bars: bars)
    return (0..<bars).map { bar in
      line.placements.filter { $0.beat / RhythmLine.beatsPerBar == bar }.map {
        EarNames.name(of: .cell($0.pattern), strings: strings)
      }.joined(separator: " + ")
    }.joined(separator: " | ")
  }

  /// How far the second note was off: "the second note -20 cents", or for a pair in tune, how
  /// far off the others of the level are.
  static func intonationLine(_ question: EarQuestion, level: Int, strings: Localizer) -> String {
    guard question.detuning != 0 else {
      return strings.text(
        "ear.intonation.same", ["cents": "\(EarExercise.intonationCents(atLevel: level))"])
    }
    return strings.text(
      "ear.intonation.detuned", ["cents": HeadlessEar.signed(question.detuning)])
  }

  /// The key and what was heard in it: "E♭ major: B♭4 → C5–D5–E♭5" (a degree and its way
  /// home), or "C major: I | IV–V: C | F–G" (the tonic, then the cadence's chords).
  static func keyLine(_ question: EarQuestion, key: EarKey, model: AppModel) -> String {
    let strings = model.strings
    let naming = model.settings.noteNaming
    let accidentals = model.glyphs.accidentals
    let keyName = strings.text(
      key.isMinor ? "ear.inKey.minor" : "ear.inKey.major",
      ["tonic": naming.name(of: key.tonic, glyphs: accidentals)])
    let dash = model.glyphs.kind == .unicode ? "–" : "-"
    guard !question.chords.isEmpty else {
      let arrow = model.glyphs.kind == .unicode ? " → " : " -> "
      let home =
        question.resolution.isEmpty ? "" : arrow + spelled(question.resolution, model: model)
      return keyName + ": " + spelled(question.notes, model: model) + home
    }
    let chords = ([1] + question.chordDegrees).map { key.triad($0) }
    let numerals = chords.map(\.numeral)
    // The symbol's root as the settings name notes, its quality as written ("m", "°").
    let symbols = chords.map { chord in
      naming.name(of: chord.notes[0], glyphs: accidentals)
        + chord.symbol.dropFirst(chord.notes[0].description.count)
    }
    return keyName + ": " + numerals[0] + " | " + numerals.dropFirst().joined(separator: dash)
      + "  (" + symbols[0] + " | " + symbols.dropFirst().joined(separator: dash) + ")"
  }

  /// The notes on the neck of the player's tuning in one hand position, each named, the first
  /// marked as the root; nil where no position holds them all.
  static func neck(_ notes: [Note], model: AppModel, width: Int) -> FretboardView? {
    let settings = model.settings.fretboard
    guard let places = neckPlaces(notes.map(\.pitch), tuning: settings.tuning) else { return nil }
    let naming = model.settings.noteNaming
    let dots = zip(notes, places).enumerated().map { index, pair in
      FretboardView.Dot(
        pair.1, label: naming.name(of: pair.0.noteClass, glyphs: model.glyphs.accidentals),
        style: index == 0 ? FretboardView.Dot.tonicStyle : FretboardView.Dot.toneStyle)
    }
    let lowest = places.map(\.fret).min() ?? 0
    let frets = max(0, lowest - 1)...min(settings.tuning.lastFret, lowest + neckSpan)
    let view = FretboardView(
      tuning: settings.tuning, frets: frets, dots: dots, isLeftHanded: settings.isLeftHanded,
      naming: naming, glyphs: model.glyphs)
    return view.width <= width ? view : nil
  }

  /// Frets a hand spans without shifting.
  static let neckSpan = 4

  /// Where `pitches` lie in the lowest hand position that holds them all: frets within
  /// `neckSpan` of each other, each note on a string of its own and higher notes on higher
  /// strings, each on the lowest string it can take; in the order of `pitches`. Nil where no
  /// position holds them.
  static func neckPlaces(_ pitches: [Pitch], tuning: Tuning) -> [FretPosition]? {
    let order = pitches.indices.sorted { pitches[$0] < pitches[$1] }
    for low in 0...max(0, tuning.lastFret - neckSpan) {
      var places = [FretPosition?](repeating: nil, count: pitches.count)
      // Strings are numbered from the highest (1) to the lowest.
      var below = tuning.stringCount + 1
      for index in order {
        let string = (1..<below).reversed().first { string in
          let fret = pitches[index].midiNumber - tuning.pitch(string: string, fret: 0).midiNumber
          return (low...(low + neckSpan)).contains(fret)
        }
        guard let string else { break }
        places[index] = FretPosition(
          string: string,
          fret: pitches[index].midiNumber - tuning.pitch(string: string, fret: 0).midiNumber)
        below = string
      }
      if places.allSatisfy({ $0 != nil }) { return places.compactMap { $0 } }
    }
    return nil
  }

  /// Rows the staff needs to draw its lines and every note whole, about its middle line.
  private static func staffRowsNeeded(_ notes: [Note]) -> Int {
    let staff = StaffView(clef: clef(for: notes), notes: notes, glyphs: .unicode)
    let places = notes.map { staff.placement(of: $0).position }
    return 2 * max((places.max() ?? 0) - 4, 4 - (places.min() ?? 0), 4) + 1
  }

  /// The treble clef for notes mostly from middle C up, the bass clef below.
  private static func clef(for notes: [Note]) -> Clef {
    let middle = notes.map(\.pitch.midiNumber).reduce(0, +) / max(1, notes.count)
    return middle >= Note(.C, octave: 4).pitch.midiNumber ? .treble : .bass
  }

  /// What to play, or why playing is not heard, while an interval or degrees wait for a played
  /// answer.
  private static func playLine(_ screen: EarModel, _ model: AppModel) -> (
    text: String, style: Style
  )? {
    guard screen.listens else { return nil }
    let strings = model.strings
    if let failure = screen.microphoneProblem, screen.midiPort == nil {
      return (
        strings.text("ear.play.noMicrophone", ["reason": AudioReasonText.text(failure, strings)]),
        Style.role(.warn).bold
      )
    }
    if let cents = screen.outOfTuneCents {
      return (
        strings.text(
          cents > 0 ? "notes.play.sharp" : "notes.play.flat",
          ["cents": "\(Int(abs(cents).rounded()))"]), Style.role(.warn).bold
      )
    }
    if let port = screen.midiPort, screen.microphoneProblem != nil {
      return (strings.text("notes.play.midiOnly", ["port": port]), Style.role(.muted))
    }
    return (
      strings.text(screen.exercise == .degrees ? "ear.play.degrees" : "ear.play"), Style.role(.text)
    )
  }

  /// The notes on one staff, one after the other; nothing where the rows cannot hold the staff
  /// whole.
  private static func renderStaff(
    _ notes: [Note], model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    // The staff is drawn about its middle line, its clef clipped where rows are short; a staff
    // missing a line or a note would mislead, so where the lines and the notes cannot all be
    // drawn the notes spelled above it say them alone.
    guard !notes.isEmpty, area.height >= staffRowsNeeded(notes) else { return }
    let staff = StaffView(clef: clef(for: notes), notes: notes, glyphs: model.glyphs).fitted(
      toHeight: area.height)
    let columns = min(area.width, max(staff.width + 6, 30))
    staff.render(
      in: Rect(
        x: area.x + (area.width - columns) / 2, y: area.y, width: columns, height: area.height),
      on: &canvas)
  }

  private static func renderResults(
    _ screen: EarModel, model: AppModel, in area: Rect, on canvas: inout Canvas
  ) {
    let strings = model.strings
    let column = column(in: area)
    var y = area.y
    let seconds = Int(screen.seconds(until: screen.endedAt ?? screen.now).rounded())
    canvas.write(
      strings.text(
        "ear.score",
        [
          "right": "\(screen.rightCount)", "count": "\(screen.answers.count)",
          "percent": DecimalText.percent(screen.rightCount, of: screen.answers.count),
          "time": StopwatchText.of(seconds: seconds),
        ]), x: column.x, y: y, style: Style.role(.accent).bold, clip: column)
    canvas.focusLine = y
    y += 1
    let missed = screen.missed.map { name($0, strings) }.joined(separator: ", ")
    let missedText =
      missed.isEmpty
      ? strings.text("ear.missedNone") : strings.text("ear.missed", ["items": missed])
    for line in missedText.wrapped(toWidth: column.width).prefix(2) {
      canvas.write(
        line, x: column.x, y: y, style: .role(missed.isEmpty ? .good : .bad), clip: column)
      y += 1
    }
    y += 1
    let confusion = screen.confusion
    let worst = confusion.worst(limit: 3)
    let gridRows = max(0, area.maxY - 1 - worst.count - 1 - y)
    y = renderGrid(
      confusion, items: gridItems(screen), model: model, in: column, y: y, rows: gridRows,
      on: &canvas)
    y += 1
    for pair in worst where y < area.maxY - 1 {
      let played = keptItem(pair.played, exercise: screen.exercise)
      let given = keptItem(pair.given, exercise: screen.exercise)
      let givenName =
        pair.given == EarModel.tappedOff
        ? strings.text("ear.rhythm.tappedOff") : given.map { name($0, strings) } ?? pair.given
      let line = strings.text(
        "ear.confused",
        [
          "played": played.map { name($0, strings) } ?? pair.played,
          "given": givenName,
          "count": "\(pair.count)", "asked": "\(pair.asked)",
        ])
      canvas.write(
        line.clipped(toWidth: column.width, ellipsis: model.glyphs.ellipsis), x: column.x, y: y,
        style: .role(.warn), clip: column)
      y += 1
    }
    canvas.writeCentred(
      strings.text("ear.again"), y: area.maxY - 1, in: area, style: .role(.muted))
  }

  /// An item as the history keeps it, by its short name: a rhythm's cell by its pattern's id.
  static func keptItem(_ name: String, exercise: EarExercise) -> EarItem? {
    EarItem(shortName: name, exercise: exercise)
      ?? (exercise == .rhythm
        ? RhythmPattern.shipped.first { $0.id == name }.map(EarItem.cell) : nil)
      ?? (exercise == .dictation ? ScaleDegree(name: name).map(EarItem.degree) : nil)
  }

  /// What the confusion grid counts: the session's items, but a rhythm's cells of its levels
  /// and a dictation's degrees, which their answers are kept by.
  static func gridItems(_ screen: EarModel) -> [EarItem] {
    if screen.exercise == .dictation { return dictationDegrees }
    guard screen.exercise == .rhythm else { return screen.items }
    var cells: [RhythmPattern] = []
    for case .rhythm(let style) in screen.items {
      cells += style.cells.filter { !cells.contains($0) }
    }
    return cells.map(EarItem.cell)
  }

  /// Every degree a dictation's note can be kept as, from the tonic up: the key's own, and a
  /// semitone under or over each, as a chromatic neighbour or a note written wrong is.
  static let dictationDegrees: [EarItem] = (1...7).flatMap { number in
    [-1, 0, 1].compactMap { ScaleDegree(number: number, alteration: $0) }
  }.map(EarItem.degree)

  /// The confusion grid over the session's items that were played or given: a row per item
  /// played, a column per answer, the counts of the whole history; returns the row after it.
  private static func renderGrid(
    _ confusion: EarConfusion, items: [EarItem], model: AppModel, in column: Rect, y top: Int,
    rows: Int, on canvas: inout Canvas
  ) -> Int {
    let names = items.map(\.shortName)
    let shown = names.filter { item in
      confusion.asked(item) > 0 || names.contains { confusion.count(played: $0, given: item) > 0 }
    }
    guard rows >= 2, !shown.isEmpty else { return top }
    let corner = model.strings.text("ear.grid.corner")
    let widest = shown.map(\.displayWidth).max() ?? 0
    let label = max(corner.displayWidth, widest) + 2
    let cell = max(4, widest + 1)
    let fit = max(1, (column.width - label) / cell)
    // Where the names are too wide for every column (scales), the answers given are kept: a
    // column no one answered holds only dots.
    let given = shown.filter { item in
      shown.contains { confusion.count(played: $0, given: item) > 0 }
    }
    let kept =
      shown.count <= fit ? shown : Array((given + shown.filter { !given.contains($0) }).prefix(fit))
    let columns = shown.filter(kept.contains)
    canvas.write(corner, x: column.x, y: top, style: .role(.muted), clip: column)
    for (index, given) in columns.enumerated() {
      canvas.write(
        given.padded(toWidth: cell - 1, alignment: .trailing), x: column.x + label + index * cell,
        y: top, style: .role(.muted), clip: column)
    }
    var y = top + 1
    for played in shown.prefix(rows - 1) {
      canvas.write(played, x: column.x, y: y, style: .role(.text), clip: column)
      for (index, given) in columns.enumerated() {
        let count = confusion.count(played: played, given: given)
        let style: Style =
          count == 0 ? .role(.muted) : given == played ? .role(.good) : Style.role(.bad).bold
        let text = count == 0 ? "\(model.glyphs.bullet)" : "\(count)"
        canvas.write(
          text.padded(toWidth: cell - 1, alignment: .trailing),
          x: column.x + label + index * cell, y: y, style: style, clip: column)
      }
      y += 1
    }
    return y
  }
}

extension EarItem {
  var isChord: Bool {
    if case .chord = self { return true }
    return false
  }

  var isMelody: Bool {
    if case .melody = self { return true }
    return false
  }
}
