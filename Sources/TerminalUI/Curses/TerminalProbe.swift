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

  /// The colours terminfo declares for `term`, or nil when terminfo does not know the type.
  public static func colorCount(term: String) -> Int? {
    var status: Int32 = 0
    // A descriptor that is not a terminal keeps setupterm from touching the real one.
    guard setupterm(term, -1, &status) == OK, status == 1 else { return nil }
    defer {
      if let loaded = set_curterm(nil) { del_curterm(loaded) }
    }
    return max(0, Int(tigetnum("colors")))
  }
}
