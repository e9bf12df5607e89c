import CALSA
import Glibc

/// Why MIDI cannot come in through the ALSA sequencer, in one line.
public enum ALSASequencerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The sequencer could not be opened: no `/dev/snd/seq` (a container, a box without sound
  /// hardware) or no permission.
  case unavailable(code: Int32)
  case noSuchPort(String, available: [String])
  case call(String, code: Int32)

  public var description: String { said(standIn: "--midi-in") }

  /// The line, naming `option` as what reads a file instead of the sequencer.
  public func said(standIn option: String) -> String {
    switch self {
    case .unavailable(let code):
      "no ALSA sequencer (\(Self.text(code))): MIDI needs /dev/snd/seq, or use \(option) FILE"
    case .noSuchPort(let choice, let available):
      available.isEmpty
        ? "no MIDI port \"\(choice)\": no MIDI device is connected"
        : "no MIDI port \"\(choice)\"; there are: " + available.joined(separator: ", ")
    case .call(let name, let code):
      "the ALSA sequencer refused \(name): \(Self.text(code))"
    }
  }

  private static func text(_ code: Int32) -> String {
    String(cString: snd_strerror(code))
  }
}
