import CNcursesw
import Glibc

/// Facts about the terminal read without taking it over, for `woodshed doctor`.
public enum TerminalProbe {
  /// The window size of the terminal on `descriptor`, or nil when it is not a terminal.
  public static func size(of descriptor: Int32 = STDOUT_FILENO) -> Size? {
    guard isatty(descriptor) == 1 else { return nil }
    var window = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return nil }
    return Size(width: Int(window.ws_col), height: Int(window.ws_row))
  }

  /// What terminfo declares for `term`, or nil when it does not know the type.
  public static func capabilities(term: String) -> (colorCount: Int, canMoveCursor: Bool)? {
    var status: Int32 = 0
    // A descriptor that is not a terminal keeps setupterm from touching the real one.
    guard setupterm(term, -1, &status) == OK, status == 1 else { return nil }
    defer {
      if let loaded = set_curterm(nil) { del_curterm(loaded) }
    }
    return (max(0, Int(tigetnum("colors"))), hasString("cup"))
  }

  /// Whether the loaded terminal type has a string capability; terminfo answers a missing one
  /// with nil and a name that is not a string capability with -1.
  static func hasString(_ name: String) -> Bool {
    guard let value = tigetstr(name) else { return false }
    return Int(bitPattern: value) != -1
  }
}
