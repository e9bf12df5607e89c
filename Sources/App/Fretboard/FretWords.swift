import MusicTheory
import Storage
import TerminalUI

/// The places drawn on the neck, in words, for a screen reader or a braille display: string by
/// string from the lowest, each fret with its label ("string 6: 5 (1), 8 (b3); string 5: …"),
/// and where the cursor stands. It says what the picture shows, nothing more.
enum FretWords {
  static func places(_ dots: [FretboardView.Dot], _ strings: Localizer) -> String {
    let byString = Dictionary(grouping: dots, by: \.position.string)
    return byString.keys.sorted(by: >).map { string in
      let frets = byString[string, default: []].sorted { $0.position.fret < $1.position.fret }
        .map { $0.label.isEmpty ? "\($0.position.fret)" : "\($0.position.fret) (\($0.label))" }
      return strings.text(
        "fretboard.words.string", ["string": "\(string)", "frets": frets.joined(separator: ", ")])
    }.joined(separator: "; ")
  }

  /// The cursor's place, then the places named, in one text to wrap under the neck.
  static func text(
    cursor: FretPosition?, places dots: [FretboardView.Dot], key: String, _ strings: Localizer
  ) -> String {
    var parts: [String] = []
    if let cursor {
      parts.append(
        strings.text(
          "fretboard.words.cursor", ["string": "\(cursor.string)", "fret": "\(cursor.fret)"]))
    }
    if !dots.isEmpty {
      parts.append(strings.text(key, ["places": places(dots, strings)]))
    }
    return parts.joined(separator: " ")
  }

  /// Writes `text` wrapped from row `y` to the last row before `maxY`, centred when it takes
  /// one row.
  static func render(_ text: String, y: Int, maxY: Int, in area: Rect, on canvas: inout Canvas) {
    let width = max(1, min(area.width - 4, 96))
    let lines = text.wrapped(toWidth: width)
    for (index, line) in lines.enumerated() where y + index < maxY {
      canvas.write(
        line, x: area.x + (area.width - (lines.count == 1 ? line.displayWidth : width)) / 2,
        y: y + index, style: .role(.muted), clip: area)
    }
  }
}
