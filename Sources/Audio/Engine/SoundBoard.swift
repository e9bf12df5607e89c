import Synchronization

/// Plays one-shot sounds, such as the note of a flashcard, from the next block the output asks
/// for. Sounds are handed over from any thread; the audio thread only mixes.
public final class SoundBoard: AudioRenderer {
  /// Sounds ringing at once; more are dropped rather than allocating on the audio thread.
  public static let capacity = 16

  private struct State {
    var mixer: VoiceMixer
    var pending: [(samples: [Float], gain: Float)]
  }

  private let state: Mutex<State>

  public init() {
    var pending: [(samples: [Float], gain: Float)] = []
    pending.reserveCapacity(Self.capacity)
    state = Mutex(State(mixer: VoiceMixer(capacity: Self.capacity), pending: pending))
  }

  /// Plays `samples` at `gain` (linear) as soon as the output can.
  public func play(_ samples: [Float], gain: Float) {
    state.withLock { state in
      guard state.pending.count < Self.capacity else { return }
      state.pending.append((samples, gain))
    }
  }

  public func render(into buffer: UnsafeMutableBufferPointer<Float>, startFrame: Int64) {
    state.withLock { state in
      for sound in state.pending {
        state.mixer.play(sound.samples, atFrame: startFrame, gain: sound.gain)
      }
      state.pending.removeAll(keepingCapacity: true)
      state.mixer.render(into: buffer, startFrame: startFrame)
    }
  }
}
