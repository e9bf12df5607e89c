import MusicTheory
import TerminalUI

extension FretPosition {
  /// Where an arrow key moves a cursor on a neck tuned `tuning`: up and down across the
  /// strings (string 1 is drawn at the top), left and right along the frets, never off the neck.
  /// Nil for any other key.
  func moved(by key: Key, on tuning: Tuning) -> FretPosition? {
    let strings = tuning.stringCount
    var moved = self
    switch key {
    case .up: moved.string = max(1, string - 1)
    case .down: moved.string = min(strings, string + 1)
    case .left: moved.fret = max(0, fret - 1)
    case .right: moved.fret = min(tuning.lastFret, fret + 1)
    default: return nil
    }
    return moved
  }
}
