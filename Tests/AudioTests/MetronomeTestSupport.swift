import Audio
import AudioModel
import Foundation

/// Shared pieces for the metronome tests: voices whose onsets are easy to find and tell apart,
/// a streaming onset finder, and the block loop an output runs.
enum TestVoices {
  static let sampleRate = 48_000

  /// A burst at full `peak` on sample 0 that decays smoothly and never crosses zero, so its
  /// onset is the first loud sample and nothing inside it looks like a second onset.
  static func burst(peak: Float, length: Int) -> [Float] {
    (0..<length).map { index in
      let remaining = 1 - Float(index) / Float(length)
      return peak * remaining * remaining
    }
  }

  // Different peaks tell the kinds apart at their onsets; all are shorter than a sixteenth
  // at 300 BPM (2400 frames), so they never overlap in a test pattern.
  static let accent = burst(peak: 0.8, length: 1200)
  static let normal = burst(peak: 0.6, length: 1000)
  static let subdivision = burst(peak: 0.4, length: 600)
  static let countIn = burst(peak: 0.7, length: 800)
  static let target = burst(peak: 0.2, length: 400)

  static let voices = MetronomeVoices(
    accent: accent, normal: normal, subdivision: subdivision, countIn: countIn, target: target)

  /// The kind whose voice starts at `peak` (after `gain`).
  static func kind(ofPeak peak: Float, gain: Float = 1) -> ClickKind? {
    let kinds: [(ClickKind, [Float])] = [
      (.accent, accent), (.normal, normal), (.subdivision, subdivision), (.countIn, countIn),
      (.target, target),
    ]
    return kinds.first { abs($0.1[0] * gain - peak) < 1e-6 }?.0
  }
}

struct Onset: Equatable {
  let frame: Int64
  let peak: Float
}

/// Finds onsets as a meter would: a sample above the threshold after silence. It keeps its
/// state between blocks, so an onset on the first frame of a block is found like any other.
struct OnsetDetector {
  var threshold: Float = 0.001
  private var isSilent = true

  private static let chunk = 256
  private static let zeros = [Float](repeating: 0, count: chunk)

  mutating func onsets(in block: UnsafeBufferPointer<Float>, startFrame: Int64) -> [Onset] {
    guard let samples = block.baseAddress else { return [] }
    var found: [Onset] = []
    var start = 0
    while start < block.count {
      let count = min(Self.chunk, block.count - start)
      // Debug builds crawl through ten minutes sample by sample; a metronome is mostly exact
      // zeros, which memcmp skips at memory speed without changing what is found.
      let isZero = Self.zeros.withUnsafeBytes {
        memcmp(samples + start, $0.baseAddress!, count * MemoryLayout<Float>.size) == 0
      }
      if isZero {
        isSilent = true
      } else {
        for index in start..<(start + count) {
          let isLoud = samples[index] > threshold || samples[index] < -threshold
          if isLoud && isSilent {
            found.append(Onset(frame: startFrame + Int64(index), peak: samples[index]))
          }
          isSilent = !isLoud
        }
      }
      start += count
    }
    return found
  }
}

/// How an output cuts the stream into blocks.
enum BlockPlan: CustomStringConvertible {
  case fixed(Int)
  /// Sizes drawn from 1...maximum by a seeded generator.
  case random(seed: UInt64, maximum: Int)

  var description: String {
    switch self {
    case .fixed(let size): "blocks of \(size)"
    case .random(let seed, let maximum): "random blocks up to \(maximum) (seed \(seed))"
    }
  }

  func sizes() -> AnyIterator<Int> {
    switch self {
    case .fixed(let size):
      return AnyIterator { size }
    case .random(let seed, let maximum):
      var generator = TestRandom(seed: seed)
      return AnyIterator { Int.random(in: 1...maximum, using: &generator) }
    }
  }
}

/// Pulls consecutive blocks from `renderer` as an output does and hands each to `body`,
/// without keeping them, so ten minutes of audio need only one block of memory.
func stream(
  _ renderer: some AudioRenderer, frames: Int64, plan: BlockPlan, from start: Int64 = 0,
  body: (UnsafeBufferPointer<Float>, Int64) -> Void
) {
  let sizes = plan.sizes()
  var buffer = [Float](repeating: .nan, count: 8192)
  var frame = start
  while frame < start + frames {
    let count = Int(min(Int64(sizes.next()!), start + frames - frame))
    buffer.withUnsafeMutableBufferPointer { whole in
      let block = UnsafeMutableBufferPointer(rebasing: whole[..<count])
      renderer.render(into: block, startFrame: frame)
      body(UnsafeBufferPointer(block), frame)
    }
    frame += Int64(count)
  }
}

/// Renders `frames` frames from frame `start` into memory.
func renderAll(
  _ renderer: some AudioRenderer, frames: Int64, plan: BlockPlan = .fixed(480),
  from start: Int64 = 0
) -> [Float] {
  var samples: [Float] = []
  samples.reserveCapacity(Int(frames))
  stream(renderer, frames: frames, plan: plan, from: start) { block, _ in
    samples.append(contentsOf: block)
  }
  return samples
}

func onsets(in samples: [Float]) -> [Onset] {
  var detector = OnsetDetector()
  return samples.withUnsafeBufferPointer { detector.onsets(in: $0, startFrame: 0) }
}

/// SplitMix64, so tests can replay random gaps and block sizes.
struct TestRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// Beat `k` at `bpm` from the closed form, in exact integer arithmetic: `bpm` is
/// `numerator / denominator`, and halves round up.
func idealFrame(ofBeat k: Int64, bpmNumerator: Int64, bpmDenominator: Int64 = 1) -> Int64 {
  let frames = k * 60 * Int64(TestVoices.sampleRate) * bpmDenominator
  return (2 * frames + bpmNumerator) / (2 * bpmNumerator)
}
