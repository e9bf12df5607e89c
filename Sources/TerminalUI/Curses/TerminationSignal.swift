/// The signals that ask the app to finish. They arrive as events instead of killing the
/// process, so work in progress can be saved and the terminal restored first.
public enum TerminationSignal: Sendable {
  /// SIGINT. Ctrl-C itself arrives as a key in raw mode; this is `kill -INT`.
  case interrupt
  /// SIGTERM.
  case terminate
  /// SIGHUP, or the terminal went away (end of input).
  case hangup
}
