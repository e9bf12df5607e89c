import FoundationEssentials

/// Which of a recorder's files holds which take, found by time: each take's span on the
/// producer's clock against each file's span on the recorder's. Times are seconds since
/// 1970-01-01 00:00 on the local clock, the calendar the recorder's clock and the take sheet
/// both read, so a day is always 86 400 of them.
public enum RecorderLink {
  public static let secondsPerDay = 86_400.0

  /// A recorder's file as its `bext` chunk places it.
  public struct File: Equatable, Sendable {
    public var name: String
    /// The day of its first sample as days since 1970-01-01, or nil where the file does not
    /// say: it is then placed on whichever day, around the take's, overlaps the take most.
    public var day: Int?
    public var startSecondsOfDay: Double
    public var duration: Double

    public init(name: String, day: Int?, startSecondsOfDay: Double, duration: Double) {
      self.name = name
      self.day = day
      self.startSecondsOfDay = startSecondsOfDay
      self.duration = duration
    }
  }

  /// A take's span on the local clock, by its position in the session's takes.
  public struct TakeSpan: Equatable, Sendable {
    public var take: Int
    public var start: Double
    public var end: Double

    public init(take: Int, start: Double, end: Double) {
      self.take = take
      self.start = start
      self.end = end
    }
  }

  public struct Match: Equatable, Sendable {
    public var take: Int
    /// The position of the file in the files given.
    public var file: Int
    /// Seconds the file and the take, widened by the tolerance, share.
    public var overlap: Double
  }

  /// Each take with the file it shares the most time with, one file per take and one take per
  /// file: the pairs are taken in order of overlap, the largest first (a tie goes to the
  /// earlier take, then to the file whose name sorts first), and a pair whose take or file is
  /// already taken is passed over. A take's span is widened by `tolerance` seconds on each
  /// side, for a recorder clock that drifts from the producer's and a `take` line typed a
  /// moment after the recorder started; a pair that shares no time even so is no match. In
  /// take order.
  public static func match(_ takes: [TakeSpan], _ files: [File], tolerance: Double) -> [Match] {
    var pairs: [Match] = []
    for span in takes {
      for (position, file) in files.enumerated() {
        let shared = overlap(span, file, tolerance: tolerance)
        if shared > 0 { pairs.append(Match(take: span.take, file: position, overlap: shared)) }
      }
    }
    pairs.sort { first, second in
      if first.overlap != second.overlap { return first.overlap > second.overlap }
      if first.take != second.take { return first.take < second.take }
      return files[first.file].name < files[second.file].name
    }
    var linkedTakes: Set<Int> = []
    var linkedFiles: Set<Int> = []
    var matches: [Match] = []
    for pair in pairs where !linkedTakes.contains(pair.take) && !linkedFiles.contains(pair.file) {
      linkedTakes.insert(pair.take)
      linkedFiles.insert(pair.file)
      matches.append(pair)
    }
    return matches.sorted { $0.take < $1.take }
  }

  /// The line that names `name` as the file of the take labelled `label`, `file T003.WAV take
  /// 3`, with the name in double quotes where the line would read it otherwise (spaces at its
  /// ends, a quote first).
  public static func line(file name: String, take label: String) -> String {
    let plain = "file \(name) take \(label)"
    if (try? ProtocolCommand(parsing: plain)) == .file(name, take: label) { return plain }
    return "file \"\(name)\" take \(label)"
  }

  /// The seconds `file` shares with `span` widened by `tolerance`; a file without a day is
  /// tried on the take's day and the days either side, so a take across midnight finds it.
  static func overlap(_ span: TakeSpan, _ file: File, tolerance: Double) -> Double {
    let from = span.start - tolerance
    let to = span.end + tolerance
    let takeDay = Int((span.start / secondsPerDay).rounded(.down))
    let days = file.day.map { [$0] } ?? [takeDay - 1, takeDay, takeDay + 1]
    return days.map { day in
      let start = Double(day) * secondsPerDay + file.startSecondsOfDay
      return min(to, start + file.duration) - max(from, start)
    }.max() ?? 0
  }
}

extension Take {
  /// When the take began and ended on the clock where it was logged, as seconds since
  /// 1970-01-01 00:00 on that clock, at `utcOffset` for a line that did not record its own
  /// offset; the end is nil while the take is the latest.
  public func localClock(utcOffset fallback: Int) -> (start: Double, end: Double?) {
    let offset = Double(utcOffset ?? fallback)
    return (
      startedAt.timeIntervalSince1970 + offset, endedAt.map { $0.timeIntervalSince1970 + offset }
    )
  }
}
