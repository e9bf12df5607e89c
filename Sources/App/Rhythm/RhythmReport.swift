import FoundationEssentials
import Practice
import Storage
import TerminalUI

/// A graded performance as `woodshed rhythm` prints it: the results, and how long the exercise
/// took from its first click.
public struct RhythmReport: Equatable, Sendable {
  public var results: RhythmResults
  public var seconds: Double

  /// Times in seconds to 0.1 ms, offsets in milliseconds to 0.1 ms, accuracy to 0.1 %.
  public func json() -> String {
    func rounded(_ value: Double, places: Double) -> JSONValue {
      .number((value * places).rounded() / places)
    }
    let notes = results.notes.map { note -> JSONValue in
      .object([
        "expected": rounded(note.expected, places: 10_000),
        "hit": note.hit.map { rounded($0, places: 10_000) } ?? .null,
        "offsetMs": note.offsetMilliseconds.map { rounded($0, places: 10) } ?? .null,
        "grade": .string(note.grade.rawValue),
      ])
    }
    var counts: [String: JSONValue] = [:]
    for grade in RhythmGrade.allCases {
      counts[grade == .miss ? "missed" : grade.rawValue] = .number(Double(results.count(of: grade)))
    }
    counts["extra"] = .number(Double(results.extraCount))
    let report = JSONValue.object([
      "accuracy": rounded(results.accuracy, places: 10),
      "counts": .object(counts),
      "notes": .array(notes),
      "extra": .array(results.extraHits.map { .object(["time": rounded($0, places: 10_000)]) }),
      "durationSeconds": rounded(seconds, places: 10),
    ])
    // Built from numbers and strings only, so it always serializes.
    return String(decoding: try! report.serialized(), as: UTF8.self) + "\n"
  }

  /// The results screen as plain text, `width` columns wide.
  public func text(_ strings: Localizer, glyphs: GlyphSet, width: Int = 80) -> String {
    var canvas = Canvas(width: width, height: RhythmResultsView.height)
    RhythmResultsView.render(
      results, seconds: seconds, strings: strings, glyphs: glyphs,
      in: Rect(x: 0, y: 0, width: width, height: RhythmResultsView.height), on: &canvas)
    return canvas.plainText
  }
}
