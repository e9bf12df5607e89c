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
