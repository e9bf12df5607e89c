/// A key as the app sees it, whatever bytes the terminal used to report it.
public enum Key: Hashable, Sendable {
  /// Printable text, including space and characters of any script.
  case character(Character)
  case up, down, left, right, home, end, pageUp, pageDown, insert, delete
  /// F1 … F12.
  case function(Int)
  case escape, enter, backspace, tab, backTab
  /// Ctrl with a letter, given in lowercase. Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M arrive as
  /// backspace, tab and enter instead, because terminals send the same bytes for both.
  case control(Character)
}
