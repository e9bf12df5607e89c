import Audio
import TerminalUI

/// The listening screen: the microphone's level, the onsets it hears and the pitch of what is
/// played, as a tuner. It checks that the microphone path works before any exercise relies on
/// it. All times are input frames, so the screen never needs a clock of its own.
public struct ListenModel: Equatable, Sendable {
  static let sampleRate = Int64(PulseAudioInput.sampleRate)
  /// An onset lights the marker for this long, so even a short clap is seen.
  public static let flashFrames = sampleRate * 15 / 100
  /// A pitch stays on screen this long after the sound loses it, so a fading note does not
  /// flicker.
  public static let pitchHoldFrames = sampleRate / 2
  /// Below this confidence an estimate is not shown; noise and breath give low values.
  static let shownConfidence = 0.8

  public private(set) var isListening = false
  /// Why the microphone could not start; nil while it works.
  public private(set) var problem: String?
  public private(set) var decibels: Float?
  public private(set) var onsetCount = 0
  public private(set) var lastOnsetFrame: Int64?
  public private(set) var frequency: Double?
  public private(set) var pitchFrame: Int64 = 0
  /// The newest input frame any event spoke of.
  public private(set) var latestFrame: Int64 = 0

  public init() {}

  static let keyHints: [KeyHint] = [
    KeyHint(.text("r"), "listen.key.reset"),
    .back,
    .help,
    .quitNow,
  ]

  public var isFlashing: Bool {
    lastOnsetFrame.map { latestFrame - $0 < Self.flashFrames } ?? false
  }

  /// The frequency to show, if the last confident estimate is recent enough.
  public var shownFrequency: Double? {
    guard let frequency, latestFrame - pitchFrame <= Self.pitchHoldFrames else { return nil }
    return frequency
  }

  mutating func started() {
    isListening = true
    problem = nil
  }

  mutating func failed(_ reason: String) {
    isListening = false
    problem = reason
  }

  mutating func hear(_ events: [ListenerEvent]) {
    for event in events {
      switch event {
      case .onset(let frame, _):
        onsetCount += 1
        lastOnsetFrame = frame
        latestFrame = max(latestFrame, frame)
      case .pitch(let frame, let frequency, let confidence):
        if frequency > 0, confidence >= Self.shownConfidence {
          self.frequency = frequency
          pitchFrame = frame
        }
        latestFrame = max(latestFrame, frame)
      case .level(let frame, let decibels):
        self.decibels = decibels
        latestFrame = max(latestFrame, frame)
      }
    }
  }

  mutating func handle(_ key: Key) {
    if key == .character("r") {
      onsetCount = 0
      lastOnsetFrame = nil
    }
  }
}
