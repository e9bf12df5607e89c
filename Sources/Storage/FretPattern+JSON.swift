import FoundationEssentials
import MusicTheory

/// The file form of a fretboard pattern, one pattern per file:
/// `{"id": "lydian-1", "name": "…", "category": "scale", "tuning": "standard",
///   "description": "…", "instructions": "…",
///   "tones": [{"string": 6, "fret": 0}, …, {"string": 5, "fret": 1, "spelling": "A4"}]}`.
/// The first tone is the tonic and every `fret` counts from the tonic's fret, so the shape can be
/// played from any root. `tuning` is a preset's id or the open strings as text. `spelling` is
/// written only where the interval is not the usual name for its size (#4 rather than b5); the
/// other intervals are derived from the frets, so a file cannot contradict itself.
/// `description` and `instructions` may be left out; `basedOn` names the pattern a copy was
/// made from. `songs`, the titles of songs or pieces the shape is played in, may be left out
/// and is written only when it holds any.
extension FretPattern {
  /// Frets from the tonic beyond this do not fit on any neck.
  public static let reach = 24
  /// A pattern names at most this many songs, each at most `songLength` characters long: a
  /// line of titles under its description, not a song book.
  public static let songCount = 12
  public static let songLength = 80

  /// Checks the pattern; the error names the field that is wrong.
  public init(json document: JSONValue) throws(FieldError) {
    guard case .object(let members) = document else {
      throw FieldError(field: "pattern", reason: "must be a JSON object")
    }
    func text(_ field: String, default fallback: String? = nil) throws(FieldError) -> String {
      if members[field] == nil, let fallback { return fallback }
      guard case .string(let value)? = members[field] else {
        throw FieldError(field: field, reason: "must be a string")
      }
      return value
    }
    let id = try text("id")
    guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") })
    else {
      throw FieldError(field: "id", reason: "use lower-case letters, digits and hyphens")
    }
    let name = try text("name")
    guard !name.isEmpty else { throw FieldError(field: "name", reason: "must not be empty") }
    let categoryName = try text("category")
    guard let category = Category(rawValue: categoryName) else {
      let known = Category.allCases.map(\.rawValue).joined(separator: ", ")
      throw FieldError(
        field: "category", reason: "unknown category \"\(categoryName)\"; use \(known)")
    }
    let tuningText = try text("tuning")
    guard let tuning = Tuning(parsing: tuningText) else {
      throw FieldError(field: "tuning", reason: Tuning.problem(parsing: tuningText) ?? "")
    }
    guard case .array(let items)? = members["tones"] else {
      throw FieldError(field: "tones", reason: "must be a list of tones")
    }
    guard !items.isEmpty else {
      throw FieldError(field: "tones", reason: "must hold at least the tonic")
    }
    var tones: [Tone] = []
    for (index, item) in items.enumerated() {
      let tone = try Self.tone(item, field: "tones[\(index)]", tuning: tuning)
      if let first = tones.firstIndex(where: {
        $0.string == tone.string && $0.offset == tone.offset
      }) {
        throw FieldError(
          field: "tones[\(index)]",
          reason: "string \(tone.string) fret \(tone.offset) is already tones[\(first)]")
      }
      tones.append(tone)
    }
    guard tones[0].offset == 0 else {
      throw FieldError(
        field: "tones[0].fret", reason: "the first tone is the tonic, so its fret is 0")
    }
    self.init(
      id: id, name: name, category: category, tuning: tuning, tones: tones,
      description: try text("description", default: ""),
      instructions: try text("instructions", default: ""),
      basedOn: members["basedOn"] == nil ? nil : try text("basedOn"),
      songs: try Self.songs(members["songs"]))
    try checkSpellings()
  }

  /// A list of titles, each one line of printable text within `songLength` characters.
  private static func songs(_ value: JSONValue?) throws(FieldError) -> [String] {
    guard let value else { return [] }
    guard case .array(let items) = value else {
      throw FieldError(field: "songs", reason: "must be a list of titles")
    }
    guard items.count <= songCount else {
      throw FieldError(field: "songs", reason: "names at most \(songCount) songs")
    }
    var songs: [String] = []
    for (index, item) in items.enumerated() {
      let field = "songs[\(index)]"
      guard case .string(let title) = item else {
        throw FieldError(field: field, reason: "must be a string")
      }
      guard !title.allSatisfy(\.isWhitespace) else {
        throw FieldError(field: field, reason: "must not be empty")
      }
      guard title.count <= songLength else {
        throw FieldError(field: field, reason: "is longer than \(songLength) characters")
      }
      guard !title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
      else {
        throw FieldError(field: field, reason: "must be one line without control characters")
      }
      songs.append(title)
    }
    return songs
  }

  /// Every spelling must name the distance its tone really is from the tonic, give or take
  /// octaves, or the intervals shown would lie.
  private func checkSpellings() throws(FieldError) {
    var plain = self
    plain.tones = tones.map { Tone(string: $0.string, offset: $0.offset) }
    for (index, (tone, usual)) in zip(tones, plain.intervals).enumerated() {
      guard let spelling = tone.spelling, spelling.semitones % 12 != usual.semitones else {
        continue
      }
      throw FieldError(
        field: "tones[\(index)].spelling",
        reason: "\(spelling) does not fit a tone \(usual.semitones) semitones above the tonic "
          + "(\(usual))")
    }
  }

  private static func tone(_ item: JSONValue, field: String, tuning: Tuning)
    throws(FieldError)
    -> Tone
  {
    guard case .object(let members) = item else {
      throw FieldError(
        field: field, reason: #"must be an object such as {"string": 6, "fret": 0}"#)
    }
    guard case .number(let stringNumber)? = members["string"],
      let string = Int(exactly: stringNumber)
    else {
      throw FieldError(field: "\(field).string", reason: "must be a whole number")
    }
    guard (1...tuning.stringCount).contains(string) else {
      throw FieldError(
        field: "\(field).string",
        reason: "\(string) is not a string of \(tuning.name) (1 to \(tuning.stringCount))")
    }
    guard case .number(let fretNumber)? = members["fret"], let offset = Int(exactly: fretNumber)
    else {
      throw FieldError(field: "\(field).fret", reason: "must be a whole number")
    }
    guard abs(offset) <= reach else {
      throw FieldError(
        field: "\(field).fret", reason: "\(offset) is more than \(reach) frets from the tonic")
    }
    guard let value = members["spelling"] else { return Tone(string: string, offset: offset) }
    guard case .string(let shortName) = value, let spelling = Interval(shortName: shortName) else {
      throw FieldError(
        field: "\(field).spelling", reason: "is not an interval such as A4, d5 or d7")
    }
    return Tone(string: string, offset: offset, spelling: spelling)
  }

  public var json: JSONValue {
    var members: [String: JSONValue] = [
      "id": .string(id), "name": .string(name), "category": .string(category.rawValue),
      "tuning": .string(tuning.id), "description": .string(description),
      "instructions": .string(instructions),
      "tones": .array(
        tones.map { tone in
          var members: [String: JSONValue] = [
            "string": .number(Double(tone.string)), "fret": .number(Double(tone.offset)),
          ]
          if let spelling = tone.spelling { members["spelling"] = .string(spelling.shortName) }
          return .object(members)
        }),
    ]
    if let basedOn { members["basedOn"] = .string(basedOn) }
    if !songs.isEmpty { members["songs"] = .array(songs.map(JSONValue.string)) }
    return .object(members)
  }

  /// The whole file as written to the patterns folders and shipped in `assets/patterns`:
  /// pretty-printed with sorted keys and a final newline, so files diff well.
  public func fileData() throws -> Data {
    try json.serialized() + Data("\n".utf8)
  }
}
