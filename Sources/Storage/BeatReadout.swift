/// Which beats screen-reader mode reads out while a click plays (the metronome, the rhythm
/// trainer). A beat not read out does not move the cursor, though its words stay on the
/// screen for a braille display.
public enum BeatReadout: String, CaseIterable, Codable, Sendable {
  case everyBeat
  /// The default: at 120 BPM every beat is two readings a second, which a speech synthesizer
  /// cannot finish and which drown out everything else; the first of each bar still tells
  /// the player where they are, every bar, and nothing in between.
  case firstOfBar
  case startAndStop

  /// Whether the beat at `beatInBar` (0 for the first of the bar, or of the count-in) is read
  /// out. Starting and stopping are read out whatever the choice: they change the tempo line.
  public func readsOut(beatInBar: Int) -> Bool {
    switch self {
    case .everyBeat: true
    case .firstOfBar: beatInBar == 0
    case .startAndStop: false
    }
  }
}
