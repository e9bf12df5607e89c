import Practice

extension HeldNoteDetector {
  /// Feeds in what the microphone heard: an attack arms it, a pitch estimate may complete a
  /// held note. Returns the held notes' frequencies, each with the event that completed it (an
  /// estimate, or an attack reported after its note's first estimates), in order.
  mutating func held(in events: [PlayedEvent]) -> [(frequency: Double, event: PlayedEvent)] {
    var held: [(frequency: Double, event: PlayedEvent)] = []
    for event in events where event.source == .microphone {
      let seconds = Double(event.instant.nanoseconds) / 1e9
      switch event.kind {
      case .attack:
        if let note = arm(at: seconds) { held.append((note, event)) }
      case .sounding(let frequency, let confidence):
        if let note = hear(frequency: frequency, confidence: confidence, at: seconds) {
          held.append((note, event))
        }
      }
    }
    return held
  }
}
