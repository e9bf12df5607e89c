import FoundationEssentials
import Practice

/// A recording protocol written out for other tools, as `woodshed protocol export` does: CSV for
/// a spreadsheet, JSON for scripts, a take sheet to print (Markdown, or a web page with a page
/// per movement), the editing plan as a
/// CMX3600 EDL, and the takes as Audacity labels, a REAPER project or REAPER's region and
/// marker list. Pure: the session and its name are given, so every format can be tested.
public struct ProtocolExport: Sendable {
  public enum Format: String, CaseIterable, Sendable {
    case csv, json, md, html, edl, audacity, reaper
    case reaperCSV = "reaper-csv"

    /// The formats that write timecode, which a frame rate changes; the others place takes
    /// in seconds.
    public static let withTimecode: [Format] = [.csv, .json, .md, .html, .edl]
  }

  /// The protocol's name, as the EDL's title and the take sheet's heading.
  let name: String
  let session: ProtocolSession
  let plan: EditingPlan
  /// The rate every timecode is written at: the session's unless another is asked for.
  let frameRate: FrameRate
  /// Seconds east of UTC for the clock times of the printed take sheet, for takes whose line
  /// did not record its own.
  let utcOffset: Int
  /// A script's lines' text by label (`p3.2`), which the take sheets quote after a mark; empty
  /// for a score, or a script whose text was not kept.
  let scriptText: [String: String]

  /// Timecodes at `frameRate` are the same instants as the session's, counted at that rate
  /// (see `Timecode.converted(to:adding:)`), for an editor whose timeline runs at another.
  public init(
    name: String, session: ProtocolSession, utcOffset: Int = 0, frameRate: FrameRate? = nil,
    scriptText: [String: String] = [:]
  ) {
    self.name = name
    self.scriptText = scriptText
    self.session = session
    self.utcOffset = utcOffset
    self.frameRate = frameRate ?? session.frameRate
    plan = EditingPlan(session: session)
  }

  /// The protocol in `format`.
  public func text(_ format: Format) -> String {
    switch format {
    case .csv: csv()
    case .json: json()
    case .md: markdown()
    case .html: html()
    case .edl: edl()
    case .audacity: audacityLabels()
    case .reaper: reaperProject()
    case .reaperCSV: reaperCSV()
    }
  }

  /// The recorder's timecode at the start of `take`, at the export's frame rate.
  func timecode(of take: Take) -> Timecode? {
    take.timecode?.converted(to: frameRate)
  }

  /// The bar map of the movement `take` was recorded in.
  func bars(of take: Take) -> BarMap {
    session.movement(take.movement)!.bars
  }

  /// What a bar lasts where the bar map gives no meter and tempo: 4/4 at ♩=120. A guess, but
  /// it keeps estimated times in bar order, so a marker still lands near its bar.
  static let barSecondsWithoutTempo = 2.0

  /// What a script's line lasts read aloud when its text is not at hand: about ten words at
  /// `wordsPerSecond`. A script has no tempo, so its marks are placed by the lines before them.
  static let scriptLineSeconds = 4.0
  /// A narrator reads about 150 words a minute...
  static let wordsPerSecond = 2.5
  /// ...and breathes between lines.
  static let linePauseSeconds = 0.4

  /// What a script's line of `text` lasts read aloud: its words, then a breath.
  static func seconds(ofLine text: String?) -> Double {
    guard let text else { return scriptLineSeconds }
    let words = text.split(whereSeparator: \.isWhitespace).count
    return Double(max(1, words)) / wordsPerSecond + linePauseSeconds
  }

  /// The time `bars` take at the movement's meters and tempos, bar by bar, so a bar without a
  /// tempo costs only itself the guess; a script's lines each take their words read aloud
  /// (`lines` gives the text by label), or `scriptLineSeconds` where the text is not at hand.
  static func seconds(_ bars: Range<Int>, in map: BarMap, lines: [String: String] = [:])
    -> Double
  {
    if map.isScript { return bars.reduce(0) { $0 + seconds(ofLine: lines[map.labels[$1]]) } }
    return bars.reduce(0) { $0 + (map.seconds($1...$1) ?? barSecondsWithoutTempo) }
  }

  /// What the producer said of the take as a whole, for the take sheets; nil for nothing.
  static func verdict(of take: Take) -> String? {
    if take.isFalseStart { return "false start" }
    if take.isNoGood { return "no good" }
    return take.isKept ? "circled" : nil
  }

  /// The offset from UTC in seconds of the take's clock times: where its line was entered, or
  /// the export's for journals that did not record it.
  func utcOffset(of take: Take) -> Int {
    take.utcOffset ?? utcOffset
  }

  /// `08:00:10`, the wall-clock time of `date` at `utcOffset`.
  static func clockTime(_ date: Date, utcOffset: Int) -> String {
    let day = 24 * 60 * 60
    let seconds = ((Int(date.timeIntervalSince1970.rounded(.down)) + utcOffset) % day + day) % day
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
  }

  /// A take's length in whole seconds, `1:30` or `1:02:05`, or with `hours` always `0:01:30`,
  /// which spreadsheets read as a time: from its clock start to its clock end as the sheets
  /// show them, to the second, so that the three agree.
  static func length(of take: Take, hours: Bool = false) -> String {
    func second(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }
    return lengthText(max(0, second(take.clockEnd) - second(take.startedAt)), hours: hours)
  }

  /// A take's length on the take sheets: what the recorder ran from its start to its `end`
  /// line where both carry the recorder's timecode (`Take.recordedLength`, the length the
  /// timelines give it), to the second, since the box's clock drifts from the recorder's and
  /// the editor's files are the recorder's; else `length(of:)`.
  static func sheetLength(of take: Take) -> String {
    guard let recorded = take.recordedLength else { return length(of: take) }
    return lengthText(Int(recorded.rounded(.down)), hours: false)
  }

  /// `1:30`, `1:02:05`, or with `hours` always `0:01:30`.
  private static func lengthText(_ total: Int, hours: Bool) -> String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let minutesAndSeconds = "\(two(total / 60 % 60)):\(two(total % 60))"
    guard hours || total >= 3600 else { return "\(total / 60):\(two(total % 60))" }
    return "\(total / 3600):" + minutesAndSeconds
  }

  /// Whether the take sheets have a column for the day: once the session has `day` lines.
  var showsDays: Bool { !session.days.isEmpty }

  /// The take's recording day as its `day` line said it (`2 — Tuesday`), or its number.
  func dayText(of take: Take) -> String {
    session.dayNumber(of: take).map { session.day(numbered: $0)?.title ?? String($0) } ?? ""
  }

  /// `12–20` by printed labels, or `12` for one bar; `dash` is `-` for formats read by
  /// machines that expect ASCII.
  static func span(_ bars: ClosedRange<Int>, in map: BarMap, dash: String = "–") -> String {
    let first = map.labels[bars.lowerBound]
    return bars.count == 1 ? first : first + dash + map.labels[bars.upperBound]
  }

  /// The text of the lines `mark` is on, for the take sheets: whole when short, else the
  /// first words of each line, so a sheet stays a sheet; nil without the script's text.
  func quotedText(of mark: Mark, in map: BarMap) -> String? {
    let lines = mark.bars.compactMap { scriptText[map.labels[$0]] }
    guard !lines.isEmpty else { return nil }
    let whole = lines.joined(separator: " / ")
    guard whole.count > Self.quoteLength else { return "“\(whole)”" }
    let starts = lines.map { line in
      let words = line.split(separator: " ")
      return words.prefix(Self.wordsPerLine).joined(separator: " ")
        + (words.count > Self.wordsPerLine ? "…" : "")
    }
    return "“" + starts.joined(separator: " / ") + "”"
  }

  /// Marked text longer than this is cut to the first `wordsPerLine` words of each line.
  static let quoteLength = 80
  static let wordsPerLine = 4

  /// `bars 12–20` or `bar 12`; a script's `lines p3.1–p3.4` or `line p3.1`.
  static func barsPhrase(_ bars: ClosedRange<Int>, in map: BarMap) -> String {
    let noun = map.isScript ? "line" : "bar"
    return noun + (bars.count == 1 ? " " : "s ") + span(bars, in: map)
  }

  /// The heading of a take sheet's column of bars, `Lines` for a script's.
  static func barsHeading(of map: BarMap) -> String {
    map.isScript ? "Lines" : "Bars"
  }

  /// A take's marks by their first bar, in the order entered where that is the same, since
  /// producers note a passage again after listening back.
  static func marksInBarOrder(_ take: Take) -> [Mark] {
    take.marks.enumerated().sorted {
      ($0.element.bars.lowerBound, $0.offset) < ($1.element.bars.lowerBound, $1.offset)
    }.map(\.element)
  }
}
