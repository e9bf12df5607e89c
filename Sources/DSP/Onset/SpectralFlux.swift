import Glibc

/// The onset detection function: how much the bands rose, averaged over bands, measured so
/// that it hears the instrument rather than the room.
///
/// A band's rise is the log ratio of its new to its old magnitude, each first raised by the
/// band's "knee": the largest of its own recent peak (adaptive whitening: a band is judged
/// against its own history, so a soft high partial weighs as much as a loud low one, and a
/// decaying tail's wobble hardly counts), the room's noise floor with a margin (steady noise
/// and hum never rise), and a fixed distance below the loudest band (leakage far down does not
/// count). Far above its knee a band's rise is the log ratio of its magnitudes (log
/// compression: from nothing to something counts more than loud to louder); near and below its
/// knee, it fades to nothing.
///
/// The old magnitude is the largest over three frames from a window back, across the band and
/// its neighbours, so that a rise spread over a slow attack adds up, while vibrato and a dip of
/// noise do not count. The new magnitude is the smallest over the frame and the next two, so
/// that only a rise that lasts counts: a note stays, a flicker of noise does not.
struct SpectralFlux {
  /// The old magnitude is taken from these frames back: from the window's length, so that the
  /// old frames do not overlap the judged one.
  static let framesBack = OnsetSpectrum.hopsPerWindow...(OnsetSpectrum.hopsPerWindow + 2)
  /// Frames after the judged one that must still hold the rise; also how many frames the
  /// judged frame trails the newest.
  static let persistence = 2
  static let neighbours = 1
  /// A partial newly in a band, from a neighbour, counts for half its rise...
  static let neighbourShare: Float = 0.5
  /// ...unless the band held half its level (−6 dB) before the old frames, within the peaks'
  /// memory: vibrato swings back and forth over a semitone.
  static let revisit: Float = 0.5
  /// The room's noise floor times six (16 dB): noise that far above its own floor is rare,
  /// even while the room is getting louder and the floor has yet to catch up.
  static let noiseMargin: Float = 6
  /// Whitening forgets a band's peak at 30 dB a second.
  static let peakDecayPerSecond = 30.0
  /// Compression 0.1 puts the knee of the log at ten times the band's knee level.
  static let compression: Float = 0.1
  /// Leakage 40 dB below the loudest band does not count.
  static let dynamicRange: Float = 0.01
  /// A band rising 6 dB into a window takes part in placing its onset.
  static let clearBandRise: Float = 2
  /// Below about −80 dBFS a band is silent: a recording's dither and a converter's hiss
  /// starting out of digital silence are no onset.
  static let silence: Float = 1e-4
  /// The loudest sound lately is forgotten at 5 dB a second: slowly, as a sound far under it
  /// is too faint to be a note for seconds (`quietest`).
  static let loudestDecayPerSecond = 5.0
  /// A sound 40 dB (in summed band magnitudes) under the loudest lately, clicks included, is no
  /// note anyone meant: the faint rattle of a drumstick click long after it, a sample's echo.
  /// A room's noise would hide it; a clean recording does not.
  static let quietest: Float = 0.01

  private let bandCount: Int
  private let peakMemory: Float
  /// The last frames' bands, in a ring: with clicks taken out, and each band's largest with its
  /// neighbours, with clicks taken out and as heard.
  private var taken: [Float]
  private var takenAround: [Float]
  private var heardAround: [Float]
  /// Each band alone as heard, beside `taken`.
  private var heard: [Float]
  /// What the clicks were predicted to add, which a rise must exceed to count.
  private var clickLevels: [Float]
  private var clicked: [Bool]
  private var frameCount = 0
  /// The summed bands of the frame whose rise was returned last: the sound's level there.
  private(set) var judgedLevel: Float = 0
  /// Where the frames after the judged one start in the ring.
  private var laterRows = [Int](repeating: 0, count: persistence)
  private var oldRows = [Int](repeating: 0, count: framesBack.count)
  private var weights: [Float]
  private var weightTotal: Float
  private var peaks: [Float]
  /// Each band's peak before the old frames, forgotten at the same rate.
  private var olderPeaks: [Float]
  private var loudest: Float = 0
  /// The loudest frame lately as heard, clicks and all: bands summed.
  private var loudestHeard: Float = 0
  private let loudestMemory: Float
  private var floor: RoomNoiseFloor
  private var envelope: [Float]

  init(bandCount: Int, hopSeconds: Double) {
    self.bandCount = bandCount
    peakMemory = Float(pow(10, -Self.peakDecayPerSecond * hopSeconds / 20))
    loudestMemory = Float(pow(10, -Self.loudestDecayPerSecond * hopSeconds / 20))
    let frames = max(
      Self.framesBack.upperBound + Self.persistence + 1, Self.riseLookBack + Self.riseLookAhead)
    envelope = [Float](repeating: 0, count: frames)
    taken = [Float](repeating: 0, count: frames * bandCount)
    takenAround = taken
    heardAround = taken
    heard = taken
    clickLevels = taken
    clicked = [Bool](repeating: false, count: frames)
    weights = [Float](repeating: 1, count: bandCount)
    weightTotal = Float(bandCount)
    peaks = [Float](repeating: 0, count: bandCount)
    olderPeaks = peaks
    floor = RoomNoiseFloor(bandCount: bandCount, hopSeconds: hopSeconds)
  }

  /// Frames kept before a judged window, and after it until its onset is decided, for
  /// `riseStart`.
  static let riseLookBack = 16
  static let riseLookAhead = 8

  /// A rise starts where the rising bands' summed magnitude is still 20 dB under its top...
  static let riseShare: Float = 0.1
  /// ...which a steady sound reaches when it fills the end of the window by the share
  /// `PartialNovelty.coveredShare` gives. A swell's bands (a sound rising under another's end)
  /// grow on after that window, so its crossing comes late by about a hop, chosen on the tuning
  /// part; a rise that takes 4 frames or more from that share to its top swells, and a quicker
  /// one (a clap on a click) is placed as it is.
  static let riseCorrectionHops = 1.0
  static let slowRiseFrames: Float = 4
  /// From the window whose bands reached `riseShare` of their top to the window centred on the
  /// rise's start, in hops.
  private let risePlacement =
    Double(OnsetSpectrum.hopsPerWindow)
    * (0.5 - PartialNovelty.coveredShare(holding: Double(riseShare)))

  /// Where the bands that rose into window `window` (an index of frames) began to rise, as the
  /// fractional index of the window centred there: where their summed magnitude, followed back
  /// from its top, crossed `riseShare` of its rise above its level before. This sees a note's
  /// start where the waveform's energy hardly does: under the end of the note before it. Nil
  /// when the frames are no longer kept or the rise is not clear.
  mutating func riseStart(window: Int) -> Double? {
    let frames = clicked.count
    let latest = frameCount - 1
    let earliest = max(0, latest - frames + 1, window - Self.riseLookBack)
    guard window - Self.framesBack.upperBound >= earliest, window + Self.persistence <= latest
    else { return nil }
    let bandCount = bandCount
    let row = { (frame: Int) in (frame % frames) * bandCount }
    for index in 0...(latest - earliest) { envelope[index] = 0 }
    let leakage = loudest * Self.dynamicRange
    var rising = 0
    for band in 0..<bandCount {
      var after = Float.greatestFiniteMagnitude
      for frame in window...(window + Self.persistence) {
        after = min(after, taken[row(frame) + band])
      }
      var before: Float = 0
      for back in Self.framesBack { before = max(before, taken[row(window - back) + band]) }
      guard after > Self.clearBandRise * before, after > leakage, after > Self.silence else {
        continue
      }
      rising += 1
      for frame in earliest...latest { envelope[frame - earliest] += taken[row(frame) + band] }
    }
    guard rising > 0 else { return nil }
    var top = window - earliest
    for index in top...(latest - earliest) where envelope[index] > envelope[top] { top = index }
    var base = envelope[top]
    for index in 0...top { base = min(base, envelope[index]) }
    let height = envelope[top] - base
    guard height > base else { return nil }
    let share = base + Self.riseShare * height
    var above = top
    while above > 1, envelope[above - 1] > share { above -= 1 }
    guard above > 0 else { return nil }
    let below = envelope[above - 1]
    let reached = envelope[above]
    let crossing = Float(above - 1) + (reached > below ? (share - below) / (reached - below) : 0)
    let swells = Float(top) - crossing >= Self.slowRiseFrames
    return Double(earliest) + Double(crossing) + risePlacement
      - (swells ? Self.riseCorrectionHops : 0)
  }

  /// Whether the sound judged last, clicks taken out, is too faint beside the loudest lately to
  /// be a note.
  var isTooFaint: Bool { judgedLevel < Self.quietest * loudestHeard }

  /// Weights the bands, such as from an instrument's profile.
  mutating func setWeights(_ bandWeights: [Float]) {
    weights = bandWeights
    weightTotal = bandWeights.reduce(0, +)
  }

  /// Adds the newest frame's bands and returns the rise into the frame `persistence` frames
  /// back. When a click was taken out of the bands, `heardBands` holds them as they were and
  /// `clickBands` what the click was predicted to add. A frame with no click is compared with
  /// earlier frames as they were heard, so that the end of a click's window, where the taking
  /// out stops, cannot look like a rise; in a frame with a click, a band's knee is at least the
  /// click's own level there, as taking it out is only as exact as the prediction (the gate).
  mutating func rise(bands: [Float], heard heardBands: [Float]?, clickBands: [Float]?) -> Float {
    let frames = clicked.count
    let newest = (frameCount % frames) * bandCount
    for band in 0..<bandCount {
      taken[newest + band] = bands[band]
      clickLevels[newest + band] = clickBands?[band] ?? 0
      var largestTaken: Float = 0
      var largestHeard: Float = 0
      for other in max(0, band - Self.neighbours)...min(bandCount - 1, band + Self.neighbours) {
        largestTaken = max(largestTaken, bands[other])
        largestHeard = max(largestHeard, heardBands?[other] ?? bands[other])
      }
      takenAround[newest + band] = largestTaken
      heardAround[newest + band] = largestHeard
      heard[newest + band] = heardBands?[band] ?? bands[band]
    }
    clicked[frameCount % frames] = heardBands != nil
    var heardLevel: Float = 0
    for band in 0..<bandCount { heardLevel += heardBands?[band] ?? bands[band] }
    loudestHeard = max(loudestHeard * loudestMemory, heardLevel)
    frameCount += 1
    let judged = frameCount - 1 - Self.persistence
    guard judged >= 0 else { return 0 }
    let judgedRow = (judged % frames) * bandCount
    floor.add(taken, from: judgedRow)
    judgedLevel = 0
    for band in 0..<bandCount { judgedLevel += taken[judgedRow + band] }
    var total: Float = 0
    if judged >= Self.framesBack.upperBound {
      for later in laterRows.indices {
        laterRows[later] = ((judged + later + 1) % frames) * bandCount
      }
      for (index, back) in Self.framesBack.enumerated() {
        oldRows[index] = ((judged - back) % frames) * bandCount
      }
      total = sum(judgedRow: judgedRow, comparedAsHeard: !clicked[judged % frames])
    }
    loudest = 0
    let oldestRow = (max(0, judged - Self.framesBack.upperBound) % frames) * bandCount
    for band in 0..<bandCount {
      peaks[band] = max(peaks[band] * peakMemory, taken[judgedRow + band])
      olderPeaks[band] = max(olderPeaks[band] * peakMemory, taken[oldestRow + band])
      loudest = max(loudest, peaks[band])
    }
    return total / weightTotal
  }

  private func sum(judgedRow: Int, comparedAsHeard: Bool) -> Float {
    let leakage = loudest * Self.dynamicRange
    var total: Float = 0
    let ownOld = comparedAsHeard ? heard : taken
    taken.withUnsafeBufferPointer { taken in
      (comparedAsHeard ? heardAround : takenAround).withUnsafeBufferPointer { old in
        ownOld.withUnsafeBufferPointer { oldOwn in
          for band in 0..<bandCount {
            var new = taken[judgedRow + band]
            for row in laterRows { new = min(new, taken[row + band]) }
            var around: Float = 0
            var own: Float = 0
            var clickLevel = clickLevels[judgedRow + band]
            for row in oldRows {
              around = max(around, old[row + band])
              own = max(own, oldOwn[row + band])
              clickLevel = max(clickLevel, clickLevels[row + band])
            }
            // A partial moving into a neighbouring band counts in part (a change of pitch), unless
            // the band held it lately (vibrato coming back).
            let revisited = olderPeaks[band] >= Self.revisit * new
            let reference = revisited ? around : max(own, Self.neighbourShare * around)
            guard new > reference else { continue }
            let knee = max(
              peaks[band] * peakMemory, Self.noiseMargin * floor.level[band], leakage, Self.silence,
              clickLevel)
            total +=
              weights[band]
              * logf((knee + Self.compression * new) / (knee + Self.compression * reference))
          }
        }
      }
    }
    return total
  }
}
