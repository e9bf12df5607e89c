import AudioModel
import Practice

extension HeldNoteDetector {
  /// Feeds in what the listener heard: an onset is a new attack, a pitch estimate may complete
  /// a held note. Returns the held notes' frequencies in the order they completed.
  mutating func held(in events: [ListenerEvent]) -> [Double] {
    var held: [Double] = []
    for event in events {
      switch event {
      case .onset:
        arm()
      case .level:
        break
      case .pitch(_, let frequency, let confidence):
        if let note = hear(frequency: frequency, confidence: confidence) { held.append(note) }
      }
    }
    return held
  }
}
