import Practice
import Storage

extension RhythmLine {
  /// What the bars make of a line that does not fill them evenly, a line each: where it stops
  /// part way, and how many beats rest because a pattern waited for a bar line. The trainer's
  /// setup shows them and `woodshed rhythm` prints them.
  func fit(_ strings: Localizer) -> [String] {
    var lines: [String] = []
    if patternsLeftOver > 0 {
      lines.append(
        strings.text(
          "rhythm.setup.fitPartWay",
          [
            "times": "\(timesThrough)", "played": "\(patternsLeftOver)",
            "count": "\(patterns.count)",
          ]))
    }
    let silent = silentBeats.count
    if silent > 0 {
      lines.append(strings.text("rhythm.setup.fitSilent", ["beats": "\(silent)"]))
    }
    return lines
  }
}
