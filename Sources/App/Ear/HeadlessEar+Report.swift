import Files
import FoundationEssentials
import MusicTheory
import Practice
import Storage

extension HeadlessEar {
  /// One line per question: its number, how it sounds (or its key), its notes with their MIDI
  /// numbers, its place in the WAV and the right answer with its name in the language of
  /// `strings`.
  public static func quizText(_ questions: [TimedQuestion], strings: Localizer) -> String {
    questions.map { timed in
      if let rhythm = timed.question.rhythm {
        return rhythmText(timed, rhythm: rhythm, strings: strings)
      }
      let spelled = { (notes: [Note]) in
        notes.map { "\($0) (\($0.pitch.midiNumber))" }.joined(separator: " ")
      }
      // A cadence's chords apart: "G2 (43) … | C3 (48) …".
      let notes =
        timed.question.chords.isEmpty
        ? spelled(timed.question.notes)
        : timed.question.chords.map(spelled).joined(separator: " | ")
      let how = timed.question.key.map(\.description) ?? timed.question.sounding.rawValue
      // The second note's tuning, as a tuner's needle shows it: "A3 (57) A3 (57) -20 cents".
      let detuned =
        timed.question.item.isIntonation ? " \(signed(timed.question.detuning)) cents" : ""
      return "\(timed.number). \(how) " + notes + detuned
        // Seconds with three decimals, as a WAV editor shows them: "12.500".
        + ", \(DecimalText.format(timed.start, places: 3))-"
        + "\(DecimalText.format(timed.end, places: 3)) s: \(answer(timed, strings: strings))"
    }.joined(separator: "\n") + "\n"
  }

  /// A rhythm dictation's lines: its tempo, where it lies in the WAV, its onsets in beats and
  /// in seconds, then the four choices by letter, cell by cell, and the right letter.
  private static func rhythmText(
    _ timed: TimedQuestion, rhythm: RhythmDictation, strings: Localizer
  ) -> String {
    let seconds = timed.noteTimes.map { DecimalText.format($0.lowerBound, places: 3) }
    let choices = rhythm.choices.enumerated().map { index, cells in
      "   \(choiceLetters[index]) " + cells.map(\.id).joined(separator: " ")
    }
    return "\(timed.number). \(Int(RhythmDictation.bpm)) bpm, "
      + "\(DecimalText.format(timed.start, places: 3))-\(DecimalText.format(timed.end, places: 3)) s, "
      + "beat 0 at \(DecimalText.format(timed.firstBeat ?? 0, places: 3)) s; onsets (beats) "
      + rhythm.onsets.map(\.description).joined(separator: " ") + "; (s) "
      + seconds.joined(separator: " ") + ": \(answer(timed, strings: strings))\n"
      + choices.joined(separator: "\n")
  }

  /// The letters a rhythm dictation's choices are written and answered by.
  public static let choiceLetters = ["a", "b", "c", "d"]

  /// The choice a typed answer names: its letter or its number, "b" or "2"; nil for anything
  /// else.
  static func choice(parsing typed: String) -> Int? {
    let text = typed.split(whereSeparator: \.isWhitespace).joined().lowercased()
    if let index = choiceLetters.firstIndex(of: text) { return index }
    guard let number = Int(text), (1...choiceLetters.count).contains(number) else { return nil }
    return number - 1
  }

  public static func quizJSON(
    _ exercise: EarExercise, _ questions: [TimedQuestion], seed: UInt64, strings: Localizer
  ) throws(Launcher.Failure) -> String {
    try encoded(
      QuizReport(
        exercise: exercise.rawValue, seed: seed,
        questions: questions.map { QuestionReport($0, strings: strings) }))
  }

  /// Each typed answer against its question: right when it names the item, or for an interval
  /// one that sounds the same (d5 for A4: the ear cannot tell spellings apart).
  public static func grade(
    _ questions: [TimedQuestion], exercise: EarExercise, answersFile url: URL,
    catalog: LocaleCatalog
  ) throws(Launcher.Failure) -> [Verdict] {
    let data: Data
    do {
      data = try RegularFile.read(url, as: .answers)
    } catch {
      throw Launcher.Failure(description: "cannot read \(url.lastPathComponent): \(error)")
    }
    // "\r\n" is one Character, a newline like "\n": files from Windows read alike.
    var lines = String(decoding: data, as: UTF8.self).split(
      omittingEmptySubsequences: false, whereSeparator: \.isNewline
    ).map(String.init)
    if lines.last == "" { lines.removeLast() }
    guard lines.count <= questions.count else {
      throw Launcher.Failure(
        description:
          "\(url.lastPathComponent) has \(lines.count) answers for \(questions.count) questions")
    }
    return questions.map { timed in
      let given = timed.number <= lines.count ? lines[timed.number - 1] : ""
      if exercise == .degrees {
        return gradeDegrees(timed, given: given, catalog: catalog)
      }
      if exercise == .dictation {
        return gradeDictation(timed, given: given)
      }
      if let rhythm = timed.question.rhythm {
        let chosen = choice(parsing: given)
        var verdict = Verdict(
          question: timed, given: given, understood: nil, understoodInversion: nil,
          isRight: chosen == rhythm.answerIndex)
        verdict.understoodText = chosen.map { choiceLetters[$0] }
        return verdict
      }
      guard timed.asksInversion else {
        let understood = EarNames.item(parsing: given, exercise: exercise, catalog: catalog)
        return Verdict(
          question: timed, given: given, understood: understood, understoodInversion: nil,
          isRight: understood.map { sameSound($0, timed.question.item) } ?? false)
      }
      let understood = EarNames.chordAndInversion(parsing: given, catalog: catalog)
      return Verdict(
        question: timed, given: given, understood: understood?.item,
        understoodInversion: understood?.inversion,
        isRight: understood?.item == timed.question.item
          && understood?.inversion == timed.question.inversion)
    }
  }

  /// Degrees typed on one line, separated by spaces or commas, one for each note asked: right
  /// when every one is the note's.
  private static func gradeDegrees(_ timed: TimedQuestion, given: String, catalog: LocaleCatalog)
    -> Verdict
  {
    let words = given.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
    let read = words.map { EarNames.item(parsing: $0, exercise: .degrees, catalog: catalog) }
    let understood: [EarItem]? = read.contains(nil) || read.isEmpty ? nil : read.compactMap { $0 }
    return Verdict(
      question: timed, given: given, understood: understood?.first, understoodInversion: nil,
      isRight: understood == timed.question.answer, understoodItems: understood)
  }

  /// A melody's notes typed on one line, separated by spaces or commas, in any naming ("C4 D4
  /// E4", "do4 re4 mi4", "C D E"): each note is right when it sounds the note asked at its
  /// place, in any spelling (the ear cannot tell D♯ from E♭); a note written without its octave
  /// in any octave. The melody is right when every note is and no note is added.
  private static func gradeDictation(_ timed: TimedQuestion, given: String) -> Verdict {
    let words = given.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
    let read = words.map(EarNames.dictationNote(parsing:))
    let asked = timed.question.notes
    let marks = asked.indices.map { index in
      guard read.indices.contains(index), let note = read[index] else { return false }
      guard let octave = note.octave else {
        return note.noteClass.isEnharmonic(with: asked[index].noteClass)
      }
      return Note(note.noteClass, octave: octave).pitch == asked[index].pitch
    }
    var verdict = Verdict(
      question: timed, given: given, understood: nil, understoodInversion: nil,
      isRight: words.count == asked.count && !marks.contains(false))
    verdict.noteMarks = marks
    verdict.givenNotes = words
    // In English, with the octave only where one was written: "F4 G A".
    verdict.understoodText =
      read.contains(where: { $0 == nil }) || read.isEmpty
      ? nil
      : read.compactMap { $0 }.map { "\($0.noteClass)" + ($0.octave.map(String.init) ?? "") }
        .joined(separator: " ")
    return verdict
  }

  /// A rhythm tapped into a recording: the grade, the rhythm's first beat at its first tap.
  public struct TappedAnswer: Sendable {
    public let results: RhythmResults
    /// In seconds in the recording.
    public let firstBeat: Double

    /// Where `time` lies in beats from the first beat.
    func beats(_ time: Double) -> Double { (time - firstBeat) / HeadlessEar.beatSeconds }
  }

  /// A question's typed answer and what it was taken to mean.
  public struct Verdict: Sendable {
    public let question: TimedQuestion
    public let given: String
    public let understood: EarItem?
    /// The inversion the answer named, when the quiz asks for it.
    public let understoodInversion: Int?
    public let isRight: Bool
    /// Every item the answer named: several degrees, or the one item understood.
    public let understoodItems: [EarItem]?
    /// A dictation's notes, one for each note asked: whether the note written at its place is
    /// that note.
    public var noteMarks: [Bool]?
    /// A dictation's notes as written, one word each.
    public var givenNotes: [String]?
    /// A dictation's notes as they were read, when every one was.
    public var understoodText: String?
    /// A rhythm tapped into a recording, graded.
    public var tapped: TappedAnswer?

    init(
      question: TimedQuestion, given: String, understood: EarItem?, understoodInversion: Int?,
      isRight: Bool, understoodItems: [EarItem]? = nil
    ) {
      self.question = question
      self.given = given
      self.understood = understood
      self.understoodInversion = understoodInversion
      self.isRight = isRight
      self.understoodItems = understoodItems ?? understood.map { [$0] }
    }
  }

  public static func gradeText(_ verdicts: [Verdict], strings: Localizer) -> String {
    let lines = verdicts.map { verdict in
      let right = answer(verdict.question, strings: strings)
      let number = String(verdict.question.number)
      if verdict.isRight {
        return strings.text("ear.grade.right", ["number": number, "answer": right])
      }
      let said =
        verdict.given.allSatisfy(\.isWhitespace)
        ? strings.text("ear.grade.noAnswer")
        : strings.text(
          verdict.understood == nil && verdict.understoodText == nil
            ? "ear.grade.notUnderstood" : "ear.grade.answered",
          ["given": verdict.given])
      let wrong = strings.text(
        "ear.grade.wrong", ["number": number, "answer": right, "said": said])
      if let tapped = verdict.tapped {
        let results = tapped.results
        return wrong + " "
          + strings.text(
            "ear.grade.tapsInTime",
            [
              "right": String(results.notes.count - results.count(of: .miss)),
              "count": String(results.notes.count), "extra": String(results.extraCount),
            ])
      }
      guard let marks = verdict.noteMarks else { return wrong }
      return wrong + " "
        + strings.text(
          "ear.grade.notesRight",
          ["right": String(marks.count(where: { $0 })), "count": String(marks.count)])
    }
    return (lines + [score(verdicts, strings: strings)]).joined(separator: "\n") + "\n"
  }

  public static func gradeJSON(
    _ exercise: EarExercise, _ verdicts: [Verdict], seed: UInt64, strings: Localizer
  ) throws(Launcher.Failure) -> String {
    try encoded(
      GradeReport(
        exercise: exercise.rawValue, seed: seed, right: verdicts.filter(\.isRight).count,
        count: verdicts.count,
        verdicts: verdicts.map { verdict in
          VerdictReport(
            number: verdict.question.number, answer: shortAnswer(verdict.question),
            answerName: answerName(verdict.question, strings: strings), given: verdict.given,
            understood: verdict.understoodText
              ?? verdict.understoodItems.map { items in
                let inversion = verdict.understoodInversion.map(EarNames.inversionShortName)
                return (items.map(\.shortName) + [inversion].compactMap { $0 }).joined(
                  separator: " ")
              },
            right: verdict.isRight,
            notesRight: verdict.noteMarks.map { $0.count(where: { $0 }) },
            wrongNotes: verdict.noteMarks.map { marks in
              marks.indices.filter { !marks[$0] }.map { index in
                let given = verdict.givenNotes ?? []
                return WrongNoteReport(
                  place: index + 1, asked: verdict.question.question.notes[index].description,
                  given: given.indices.contains(index) ? given[index] : nil)
              }
            },
            addedNotes: verdict.noteMarks.map { marks in
              Array((verdict.givenNotes ?? []).dropFirst(marks.count))
            },
            notesInTime: verdict.tapped.map {
              $0.results.notes.count - $0.results.count(of: .miss)
            },
            taps: verdict.tapped.map { tapped in
              tapped.results.notes.map { note in
                TapReport(
                  onset: HeadlessEar.rounded(tapped.beats(note.expected)),
                  tap: note.hit.map { HeadlessEar.rounded(tapped.beats($0)) },
                  grade: note.grade.rawValue)
              }
            },
            extraTaps: verdict.tapped.map { tapped in
              tapped.results.extraHits.map { HeadlessEar.rounded(tapped.beats($0)) }
            })
        }))
  }

  static func score(_ verdicts: [Verdict], strings: Localizer) -> String {
    let right = verdicts.filter(\.isRight).count
    return strings.text(
      "ear.grade.score",
      [
        "right": String(right), "count": String(verdicts.count),
        "percent": DecimalText.percent(right, of: verdicts.count),
      ])
  }

  private static func sameSound(_ given: EarItem, _ asked: EarItem) -> Bool {
    switch (given, asked) {
    case (.interval(let given), .interval(let asked)): given.isEnharmonic(with: asked)
    default: given == asked
    }
  }

  /// Beats to the thousandth, as the JSON gives them.
  static func rounded(_ beats: Double) -> Double {
    (beats * 1000).rounded() / 1000
  }

  /// "+20", "-20", "0": cents as a tuner writes them.
  static func signed(_ cents: Int) -> String {
    cents > 0 ? "+\(cents)" : "\(cents)"
  }

  /// "m3 (minor third)"; a degree or a progression alone, its name being the same.
  private static func answer(_ timed: TimedQuestion, strings: Localizer) -> String {
    let (short, name) = (shortAnswer(timed), answerName(timed, strings: strings))
    return short == name ? short : "\(short) (\(name))"
  }

  /// "m3", "maj", "1 b3 5" for three degrees, or with the inversion asked, "maj inv1".
  static func shortAnswer(_ timed: TimedQuestion) -> String {
    if let rhythm = timed.question.rhythm { return choiceLetters[rhythm.answerIndex] }
    let item = timed.question.answer.map(\.shortName).joined(separator: " ")
    guard timed.asksInversion else { return item }
    return item + " " + EarNames.inversionShortName(timed.question.inversion)
  }

  /// "minor third", "major", "1 b3 5", or with the inversion asked, "major, first inversion".
  static func answerName(_ timed: TimedQuestion, strings: Localizer) -> String {
    if let rhythm = timed.question.rhythm {
      return EarView.cellWords(rhythm.cells, bars: rhythm.style.bars, strings: strings)
    }
    let item = timed.question.answer.map { EarNames.name(of: $0, strings: strings) }.joined(
      separator: " ")
    guard timed.asksInversion else { return item }
    return item + ", " + EarNames.inversionName(timed.question.inversion, strings: strings)
  }

  private static func encoded(_ report: some Encodable) throws(Launcher.Failure) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
    } catch {
      throw Launcher.Failure(description: "cannot write the report as JSON: \(error)")
    }
  }
}

private struct QuizReport: Encodable {
  let exercise: String
  let seed: UInt64
  let questions: [QuestionReport]
}

private struct QuestionReport: Encodable {
  struct NoteReport: Encodable {
    let name: String
    let midi: Int
    let start: Double
    let end: Double
    /// An intonation question's: what the note sounds at, and how far off its key.
    let frequency: Double?
    let cents: Int?
  }

  let number: Int
  let sounding: String
  /// The key of a degree or a cadence ("Eb major"), and the chords that set it.
  let key: String?
  let keyNotes: [NoteReport]?
  let notes: [NoteReport]
  let start: Double
  let end: Double
  let answer: String
  let answerName: String
  /// Only when the quiz asks for it.
  let inversion: Int?
  /// A rhythm dictation's: its tempo, its beat 0 in the WAV after the count-in, its onsets in
  /// beats from there ("3/2"), every click, and the four choices.
  let bpm: Double?
  let firstBeat: Double?
  let onsets: [String]?
  let clicks: [ClickReport]?
  let choices: [ChoiceReport]?

  struct ClickReport: Encodable {
    let time: Double
    let sound: String
  }

  struct ChoiceReport: Encodable {
    let letter: String
    /// The cells bar by bar, by the rhythm trainer's pattern ids.
    let cells: [String]
    let onsets: [String]
  }

  init(_ timed: HeadlessEar.TimedQuestion, strings: Localizer) {
    number = timed.number
    sounding = timed.question.sounding.rawValue
    key = timed.question.key?.description
    let isIntonation = timed.question.item.isIntonation
    let report = { (placed: HeadlessEar.PlacedNote) in
      NoteReport(
        name: placed.note.description, midi: placed.note.pitch.midiNumber,
        start: placed.time.lowerBound, end: placed.time.upperBound,
        // In millihertz: enough to tell 5 cents from 4 at A3, and read as a tuner shows it.
        frequency: isIntonation ? (placed.frequency * 1000).rounded() / 1000 : nil,
        cents: isIntonation ? placed.cents : nil)
    }
    let setting = timed.sounds.filter { $0.part == .key }.map(report)
    keyNotes = setting.isEmpty ? nil : setting
    notes = timed.sounds.filter { $0.part == .question }.map(report)
    start = timed.start
    end = timed.end
    answer = HeadlessEar.shortAnswer(timed)
    answerName = HeadlessEar.answerName(timed, strings: strings)
    inversion = timed.asksInversion ? timed.question.inversion : nil
    let rhythm = timed.question.rhythm
    bpm = rhythm.map { _ in RhythmDictation.bpm }
    firstBeat = timed.firstBeat
    onsets = rhythm?.onsets.map(\.description)
    clicks = rhythm.map { _ in
      timed.clicks.map { ClickReport(time: $0.time, sound: $0.sound.rawValue) }
    }
    choices = rhythm.map { rhythm in
      rhythm.choices.enumerated().map { index, cells in
        ChoiceReport(
          letter: HeadlessEar.choiceLetters[index], cells: cells.map(\.id),
          onsets: RhythmDictation(style: rhythm.style, choices: [cells], answerIndex: 0).onsets
            .map(\.description))
      }
    }
  }
}

private struct GradeReport: Encodable {
  let exercise: String
  let seed: UInt64
  let right: Int
  let count: Int
  let verdicts: [VerdictReport]
}

private struct VerdictReport: Encodable {
  let number: Int
  let answer: String
  let answerName: String
  let given: String
  let understood: String?
  let right: Bool
  /// A dictation's: how many notes are right at their place, which are not (and what was
  /// written there, nothing past the end of the answer), and the notes written past the
  /// melody's end.
  let notesRight: Int?
  let wrongNotes: [WrongNoteReport]?
  let addedNotes: [String]?
  /// A rhythm tapped into a recording: how many notes had a tap in their window; each note's
  /// onset, its tap and grade, in beats from the first tap; the taps no note took.
  let notesInTime: Int?
  let taps: [TapReport]?
  let extraTaps: [Double]?
}

private struct TapReport: Encodable {
  let onset: Double
  let tap: Double?
  let grade: String
}

private struct WrongNoteReport: Encodable {
  /// From 1.
  let place: Int
  let asked: String
  let given: String?
}
