extension BarMap {
  /// Reads the compact form typed after `mvt K:`, words separated by spaces, in any order
  /// except that bars are listed in score order:
  ///
  /// - bars: `FIRST-LAST` numbers them `FIRST` to `LAST` (`0-245` has a pickup); a single word
  ///   such as `12a` adds one bar with that printed label. `0-12 12a 13-245` has 247 bars.
  /// - a script's lines: `pP.FIRST-LAST` are lines `FIRST` to `LAST` of paragraph `P`, labelled
  ///   `pP.FIRST` and so on (`p3.1-4` is `p3.1 p3.2 p3.3 p3.4`); `p3.5` alone adds one line.
  /// - rehearsal marks: `NAME=BAR`, such as `A=12`.
  /// - meter and tempo: `METER@q=BPM` (or `@♩=BPM`, the tempo in quarter notes) from the first
  ///   bar, or `BAR:METER@q=BPM` from bar `BAR`, such as `3/4@q=120 41:4/4@q=96`.
  ///
  /// A label of a number and letters, such as `12a`, is a bar after bar 12 and before bar 13:
  /// listed elsewhere (`1-20 12a`) it is refused at once, not later when `12a-13` would run
  /// backwards.
  public init(compact text: String) throws(ProtocolError) {
    var labels: [String] = []
    var marks: [(name: String, bar: Substring)] = []
    var sections: [(bar: Substring?, word: Substring)] = []
    for word in text.split(whereSeparator: \.isWhitespace) {
      if word.contains("@") {
        let parts = word.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        sections.append(parts.count == 2 ? (parts[0], parts[1]) : (nil, word))
      } else if let equals = word.firstIndex(of: "=") {
        marks.append((String(word[..<equals]), word[word.index(after: equals)...]))
      } else if let range = Self.numberRange(word) {
        guard range.count <= Self.maximumBars - labels.count else {
          throw ProtocolError("a movement has at most \(Self.maximumBars) bars")
        }
        if let previous = labels.last, let number = Self.suffixedNumber(previous),
          range.lowerBound <= number
        {
          throw Self.outOfOrder(String(range.lowerBound), after: previous)
        }
        labels += range.map(String.init)
      } else if let lines = Self.scriptLines(word) {
        guard lines.count <= Self.maximumBars - labels.count else {
          throw ProtocolError("a movement has at most \(Self.maximumBars) bars")
        }
        labels += lines
      } else if word.contains("/") {
        throw ProtocolError("\"\(word)\" needs a tempo, as \(word)@q=120")
      } else if word.contains(where: Self.reservedCharacters.contains) {
        throw ProtocolError("\"\(word)\" is not a bar range such as 0-245")
      } else {
        if let number = Self.suffixedNumber(word), let previous = labels.last,
          let before = Int(previous.prefix(while: \.isASCIIDigit)), before > number
        {
          throw Self.outOfOrder(String(word), after: previous)
        }
        labels.append(String(word))
      }
    }
    guard !labels.isEmpty else {
      throw ProtocolError("give the bars, as mvt 1: 0-245 A=12 3/4@q=120")
    }
    let positions = Dictionary(labels.enumerated().map { ($1, $0) }) { first, _ in first }
    func position(_ label: Substring) throws(ProtocolError) -> Int {
      guard let bar = positions[String(label)] else {
        throw ProtocolError("bar \(label) is not among the bars listed")
      }
      return bar
    }
    var rehearsalMarks: [RehearsalMark] = []
    for mark in marks {
      rehearsalMarks.append(RehearsalMark(name: mark.name, bar: try position(mark.bar)))
    }
    var parsedSections: [Section] = []
    for section in sections {
      var firstBar = 0
      if let bar = section.bar { firstBar = try position(bar) }
      parsedSections.append(try Self.section(section.word, from: firstBar))
    }
    try self.init(labels: labels, rehearsalMarks: rehearsalMarks, sections: parsedSections)
  }

  /// The number of a label made of a number and letters, `12` for `12a`; nil for any other.
  private static func suffixedNumber(_ label: some StringProtocol) -> Int? {
    let digits = label.prefix(while: \.isASCIIDigit)
    let letters = label.dropFirst(digits.count)
    guard !letters.isEmpty, letters.allSatisfy(\.isLetter) else { return nil }
    return Int(digits)
  }

  private static func outOfOrder(_ bar: String, after previous: String) -> ProtocolError {
    ProtocolError(
      "bar \(bar) is listed after bar \(previous): list bars in score order, as 1-12 12a 13-20")
  }

  /// `FIRST-LAST` in plain numbers, or nil for anything else.
  private static func numberRange(_ word: Substring) -> ClosedRange<Int>? {
    let ends = word.split(separator: "-", omittingEmptySubsequences: false)
    guard ends.count == 2, let first = Int(ends[0]), let last = Int(ends[1]), first >= 0,
      first <= last
    else { return nil }
    return first...last
  }

  /// `pP.FIRST-LAST`, lines `FIRST` to `LAST` of paragraph `P`, as labels; nil for anything
  /// else.
  private static func scriptLines(_ word: Substring) -> [String]? {
    let ends = word.split(separator: "-", omittingEmptySubsequences: false)
    guard ends.count == 2, let first = Script.line(ends[0]), let last = Int(ends[1]),
      first.line <= last
    else { return nil }
    return (first.line...last).map { Script.label(paragraph: first.paragraph, line: $0) }
  }

  /// `METER@q=BPM` or `METER@♩=BPM`, such as `6/8@q=90`.
  private static func section(_ word: Substring, from firstBar: Int) throws(ProtocolError)
    -> Section
  {
    let parts = word.split(separator: "@", omittingEmptySubsequences: false)
    let meter = parts[0].split(separator: "/", omittingEmptySubsequences: false)
    let tempo = parts.count == 2 ? parts[1].split(separator: "=", maxSplits: 1) : []
    guard meter.count == 2, let beats = Int(meter[0]), let unit = Int(meter[1]),
      tempo.count == 2, ["q", "♩"].contains(tempo[0]), let bpm = Double(tempo[1])
    else {
      throw ProtocolError("\"\(word)\" is not a meter and tempo such as 3/4@q=120")
    }
    return Section(firstBar: firstBar, beatsPerBar: beats, beatUnit: unit, quartersPerMinute: bpm)
  }

  /// The map in the compact form, which reads back as the same map: the importer writes it
  /// into the journal as `mvt K "TITLE": …`. Runs of plain numbers, and of a paragraph's
  /// lines, become ranges.
  public var compactForm: String {
    var words: [String] = []
    var position = 0
    while position < count {
      var last = position
      if let first = Int(labels[position]), String(first) == labels[position] {
        while last + 1 < count, labels[last + 1] == String(first + last + 1 - position) {
          last += 1
        }
      } else if let first = Script.line(labels[position]) {
        while last + 1 < count,
          labels[last + 1]
            == Script.label(paragraph: first.paragraph, line: first.line + last + 1 - position)
        {
          last += 1
        }
      }
      let end = Script.line(labels[last]).map { String($0.line) } ?? labels[last]
      words.append(last == position ? labels[position] : "\(labels[position])-\(end)")
      position = last + 1
    }
    words += rehearsalMarks.map { "\($0.name)=\(labels[$0.bar])" }
    words += sections.map { section in
      let bpm = section.quartersPerMinute
      let tempo = bpm == bpm.rounded() ? String(Int(bpm)) : String(bpm)
      return (section.firstBar == 0 ? "" : "\(labels[section.firstBar]):")
        + "\(section.beatsPerBar)/\(section.beatUnit)@q=\(tempo)"
    }
    return words.joined(separator: " ")
  }
}
