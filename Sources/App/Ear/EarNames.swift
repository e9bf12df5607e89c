import MusicTheory
import Practice
import Storage

/// The names of ear-training items as shown and as typed: "minor third", "tercera menor",
/// "малая терция", or the short form "m3".
public enum EarNames {
  /// The item's name in the language of `strings`; its short name where the locale files
  /// have none (an interval asked for with `--items` outside the levels, such as A2).
  public static func name(of item: EarItem, strings: Localizer) -> String {
    strings.textIfPresent(key(of: item)) ?? item.shortName
  }

  /// The item of `exercise` a typed answer names: its short name (case matters: "m3" is minor,
  /// "M3" major), or its name in any shipped language, whatever its case and accents
  /// ("septima menor" is "séptima menor"). Nil for anything else.
  public static func item(
    parsing typed: String, exercise: EarExercise, catalog: LocaleCatalog
  ) -> EarItem? {
    let trimmed = typed.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if let item = EarItem(shortName: trimmed, exercise: exercise) { return item }
    let folded = fold(trimmed)
    let localizers = catalog.availableLanguages.map { catalog.localizer(for: $0) }
    return named(in: exercise).first { item in
      localizers.contains { strings in
        strings.textIfPresent(key(of: item)).map(fold) == folded
      }
    }
  }

  /// The movable-do syllable of `degree` in `key`, by its semitones above the tonic: do re mi
  /// fa sol la ti, and ra me fi le te between them. A minor key's own third is "me", as in
  /// do-based minor: the syllable says how the note sounds against the tonic, whatever its
  /// number in the key's scale.
  public static func syllable(of degree: ScaleDegree, in key: EarKey) -> String {
    let own = key.scale.noteClasses[degree.number - 1].semitonesFromC
    let semitones = ((own - key.tonic.semitonesFromC + degree.alteration) % 12 + 12) % 12
    return syllables[semitones]
  }

  /// The degree among `degrees` whose syllable in `key` is `typed` (any case; "si", as Latin
  /// countries sing the seventh, is "ti"); nil for no syllable or none of them.
  public static func degree(
    bySyllable typed: String, in key: EarKey, among degrees: [EarItem]
  ) -> EarItem? {
    let folded = typed.split(whereSeparator: \.isWhitespace).joined().lowercased()
    let syllable = folded == "si" ? "ti" : folded
    guard syllables.contains(syllable) else { return nil }
    return degrees.first { item in
      guard case .degree(let degree) = item else { return false }
      return self.syllable(of: degree, in: key) == syllable
    }
  }

  private static let syllables = [
    "do", "ra", "re", "me", "mi", "fa", "fi", "sol", "le", "la", "te", "ti",
  ]

  /// "root", "inv1", "inv2", "inv3": the short form of an inversion in a typed answer.
  public static func inversionShortName(_ inversion: Int) -> String {
    inversion == 0 ? "root" : "inv\(inversion)"
  }

  /// "first inversion" in the language of `strings`.
  public static func inversionName(_ inversion: Int, strings: Localizer) -> String {
    strings.textIfPresent("ear.inversion.\(inversion)") ?? inversionShortName(inversion)
  }

  /// A chord and its inversion typed together, the inversion last: "maj inv1", "m7, third
  /// inversion", "mayor, primera inversión". Nil without a known inversion at the end or a
  /// chord before it.
  public static func chordAndInversion(parsing typed: String, catalog: LocaleCatalog) -> (
    item: EarItem, inversion: Int
  )? {
    let folded = fold(typed.split(whereSeparator: \.isWhitespace).joined(separator: " "))
    let localizers = catalog.availableLanguages.map { catalog.localizer(for: $0) }
    for inversion in 0...3 {
      let names =
        [inversionShortName(inversion)]
        + localizers.compactMap { $0.textIfPresent("ear.inversion.\(inversion)") }
      for name in names.map(fold) where folded.hasSuffix(name) {
        var rest = folded.dropLast(name.count)
        while rest.last == " " || rest.last == "," { rest = rest.dropLast() }
        // The chord's short name keeps its case ("M7" is not "m7"), so it is read from the
        // typed text, whose letters stand where the folded ones do.
        let typedRest = String(
          typed.split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(rest.count))
        if let item = item(parsing: typedRest, exercise: .chords, catalog: catalog) {
          return (item, inversion)
        }
      }
    }
    return nil
  }

  /// The items that have names: the exercise's, and the diminished fifth, the tritone's other
  /// spelling.
  private static func named(in exercise: EarExercise) -> [EarItem] {
    exercise == .intervals ? exercise.allItems + [.interval(.d5)] : exercise.allItems
  }

  private static func key(of item: EarItem) -> String {
    switch item {
    case .interval: "ear.interval.\(item.shortName)"
    case .chord: "ear.chord.\(item.shortName)"
    case .scale: "ear.scale.\(item.shortName)"
    // Degrees and progressions are named alike in every language: "b3", "I-vi-IV-V".
    case .degree: "ear.degree.\(item.shortName)"
    case .cadence: "ear.cadence.\(item.shortName)"
    case .intonation: "ear.intonation.\(item.shortName)"
    case .melody: "ear.melody.\(item.shortName)"
    // A note is written as the staff shows it, "Eb4", in every language.
    case .note: "ear.note.\(item.shortName)"
    case .rhythm: "ear.rhythm.\(item.shortName)"
    // A cell is named as the rhythm trainer names its pattern.
    case .cell: "rhythm.pattern.\(item.shortName)"
    }
  }

  /// A note of a dictation typed in any naming, English, Latin or German, with its octave or
  /// without: "Eb4", "mib4", "es4", "Eb". Nil for anything else.
  public static func dictationNote(parsing typed: String) -> (noteClass: NoteClass, octave: Int?)? {
    let text = typed.filter { !$0.isWhitespace }
    // The octave is the digits at the end, "-1" too; a name never holds a digit.
    let digits = text.reversed().prefix(while: { $0.isASCII && $0.isNumber })
    var name = text.dropLast(digits.count)
    var octave: Int?
    if !digits.isEmpty {
      let sign = name.last == "-" ? -1 : 1
      if sign < 0 { name = name.dropLast() }
      octave = Int(String(digits.reversed())).map { $0 * sign }
    }
    for naming in [NamingSystem.english, .latin, .german] {
      if let noteClass = naming.noteClass(parsing: String(name)) { return (noteClass, octave) }
    }
    return nil
  }

  /// Lower case without the accents people leave out when typing: "Séptima" and "septima",
  /// "уменьшённая" and "уменьшенная" read alike.
  private static func fold(_ text: String) -> String {
    String(text.lowercased().map { plainLetters[$0] ?? $0 })
  }

  private static let plainLetters: [Character: Character] = [
    "á": "a", "à": "a", "é": "e", "è": "e", "í": "i", "ï": "i", "ó": "o", "ò": "o", "ú": "u",
    "ü": "u", "ё": "е",
  ]
}
