/// Plays one-shot sounds at exact frames and sums the ones sounding in each block. A sound
/// started before a block and still ringing continues from where it was, so where a sound
/// falls never depends on how the stream is cut into blocks.
struct VoiceMixer: Sendable {
  private struct Sound: Sendable {
    let samples: [Float]
    let onset: Int64
    let gain: Float

    var end: Int64 { onset + Int64(samples.count) }
  }

  /// In the order they were played, so overlapping sounds are always summed in the same order
  /// and the output is bit-identical for any block size.
  private var sounds: [Sound] = []

  /// Reserves room for `capacity` overlapping sounds, so playing and mixing on the audio
  /// thread never allocates.
  init(capacity: Int) {
    sounds.reserveCapacity(capacity)
  }

  var isSounding: Bool { !sounds.isEmpty }

  mutating func reserveCapacity(_ capacity: Int) {
    sounds.reserveCapacity(capacity)
  }

  mutating func play(_ samples: [Float], atFrame onset: Int64, gain: Float) {
    guard !samples.isEmpty, gain > 0 else { return }
    sounds.append(Sound(samples: samples, onset: onset, gain: gain))
  }

  /// Overwrites `buffer` with frames `startFrame ..< startFrame + buffer.count` of the mix,
  /// clamped to −1…1, and forgets the sounds that have finished.
  mutating func render(into buffer: UnsafeMutableBufferPointer<Float>, startFrame: Int64) {
    guard let output = buffer.baseAddress else { return }
    buffer.update(repeating: 0)
    let endFrame = startFrame + Int64(buffer.count)
    // Only where sounds were added can the sum leave −1…1; most of a metronome is silence.
    var touchedStart = buffer.count
    var touchedEnd = 0
    for sound in sounds where sound.onset < endFrame && sound.end > startFrame {
      let first = max(sound.onset, startFrame)
      let last = min(sound.end, endFrame)
      let count = Int(last - first)
      let to = Int(first - startFrame)
      let gain = sound.gain
      sound.samples.withUnsafeBufferPointer { samples in
        let input = samples.baseAddress! + Int(first - sound.onset)
        for index in 0..<count {
          output[to + index] += input[index] * gain
        }
      }
      touchedStart = min(touchedStart, to)
      touchedEnd = max(touchedEnd, to + count)
    }
    for index in touchedStart..<max(touchedStart, touchedEnd) {
      output[index] = min(max(output[index], -1), 1)
    }
    sounds.removeAll { $0.end <= endFrame }
  }
}
