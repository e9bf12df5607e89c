import FoundationEssentials
import MusicTheory

/// The file form of a note pack:
/// `{"id": "treble-c4-b4", "name": "…", "clef": "treble", "key": "C", "level": 1,
///   "notes": ["C4", "D4", …]}`. `key` and `level` may be left out.
extension NotePack {
  public init(json document: JSONValue) throws(FieldError) {
    guard case .object(let members) = document else {
      throw FieldError(field: "pack", reason: "must be a JSON object")
    }
    func text(_ field: String) throws(FieldError) -> String {
      guard case .string(let value)? = members[field] else {
        throw FieldError(field: field, reason: "must be a string")
      }
      return value
    }
    let clefName = try text("clef")
    guard let staff = Staff(name: clefName) else {
      throw FieldError(field: "clef", reason: "unknown clef \"\(clefName)\"")
    }
    var key = KeySignature.cMajor
    if members["key"] != nil {
      let keyName = try text("key")
      guard let parsed = KeySignature(parsing: keyName) else {
        throw FieldError(field: "key", reason: "unknown key \"\(keyName)\"")
      }
      key = parsed
    }
    var level = 1
    if let value = members["level"] {
      guard case .number(let number) = value, let whole = Int(exactly: number), whole >= 1 else {
        throw FieldError(field: "level", reason: "must be a whole number from 1")
      }
      level = whole
    }
    guard case .array(let items)? = members["notes"] else {
      throw FieldError(field: "notes", reason: "must be a list of note names")
    }
    var notes: [Note] = []
    for (index, item) in items.enumerated() {
      guard case .string(let name) = item, let note = Note(parsing: name) else {
        throw FieldError(
          field: "notes[\(index)]", reason: "is not a note such as C4, F#5 or Bb3")
      }
      notes.append(note)
    }
    try self.init(
      id: try text("id"), name: try text("name"), staff: staff, key: key, notes: notes,
      level: level)
  }

  public var json: JSONValue {
    .object([
      "id": .string(id), "name": .string(name), "clef": .string(staff.name),
      "key": .string(key.description), "level": .number(Double(level)),
      "notes": .array(notes.map { .string($0.description) }),
    ])
  }
}
