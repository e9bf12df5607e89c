import DSP
import Glibc
import ListeningEval
import XCTest

/// Bowed, blown and sung notes: found where they start, however slowly they swell in, and only
/// there: a note played again after a short dip is a new onset, while its release, its vibrato
/// and a crescendo on it are not.
final class OnsetSoftAttackTests: XCTestCase {
  private static let sampleRate = 48_000

  /// How loud a held note is over time, and how far its pitch wanders (vibrato), as factors.
  private struct Shape {
    var attack: Double
    var length: Double
    /// Fade-out at the end; zero stops the note dead.
    var release = 0.05
    var vibratoDepth = 0.0
    var vibratoRate = 5.5
    /// The level at the end of the note (before its release) over the level after its attack.
    var swell = 1.0
  }

  /// A bowed note: harmonics swelling in linearly over its attack, as `Shape` says.
  private func note(frequency: Double, _ shape: Shape, level: Float = 0.5) -> [Float] {
    let rate = Double(Self.sampleRate)
    let count = Int((shape.length + shape.release) * rate)
    let harmonics = [1.0, 0.6, 0.4, 0.25, 0.15, 0.1]
    var phase = 0.0
    var samples = [Float](repeating: 0, count: count)
    for index in 0..<count {
      let time = Double(index) / rate
      var envelope = min(1, time / shape.attack)
      if time > shape.attack {
        envelope *=
          1 + (shape.swell - 1) * min(1, (time - shape.attack) / (shape.length - shape.attack))
      }
      if time > shape.length { envelope *= max(0, 1 - (time - shape.length) / shape.release) }
      let vibrato =
        time > shape.attack ? shape.vibratoDepth * sin(2 * .pi * shape.vibratoRate * time) : 0
      phase += 2 * .pi * frequency * (1 + vibrato) / rate
      var value = 0.0
      for (number, amplitude) in harmonics.enumerated() {
        value += amplitude * sin(Double(number + 1) * phase)
      }
      samples[index] = level * Float(envelope * value / 2.5)
    }
    return samples
  }

  /// The notes at their starts (seconds), over quiet room noise, and where each starts by the
  /// evaluation's rule: its first sample within 30 dB of its peak.
  private func take(_ notes: [(start: Double, samples: [Float])], length: Double)
    -> (samples: [Float], starts: [Int])
  {
    var generator = SplitMix64(seed: 11)
    var samples = PinkNoise.samples(count: Int(length * Double(Self.sampleRate)), using: &generator)
      .map { $0 * 0.0003 }
    var starts: [Int] = []
    for (start, sound) in notes {
      let first = Int(start * Double(Self.sampleRate))
      for (offset, sample) in sound.enumerated() where first + offset < samples.count {
        samples[first + offset] += sample
      }
      let peak = sound.reduce(0) { max($0, abs($1)) }
      starts.append(first + (sound.firstIndex { abs($0) >= peak * 0.0316 } ?? 0))
    }
    return (samples, starts)
  }

  private func onsets(_ samples: [Float]) -> [Int] {
    OnsetDetector.onsets(in: samples, sampleRate: Self.sampleRate).map(\.frame)
  }

  private func milliseconds(_ frames: Int) -> Double {
    Double(frames) * 1000 / Double(Self.sampleRate)
  }

  func testABowedNoteWithASlowAttackIsFoundWhereItStarts() {
    for attack in [0.03, 0.08, 0.15] {
      for frequency in [196.0, 440.0, 880.0] {
        let played = take(
          [(0.5, note(frequency: frequency, Shape(attack: attack, length: 0.8)))], length: 2)
        let found = onsets(played.samples)
        let label = "attack \(attack) s, \(frequency) Hz: \(found.map { milliseconds($0) })"
        XCTAssertEqual(found.count, 1, label)
        // The rule puts a linear swell's start a little after its first sample (5 ms on the
        // slowest): the onset may lie between them, never far outside.
        let onset = milliseconds(found.first ?? 0)
        XCTAssertLessThanOrEqual(onset, milliseconds(played.starts[0]) + 3, label)
        XCTAssertGreaterThanOrEqual(onset, 500 - 3, label)
      }
    }
  }

  func testTheSameNotePlayedAgainAfterAShortDipIsTwoOnsets() {
    for (attack, gap) in [(0.04, 0.03), (0.08, 0.02), (0.06, 0.0)] {
      let first = note(frequency: 330, Shape(attack: attack, length: 0.4, release: 0.03))
      let again = Double(first.count) / Double(Self.sampleRate) + gap
      let played = take(
        [(0.5, first), (0.5 + again, note(frequency: 330, Shape(attack: attack, length: 0.4)))],
        length: 2)
      let found = onsets(played.samples)
      let label = "attack \(attack) s, gap \(gap) s: \(found.map { milliseconds($0) })"
      XCTAssertEqual(found.count, 2, label)
      for (onset, start) in zip(found, played.starts) {
        XCTAssertEqual(milliseconds(onset), milliseconds(start), accuracy: 10, label)
      }
    }
  }

  func testANotesReleaseIsNoOnset() {
    for release in [0.2, 0.05, 0.0] {
      for frequency in [220.0, 660.0] {
        let played = take(
          [(0.5, note(frequency: frequency, Shape(attack: 0.06, length: 0.6, release: release)))],
          length: 2)
        XCTAssertEqual(onsets(played.samples).count, 1, "release \(release) s, \(frequency) Hz")
      }
    }
  }

  func testVibratoAndACrescendoOnAHeldNoteAreNoOnsets() {
    let shapes = [
      Shape(attack: 0.08, length: 2, vibratoDepth: 0.015),
      Shape(attack: 0.08, length: 2, vibratoDepth: 0.03, vibratoRate: 6.5),
      Shape(attack: 0.08, length: 2, swell: 4),
      Shape(attack: 0.08, length: 2, vibratoDepth: 0.015, swell: 4),
    ]
    for (index, shape) in shapes.enumerated() {
      for frequency in [196.0, 523.0] {
        let played = take([(0.5, note(frequency: frequency, shape, level: 0.2))], length: 3)
        let found = onsets(played.samples)
        XCTAssertEqual(
          found.count, 1, "shape \(index), \(frequency) Hz: \(found.map { milliseconds($0) })")
      }
    }
  }

  /// Bowed notes, some played again after a dip, some changing pitch: the run of a swell, its
  /// placement far back and a note's end being no onset all come out the same however the
  /// input is split, and are reported within the detector's latency.
  func testSwellsGiveTheSameOnsetsInBlocksOfAnySizeWithinTheLatency() {
    var notes: [(start: Double, samples: [Float])] = []
    var time = 0.3
    for (index, frequency) in [330.0, 330, 349, 392, 392, 262].enumerated() {
      let shape = Shape(
        attack: [0.03, 0.08, 0.15][index % 3], length: 0.25, release: index % 2 == 0 ? 0.03 : 0)
      notes.append((time, note(frequency: frequency, shape)))
      time += 0.25 + shape.release + 0.01
    }
    let played = take(notes, length: time + 0.5)
    func detect(inBlocksOf size: Int) -> (onsets: [Onset], latest: Int, latency: Int) {
      let detector = OnsetDetector(sampleRate: Self.sampleRate)
      var onsets: [Onset] = []
      var latest = 0
      played.samples.withUnsafeBufferPointer { samples in
        var start = 0
        while start < samples.count {
          let end = min(samples.count, start + size)
          for onset in detector.process(UnsafeBufferPointer(rebasing: samples[start..<end])) {
            latest = max(latest, end - onset.frame)
            onsets.append(onset)
          }
          start = end
        }
      }
      return (onsets + detector.finish(), latest, detector.latency)
    }
    let whole = detect(inBlocksOf: played.samples.count).onsets
    XCTAssertEqual(whole.count, notes.count, "\(whole.map { milliseconds($0.frame) })")
    for size in [1, 64, 480, 1_000] {
      let split = detect(inBlocksOf: size)
      XCTAssertEqual(split.onsets, whole, "blocks of \(size)")
      XCTAssertLessThanOrEqual(split.latest, split.latency + size, "blocks of \(size)")
    }
  }
}
