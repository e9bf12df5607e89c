/// A chord on a root, such as F♯m7♭5, with its tones spelled from the quality's intervals:
/// C°7 is C E♭ G♭ B𝄫 and A♭m6 is A♭ C♭ E♭ F. The tones in order are also the chord's arpeggio.
public struct Chord: Hashable, Sendable, CustomStringConvertible {
  public let root: NoteClass
  public let quality: ChordQuality
  /// Root first, then the other chord tones in the quality's order (third, fifth, seventh, ...).
  public let noteClasses: [NoteClass]

  /// Nil when a tone would need more than a double flat or sharp, as C♭°7's B♭♭♭ would.
  public init?(root: NoteClass, quality: ChordQuality) {
    guard let noteClasses = root.spelled(quality.intervals) else { return nil }
    self.root = root
    self.quality = quality
    self.noteClasses = noteClasses
  }

  /// Reads a chord symbol: a root letter A–G, an optional "#", "b", "♯" or "♭", then a quality
  /// symbol or alias, such as "F#m7b5", "Bbmaj7", "C°7" or "Eb". Nil when `parse(_:)` gives an
  /// error.
  public init?(symbol: String) {
    guard case .success(let chord) = Self.parse(symbol) else { return nil }
    self = chord
  }

  /// Like `init?(symbol:)`, with the reason when the text is not a chord symbol.
  public static func parse(_ symbol: String) -> Result<Chord, TheoryParseError> {
    guard let first = symbol.first, let letter = Letter(rawValue: String(first)) else {
      return .failure(.unknownNote(String(symbol.prefix(1)), in: symbol))
    }
    var rest = symbol.dropFirst()
    var accidental = Accidental.natural
    // One sign at most: no quality starts with "#" or "b", so reading it here is unambiguous.
    if let sign = rest.first, Self.rootAccidentals.contains(sign),
      let written = Accidental(symbol: String(sign))
    {
      accidental = written
      rest = rest.dropFirst()
    }
    guard let quality = ChordQuality(symbol: String(rest)) else {
      return .failure(.unknownChordQuality(String(rest), in: symbol))
    }
    guard let chord = Chord(root: NoteClass(letter, accidental), quality: quality) else {
      return .failure(.unspellable(symbol))
    }
    return .success(chord)
  }

  /// The canonical chord symbol with ASCII accidentals, such as "F#m7b5" or "Bbmaj7";
  /// `init?(symbol:)` reads it back.
  public var symbol: String {
    "\(root)\(quality.symbol)"
  }

  public var description: String {
    symbol
  }

  private static let rootAccidentals: Set<Character> = ["#", "b", "♯", "♭"]
}
