import AudioModel
import TerminalUI

/// Where the microphone's frames lie on the monotonic clock, for judging when a note was played
/// against the click. The round trip measured from the speakers back to the input is taken off,
/// since that delay belongs to the room and the sound card, not to the player.
public struct InputTiming: Equatable, Sendable {
  public var clock: InputClock
  public var roundTrip: Duration

  public init(clock: InputClock, roundTrip: Duration) {
    self.clock = clock
    self.roundTrip = roundTrip
  }

  /// When the sound captured at `frame` was played.
  public func instant(ofFrame frame: Int64) -> MonotonicInstant {
    MonotonicInstant(nanoseconds: clock.instant(whenCaptured: frame))
      .advanced(by: .zero - roundTrip)
  }
}

extension PlayedEvent {
  /// What the listener heard, on the shared clock: onsets as attacks and pitch estimates as
  /// soundings, each at the instant it was played (now, without a clock for the frames).
  static func heard(_ events: [ListenerEvent], timing: InputTiming?) -> [PlayedEvent] {
    let now = MonotonicInstant.now()
    return events.compactMap { event in
      switch event {
      case .onset(let frame, _):
        PlayedEvent(
          instant: timing?.instant(ofFrame: frame) ?? now, kind: .attack, source: .microphone)
      case .pitch(let frame, let frequency, let confidence):
        PlayedEvent(
          instant: timing?.instant(ofFrame: frame) ?? now,
          kind: .sounding(frequency: frequency, confidence: confidence), source: .microphone)
      case .level:
        nil
      }
    }
  }
}
