/// A scale on a tonic, such as D dorian, with its notes spelled from the scale type's intervals:
/// F♯ major has E♯ (not F) and G♭ major has C♭ (not B), so each letter appears once in every
/// seven-note scale.
public struct Scale: Hashable, Sendable, CustomStringConvertible {
  public let tonic: NoteClass
  public let type: ScaleType
  /// From the tonic upwards, one per interval of the scale type.
  public let noteClasses: [NoteClass]

  /// Nil when a note would need more than a double flat or sharp, as F𝄫 phrygian's G♭♭♭ would.
  public init?(tonic: NoteClass, type: ScaleType) {
    guard let noteClasses = tonic.spelled(type.intervals) else { return nil }
    self.tonic = tonic
    self.type = type
    self.noteClasses = noteClasses
  }

  /// Reads a tonic and a scale type name, such as "D dorian", "F# harmonic minor",
  /// "Bb major pentatonic" or "eb natural-minor". Nil when `parse(_:)` gives an error.
  public init?(parsing text: String) {
    guard case .success(let scale) = Self.parse(text) else { return nil }
    self = scale
  }

  /// Like `init?(parsing:)`, with the reason when the text is not a scale.
  public static func parse(_ text: String) -> Result<Scale, TheoryParseError> {
    let words = text.split(whereSeparator: \.isWhitespace)
    let tonicText = words.first.map(String.init) ?? ""
    let typeText = words.dropFirst().joined(separator: " ")
    // Accepts a lower-case letter, as people type "d dorian"; "bb" is B flat.
    guard let first = tonicText.first,
      let tonic = NoteClass(parsing: first.uppercased() + tonicText.dropFirst())
    else { return .failure(.unknownNote(tonicText, in: text)) }
    guard let type = ScaleType(named: typeText) else {
      return .failure(.unknownScaleType(typeText, in: text))
    }
    guard let scale = Scale(tonic: tonic, type: type) else { return .failure(.unspellable(text)) }
    return .success(scale)
  }

  /// The tonic and the scale type's name, such as "F# harmonic minor"; `init?(parsing:)` reads
  /// it back.
  public var description: String {
    "\(tonic) \(type.name)"
  }
}
