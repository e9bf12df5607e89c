import Synchronization

/// Plays one-shot sounds, such as the note of a flashcard, from the next block the output asks
/// for. Sounds are handed over from any thread; the audio thread only mixes, and notes the
/// frame each sound began at, so that the one who played it can learn when it was heard.
public final class SoundBoard: AudioRenderer {
  /// Sounds ringing at once; more are dropped rather than allocating on the audio thread.
  public static let capacity = 16

  private struct State {
    var mixer: VoiceMixer
    var pending: [(samples: [Float], gain: Float)]
    /// How many sounds were handed over, and how many of them the audio thread has started.
    var handedOver = 0
    var started = 0
    /// The output frame each of the latest `capacity` sounds started at, by number.
    var startFrames: [Int64]
  }

  private let state: Mutex<State>

  public init() {
    var pending: [(samples: [Float], gain: Float)] = []
    pending.reserveCapacity(Self.capacity)
    state = Mutex(
      State(
        mixer: VoiceMixer(capacity: Self.capacity), pending: pending,
        startFrames: [Int64](repeating: 0, count: Self.capacity)))
  }

  /// Plays `samples` at `gain` (linear) as soon as the output can; returns the sound's number,
  /// for `startFrame(of:)`, or nil when too many wait to start and it is dropped.
  @discardableResult
  public func play(_ samples: [Float], gain: Float) -> Int? {
    state.withLock { state in
      guard state.pending.count < Self.capacity else { return nil }
      state.pending.append((samples, gain))
      state.handedOver += 1
      return state.handedOver
    }
  }

  /// The output frame at which sound number `number` began, once the audio thread has started
  /// it; nil before, and for a sound so old that later ones took its place in the record.
  public func startFrame(of number: Int) -> Int64? {
    state.withLock { state in
      guard number <= state.started, number > state.started - Self.capacity else { return nil }
      return state.startFrames[number % Self.capacity]
    }
  }

  public func render(into buffer: UnsafeMutableBufferPointer<Float>, startFrame: Int64) {
    state.withLock { state in
      for sound in state.pending {
        state.mixer.play(sound.samples, atFrame: startFrame, gain: sound.gain)
        state.started += 1
        state.startFrames[state.started % Self.capacity] = startFrame
      }
      state.pending.removeAll(keepingCapacity: true)
      state.mixer.render(into: buffer, startFrame: startFrame)
    }
  }
}
