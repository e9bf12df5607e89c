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
    /// The last click announced: its output frame and when it was to be heard.
    var last: (frame: Int64, heard: UInt64)?
  }

  /// A click heard this much off where the one before places it (the nominal rate from there)
  /// comes right after the output's clock moved: an underrun, a restart.
  static let clockJumpNanoseconds: Int64 = 1_000_000

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
    let (next, roundTrip, previous) = state.withLock { ($0.next, $0.roundTrip, $0.last) }
    let clicks = log.clicks(since: next)
    guard let last = clicks.last else { return }
    var before = previous
    for click in clicks where !click.isMuted {
      guard let sound = click.kind.soundIndex else { continue }
      let heard = outputClock.instant(whenAudible: click.frame)
      // The first measurement after the output's clock moved can be a few milliseconds off,
      // more than a click's sound is known to wander: what sounds with that click is not
      // counted, rather than the click itself.
      let isUnsure =
        before.map { before in
          let interval = Double(click.frame - before.frame) / Double(outputClock.sampleRate)
          let expected = Int64(before.heard) + Int64(interval * 1e9)
          return abs(Int64(heard) - expected) > Self.clockJumpNanoseconds
        } ?? false
      before = (click.frame, heard)
      let captured = UInt64(clamping: max(0, Int64(clamping: heard) + roundTrip))
      // Nobody plays during the count-in or on a rest: the clicks' sound in the room is
      // learned there.
      listener.expectClick(
        atInputFrame: inputClock.capturedFrame(at: captured), sound: sound,
        isAlone: click.isCountIn || click.isRest, isUnsure: isUnsure)
    }
    state.withLock {
      $0.next = last.frame + 1
      $0.last = before
    }
  }
}
