import Practice
import Storage

/// One session said in a line, such as "Notes (Flashcards), 17 of 20 right (85 %), 1.9 s a
/// card", for the home screen and the history screen.
struct SessionSummary {
  let record: SessionRecord

  init(_ record: SessionRecord) {
    self.record = record
  }

  /// The module's and the exercise's names as the user reads them; names this version does
  /// not know are shown as written.
  func title(_ strings: Localizer) -> String {
    let module = HistoryReport.displayName(record.module, prefix: "history.module.", strings)
    let exercise = HistoryReport.exerciseName(record.exercise, module: record.module, strings)
    return module + " (" + exercise + ")"
  }

  func text(_ strings: Localizer) -> String {
    var text = title(strings)
    if let answers = HistoryReport.answerFigures(record) {
      text +=
        ", "
        + strings.text(
          // An ear question is heard, not a card read.
          record.module == EarModel.module ? "ear.summary" : "notes.score",
          [
            "right": "\(answers.right)", "rounds": "\(answers.count)",
            "percent": DecimalText.percent(answers.right, of: answers.count),
            "seconds": DecimalText.format(answers.meanSeconds, places: 1),
          ])
    } else if let score = record.score {
      text += ", \(Int((score * 100).rounded())) %"
    }
    if record.isCutShort { text += " " + strings.text("history.stopped") }
    return text
  }
}
