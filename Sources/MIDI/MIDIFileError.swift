/// Why a Standard MIDI File cannot be read, in words for a one-line message.
public enum MIDIFileError: Error, Equatable, CustomStringConvertible {
  case notMIDI
  case truncated(offset: Int)
  case dataWithoutStatus(offset: Int)
  case overlongNumber(offset: Int)
  case unsupportedFormat(Int)
  case badDivision

  public var description: String {
    switch self {
    case .notMIDI: "not a Standard MIDI File (no MThd header)"
    case .truncated(let offset): "the file ends in the middle of a chunk (byte \(offset))"
    case .dataWithoutStatus(let offset): "a data byte with no status before it (byte \(offset))"
    case .overlongNumber(let offset): "a length longer than four bytes (byte \(offset))"
    case .unsupportedFormat(let format):
      format == 2
        ? "format 2 (separate sequences in one file) is not supported; save it as format 0 or 1"
        : "unknown MIDI file format \(format)"
    case .badDivision: "the header gives no usable time division"
    }
  }
}
