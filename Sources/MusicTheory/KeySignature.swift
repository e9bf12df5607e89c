/// A key signature: up to seven sharps (positive) or flats (negative), added in the circle of
/// fifths order.
public struct KeySignature: Hashable, Codable, Sendable, CustomStringConvertible {
  public static let range = -7...7
  /// Sharps are added F C G D A E B; flats in the reverse order.
  private static let sharpOrder: [Letter] = [.F, .C, .G, .D, .A, .E, .B]

  public let fifths: Int

  public static let cMajor = KeySignature(fifths: 0)!

  public init?(fifths: Int) {
    guard Self.range.contains(fifths) else { return nil }
    self.fifths = fifths
  }

  /// Reads a key as musicians write it: "G", "Bb", "F#", "C" for majors, "Am", "ebm", "F#m"
  /// for minors (the relative major's signature).
  public init?(parsing text: String) {
    let isMinor = text.count > 1 && text.hasSuffix("m")
    let tonicText = isMinor ? String(text.dropLast()) : text
    guard let first = tonicText.first,
      let tonic = NoteClass(parsing: first.uppercased() + tonicText.dropFirst())
    else { return nil }
    // Each fifth above C adds a sharp; the tonic's letter and accidental give how many.
    let letterFifths = [Letter.F, .C, .G, .D, .A, .E, .B].firstIndex(of: tonic.letter)! - 1
    let fifths = letterFifths + 7 * tonic.accidental.semitones - (isMinor ? 3 : 0)
    self.init(fifths: fifths)
  }

  /// The altered note classes, in the order they are written.
  public var noteClasses: [NoteClass] {
    if fifths >= 0 {
      return Self.sharpOrder.prefix(fifths).map { NoteClass($0, .sharp) }
    }
    return Self.sharpOrder.reversed().prefix(-fifths).map { NoteClass($0, .flat) }
  }

  /// The accidental this key gives a letter when nothing else is written.
  public func accidental(for letter: Letter) -> Accidental {
    noteClasses.first { $0.letter == letter }?.accidental ?? .natural
  }

  /// The major key's name, such as "Eb"; "C" with no accidentals.
  public var description: String {
    let majors = [
      "Cb", "Gb", "Db", "Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#",
    ]
    return majors[fifths + 7]
  }
}
