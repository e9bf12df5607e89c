/// What the metronome screen asks of the audio side.
public enum MetronomeCommand: Equatable, Sendable {
  case start(MetronomeOptions)
  /// New settings while playing: tempo from the next beat, pattern from the next bar.
  case update(MetronomeOptions)
  case stop
}
