import MusicTheory

/// A text the fretboard library writes about a pattern (its description or its instructions) as
/// sentences, each a template's locale key with its arguments, so that the app can say it in the
/// player's language. The pattern files hold it in English (`english`); `init(english:)` reads
/// such a text back, and gives nil for any text the templates do not make exactly, so a text
/// the player wrote, or changed, stays as written.
public struct PatternText: Hashable, Sendable {
  public enum Argument: Hashable, Sendable {
    /// Said the same in every language: degrees ("1 b3 4 5 b7"), string and fret numbers.
    case value(String)
    /// A word of each language, by its locale key: a scale's or a chord's name, "root".
    case word(String)
  }

  public struct Sentence: Hashable, Sendable {
    /// The locale key of the template, whose `{name}`s the arguments fill.
    public var key: String
    public var arguments: [String: Argument]

    public init(_ key: String, _ arguments: [String: Argument] = [:]) {
      self.key = key
      self.arguments = arguments
    }
  }

  public var sentences: [Sentence]

  public init(_ sentences: [Sentence]) {
    self.sentences = sentences
  }

  public init(_ key: String, _ arguments: [String: Argument] = [:]) {
    self.init([Sentence(key, arguments)])
  }

  /// The text with each template and word taken from `text`, which gives a locale key's text.
  public func rendered(_ text: (String) -> String) -> String {
    sentences.map { sentence in
      Self.fill(text(sentence.key)) { name in
        switch sentence.arguments[name] {
        case .value(let value): value
        case .word(let key): text(key)
        case nil: nil
        }
      }
    }.joined(separator: " ")
  }

  /// The text as the pattern files hold it.
  public var english: String {
    rendered { Self.englishTexts[$0] ?? $0 }
  }

  /// The sentences `english` is made of, when the templates make exactly that text; nil for
  /// any other text.
  public init?(english: String) {
    var sentences: [Sentence] = []
    var rest = Substring(english)
    while !rest.isEmpty {
      guard
        let (sentence, after) = Self.templateKeys.lazy.compactMap({ Self.read(rest, as: $0) }).first
      else { return nil }
      sentences.append(sentence)
      rest = after.hasPrefix(" ") ? after.dropFirst() : after
    }
    self.init(sentences)
    guard !sentences.isEmpty, self.english == english else { return nil }
  }

  /// One sentence of template `key` at the start of `text`, and the text after it. Each argument
  /// runs to where the template's next words begin.
  private static func read(_ text: Substring, as key: String) -> (Sentence, Substring)? {
    var template = Substring(englishTexts[key] ?? "")
    var text = text
    var arguments: [String: Argument] = [:]
    while let open = template.firstIndex(of: "{"),
      let close = template[open...].firstIndex(of: "}")
    {
      let before = template[..<open]
      guard text.hasPrefix(before) else { return nil }
      text = text.dropFirst(before.count)
      let name = String(template[template.index(after: open)..<close])
      template = template[template.index(after: close)...]
      let next = template.prefix { $0 != "{" }
      guard !next.isEmpty, let end = text.firstRange(of: next)?.lowerBound else { return nil }
      guard let argument = argument(String(text[..<end])) else { return nil }
      arguments[name] = argument
      text = text[end...]
    }
    guard text.hasPrefix(template) else { return nil }
    return (Sentence(key, arguments), text.dropFirst(template.count))
  }

  /// The word `english` is, or a value written the same in every language; nil for other words
  /// (a scale the library does not have), which would stay English in any language.
  private static func argument(_ english: String) -> Argument? {
    if let key = englishWordKeys[english] { return .word(key) }
    return english.allSatisfy { $0.isNumber || "b# ".contains($0) } ? .value(english) : nil
  }

  /// `template` with each `{name}` replaced by `value(name)`, or kept where it has none.
  private static func fill(_ template: String, _ value: (String) -> String?) -> String {
    var result = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      result += rest[..<open]
      result += value(String(rest[rest.index(after: open)..<close])) ?? String(rest[open...close])
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  /// The English of every template, by locale key; the locale files say the same in each
  /// language.
  public static let englishTemplates: [String: String] = [
    "pattern.about.threePerString":
      "{scale} ({degrees}), three notes per string, starting on the {degree} on string {string}.",
    "pattern.about.twoPerString":
      "{scale} ({degrees}), two notes per string, starting on the {degree} on string {string}.",
    "pattern.about.blues":
      "{scale} ({degrees}): {pentatonic} position {n} with the {added} added where it falls "
      + "inside the box.",
    "pattern.about.scaleBox":
      "{scale} ({degrees}) in a box of {frets} frets from the {degree} on string {string}: "
      + "every note of the scale in the box, on every string.",
    "pattern.about.arpeggio":
      "{chord} ({degrees}) one note at a time, from the {degree} on string {string}, within "
      + "{frets} frets.",
    "pattern.about.arpeggioBox":
      "{chord} ({degrees}) one note at a time: every chord tone in a box of {frets} frets from "
      + "the {degree} on string {string}.",
    "pattern.about.chord":
      "{chord} ({degrees}) held as one grip: the root on string {root} is the lowest note, then "
      + "one note on each string up to string {top}, within {frets} frets.",
    "pattern.about.chordOnAllStrings":
      "{chord} ({degrees}) held as one grip on all {strings} strings, one note each, within "
      + "{frets} frets; the lowest root is on string {string}.",
    "pattern.about.leftOut":
      "The {degree} is left out, as players do: it adds least to the sound.",
    "pattern.play.scale":
      "Play from the lowest note to the highest and back, one note per click, alternating the "
      + "pick; name each note's interval as you play it. Then start the same shape from another "
      + "root.",
    "pattern.play.arpeggio":
      "Play the chord tones one at a time from the lowest to the highest and back, one note per "
      + "click, letting no two ring together; name each interval. Then play the chord's scale in "
      + "the same place and hear the arpeggio inside it.",
    "pattern.play.chord":
      "Fret the whole shape and strum it, every string ringing; then pick it one note at a time "
      + "from the lowest, naming each interval as it sounds. Then move it to another root and "
      + "play it again.",
  ]

  /// The English of every word an argument can be, by locale key: each scale and chord the
  /// library has, the pentatonic scales the blues boxes are built on, and the root.
  public static let englishWords: [String: String] = {
    var words = ["pattern.root": "root"]
    for scale in PatternGenerator.boxScales {
      words[scaleKey(scale)] = "The \(scale.writtenName) scale"
    }
    for scale in PatternGenerator.pentatonicScales {
      words[pentatonicKey(scale)] = scale.name
    }
    for (quality, _) in PatternGenerator.chordQualities + PatternGenerator.arpeggioQualities {
      words[chordKey(quality)] = "The \(quality.name) chord"
    }
    return words
  }()

  /// Every text the library writes in English, templates and words, by locale key.
  public static let englishTexts = englishTemplates.merging(englishWords) { template, _ in template
  }

  static func scaleKey(_ scale: ScaleType) -> String {
    "pattern.scale." + PatternGenerator.idWord(scale.name)
  }

  static func pentatonicKey(_ scale: ScaleType) -> String {
    "pattern.pentatonic." + PatternGenerator.idWord(scale.name)
  }

  static func chordKey(_ quality: ChordQuality) -> String {
    "pattern.chord." + PatternGenerator.idWord(quality.name)
  }

  /// Templates in a fixed order, so a text is always read the same way.
  private static let templateKeys = englishTemplates.keys.sorted()
  private static let englishWordKeys = Dictionary(
    uniqueKeysWithValues: englishWords.map { ($1, $0) })
}
