import FoundationEssentials
import Practice

extension ProtocolExport {
  /// Where a take lies on a recording that runs through the whole session, in seconds.
  struct TakeSpan {
    var take: Take
    var start: Double
    var end: Double
  }

  /// Every take on one recording of the session: each starts at its wall-clock distance from
  /// the first take's start, when its `take` line was entered, and lasts what the bar map
  /// estimates for its bars. So a producer who logs as the musicians play finds the labels
  /// near the music in a recording started just before the first take.
  func timeline() -> [TakeSpan] {
    guard let origin = session.takes.map(\.startedAt).min() else { return [] }
    return session.takes.map { take in
      let start = take.startedAt.timeIntervalSince(origin)
      let played = take.bars.lowerBound..<take.bars.upperBound + 1
      return TakeSpan(
        take: take, start: start, end: start + Self.seconds(played, in: bars(of: take)))
    }
  }

  /// Where `mark` starts on the timeline, in the take `span` places.
  func position(of mark: Mark, in span: TakeSpan) -> Double {
    span.start
      + Self.seconds(span.take.startBar..<mark.bars.lowerBound, in: bars(of: span.take))
  }

  /// `take 3 bars 1–24`, and `, false start` after one.
  func timelineName(_ take: Take) -> String {
    "take \(take.label) \(Self.barsPhrase(take.bars, in: bars(of: take)))"
      + (take.isFalseStart ? ", false start" : "")
  }

  /// `take 3 bars 12–20 ++ i`: the rating and tag letters as the producer typed them, short
  /// enough to read on a marker.
  func timelineName(_ mark: Mark, of take: Take) -> String {
    let words =
      ["take \(take.label)", Self.barsPhrase(mark.bars, in: bars(of: take))]
      + (mark.rating.map { [$0.unicode] } ?? []) + mark.tags.map { String($0.letter) }
    return words.joined(separator: " ")
  }

  /// An Audacity label track, to import into the session's recording: a line
  /// `start<TAB>end<TAB>label` per label with times in seconds to 6 decimals, a region label
  /// for each take and a point label (start equal to end) where each mark starts. Labels hold
  /// no tabs or line breaks, since entry lines cannot.
  func audacityLabels() -> String {
    timeline().map { span in
      var lines = [Self.labelLine(span.start, span.end, timelineName(span.take))]
      for mark in Self.marksInBarOrder(span.take) {
        let at = position(of: mark, in: span)
        lines.append(Self.labelLine(at, at, timelineName(mark, of: span.take)))
      }
      return lines.joined()
    }.joined()
  }

  private static func labelLine(_ start: Double, _ end: Double, _ text: String) -> String {
    "\(DecimalText.format(start, places: 6))\t\(DecimalText.format(end, places: 6))\t\(text)\n"
  }

  /// REAPER markers and regions as a project file (`.RPP`) holds them, to paste into one: a
  /// region per take, `MARKER 1 12.500000 "take 3 bars 1–24" 1` at its start and
  /// `MARKER 1 30.200000 "" 1` at its end, and a marker `MARKER 1 15.000000 "take 3 bar 12 i" 0`
  /// where each mark with problem tags starts. Regions and markers are numbered apart, as
  /// REAPER numbers them. Names never hold a `"`: labels, ratings and tag letters cannot.
  func reaperMarkers() -> String {
    var lines: [String] = []
    var marker = 0
    for (region, span) in zip(1..., timeline()) {
      lines.append(Self.markerLine(region, span.start, timelineName(span.take), isRegion: true))
      lines.append(Self.markerLine(region, span.end, "", isRegion: true))
      for mark in Self.marksInBarOrder(span.take) where !mark.tags.isEmpty {
        marker += 1
        lines.append(
          Self.markerLine(
            marker, position(of: mark, in: span), timelineName(mark, of: span.take),
            isRegion: false))
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  private static func markerLine(_ number: Int, _ seconds: Double, _ name: String, isRegion: Bool)
    -> String
  {
    "MARKER \(number) \(DecimalText.format(seconds, places: 6)) \"\(name)\" \(isRegion ? 1 : 0)"
  }
}
