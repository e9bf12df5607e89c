/// What waiting on the terminal can yield.
public enum TerminalEvent: Sendable {
  case keys([KeyEvent])
  /// The window changed size; the next draw repaints everything.
  case resized(Size)
  /// The process was asked to stop: save what is in progress, close the terminal, exit.
  case signal(TerminationSignal)
  case timedOut
  /// A `TerminalWaker` was woken, perhaps several times since the last event.
  case woken
}
