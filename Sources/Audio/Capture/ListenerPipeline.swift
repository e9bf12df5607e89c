import AudioModel
import DSP
import Glibc

/// The detectors behind a `Listener`, fed one captured block at a time. Not thread-safe: the
/// listener keeps it behind a lock.
final class ListenerPipeline {
  private let sampleRate: Int
  private let levelInterval: Int
  private let longestBridgedGap: Int64
  private let profile: InstrumentProfile?
  private let clickTemplates: [[Float]]
  private var clickPath: ClickPath?
  private var onsets: OnsetDetector
  private var pitch: PitchDetector
  /// The input frame the detectors call frame 0; nil until the first block.
  private var origin: Int64?
  private var nextFrame: Int64 = 0
  private var levelSum: Float = 0
  private var levelCount = 0
  private var latestPitch: PitchEstimate?
  private let silence: [Float]
  /// Input frames around clicks placed by a clock that had just moved, where no onset counts.
  private var unsure: [Range<Int64>] = []
  /// What an unsure click covers: its placement can be this far off either way, and its sound
  /// lasts this long after.
  static let unsureBefore: Int64 = 480
  static let unsureAfter: Int64 = 1_920

  init(
    sampleRate: Int, levelInterval: Int, longestBridgedGap: Int64, profile: InstrumentProfile?,
    clickTemplates: [[Float]], clickPath: ClickPath?
  ) {
    self.sampleRate = sampleRate
    self.levelInterval = levelInterval
    self.longestBridgedGap = longestBridgedGap
    self.profile = profile
    self.clickTemplates = clickTemplates
    self.clickPath = clickPath
    onsets = OnsetDetector(
      sampleRate: sampleRate, profile: profile, clickTemplates: clickTemplates,
      clickPath: clickPath)
    pitch = PitchDetector(sampleRate: sampleRate)
    silence = [Float](repeating: 0, count: Int(longestBridgedGap))
  }

  func follow(_ path: ClickPath) {
    clickPath = path
    onsets.clickPath = path
  }

  func expectClick(atInputFrame frame: Int64, sound: Int, isAlone: Bool, isUnsure: Bool) {
    guard let origin else { return }
    onsets.expectClick(atFrame: Int(frame - origin), sound: sound, isAlone: isAlone)
    if isUnsure { unsure.append(frame - Self.unsureBefore..<frame + Self.unsureAfter) }
  }

  /// A gap in the frame count up to `longestBridgedGap` (an overrun) is filled with silence so
  /// the detectors keep their timing; a longer one, or going backwards, starts them afresh.
  func consume(_ block: UnsafeBufferPointer<Float>, at frame: Int64) -> [ListenerEvent] {
    if origin == nil || frame < nextFrame || frame - nextFrame > longestBridgedGap {
      restart(at: frame)
    }
    var events: [ListenerEvent] = []
    if frame > nextFrame {
      let gap = Int(frame - nextFrame)
      silence.withUnsafeBufferPointer { silence in
        analyse(UnsafeBufferPointer(rebasing: silence[..<gap]), into: &events)
      }
    }
    analyse(block, into: &events)
    return events
  }

  private func restart(at frame: Int64) {
    onsets = OnsetDetector(
      sampleRate: sampleRate, profile: profile, clickTemplates: clickTemplates,
      clickPath: clickPath)
    pitch = PitchDetector(sampleRate: sampleRate)
    origin = frame
    nextFrame = frame
    unsure = []
    levelSum = 0
    levelCount = 0
    latestPitch = nil
  }

  private func analyse(_ block: UnsafeBufferPointer<Float>, into events: inout [ListenerEvent]) {
    let origin = origin ?? 0
    for onset in onsets.process(block) {
      let frame = origin + Int64(onset.frame)
      unsure.removeAll { $0.upperBound <= frame }
      guard !unsure.contains(where: { $0.contains(frame) }) else { continue }
      events.append(.onset(frame: frame, strength: onset.strength))
    }
    // Only the newest estimate goes out, with the level: every one would flood the main loop.
    if let estimate = pitch.process(block).last { latestPitch = estimate }
    for (index, sample) in block.enumerated() {
      levelSum += sample * sample
      levelCount += 1
      guard levelCount == levelInterval else { continue }
      let rms = (levelSum / Float(levelInterval)).squareRoot()
      events.append(
        .level(frame: nextFrame + Int64(index) + 1, decibels: 20 * log10f(max(rms, 1e-6))))
      if let estimate = latestPitch {
        events.append(
          .pitch(
            frame: origin + Int64(estimate.frame), frequency: estimate.frequency,
            confidence: estimate.confidence))
        latestPitch = nil
      }
      levelSum = 0
      levelCount = 0
    }
    nextFrame += Int64(block.count)
  }
}
