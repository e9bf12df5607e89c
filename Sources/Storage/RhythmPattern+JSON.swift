import MusicTheory

/// The file form of a rhythm pattern, one pattern per file:
/// `{"id": "offbeat-eighth", "name": "Offbeat eighth", "level": 6, "notes": ["rest 1/2", "1/2"]}`.
/// Each entry of `notes` is one event in playing order: a note's length in beats as a fraction
/// ("1/2", "3/4", "1" for the whole beat, "2" for a half note), a note tied to the next one
/// written with "tied" after it ("1/2 tied": the next note is held on, not played), or a rest
/// written "rest" and its length ("rest 1/4", "rest 4"). `level` places the pattern in
/// `RhythmLibrary`'s list and may be left out.
extension RhythmPattern {
  /// Checks the pattern; the error names the field that is wrong, and the event by its index.
  public init(json document: JSONValue) throws(FieldError) {
    guard case .object(let members) = document else {
      throw FieldError(field: "pattern", reason: "must be a JSON object")
    }
    func text(_ field: String) throws(FieldError) -> String {
      guard case .string(let value)? = members[field] else {
        throw FieldError(field: field, reason: "must be a string")
      }
      return value
    }
    let id = try text("id")
    let name = try text("name")
    guard case .array(let items)? = members["notes"] else {
      throw FieldError(
        field: "notes", reason: #"must be a list of lengths such as "1/2" or "rest 1/2""#)
    }
    var events: [Event] = []
    for (index, item) in items.enumerated() {
      guard case .string(let written) = item, let event = Self.event(written) else {
        throw FieldError(
          field: "notes[\(index)]",
          reason: #"is not a length such as "1/2", "2", "1/2 tied" or "rest 1/4""#)
      }
      events.append(event)
    }
    do throws(Problem) {
      try self.init(id: id, name: name, events: events)
    } catch {
      throw FieldError(field: Self.field(of: error), reason: error.description)
    }
  }

  /// "3/4" is a note, "3/4 tied" a note tied to the next, "rest 3/4" a rest; nil for anything
  /// else.
  private static func event(_ written: String) -> Event? {
    let words = written.split(separator: " ")
    switch words.count {
    case 1: return BeatFraction(parsing: words[0]).map { Event($0) }
    case 2 where words[0] == "rest": return BeatFraction(parsing: words[1]).map { .rest($0) }
    case 2 where words[1] == "tied":
      return BeatFraction(parsing: words[0]).map { .note($0, tied: true) }
    default: return nil
    }
  }

  private static func field(of problem: Problem) -> String {
    switch problem {
    case .badID: "id"
    case .emptyName: "name"
    case .notPositive(let index), .longerThanBar(let index), .crossesBeat(let index),
      .tooFine(let index), .badTie(let index):
      "notes[\(index)]"
    case .noEvents, .tooManyEvents, .wrongTotal, .splitRest: "notes"
    }
  }
}
