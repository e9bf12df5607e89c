/// What is wrong with a content file (a note pack, a fretboard pattern), naming the field so
/// the user can find it: "notes[3]: H4 is not a note", "tones[3].string: 7 is not a string of
/// Guitar standard (1 to 6)".
public struct FieldError: Error, Equatable, Sendable, CustomStringConvertible {
  public let field: String
  public let reason: String

  public init(field: String, reason: String) {
    self.field = field
    self.reason = reason
  }

  public var description: String { "\(field): \(reason)" }
}
