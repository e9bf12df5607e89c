import Glibc

/// A second onset function, for notes that start without a burst of energy: a bowed, blown or
/// sung note, or one that starts under the ringing of the note before. It counts how far the
/// partials heard now stand above anything heard near their frequencies lately: a new note's
/// partials are new, while vibrato, a bow's swell and a note fading out bring nothing that was
/// not there a moment before.
///
/// Each frame's spectrum comes from a window twice as long as the first onset function's, for
/// the frequency detail that tells a semitone apart down to the cello's range. A partial's level
/// now is the smaller of the level in this window and in the next one that does not overlap it,
/// so that only a sound that lasts counts: a note does, a metronome click or a knock does not.
/// It is compared with the largest level within vibrato's reach of it (3 %, at least a bin) over
/// the frames from 160 ms to 43 ms back: a full cycle of vibrato, and long enough for a slow
/// attack to have risen.
final class PartialNovelty {
  static let hopsPerWindow = 8
  /// Partials are followed from a bass note's second harmonic to where bowing noise takes over.
  static let lowest = 100.0
  static let highest = 3_000.0
  /// The frames compared with: from `memory` frames back to `lag` frames back.
  static let lag = 8
  static let memory = 30
  /// A rise counts as the log of the ratio of one plus the magnitudes scaled by this: −60 dBFS is
  /// well above the knee, so over most of a recording's range a rise counts by its ratio,
  /// whatever the loudness.
  static let levelScale: Float = 51_200
  /// Only a partial counts: a peak standing this far (in log units, 4 dB) above the bins three
  /// away on either side, as noise and the rattle of a click's tail spread over many bins.
  static let prominence: Float = 0.5
  static let neighbourDistance = 3
  /// A partial heard within 3 % of a bin's frequency (half a semitone), or within a bin, is no
  /// new partial there: a wide vibrato swings the upper partials that far.
  static let vibratoWidth = 0.03
  /// A note found by its partials started this long before the middle of the window, when the
  /// partials new in it show no clear rise to place it by.
  static let placementLeadSeconds = 0.045
  /// A partial is new in a frame when it stands 2 dB above anything near it lately.
  static let newPartialRise: Float = 1.26
  /// The new partials' rise is clear when their magnitude grows fourfold (12 dB) from its foot.
  static let clearRise = 4.0
  /// Walking back from the new partials' top, twice the lowest magnitude so far is the ringing
  /// of an earlier sound, not this note's foot.
  static let earlierSound = 2.0
  /// A note starts where its new partials' magnitude is still 26 dB under its top...
  static let riseShare = 0.05
  /// ...less this: a bowed, blown or sung note's partials go on swelling after the frames that
  /// found it, so the share of their top then is reached late (14.5 ms on the tuning part's
  /// bowed, blown and sung notes).
  static let swellCorrectionSeconds = 0.0145
  /// A rise is placed at most this long before where a note with no clear rise would be: the
  /// detector reports every onset within its latency of where it is placed.
  static let earliestRiseSeconds = 0.02

  let hop: Int
  let size: Int
  /// Frames from the judged one to the newest one it needs.
  static var framesLate: Int { hopsPerWindow }
  private let placementLead: Int
  /// From the first frame whose window holds `riseShare` of a new partial's top to its start.
  private let riseOffset: Int
  private let earliestRise: Int
  private let spectrum: OnsetSpectrum
  private let firstBin: Int
  private let binCount: Int
  private var magnitudes: [Float]
  /// The last frames' levels (one plus the scaled magnitude) and, for each bin, the largest
  /// within vibrato's reach of it, in rings.
  private var levels: [Float]
  private var spread: [Float]
  private let ringFrames: Int
  private(set) var frameCount = 0
  /// Which bins a metronome click fills in each frame of the ring, and each bin's onset band.
  private var clicked: [Bool]
  private let bandOfBin: [Int]
  /// The bins around each bin a partial may have come from.
  private let neighbourhoods: [Range<Int>]

  /// `bandCentres` are those of the onset bands, whose clicks `add` is told of.
  init(sampleRate: Int, bandCentres: [Double]) {
    spectrum = OnsetSpectrum(sampleRate: sampleRate, hopsPerWindow: Self.hopsPerWindow)
    hop = spectrum.hop
    let size = spectrum.size
    self.size = size
    placementLead = Int(Double(sampleRate) * Self.placementLeadSeconds)
    earliestRise = Int(Double(sampleRate) * Self.earliestRiseSeconds)
    riseOffset = Int(
      (Double(size) * (1 - Self.coveredShare(holding: Self.riseShare))
        - Self.swellCorrectionSeconds * Double(sampleRate)).rounded())
    let binWidth = Double(sampleRate) / Double(size)
    let firstBin = max(1, Int((Self.lowest / binWidth).rounded(.up)))
    self.firstBin = firstBin
    let lastBin = min(size / 2 - 1, Int(Self.highest / binWidth))
    let binCount = max(1, lastBin - firstBin + 1)
    self.binCount = binCount
    // Only the bins followed are needed.
    magnitudes = [Float](repeating: 0, count: firstBin + binCount)
    ringFrames = Self.memory + Self.framesLate + 1
    levels = [Float](repeating: 0, count: ringFrames * binCount)
    spread = levels
    clicked = [Bool](repeating: false, count: levels.count)
    neighbourhoods = (0..<binCount).map { bin in
      let reach = max(1, Int((Self.vibratoWidth * Double(firstBin + bin)).rounded()))
      return max(0, bin - reach)..<min(binCount, bin + reach + 1)
    }
    bandOfBin = (0..<binCount).map { bin in
      let frequency = Double(firstBin + bin) * binWidth
      return bandCentres.indices.min {
        abs(bandCentres[$0] - frequency) < abs(bandCentres[$1] - frequency)
      } ?? 0
    }
  }

  /// Where the sound of a note found in frame `frame` starts: where the partials new in that
  /// frame rose out of their foot, followed frame by frame back from their top; without a clear
  /// rise, a little before the window's middle, where its partials are clear.
  func soundStart(ofFrame frame: Int) -> Int {
    let steady = frame * hop + size / 2 - placementLead
    guard let risen = riseStart(ofFrame: frame) else { return max(0, steady) }
    return max(0, risen, steady - earliestRise)
  }

  /// The earliest `soundStart(ofFrame:)` can place a note found in `frame`.
  func earliestStart(ofFrame frame: Int) -> Int {
    frame * hop + size / 2 - placementLead - earliestRise
  }

  /// Where the partials new in `frame` crossed `riseShare` of their top, while it is held.
  private func riseStart(ofFrame frame: Int) -> Int? {
    let oldest = max(0, frameCount - ringFrames)
    guard frame + Self.framesLate < frameCount, frame > oldest else { return nil }
    let bins = newBins(inFrame: frame, since: oldest)
    guard !bins.isEmpty else { return nil }
    let ringFrames = ringFrames
    let binCount = binCount
    let magnitude = { (frame: Int) in
      let row = (frame % ringFrames) * binCount
      return self.levels.withUnsafeBufferPointer { levels in
        bins.reduce(0.0) { $0 + Double(levels[row + $1] - 1) }
      }
    }
    var top = frame
    for later in frame...(frame + Self.framesLate) where magnitude(later) > magnitude(top) {
      top = later
    }
    var foot = top
    for earlier in stride(from: top - 1, through: oldest, by: -1) {
      let level = magnitude(earlier)
      if level < magnitude(foot) {
        foot = earlier
      } else if level > Self.earlierSound * magnitude(foot) {
        break
      }
    }
    let base = magnitude(foot)
    let topLevel = magnitude(top)
    guard topLevel > Self.clearRise * base else { return nil }
    let share = base + Self.riseShare * (topLevel - base)
    var above = top
    while above - 1 > foot, magnitude(above - 1) > share { above -= 1 }
    let below = magnitude(above - 1)
    let reached = magnitude(above)
    let crossing = Double(above - 1) + (reached > below ? (share - below) / (reached - below) : 0)
    return Int((crossing * Double(hop)).rounded()) + riseOffset
  }

  /// The partials standing out in `frame`, and in the window after it, above anything heard near
  /// them since `oldest` (back to `memory` frames).
  private func newBins(inFrame frame: Int, since oldest: Int) -> [Int] {
    let ringFrames = ringFrames
    let binCount = binCount
    let row = { (frame: Int) in (frame % ringFrames) * binCount }
    let now = row(frame)
    let later = row(frame + Self.framesLate)
    let standing = expf(2 * Self.prominence)
    let apart = Self.neighbourDistance
    let farthest = min(Self.memory, frame - oldest)
    guard farthest >= Self.lag else { return [] }
    return levels.withUnsafeBufferPointer { levels in
      (apart..<(binCount - apart)).filter { bin in
        guard
          let level = Self.heldPartial(
            in: levels, bin: bin, now: now, later: later, standing: standing)
        else { return false }
        var before: Float = 0
        for back in Self.lag...farthest { before = max(before, spread[row(frame - back) + bin]) }
        return level > Self.newPartialRise * before
      }
    }
  }

  /// The level of a partial at `bin` in the window starting at row `now` and in the one at row
  /// `later`, the smaller of the two, when it is a peak in both; nil otherwise. In levels one
  /// above the scaled magnitude, as the logs are taken only of what counts: a peak stands
  /// `prominence` above its neighbours' mean log when its square exceeds their product by
  /// `standing`, `e^(2 prominence)`.
  @inline(__always)
  private static func heldPartial(
    in levels: UnsafeBufferPointer<Float>, bin: Int, now: Int, later: Int, standing: Float
  ) -> Float? {
    let apart = neighbourDistance
    let current = levels[now + bin]
    let next = levels[later + bin]
    guard current * current > standing * levels[now + bin - apart] * levels[now + bin + apart],
      next * next > standing * levels[later + bin - apart] * levels[later + bin + apart]
    else { return nil }
    return min(current, next)
  }

  /// How much of a periodic Hann window a steady sound must fill, from the window's end, for its
  /// magnitude to reach `share` of what the whole window gives.
  static func coveredShare(holding share: Double) -> Double {
    var low = 0.0
    var high = 1.0
    for _ in 0..<40 {
      let middle = (low + high) / 2
      let area = middle - sin(2 * Double.pi * middle) / (2 * Double.pi)
      if area < share { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }

  /// Adds the frame whose window starts at `windowStart` (one hop after the last one) and returns
  /// the novelty of the frame `framesLate` frames back, with that frame's number, once known.
  /// `clickedBands`, when a click sounds in the window, tells the onset bands it fills: their
  /// partials count only if they outlast it, as a click's ringing can hold over two windows.
  func add(windowStart: Int, of history: SampleHistory, clickedBands: [Bool]?) -> (
    frame: Int, value: Float
  )? {
    spectrum.magnitudes(of: history, from: windowStart, into: &magnitudes)
    let row = (frameCount % ringFrames) * binCount
    let scale = Self.levelScale
    let binCount = binCount
    let firstBin = firstBin
    levels.withUnsafeMutableBufferPointer { levels in
      magnitudes.withUnsafeBufferPointer { magnitudes in
        for bin in 0..<binCount { levels[row + bin] = 1 + magnitudes[firstBin + bin] * scale }
      }
      spread.withUnsafeMutableBufferPointer { spread in
        neighbourhoods.withUnsafeBufferPointer { neighbourhoods in
          for bin in 0..<binCount {
            var largest: Float = 0
            for other in neighbourhoods[bin] where levels[row + other] > largest {
              largest = levels[row + other]
            }
            spread[row + bin] = largest
          }
        }
      }
    }
    clicked.withUnsafeMutableBufferPointer { clicked in
      if let clickedBands {
        for bin in 0..<binCount { clicked[row + bin] = clickedBands[bandOfBin[bin]] }
      } else {
        for bin in 0..<binCount { clicked[row + bin] = false }
      }
    }
    frameCount += 1
    let judged = frameCount - 1 - Self.framesLate
    guard judged >= Self.memory else { return nil }
    return (judged, novelty(of: judged))
  }

  private func novelty(of judged: Int) -> Float {
    let ringFrames = ringFrames
    let binCount = binCount
    let row = { (frame: Int) in (frame % ringFrames) * binCount }
    let now = row(judged)
    let later = row(judged + Self.framesLate)
    let standing = expf(2 * Self.prominence)
    let apart = Self.neighbourDistance
    var total: Float = 0
    levels.withUnsafeBufferPointer { levels in
      spread.withUnsafeBufferPointer { spread in
        clicked.withUnsafeBufferPointer { clicked in
          for bin in apart..<(binCount - apart) where !(clicked[now + bin] && clicked[later + bin])
          {
            guard
              let level = Self.heldPartial(
                in: levels, bin: bin, now: now, later: later, standing: standing)
            else { continue }
            var before: Float = 0
            for back in Self.lag...Self.memory {
              before = max(before, spread[row(judged - back) + bin])
              if before >= level { break }
            }
            if level > before { total += logf(level / before) }
          }
        }
      }
    }
    return total
  }
}
