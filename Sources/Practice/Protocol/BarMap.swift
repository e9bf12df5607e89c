/// The bars of one movement as the score prints them.
///
/// The protocol addresses a bar by its position in the map (0 for the first bar) and shows it
/// by its printed label, because printed numbers are neither contiguous (`12a`) nor sure to
/// start at 1 (a pickup is `0`).
public struct BarMap: Equatable, Sendable {
  /// A rehearsal letter (or number) printed at the start of a bar.
  public struct RehearsalMark: Equatable, Sendable {
    public var name: String
    /// The position of the bar in the map.
    public var bar: Int

    public init(name: String, bar: Int) {
      self.name = name
      self.bar = bar
    }
  }

  /// A meter and tempo holding from `firstBar` up to the next section, for time estimates.
  public struct Section: Equatable, Sendable {
    /// The position of the section's first bar in the map.
    public var firstBar: Int
    public var beatsPerBar: Int
    /// The note value of a beat: 4 for quarters, 8 for eighths.
    public var beatUnit: Int
    /// The tempo in quarter notes per minute, whatever the meter, as `♩=120` is printed.
    public var quartersPerMinute: Double

    public init(firstBar: Int, beatsPerBar: Int, beatUnit: Int, quartersPerMinute: Double) {
      self.firstBar = firstBar
      self.beatsPerBar = beatsPerBar
      self.beatUnit = beatUnit
      self.quartersPerMinute = quartersPerMinute
    }

    public var secondsPerBar: Double {
      Double(beatsPerBar) * 4 / Double(beatUnit) * 60 / quartersPerMinute
    }
  }

  /// A bound that keeps a typo such as `1-100000` from filling memory.
  public static let maximumBars = 10_000

  /// The printed measure numbers, in order, such as `0`, `1`, …, `12`, `12a`, `13`.
  public let labels: [String]
  public let rehearsalMarks: [RehearsalMark]
  /// In order of their first bars.
  public let sections: [Section]
  /// Whether the map is a script's lines (`p1.1`, `p1.2`, …) rather than a score's bars: then
  /// it has no meter, so `p3.2.1` is no beat, and texts say lines rather than bars. Kept rather
  /// than computed, as the exports ask it for every mark.
  public let isScript: Bool
  private let positions: [String: Int]

  /// Characters that the entry language uses around bars, and so may not be part of a label
  /// or a rehearsal mark's name.
  public static let reservedCharacters: Set<Character> = ["-", "–", "=", "@", ":", "/", "\""]

  /// Checks what an importer or the compact form gives: unique labels and mark names without
  /// spaces or `reservedCharacters`, marks and sections on bars of the map, sections in order
  /// with a real meter and tempo. Every map that passes can be written as `compactForm`.
  public init(
    labels: [String], rehearsalMarks: [RehearsalMark] = [], sections: [Section] = []
  ) throws(ProtocolError) {
    guard !labels.isEmpty else { throw ProtocolError("a movement needs at least one bar") }
    guard labels.count <= Self.maximumBars else {
      throw ProtocolError("a movement has at most \(Self.maximumBars) bars")
    }
    var positions: [String: Int] = [:]
    for (position, label) in labels.enumerated() {
      guard Self.isPlain(label) else {
        throw ProtocolError("bar \"\(label)\" needs a label without spaces or any of - = @ : / \"")
      }
      guard positions.updateValue(position, forKey: label) == nil else {
        throw ProtocolError("bar \(label) is listed twice")
      }
    }
    var names: Set<String> = []
    for mark in rehearsalMarks {
      guard labels.indices.contains(mark.bar) else {
        throw ProtocolError("rehearsal mark \(mark.name) is on no bar of the movement")
      }
      guard Self.isPlain(mark.name) else {
        throw ProtocolError(
          "rehearsal mark \"\(mark.name)\" needs a name without spaces or any of - = @ : / \"")
      }
      guard names.insert(mark.name).inserted else {
        throw ProtocolError("rehearsal mark \(mark.name) is given twice")
      }
    }
    for (index, section) in sections.enumerated() {
      guard labels.indices.contains(section.firstBar) else {
        throw ProtocolError("a meter or tempo starts on no bar of the movement")
      }
      guard index == 0 || sections[index - 1].firstBar < section.firstBar else {
        throw ProtocolError("meters and tempos must be given in bar order, one per bar")
      }
      guard section.beatsPerBar > 0, [1, 2, 4, 8, 16, 32].contains(section.beatUnit) else {
        throw ProtocolError("\(section.beatsPerBar)/\(section.beatUnit) is not a meter")
      }
      guard section.quartersPerMinute > 0, section.quartersPerMinute.isFinite else {
        throw ProtocolError("a tempo must be above 0")
      }
    }
    self.labels = labels
    self.rehearsalMarks = rehearsalMarks
    self.sections = sections
    self.positions = positions
    isScript = sections.isEmpty && labels.allSatisfy { Script.line($0) != nil }
  }

  private static func isPlain(_ name: String) -> Bool {
    !name.isEmpty && !name.contains { $0.isWhitespace || reservedCharacters.contains($0) }
  }

  public var count: Int { labels.count }

  /// The printed range, such as `0–245`, for messages.
  public var span: String { "\(labels[0])–\(labels[labels.count - 1])" }

  /// The position of a bar given by its printed label or, failing that, by a rehearsal mark.
  public func bar(_ reference: some StringProtocol) -> Int? {
    let text = String(reference)
    return positions[text] ?? rehearsalMarks.first { $0.name == text }?.bar
  }

  /// The time `bars` take at the sections' meters and tempos, an estimate for placing bars in
  /// a recording (a pickup counts as a full bar); nil when a bar comes before any section.
  public func seconds(_ bars: ClosedRange<Int>) -> Double? {
    var total = 0.0
    for bar in bars {
      guard let section = sections.last(where: { $0.firstBar <= bar }) else { return nil }
      total += section.secondsPerBar
    }
    return total
  }
}
