/// One entry about bars of a take: a rating, problem tags, or both, as `17-28 4` or `9 i w`.
/// Later marks override the rating of earlier ones on the bars they share; tags add up. A mark
/// edited (`#7 17-30 3`) keeps its place among them.
public struct Mark: Equatable, Sendable {
  /// The session's number for it, shown as `#7`, by which a later line edits or deletes it:
  /// given in the order marks are made, and not given again to another while it stands.
  public let id: Int
  /// Positions in the movement's bar map.
  public let bars: ClosedRange<Int>
  /// The beat of its first bar it starts on (`47.3-48.1`: 3), counted from 1; nil: the bar's
  /// start.
  public let firstBeat: Int?
  /// The beat of its last bar it ends on (`47.3-48.1`: 1); nil: the bar's end.
  public let lastBeat: Int?
  public let rating: Rating?
  public let tags: [ProblemTag]
  /// The part it is about (`47 vla i`), one of the protocol's parts; nil for everyone.
  public let part: String?
  /// The note it is about, as typed (`47 vla i G`).
  public let note: String?
  /// The recorder's timecode when its line was entered, where the line carried one: the
  /// moment it was heard, which places it in the exports; nil places it by its bars.
  public var timecode: Timecode? = nil
}

extension Mark {
  /// Its first bar as the producer writes it in `map`: `47`, or with its beat, `47.3`.
  public func firstBarText(in map: BarMap) -> String {
    map.labels[bars.lowerBound] + (firstBeat.map { ".\($0)" } ?? "")
  }

  /// Its last bar as the producer writes it: `48`, or with its beat, `48.1`.
  public func lastBarText(in map: BarMap) -> String {
    map.labels[bars.upperBound] + (lastBeat.map { ".\($0)" } ?? "")
  }

  /// Its bars as the producer writes them: `12–20`, `47.3–48.1`, or one bar alone.
  public func barsText(in map: BarMap, dash: String = "–") -> String {
    let first = firstBarText(in: map)
    let last = lastBarText(in: map)
    return first == last ? first : first + dash + last
  }

  /// `bars 12–20 vla ++ i G`: its bars, part, rating, tag letters and note as the producer
  /// typed them, short enough to read on a marker; a script's are `lines p3.1–p3.4 …`.
  public func summary(in map: BarMap) -> String {
    let noun = map.isScript ? "line" : "bar"
    let words =
      [noun + (bars.count == 1 ? " " : "s ") + barsText(in: map)]
      + [part].compactMap { $0 } + (rating.map { [$0.unicode] } ?? [])
      + tags.map { String($0.letter) } + [note].compactMap { $0 }
    return words.joined(separator: " ")
  }
}
