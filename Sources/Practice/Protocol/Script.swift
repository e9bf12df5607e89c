/// A narration or voice-over script read for the protocol: a Markdown heading starts a section,
/// which the protocol keeps as a movement; blank lines part paragraphs; the lines of a
/// paragraph are numbered from 1. Paragraphs are numbered through the whole script, so `p3.2`
/// (paragraph 3, line 2) names one line of the text whatever section it is in, and serves as
/// the line's bar label.
public struct Script: Equatable, Sendable {
  public struct Section: Equatable, Sendable {
    /// The heading's text; nil for the text before the first heading.
    public let title: String?
    /// The number of the section's first paragraph in the whole script.
    public let firstParagraph: Int
    /// Each paragraph's lines, their text trimmed.
    public let paragraphs: [[String]]

    /// The labels of the section's lines, `p3.1`, `p3.2`, …, in order.
    public var labels: [String] {
      paragraphs.enumerated().flatMap { offset, lines in
        lines.indices.map { Script.label(paragraph: firstParagraph + offset, line: $0 + 1) }
      }
    }

    /// The section's lines as bars, without meter or tempo: a script has none.
    public func bars() throws(ProtocolError) -> BarMap {
      try BarMap(labels: labels)
    }
  }

  /// The sections with at least one line, in order.
  public let sections: [Section]

  /// Reads `text`; a script without a line of text is refused.
  public init(text: String) throws(ProtocolError) {
    var sections: [Section] = []
    var title: String?
    var paragraphs: [[String]] = []
    var paragraph: [String] = []
    var nextParagraph = 1
    func closeParagraph() {
      guard !paragraph.isEmpty else { return }
      paragraphs.append(paragraph)
      paragraph = []
    }
    func closeSection() {
      closeParagraph()
      guard !paragraphs.isEmpty else { return }
      sections.append(Section(title: title, firstParagraph: nextParagraph, paragraphs: paragraphs))
      nextParagraph += paragraphs.count
      paragraphs = []
    }
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let line = rawLine.trimmingWhitespace()
      if let heading = Self.heading(line) {
        closeSection()
        title = heading.isEmpty ? nil : heading
      } else if line.isEmpty {
        closeParagraph()
      } else {
        paragraph.append(String(line))
      }
    }
    closeSection()
    guard !sections.isEmpty else {
      throw ProtocolError("the script has no line of text", key: "protocol.error.scriptEmpty")
    }
    guard sections.allSatisfy({ $0.labels.count <= BarMap.maximumBars }) else {
      throw ProtocolError("a script's section has at most \(BarMap.maximumBars) lines")
    }
    self.sections = sections
  }

  /// The text of a Markdown heading line (`## Scene 2` gives `Scene 2`), or nil for any other
  /// line: one to six `#` and a space, as CommonMark has it, so `#hashtag` stays text.
  private static func heading(_ line: Substring) -> String? {
    let hashes = line.prefix { $0 == "#" }
    guard (1...6).contains(hashes.count) else { return nil }
    let rest = line.dropFirst(hashes.count)
    guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
    let text = rest.trimmingWhitespace()
    let closing = text.reversed().prefix { $0 == "#" }.count
    let beforeClosing = text.dropLast(closing)
    // A closing run of `#` goes only after a space: `# C#` is about C sharp.
    guard closing > 0, beforeClosing.isEmpty || beforeClosing.last == " " else {
      return String(text)
    }
    return String(beforeClosing.trimmingWhitespace())
  }

  /// Each line's text by its label, `p3.2`.
  public var textByLabel: [String: String] {
    var texts: [String: String] = [:]
    for section in sections {
      for (offset, lines) in section.paragraphs.enumerated() {
        for (index, line) in lines.enumerated() {
          texts[Self.label(paragraph: section.firstParagraph + offset, line: index + 1)] = line
        }
      }
    }
    return texts
  }

  /// `p3.2`: line 2 of paragraph 3.
  public static func label(paragraph: Int, line: Int) -> String {
    "p\(paragraph).\(line)"
  }

  /// The paragraph and line a label such as `p3.2` names, or nil for any other word.
  public static func line(_ label: some StringProtocol) -> (paragraph: Int, line: Int)? {
    guard label.first == "p" else { return nil }
    let parts = label.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, let paragraph = plainNumber(parts[0]), let line = plainNumber(parts[1])
    else { return nil }
    return (paragraph, line)
  }

  /// A number of ASCII digits without a leading zero, above 0, as labels are written.
  private static func plainNumber(_ text: some StringProtocol) -> Int? {
    guard let number = Int(text), number > 0, text.allSatisfy(\.isASCIIDigit),
      String(number) == text
    else { return nil }
    return number
  }
}
