/// A terminal the practice room runs in: it shows frames, waits for keys, a resize, a signal or
/// a wake-up, and rings the bell. Curses in a run (`CursesTerminal`), a scripted one in tests
/// (`ScriptedTerminal`).
public protocol InteractiveTerminal: TerminalDisplay {
  var theme: Theme { get set }
  /// A waker that makes `nextEvent` return `.woken`, for threads with news for the loop.
  func makeWaker() -> TerminalWaker
  /// Waits up to `timeout` (nil: for ever) for something to happen.
  func nextEvent(timeout: Duration?) -> TerminalEvent
  func ringBell()
  func close()
}

extension CursesTerminal: InteractiveTerminal {}
