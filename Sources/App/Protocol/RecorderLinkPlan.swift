import FoundationEssentials
import Practice

/// What `woodshed protocol link` writes: for each take without a file, the recorder's file
/// that shares the most time with it, as a line `file NAME take LABEL`, and what is left.
/// Files some take already names, and takes that have one, are left as they are, so linking
/// again links only what is new.
public struct RecorderLinkPlan: Sendable {
  public struct Link: Equatable, Sendable {
    public var take: String
    public var file: String
    public var overlap: Double
  }

  public private(set) var links: [Link] = []
  /// The lines that write `links`, one per link.
  public private(set) var lines: [String] = []
  /// The names of the takes still without a file, as the plan names them (`2/1`).
  public private(set) var takesLeft: [String] = []
  /// The files no take has.
  public private(set) var filesLeft: [String] = []
  /// Takes with a file before this link.
  public private(set) var alreadyLinked = 0

  /// Takes are placed on the clock where their lines were written, at the offset each line
  /// recorded or else at `utcOffset(startedAt)`; the latest take, which no later `take` line
  /// ends, lasts what the bar map estimates from its start bar to its end bar or, without
  /// one, to the movement's last bar: it may still be playing.
  public init(
    session: ProtocolSession, files: [RecorderLink.File], tolerance: Double,
    utcOffset: (Date) -> Int
  ) {
    let named = Set(session.takes.compactMap(\.file))
    let files = files.filter { !named.contains($0.name) }
    let spans = session.takes.indices.filter { session.takes[$0].file == nil }.map { index in
      let take = session.takes[index]
      let clock = take.localClock(utcOffset: utcOffset(take.startedAt))
      let bars = session.movement(take.movement)!.bars
      let last = take.endBar ?? bars.count - 1
      let played = ProtocolExport.seconds(take.startBar..<last + 1, in: bars)
      return RecorderLink.TakeSpan(
        take: index, start: clock.start, end: clock.end ?? clock.start + played)
    }
    alreadyLinked = session.takes.count - spans.count
    var linked = session
    var linkedFiles: Set<Int> = []
    var linkedTakes: Set<Int> = []
    for match in RecorderLink.match(spans, files, tolerance: tolerance) {
      let take = session.takes[match.take]
      let name = files[match.file].name
      // A label a later take shares (numbered again after a `day … restart`) names that take:
      // this one is named by its day then, `1/3`. Where that names another take too (numbering
      // per work), it is left for the producer to name by hand.
      let labels =
        [take.label] + (session.dayNumber(of: take).map { ["\($0)/\(take.label)"] } ?? [])
      var made: (line: String, session: ProtocolSession)?
      for label in labels where made == nil {
        let line = RecorderLink.line(file: name, take: label)
        var trial = linked
        if (try? trial.apply(line, at: take.startedAt)) != nil,
          trial.takes[match.take].file == name
        {
          made = (line, trial)
        }
      }
      guard let made else { continue }
      linked = made.session
      links.append(Link(take: take.name, file: name, overlap: match.overlap))
      lines.append(made.line)
      linkedFiles.insert(match.file)
      linkedTakes.insert(match.take)
    }
    takesLeft = spans.filter { !linkedTakes.contains($0.take) }.map { session.takes[$0.take].name }
    filesLeft = files.indices.filter { !linkedFiles.contains($0) }.map { files[$0].name }
  }

  /// The table `protocol link` prints: a row per link, then what is left.
  public func text(dryRun: Bool) -> String {
    var rows = [["take", "file", "overlap"]]
    rows += links.map { [$0.take, $0.file, DecimalText.format($0.overlap, places: 1) + " s"] }
    let width = rows.map { $0[0].count }.max() ?? 0
    let fileWidth = rows.map { $0[1].count }.max() ?? 0
    var lines =
      links.isEmpty
      ? ["no take matched a file"]
      : rows.map {
        $0[0] + String(repeating: " ", count: width - $0[0].count + 2) + $0[1]
          + String(repeating: " ", count: fileWidth - $0[1].count + 2) + $0[2]
      }
    if !takesLeft.isEmpty {
      lines.append("takes without a file: " + takesLeft.joined(separator: ", "))
    }
    if !filesLeft.isEmpty {
      lines.append("files without a take: " + filesLeft.joined(separator: ", "))
    }
    if alreadyLinked > 0 { lines.append("takes linked before: \(alreadyLinked)") }
    if dryRun { lines.append("dry run: nothing written") }
    return lines.map { $0 + "\n" }.joined()
  }
}
