import MIDI
import MusicTheory
import TerminalUI

extension PlayedEvent {
  /// A MIDI note-on as a played note at `instant`; nil for any other message.
  public init?(_ message: MIDIMessage, at instant: MonotonicInstant) {
    guard case .noteOn(_, let key, let velocity) = message else { return nil }
    self.init(
      instant: instant, pitch: Pitch(midiNumber: key), velocity: velocity, source: .midi)
  }
}
