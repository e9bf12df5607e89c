/// The open strings of a fretted instrument, in the order they lie across the neck: from the
/// string nearest the player's face when the instrument is held (the highest-numbered one) to
/// string 1, nearest the floor. For a guitar that is lowest pitch to highest; a re-entrant
/// ukulele (G4 C4 E4 A4) keeps its high G first, because players, tab and chord charts name and
/// draw strings by where they lie, not by pitch.
public struct Tuning: Hashable, Sendable {
  /// The preset's id (such as "drop-d"), or for any other tuning its open strings as text
  /// ("C2 G2 C3 G3 C4 E4"), so `Tuning(parsing: id)` always gives the tuning back.
  public let id: String
  /// The preset's English name (such as "Drop D"), or the open strings as text.
  public let name: String
  /// Open strings, highest-numbered string first (see the type's comment).
  public let openStrings: [Note]
  /// The highest fret of the instrument's neck: 24 as on most electric guitars and basses, 15
  /// on a ukulele.
  public let lastFret: Int

  /// From a single-string diddley bow to a twelve-string; more would not fit a terminal.
  public static let stringCounts = 1...12

  init(id: String, name: String, openStrings: [Note], lastFret: Int = 24) {
    self.id = id
    self.name = name
    self.openStrings = openStrings
    self.lastFret = lastFret
  }

  /// A tuning of these open strings (highest-numbered string first): the preset when one has
  /// exactly these strings, otherwise a custom tuning. Nil for a count outside `stringCounts` or
  /// a note outside the MIDI range.
  public init?(openStrings: [Note]) {
    guard case .success(let tuning) = Self.tuning(openStrings: openStrings) else { return nil }
    self = tuning
  }

  /// Reads a preset's id or name, ignoring case, with spaces or hyphens ("drop-d", "Drop D",
  /// "7-string"), or open strings from the highest-numbered string, separated by spaces or
  /// commas ("D2 A2 D3 G3 B3 E4").
  public init?(parsing text: String) {
    guard case .success(let tuning) = Self.read(text) else { return nil }
    self = tuning
  }

  /// Why `text` is not a tuning, in one line fit for a command-line error; nil when it is one.
  public static func problem(parsing text: String) -> String? {
    guard case .failure(let problem) = read(text) else { return nil }
    return problem.message
  }

  public var stringCount: Int { openStrings.count }

  /// The open note of string `string` (1 through `stringCount`).
  public func openNote(string: Int) -> Note {
    openStrings[stringCount - string]
  }

  /// The pitch sounding at `fret` on `string` (1 through `stringCount`).
  public func pitch(string: Int, fret: Int) -> Pitch {
    openNote(string: string).pitch + fret
  }

  /// The note at `fret` on `string`, black keys spelled as sharps or flats as asked. Without a
  /// preference open strings keep their tuned spelling and fretted notes follow the tuning:
  /// flats when an open string is tuned to a flat (half-step down), sharps otherwise. Callers
  /// that know the key should spell from the key instead.
  public func note(string: Int, fret: Int, preferSharps: Bool? = nil) -> Note {
    if fret == 0, preferSharps == nil { return openNote(string: string) }
    let sharps = preferSharps ?? !openStrings.contains { $0.accidental == .flat }
    return pitch(string: string, fret: fret).spelling(preferSharps: sharps)
  }

  /// Every place within `frets` (frets below 0 ignored) where `pitchClass` (0 is C, taken modulo
  /// 12) sounds: string 1 first, lower frets first on each string.
  public func positions(of pitchClass: Int, frets: ClosedRange<Int>) -> [FretPosition] {
    let lowest = max(0, frets.lowerBound)
    guard lowest <= frets.upperBound else { return [] }
    return (1...stringCount).flatMap { string in
      (lowest...frets.upperBound)
        .filter { pitch(string: string, fret: $0).pitchClass == pitchClass.modulo(12) }
        .map { FretPosition(string: string, fret: $0) }
    }
  }
}

extension Tuning {
  /// Why a text is not a tuning.
  private struct Problem: Error {
    let message: String
  }

  private static func read(_ text: String) -> Result<Tuning, Problem> {
    let words = text.split { $0.isWhitespace || $0 == "," }.map(String.init)
    guard !words.isEmpty else {
      return .failure(Problem(message: "no tuning given; \(Self.hint)"))
    }
    let wanted = text.presetKey
    if let preset = presets.first(where: { $0.id == wanted || $0.name.presetKey == wanted }) {
      return .success(preset)
    }
    var notes: [Note] = []
    for word in words {
      guard let note = Note(parsing: word) else {
        let what = words.count == 1 ? "a preset or a note" : "a note"
        return .failure(Problem(message: "\"\(word)\" is not \(what); \(Self.hint)"))
      }
      notes.append(note)
    }
    return tuning(openStrings: notes)
  }

  private static func tuning(openStrings notes: [Note]) -> Result<Tuning, Problem> {
    guard stringCounts.contains(notes.count) else {
      let range = "\(stringCounts.lowerBound) to \(stringCounts.upperBound)"
      return .failure(Problem(message: "a tuning has \(range) strings, not \(notes.count)"))
    }
    if let note = notes.first(where: { !$0.pitch.isValidMIDI }) {
      return .failure(Problem(message: "\(note) is outside the MIDI range C-1 to G9"))
    }
    if let preset = presets.first(where: { $0.openStrings == notes }) {
      return .success(preset)
    }
    let text = notes.map(\.description).joined(separator: " ")
    return .success(Tuning(id: text, name: text, openStrings: notes))
  }

  private static var hint: String {
    "use a preset (\(presets.map(\.id).joined(separator: ", "))) or open strings from the "
      + "lowest, such as \"D2 A2 D3 G3 B3 E4\""
  }
}

extension Tuning: Codable {
  /// Stored as its id, so a settings file says "drop-d" or "C2 G2 C3 G3 C4 E4", and a
  /// hand-edited value that is not a tuning is refused with the reason.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    switch Self.read(text) {
    case .success(let tuning): self = tuning
    case .failure(let problem):
      throw DecodingError.dataCorruptedError(in: container, debugDescription: problem.message)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(id)
  }
}

extension StringProtocol {
  /// Lower case with runs of spaces, underscores and hyphens as one hyphen: "Drop D", "drop_d"
  /// and " drop-d " are all "drop-d".
  fileprivate var presetKey: String {
    lowercased().split { $0.isWhitespace || $0 == "_" || $0 == "-" }.joined(separator: "-")
  }
}
