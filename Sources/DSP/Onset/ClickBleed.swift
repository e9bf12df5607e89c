/// Takes the metronome's own clicks out of what the detector hears: the app always knows when
/// its clicks sound, and a microphone in the same room hears them.
///
/// With the click sounds given, every sound is predicted where the scheduled click falls in the
/// window, each at the level it is heard at (a low quantile, over the bands where the sound is
/// strong, of heard over predicted, so music under the click cannot inflate it; a sound that is
/// not playing is heard at next to nothing), and each band keeps the largest prediction.
/// Without them, the sounds are learned from the audio around the scheduled clicks
/// (`ClickLearner`), at the level they are heard. The prediction is taken out of the bands
/// with a margin for the room's colouring, but never below what the band held before the
/// click came, so a band does not seem to rise again when the click has gone. A hit that
/// coincides with a click keeps whatever part of its spectrum the click does not explain.
final class ClickBleed {
  /// Bands within 6 dB of a sound's strongest band are the ones it is strong in, and the lower
  /// quartile of heard over predicted there is taken as the sound's gain.
  static let strongBand: Float = 0.5
  static let gainQuantile = 0.25
  /// The prediction is taken out one and a half times over: the room colours the click, so
  /// the prediction is never exact.
  static let subtraction: Float = 1.5

  struct ScheduledClick {
    var frame: Int
    /// Its place in the schedule, counted from the first click announced.
    var index: Int
    /// Each given sound's gain, and the energy of the sound's prediction where it was measured:
    /// a gain is measured again only where the window holds more of the click, and kept for
    /// the windows after, where little of the click itself is left to measure.
    var gains: [Float]
    var measuredOn: [Float]
  }

  private let given: [ClickSpectra]
  private var learner: ClickLearner?
  private var scheduled: [ScheduledClick] = []
  private var announced = 0
  /// Scheduled clicks whose audio the learner has not yet heard.
  private var unheard: [(frame: Int, index: Int)] = []
  /// How far before the window's start a click can have been and still sound in the window.
  private var reach = 0
  private var predicted: [Float]
  private var candidate: [Float]
  private var ratios: [Float]
  /// The bands of the last three windows no click sounded in, in a ring: their median is what
  /// a band held before a click came, untouched by a single flicker of noise.
  private var before: [Float]
  private var windowsWithoutClick = 0

  /// With no `given` sounds, they are learned from the signal by `learner`.
  init(given: [ClickSpectra], learner: ClickLearner?, bandCount: Int) {
    self.given = given
    self.learner = learner
    predicted = [Float](repeating: 0, count: bandCount)
    candidate = predicted
    ratios = predicted
    before = [Float](repeating: 0, count: 3 * bandCount)
    reach = given.map { -$0.earliest }.max() ?? 0
    scheduled.reserveCapacity(64)
    unheard.reserveCapacity(64)
  }

  /// How far before its scheduled frame the learner needs a click's audio, and how far after.
  var learnerExcerpt: (start: Int, end: Int)? {
    learner.map { ($0.excerptStart, $0.excerptEnd) }
  }

  /// Clicks are numbered in the order they are announced, which should be the order they sound.
  func expect(_ frame: Int) {
    let unmeasured = [Float](repeating: 0, count: given.count)
    let index = scheduled.firstIndex { $0.frame > frame } ?? scheduled.endIndex
    scheduled.insert(
      ScheduledClick(frame: frame, index: announced, gains: unmeasured, measuredOn: unmeasured),
      at: index)
    if let learner, !learner.isComplete { unheard.append((frame, announced)) }
    announced += 1
  }

  /// Gives the learner every click whose excerpt `history` now holds in full.
  func listen(to history: SampleHistory, spectrum: OnsetSpectrum, bands: OnsetBands) {
    guard var learner, !unheard.isEmpty else { return }
    var heardAny = false
    var index = 0
    while index < unheard.count {
      let click = unheard[index]
      let first = click.frame + learner.excerptStart
      if click.frame + learner.excerptEnd <= history.end, first >= history.start {
        var excerpt = [Float](repeating: 0, count: learner.excerptEnd - learner.excerptStart)
        excerpt.withUnsafeMutableBufferPointer { history.copy(from: first, into: $0) }
        learner.hear(excerpt, index: click.index, spectrum: spectrum, bands: bands)
        heardAny = true
        unheard.remove(at: index)
      } else if first < history.start {
        unheard.remove(at: index)
      } else {
        index += 1
      }
    }
    if heardAny { learner.learn() }
    self.learner = learner
    reach = learner.groups.first.map { -$0.earliest } ?? 0
  }

  /// Hears every announced click in a whole recording at once.
  func learn(from samples: [Float], spectrum: OnsetSpectrum, bands: OnsetBands) {
    guard var learner else { return }
    for click in unheard {
      let excerpt = ((click.frame + learner.excerptStart)..<(click.frame + learner.excerptEnd)).map
      {
        samples.indices.contains($0) ? samples[$0] : 0
      }
      learner.hear(excerpt, index: click.index, spectrum: spectrum, bands: bands)
    }
    unheard.removeAll()
    learner.learn()
    self.learner = learner
    reach = learner.groups.first.map { -$0.earliest } ?? 0
  }

  /// Takes the clicks scheduled near the window that starts at `start` out of its `bands`,
  /// leaving in `heard` the bands as they were and in `clicks` what the clicks were predicted
  /// to add; false, with the bands untouched, when no click sounds in the window.
  func takeOut(
    windowStart start: Int, windowSize: Int, bands: inout [Float], heard: inout [Float],
    clicks: inout [Float]
  ) -> Bool {
    while let first = scheduled.first, first.frame + reach < start { scheduled.removeFirst() }
    var found = false
    for position in scheduled.indices {
      let offset = scheduled[position].frame - start
      guard offset < windowSize else { break }
      guard predict(at: offset, click: &scheduled[position], observed: bands) else { continue }
      if !found {
        for band in clicks.indices { clicks[band] = 0 }
        found = true
      }
      for band in clicks.indices { clicks[band] += predicted[band] }
    }
    let count = bands.count
    guard found else {
      let row = (windowsWithoutClick % 3) * count
      for band in bands.indices { before[row + band] = bands[band] }
      windowsWithoutClick += 1
      return false
    }
    for band in bands.indices {
      let a = before[band]
      let b = before[count + band]
      let c = before[2 * count + band]
      let median = max(min(a, b), min(max(a, b), c))
      heard[band] = bands[band]
      bands[band] = max(bands[band] - Self.subtraction * clicks[band], min(bands[band], median))
    }
    return true
  }

  /// Leaves in `predicted` what the click adds to the window when it is at `offset`.
  private func predict(at offset: Int, click: inout ScheduledClick, observed: [Float]) -> Bool {
    if given.isEmpty {
      guard let learner, !learner.groups.isEmpty else { return false }
      return learner.groups[click.index % learner.period].magnitudes(at: offset, into: &predicted)
    }
    var found = false
    for (sound, spectra) in given.enumerated()
    where spectra.magnitudes(at: offset, widened: false, into: &candidate) {
      let soundEnergy = candidate.reduce(0) { $0 + $1 * $1 }
      if soundEnergy > click.measuredOn[sound] {
        click.gains[sound] = heardGain(of: candidate, in: observed)
        click.measuredOn[sound] = soundEnergy
      }
      guard spectra.magnitudes(at: offset, into: &candidate) else { continue }
      if !found {
        for band in predicted.indices { predicted[band] = 0 }
        found = true
      }
      for band in predicted.indices {
        predicted[band] = max(predicted[band], click.gains[sound] * candidate[band])
      }
    }
    return found
  }

  private func heardGain(of prediction: [Float], in observed: [Float]) -> Float {
    let strongest = prediction.max() ?? 0
    guard strongest > 0 else { return 0 }
    var count = 0
    for band in prediction.indices where prediction[band] >= Self.strongBand * strongest {
      ratios[count] = observed[band] / prediction[band]
      count += 1
    }
    ratios[0..<count].sort()
    return ratios[Int(Double(count - 1) * Self.gainQuantile)]
  }
}
