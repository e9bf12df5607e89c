/// Why a typed scale or chord could not be read, as one line the command line can print.
public enum TheoryParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text does not start with a note name; the first value is what stood there.
  case unknownNote(String, in: String)
  case unknownScaleType(String, in: String)
  case unknownChordQuality(String, in: String)
  /// Every part is known, but a tone would need more than a double flat or sharp, as the
  /// diminished seventh of C♭°7 would (B♭♭♭).
  case unspellable(String)

  public var description: String {
    switch self {
    case .unknownNote("", let text): "missing note name in \"\(text)\""
    case .unknownNote(let note, let text): "unknown note \"\(note)\" in \"\(text)\""
    case .unknownScaleType("", let text): "missing scale type in \"\(text)\""
    case .unknownScaleType(let type, let text): "unknown scale type \"\(type)\" in \"\(text)\""
    case .unknownChordQuality(let quality, let text):
      "unknown chord quality \"\(quality)\" in \"\(text)\""
    case .unspellable(let text): "\"\(text)\" would need more than a double flat or sharp"
    }
  }
}
