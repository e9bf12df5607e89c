import Practice

extension HeldNoteDetector {
  /// Feeds in what the microphone heard: an attack arms it, a pitch estimate may complete a
  /// held note. Returns the held notes' frequencies, each with the instant of the estimate
  /// that completed it, in order.
  mutating func held(in events: [PlayedEvent]) -> [(frequency: Double, event: PlayedEvent)] {
    var held: [(frequency: Double, event: PlayedEvent)] = []
    for event in events where event.source == .microphone {
      switch event.kind {
      case .attack:
        arm()
      case .sounding(let frequency, let confidence):
        if let note = hear(frequency: frequency, confidence: confidence) {
          held.append((note, event))
        }
      }
    }
    return held
  }
}
