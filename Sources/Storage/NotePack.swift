import MusicTheory

/// A set of notes to read, on one staff: the unit a user chooses to practise. Cards show one of
/// its notes; the wrong answers are drawn from its other note names.
public struct NotePack: Equatable, Sendable, Identifiable {
  public enum Staff: Equatable, Hashable, Sendable {
    case single(Clef)
    case grand

    public var name: String {
      switch self {
      case .single(let clef): clef.rawValue
      case .grand: "grand"
      }
    }

    public init?(name: String) {
      if name == "grand" {
        self = .grand
      } else if let clef = Clef(rawValue: name) {
        self = .single(clef)
      } else {
        return nil
      }
    }
  }

  /// Four answers are offered, so a pack needs four different note names.
  public static let fewestNoteNames = 4
  /// Notes a staff is drawn for.
  public static let range = Note(.C, octave: 1).pitch...Note(.C, octave: 8).pitch

  /// Lower-case letters, digits and hyphens, such as "treble-c4-b4".
  public let id: String
  public let name: String
  public let staff: Staff
  public let key: KeySignature
  public let notes: [Note]
  /// Packs are listed from the easiest level up.
  public let level: Int

  /// Checks the pack; the error names the field that is wrong.
  public init(
    id: String, name: String, staff: Staff, key: KeySignature = .cMajor, notes: [Note],
    level: Int = 1
  ) throws(FieldError) {
    guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") })
    else {
      throw FieldError(field: "id", reason: "use lower-case letters, digits and hyphens")
    }
    guard !name.isEmpty else { throw FieldError(field: "name", reason: "must not be empty") }
    for (index, note) in notes.enumerated() {
      guard Self.range.contains(note.pitch) else {
        throw FieldError(field: "notes[\(index)]", reason: "\(note) is outside C1 to C8")
      }
      if let first = notes[..<index].firstIndex(of: note) {
        throw FieldError(field: "notes[\(index)]", reason: "\(note) is already notes[\(first)]")
      }
    }
    guard Set(notes.map(\.noteClass)).count >= Self.fewestNoteNames else {
      throw FieldError(
        field: "notes", reason: "needs at least \(Self.fewestNoteNames) different note names")
    }
    self.id = id
    self.name = name
    self.staff = staff
    self.key = key
    self.notes = notes
    self.level = level
  }
}
