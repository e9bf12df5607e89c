/// What the listening screen asks the runtime to do with the microphone.
public enum ListenCommand: Equatable, Sendable {
  case start
  case stop
}
