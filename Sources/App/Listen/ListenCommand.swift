import DSP

/// What the listening screen asks the runtime to do with the microphone.
public enum ListenCommand: Equatable, Sendable {
  /// Start (or restart) listening, with the onset detector tuned to `profile` if there is one.
  case start(profile: InstrumentProfile?)
  case stop
  /// Play clicks and hear them back, to measure the round trip; listening pauses meanwhile.
  case measureLatency
  /// Keep `seconds` of what the microphone hears and learn the instrument `name` from it.
  case learnInstrument(name: String, seconds: Double)
}
