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
  /// the first take's start, when its `take` line was entered (a take with the recorder's
  /// timecode at its distance on the recorder instead: see `start(of:from:anchor:)`), and
  /// lasts what the recorder ran from its start to its `end` line where both have the
  /// recorder's timecode, or else what the bar map estimates for its bars. So a producer who
  /// logs as the musicians play finds the labels near the music in a recording started just
  /// before the first take.
  func timeline() -> [TakeSpan] {
    guard let origin = session.takes.map(\.startedAt).min() else { return [] }
    let anchor = session.takes.first { $0.timecode != nil }
    return session.takes.map { take in
      let start = start(of: take, from: origin, anchor: anchor)
      let played = take.bars.lowerBound..<take.bars.upperBound + 1
      return TakeSpan(take: take, start: start, end: start + seconds(played, of: take))
    }
  }

  /// Where `take` starts on the timeline, in seconds from `origin`, the first take's start: a
  /// take with the recorder's timecode at its distance on the recorder from `anchor`, the
  /// first take that has one (itself placed by the clock), since the recording is the
  /// recorder's and the box's clock drifts from it (two seconds an hour are common); one
  /// without, or whose timecode runs back from the anchor's (the recorder's timecode was
  /// reset), at its distance on the box's clock.
  func start(of take: Take, from origin: Date, anchor: Take?) -> Double {
    let clock = take.startedAt.timeIntervalSince(origin)
    guard let anchor, let first = anchor.timecode, let timecode = take.timecode else {
      return clock
    }
    let recorded = first.seconds(to: timecode)
    guard recorded >= 0 else { return clock }
    return anchor.startedAt.timeIntervalSince(origin) + recorded
  }

  /// What `bars` of `take` last: the bar map's estimate, stretched or shrunk so that the
  /// take's bars fill what the recorder ran for it when that is known (`Take.recordedLength`).
  func seconds(_ bars: Range<Int>, of take: Take) -> Double {
    let map = self.bars(of: take)
    let estimate = Self.seconds(bars, in: map, lines: scriptText)
    let played = take.bars.lowerBound..<take.bars.upperBound + 1
    let whole = Self.seconds(played, in: map, lines: scriptText)
    guard let recorded = take.recordedLength, whole > 0 else { return estimate }
    return estimate * recorded / whole
  }

  /// Where `mark` starts on the timeline, in the take `span` places: by the bars (and beat) it
  /// names, which the recorder's length stretches where the take has one. Not at the moment
  /// its line was typed: a producer writes "47 vla i" after bar 47 has gone by, or about an
  /// earlier take; the stamp stays in the CSV and the JSON.
  func position(of mark: Mark, in span: TakeSpan) -> Double {
    let map = bars(of: span.take)
    let bar = mark.bars.lowerBound
    // A mark on a beat is placed at that beat, in the bar's own meter and tempo.
    let beat = mark.firstBeat.map { beat in
      let meter = map.sections.last { $0.firstBar <= bar }?.beatsPerBar ?? 4
      return seconds(bar..<bar + 1, of: span.take) * Double(beat - 1) / Double(meter)
    }
    return span.start + seconds(span.take.startBar..<bar, of: span.take) + (beat ?? 0)
  }

  /// `take 3 bars 1–24`, then `, false start` after one and ` [T003.WAV]` for a take with the
  /// recorder's file, its double quotes made single, as REAPER's names are quoted with them.
  func timelineName(_ take: Take) -> String {
    "take \(take.name) \(Self.barsPhrase(take.bars, in: bars(of: take)))"
      + (take.isFalseStart ? ", false start" : "")
      + (take.file.map { " [" + $0.replacing("\"", with: "'") + "]" } ?? "")
  }

  /// `take 3 bars 12–20 ++ i`: the rating and tag letters as the producer typed them, short
  /// enough to read on a marker.
  func timelineName(_ mark: Mark, of take: Take) -> String {
    "take \(take.name) " + mark.summary(in: bars(of: take))
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

  /// A take as a REAPER region or a mark as a marker; REAPER numbers the two apart.
  struct ReaperItem {
    var number: Int
    var start: Double
    /// A region's end; nil for a marker.
    var end: Double?
    var name: String
  }

  /// A region per take, `take 3 bars 1–24`, and a marker where each mark with problem tags
  /// starts, `take 3 bar 12 i`, in time order as REAPER lists them. Names never hold a `"`:
  /// labels, ratings and tag letters cannot, and file names have theirs made single.
  func reaperItems() -> [ReaperItem] {
    var items: [ReaperItem] = []
    var marker = 0
    for (region, span) in zip(1..., timeline()) {
      items.append(
        ReaperItem(number: region, start: span.start, end: span.end, name: timelineName(span.take)))
      for mark in Self.marksInBarOrder(span.take) where !mark.tags.isEmpty {
        marker += 1
        items.append(
          ReaperItem(
            number: marker, start: position(of: mark, in: span), end: nil,
            name: timelineName(mark, of: span.take)))
      }
    }
    return items.enumerated().sorted {
      ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
    }.map(\.element)
  }

  /// A REAPER project (`.RPP`) with the regions and markers of `reaperItems` and one empty
  /// track named after the protocol, to open in REAPER and drop the session's recording on at
  /// its start. A region is two `MARKER` lines, its start with its name and its end with none,
  /// as REAPER writes them; the project is at 48 kHz and ♩=120 4/4, REAPER's defaults.
  func reaperProject() -> String {
    var lines = [
      "<REAPER_PROJECT 0.1 \"6.0/woodshed\" 0", "  SAMPLERATE 48000 0 0", "  TEMPO 120 4 4",
    ]
    for item in reaperItems() {
      lines.append(
        "  " + Self.markerLine(item.number, item.start, item.name, isRegion: item.end != nil))
      if let end = item.end {
        lines.append("  " + Self.markerLine(item.number, end, "", isRegion: true))
      }
    }
    lines += ["  <TRACK", "    NAME \"\(name)\"", "  >", ">"]
    return lines.map { $0 + "\n" }.joined()
  }

  private static func markerLine(_ number: Int, _ seconds: Double, _ name: String, isRegion: Bool)
    -> String
  {
    "MARKER \(number) \(DecimalText.format(seconds, places: 6)) \"\(name)\" \(isRegion ? 1 : 0)"
  }

  /// The same regions and markers as REAPER's Region/Marker Manager exports and imports them:
  /// `#,Name,Start,End,Length`, a region `R1` with its end and length, a marker `M1` with
  /// neither, times as minutes and seconds to the millisecond (`1:20.000`, `1:02:05.250` past
  /// the hour), names quoted where they hold a comma.
  func reaperCSV() -> String {
    var rows = ["#,Name,Start,End,Length"]
    for item in reaperItems() {
      let id = (item.end == nil ? "M" : "R") + String(item.number)
      let end = item.end.map(Self.reaperTime) ?? ""
      let length = item.end.map { Self.reaperTime($0 - item.start) } ?? ""
      rows.append(
        [id, CSVCell.field(item.name), Self.reaperTime(item.start), end, length]
          .joined(separator: ","))
    }
    return rows.map { $0 + "\n" }.joined()
  }

  /// `m:ss.mmm`, or `h:mm:ss.mmm` from an hour on: REAPER's minutes:seconds.
  static func reaperTime(_ seconds: Double) -> String {
    let milliseconds = Int((max(0, seconds) * 1000).rounded())
    let (hours, minutes) = (milliseconds / 3_600_000, milliseconds / 60_000 % 60)
    let rest = milliseconds % 60_000
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let secondsText = two(rest / 1000) + "." + String(String(1000 + rest % 1000).dropFirst())
    return hours > 0 ? "\(hours):\(two(minutes)):\(secondsText)" : "\(minutes):\(secondsText)"
  }
}
