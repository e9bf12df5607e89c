import Storage

/// Work the runtime performs for the model. The model never does I/O itself.
public enum Effect: Equatable, Sendable {
  case save(Settings)
  case metronome(MetronomeCommand)
  case listen(ListenCommand)
  case quit
}
