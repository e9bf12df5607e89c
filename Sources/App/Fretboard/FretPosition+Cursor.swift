import MusicTheory
import TerminalUI

extension FretPosition {
  /// Where an arrow key moves a cursor on a neck of `strings` strings: up and down across the
  /// strings (string 1 is drawn at the top), left and right along the frets, never off the neck.
  /// Nil for any other key.
  func moved(by key: Key, strings: Int) -> FretPosition? {
    var moved = self
    switch key {
    case .up: moved.string = max(1, string - 1)
    case .down: moved.string = min(strings, string + 1)
    case .left: moved.fret = max(0, fret - 1)
    case .right: moved.fret = min(FretboardView.lastFret, fret + 1)
    default: return nil
    }
    return moved
  }
}
