import AudioModel
import Synchronization

/// Tells a listener where the metronome's clicks will land in the input, so that their sound in
/// the microphone is not taken for a hit. A click's input frame is where the output clock says
/// it is heard, plus the measured round trip, on the input clock; its sound is its kind's place
/// in `ClickKind.sounding`.
public final class ClickAnnouncer: Sendable {
  private let log: ScheduleLog
  private let outputClock: @Sendable () -> OutputClock?
  private struct State {
    var roundTrip: Int64 = 0
    /// The output frame after the last click announced.
    var next: Int64 = 0
  }

  private let state = Mutex(State())

  public init(log: ScheduleLog, outputClock: @escaping @Sendable () -> OutputClock?) {
    self.log = log
    self.outputClock = outputClock
  }

  /// The measured round trip from the speakers to the input; until it is set, none.
  public func setRoundTrip(nanoseconds: Int64) {
    state.withLock { $0.roundTrip = nanoseconds }
  }

  public var roundTrip: Duration {
    .nanoseconds(state.withLock { $0.roundTrip })
  }

  /// Announces every click scheduled since the last call. Call it before each captured block
  /// is consumed: clicks are scheduled a block before they play, so they are announced before
  /// their sound is captured. Without both clocks nothing can be placed, and nothing is.
  public func announce(to listener: Listener, inputClock: InputClock?) {
    guard let inputClock, let outputClock = outputClock() else { return }
    let (next, roundTrip) = state.withLock { ($0.next, $0.roundTrip) }
    let clicks = log.clicks(since: next)
    guard let last = clicks.last else { return }
    for click in clicks where !click.isMuted {
      guard let sound = click.kind.soundIndex else { continue }
      let heard = outputClock.instant(whenAudible: click.frame)
      let captured = UInt64(clamping: max(0, Int64(clamping: heard) + roundTrip))
      // Nobody plays during the count-in or on a rest: the clicks' sound in the room is
      // learned there.
      listener.expectClick(
        atInputFrame: inputClock.capturedFrame(at: captured), sound: sound,
        isAlone: click.isCountIn || click.isRest)
    }
    state.withLock { $0.next = last.frame + 1 }
  }
}
