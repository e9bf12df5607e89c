import Glibc

/// Places an onset found in the spectrum on the sample where its sound starts.
///
/// The waveform's energy is measured in one-millisecond blocks, back from the analysis window
/// where the onset was found to well before it. From the loudest block of the new sound, the
/// search walks back to the quietest point before it (the foot: silence, room noise or the
/// previous note's tail). The amplitude above the foot's level, over the middle of the rise,
/// is fitted with a straight line, which is followed back to zero: a slow swell starts where
/// its line starts, not where it first stands out from the noise. Finally the start is placed
/// to the sample where the energy just after most exceeds the energy just before.
struct OnsetRefiner {
  private let block: Int
  /// How far before the window's end the search reads.
  private let lookBack: Int
  private let span: Int
  /// How far before the window a sound's start can be placed.
  let earliestBeforeWindow: Int
  private let footReach: Int
  private var energy: [Double]
  private var blocks: [Double]
  private var clickBlocks: [Double]
  private var smoothed: [Double]
  private let swellReach: Int
  private let disagreement: Int

  /// The middle of the rise, as fractions of the loudest amplitude above the foot.
  static let fitFrom = 0.1
  static let fitTo = 0.7
  /// A burst within 6 dB of the loudest counts as the sound's first.
  static let nearTop = 0.25
  /// A rise of 10 dB in energy is clear enough to fit.
  static let clearRise = 10.0
  static let lookBackSeconds = 0.1
  /// The spectrum notices even the slowest swell within 20 ms of where its line starts.
  static let footBeforeWindowSeconds = 0.02
  /// A swell (a bowed, blown or sung note) can rise for this long, under noise or the previous
  /// note's end, before the spectrum notices it.
  static let swellBeforeWindowSeconds = 0.05
  /// A swell's energy is followed smoothed over 5 ms (odd, in blocks), through the wobble of a
  /// low note's cycles and of noise.
  static let swellSmoothing = 5
  /// A swell is over, or another sound began, once its energy falls to half its top so far.
  static let swellEnds = 0.5
  /// Walking back from a swell's top, energy 6 dB over the quietest point so far is an earlier
  /// sound's end: the swell rose from that quietest point.
  static let earlierSound = 4.0
  /// A swell's line may reach zero before its quietest point, which noise or beating can place
  /// late (in blocks).
  static let footSlack = 20
  /// A sound that takes longer than this (in blocks: milliseconds) to reach its top, smoothed,
  /// swells rather than strikes.
  static let slowestSharpRise = 12
  /// A sound whose energy in its first milliseconds stays under half its top (smoothed) is a
  /// swell, placed from its smoothed rise.
  static let swellShare = 0.5
  /// A rise out of near silence (20 dB below its top) is placed by the waveform alone...
  static let loudFoot = 0.01
  /// ...otherwise, with the waveform's and the spectrum's starts further apart than this, the
  /// spectrum's is taken.
  static let disagreementSeconds = 0.008
  /// A sound ending: the energy over 10 ms after the window (in blocks) 10 dB below the
  /// energy over 20 ms before it.
  static let beforeEnding = 20
  static let afterEnding = 10
  static let endingDrop = 0.1
  /// The energy before and after a sample is compared over 2 ms: a few cycles of a high note,
  /// short enough that a clap's first milliseconds dominate.
  static let spanSeconds = 0.002
  /// Energy 30 dB below the loudest stretch counts as silence, so that a clean sound's start
  /// is not pulled early by rounding dust before it.
  static let silentShare = 0.001
  /// A block within 6 dB of the quietest is as quiet as a ringing tail's dips.
  static let nearQuietest = 4.0
  /// Blocks within 6 dB of the foot are still the quiet before a sound.
  static let quietBlocks = 4.0
  /// A clap's bursts and a struck sound's first ringing can dip under a click for a few
  /// milliseconds without the sound having ended.
  static let longestExplainedGap = 4
  /// The room's noise in a block wanders within 6 dB of its quietest.
  static let roomMargin = 4.0

  init(sampleRate: Int, longestSearch: Int) {
    block = max(1, sampleRate / 1000)
    lookBack = Int(Double(sampleRate) * Self.lookBackSeconds)
    footReach = Int(Double(sampleRate) * Self.footBeforeWindowSeconds)
    earliestBeforeWindow = Int(
      Double(sampleRate) * max(Self.footBeforeWindowSeconds, Self.swellBeforeWindowSeconds))
    span = max(1, Int(Double(sampleRate) * Self.spanSeconds))
    energy = [Double](repeating: 0, count: longestSearch + lookBack + 2 * span + 1)
    blocks = [Double](repeating: 0, count: (longestSearch + lookBack) / block + 1)
    clickBlocks = blocks
    smoothed = blocks
    swellReach = Int(Double(sampleRate) * Self.swellBeforeWindowSeconds)
    disagreement = Int(Double(sampleRate) * Self.disagreementSeconds)
  }

  /// How far before the window's end the refiner reads.
  var reach: Int { lookBack }

  /// The sample where the sound found in the window `window` starts, at or after `notBefore`
  /// (the previous onset, give or take); `history` must hold from `reach` before the window's
  /// end up to `end`. Nil when what the window holds is a sound ending: just after the window,
  /// where a new sound would still be heard, the energy is far below what it was just before.
  mutating func soundStart(
    window: Range<Int>, upTo end: Int, notBefore: Int, of history: SampleHistory,
    riseStart: Int? = nil, clicks: (Range<Int>) -> Double = { _ in 0 }
  ) -> Int? {
    let first = max(history.start, window.upperBound - lookBack)
    let count = (end - first) / block
    guard count > 2 else { return window.lowerBound }
    for index in 0..<count {
      var sum = 0.0
      for offset in 0..<block {
        let sample = Double(history[first + index * block + offset])
        sum += sample * sample
      }
      blocks[index] = sum
      let start = first + index * block
      clickBlocks[index] = clicks(start..<(start + block))
    }
    if isEnding(window: window, first: first, count: count) { return nil }
    // The new sound peaks in the window, or just after it.
    let newFrom = max(0, (window.lowerBound - first) / block)
    let newTo = min(count, (window.upperBound + window.count / 4 - first) / block)
    var peak = newFrom
    for index in newFrom..<newTo where blocks[index] > blocks[peak] { peak = index }
    // The foot is the quietest point since the previous onset, and not far before the window,
    // nor before the stretch that leads to the peak and holds more than the clicks explain.
    var earliest = min(
      peak, max(0, (max(notBefore, window.lowerBound - footReach) - first) / block))
    var quietest = blocks[peak]
    for index in earliest...peak { quietest = min(quietest, blocks[index]) }
    var unexplained = peak
    var explainedRun = 0
    for index in stride(from: peak, through: earliest, by: -1) {
      if blocks[index] > clickBlocks[index] + Self.roomMargin * quietest {
        unexplained = index
        explainedRun = 0
      } else {
        explainedRun += 1
        if explainedRun > Self.longestExplainedGap { break }
      }
    }
    // A click's own start, just before a hit, is never the hit's start.
    let notBeforeClick = unexplained - 1 > earliest ? first + (unexplained - 1) * block : Int.min
    earliest = max(earliest, unexplained - 1)
    var foot = peak
    for index in stride(from: peak, through: earliest, by: -1) where blocks[index] < blocks[foot] {
      foot = index
    }
    // A ringing tail dips and swells; the new sound rises from the last of its quiet blocks,
    // not from its deepest dip, which can lie well before.
    let deepest = blocks[foot]
    foot =
      stride(from: peak, through: foot, by: -1).first {
        blocks[$0] <= Self.nearQuietest * deepest
      } ?? foot
    // A clap is several bursts a few milliseconds apart: the rise to fit is the first one
    // that comes near the loudest.
    for index in foot..<peak
    where blocks[index] >= Self.nearTop * blocks[peak] && blocks[index] >= blocks[index + 1] {
      peak = index
      break
    }
    let base = blocks[foot]
    // A swell is still rising past the window: its first milliseconds are no clear rise, or
    // stay far under its top.
    let swell = swellStart(window: window, first: first, count: count, notBefore: notBefore)
    if let swell,
      !(blocks[peak] > Self.clearRise * base) || blocks[peak] < Self.swellShare * swell.top
    {
      return swell.start
    }
    guard blocks[peak] > Self.clearRise * base else {
      // A note under louder ringing ones shows in the spectrum but hardly in the waveform's
      // energy: the best guess is where its own bands began to rise, or else the sharpest rise
      // in the window's first half. The flux judges a window against the one before it and
      // needs the rise to last two frames more, so it peaks at a window that the new sound
      // fills from early on.
      if let riseStart, riseStart >= window.lowerBound - footReach {
        return min(max(riseStart, notBefore), window.upperBound)
      }
      let early = window.lowerBound..<(window.lowerBound + window.count / 2)
      return sharpest(in: early, of: history, clicks: clicks)
    }
    var estimate: Int
    if let zero = Self.riseLineZero(of: blocks, from: peak, through: foot, above: base) {
      estimate = first + Int(max(Double(foot), zero) * Double(block))
    } else {
      // The rise is quicker than a block: start from the first block up near the top.
      let quick = (foot...peak).first { blocks[$0] - base >= 0.25 * (blocks[peak] - base) } ?? peak
      estimate = first + quick * block
    }
    if let riseStart, riseStart >= window.lowerBound - footReach,
      base > Self.loudFoot * blocks[peak], abs(estimate - riseStart) > disagreement
    {
      // Far from where the new sound's own bands began to rise (and not too far before the
      // window, where the rise is one of the sound before), a foot that is no silence was the
      // dip of a beating between sounds, or a trough in the cycles of a louder sound still
      // ringing, not the new one's start; and a leap from it is no start either.
      estimate = max(riseStart, notBefore, notBeforeClick)
    } else if let leap = (foot + 1...peak).first(where: {
      blocks[$0] >= Self.clearRise * base && blocks[$0 - 1] <= Self.quietBlocks * base
    }) {
      // A sound that leaps out of the quiet in one block starts there, however its line runs
      // afterwards: a rim click's first crack, well under the ring that peaks after it.
      estimate = max(estimate, first + (leap - 1) * block)
    }
    estimate = min(max(estimate, first + span + 2 * block), end - span - 2 * block)
    return sharpest(
      in: max(estimate - 2 * block, notBeforeClick)..<(estimate + 2 * block), of: history,
      clicks: clicks)
  }

  /// Whether the energy (less the clicks') just after the window is far below the energy just
  /// before it.
  private func isEnding(window: Range<Int>, first: Int, count: Int) -> Bool {
    func mean(_ range: Range<Int>) -> Double? {
      let blocks = max(0, range.lowerBound)..<min(count, range.upperBound)
      guard !blocks.isEmpty else { return nil }
      var sum = 0.0
      for index in blocks { sum += max(0, self.blocks[index] - clickBlocks[index]) }
      return sum / Double(blocks.count)
    }
    let windowStart = (window.lowerBound - first) / block
    let windowEnd = (window.upperBound - first) / block
    guard let before = mean((windowStart - Self.beforeEnding)..<windowStart),
      let after = mean(windowEnd..<(windowEnd + Self.afterEnding))
    else { return false }
    return after < Self.endingDrop * before
  }

  /// Where a swell that the window caught rising starts, and its top (smoothed energy in a
  /// block): from the window on, the energy is followed up to its top while it keeps rising;
  /// from there back to the quietest point before the rise (room noise, or the dip between a
  /// note and the same one played again); the amplitude above that point, over the middle of
  /// the rise, is fitted with a line that is followed back to zero. Nil when no clear rise.
  private mutating func swellStart(window: Range<Int>, first: Int, count: Int, notBefore: Int)
    -> (start: Int, top: Double)?
  {
    let half = Self.swellSmoothing / 2
    guard count > 2 * half + 2 else { return nil }
    var sum = 0.0
    for index in 0..<count {
      sum += max(0, blocks[index] - clickBlocks[index])
      if index >= 2 * half {
        smoothed[index - half] = sum / Double(2 * half + 1)
        sum -= max(0, blocks[index - 2 * half] - clickBlocks[index - 2 * half])
      }
    }
    let last = count - half - 1
    let from = max(half, (window.lowerBound - first) / block)
    guard from < last else { return nil }
    // The loudest in the window, then on while the energy keeps up.
    let windowEnd = min(last, max(from, (window.upperBound - first) / block))
    var top = from
    for index in from...last {
      if smoothed[index] > smoothed[top] {
        top = index
      } else if index > windowEnd, smoothed[index] < Self.swellEnds * smoothed[top] {
        break
      }
    }
    let lowest = max(half, (max(notBefore, window.lowerBound - swellReach) - first) / block)
    guard lowest < top else { return nil }
    var foot = top
    for index in stride(from: top - 1, through: lowest, by: -1) {
      if smoothed[index] < smoothed[foot] {
        foot = index
      } else if smoothed[index] > Self.earlierSound * smoothed[foot] {
        break
      }
    }
    let base = smoothed[foot]
    guard smoothed[top] > Self.clearRise * base else { return nil }
    // A line that reaches zero well before the quiet point (which the beating of a note's end
    // with the next one can place late) is no swell rising from there, nor one that reaches
    // it beyond where a swell is looked for.
    guard let line = Self.riseLineZero(of: smoothed, from: top, through: foot, above: base),
      line >= Double(max(lowest, foot - Self.footSlack))
    else { return nil }
    let zero = min(max(line, Double(foot)), Double(top))
    guard Double(top) - zero >= Double(Self.slowestSharpRise) else { return nil }
    return (first + Int(zero * Double(block)), smoothed[top])
  }

  /// Where a rise began, in blocks: a line fitted by least squares to the middle of the rise of
  /// `energy` above `base` (amplitudes from `fitFrom` to `fitTo` of the top's), walking back
  /// from `top` until the rise is done, followed back to zero. Nil when fewer than two blocks
  /// fit or the line does not rise.
  private static func riseLineZero(
    of energy: [Double], from top: Int, through foot: Int, above base: Double
  ) -> Double? {
    let topAmplitude = (energy[top] - base).squareRoot()
    var n = 0.0
    var sumX = 0.0
    var sumY = 0.0
    var sumXX = 0.0
    var sumXY = 0.0
    for index in stride(from: top, through: foot, by: -1) {
      let amplitude = max(0, energy[index] - base).squareRoot()
      if amplitude < fitFrom * topAmplitude { break }
      guard amplitude <= fitTo * topAmplitude else { continue }
      let x = Double(index) + 0.5
      n += 1
      sumX += x
      sumY += amplitude
      sumXX += x * x
      sumXY += x * amplitude
    }
    guard n >= 2 else { return nil }
    let slope = (n * sumXY - sumX * sumY) / (n * sumXX - sumX * sumX)
    guard slope > 0 else { return nil }
    return (sumX - sumY / slope) / n
  }

  /// The sample in `range` where the energy just after most exceeds the energy just before.
  private mutating func sharpest(
    in range: Range<Int>, of history: SampleHistory, clicks: (Range<Int>) -> Double
  ) -> Int {
    let first = range.lowerBound - span
    let count = range.count + 2 * span
    energy[0] = 0
    for index in 0..<count {
      let sample = Double(history[first + index])
      energy[index + 1] = energy[index] + sample * sample
    }
    var loudest = 0.0
    for index in 0..<(count - span) { loudest = max(loudest, energy[index + span] - energy[index]) }
    let quiet = loudest * Self.silentShare + Double.leastNormalMagnitude
    var best = range.lowerBound
    var bestRatio = -Double.infinity
    for candidate in range {
      let split = candidate - first
      let after = energy[split + span] - energy[split] - clicks(candidate..<(candidate + span))
      let before = energy[split] - energy[split - span] - clicks((candidate - span)..<candidate)
      let ratio = (max(0, after) + quiet) / (max(0, before) + quiet)
      if ratio > bestRatio {
        bestRatio = ratio
        best = candidate
      }
    }
    return best
  }
}
