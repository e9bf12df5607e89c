/// Takes the metronome's own clicks out of what the detector hears: the app always knows when
/// its clicks sound, and a microphone in the same room hears them.
///
/// What a click adds to the bands is learned only where nobody plays: at the clicks announced
/// as alone (the count-in, a rest, a calibration), sound by sound (`ClickLearner`), and held.
/// At every other click the learned sound is predicted and taken out, with a margin from how
/// much the sound's clicks differed from one another, never below what the band held before
/// the click came, so a band does not seem to rise again when the click has gone. A hit that
/// coincides with a click keeps whatever part of its spectrum the click does not explain; the
/// level of the click is never measured where someone may be playing.
///
/// A sound with no alone click to learn from is predicted from the sound the app plays for it
/// (its template) and the path from loudspeaker to microphone (`ClickPath`), learned from the
/// alone clicks of other sounds or given from a calibration; failing that, from the other
/// sounds' learned spectra. When no click at all was announced as alone, the sounds are
/// learned from all the clicks, at a low quantile, so that notes played on some of them are
/// voted out.
final class ClickBleed {
  /// The margin is this many of a sound's spreads, and at least `leastMargin`: the room colours
  /// every click a little differently.
  static let spreadsOfMargin: Float = 2
  static let leastMargin: Float = 0.25
  /// The quantile of the clicks taken as a sound's spectra when notes may coincide with some.
  static let quantileAmongNotes = 0.25

  struct ScheduledClick {
    var frame: Int
    var sound: Int
    var isAlone: Bool
  }

  private let templates: [ClickTemplate]
  private let bandCentres: [Double]
  private let sampleRate: Int
  /// The path as learned or given, and as it applies to the detector's bands and templates.
  private(set) var path: ClickPath?
  private var pathDelay = 0
  private var pathGains: [Float] = []
  private var templatePowerGains: [Float] = []
  /// The templates with the path's echoes.
  private var echoed: [ClickSpectra] = []
  private var alone: ClickLearner
  private var among: ClickLearner
  private var scheduled: [ScheduledClick] = []
  /// Scheduled clicks whose audio the learners have not yet heard.
  private var unheard: [ScheduledClick] = []
  private var anyAlone = false
  /// How far before the window's start a click can have been and still sound in the window.
  let reach: Int
  private let earliestAfterWindow: Int
  private var predicted: [Float]
  private var candidate: [Float]
  /// The bands of the last three windows no click sounded in, in a ring: their median is what
  /// a band held before a click came, untouched by a single flicker of noise.
  private var before: [Float]
  private var windowsWithoutClick = 0

  /// How long after a window has been analysed the refiner may still ask about its clicks.
  private let askedLater: Int

  init(
    templates: [[Float]], path: ClickPath?, spectrum: OnsetSpectrum, bands: OnsetBands,
    sampleRate: Int, askedLater: Int
  ) {
    let bandCount = bands.count
    self.askedLater = askedLater
    self.sampleRate = sampleRate
    bandCentres = bands.centres
    alone = ClickLearner(spectrum: spectrum, sampleRate: sampleRate, quantile: 0.5)
    among = ClickLearner(
      spectrum: spectrum, sampleRate: sampleRate, quantile: Self.quantileAmongNotes)
    earliestAfterWindow = alone.windowSize + alone.slack
    predicted = [Float](repeating: 0, count: bandCount)
    candidate = predicted
    let blockLength = alone.blockLength
    let templates = templates.map {
      ClickTemplate(
        sound: $0, spectrum: spectrum, bands: bands, sampleRate: sampleRate,
        blockLength: blockLength)
    }
    self.templates = templates
    let latest = Int(ClickPath.longestDelaySeconds * Double(sampleRate))
    reach = max(
      -alone.earliest + alone.slack, (templates.map { -$0.spectra.earliest }.max() ?? 0) + latest)
    before = [Float](repeating: 0, count: 3 * bandCount)
    scheduled.reserveCapacity(64)
    unheard.reserveCapacity(64)
    if let path { follow(path) }
  }

  /// How far before its scheduled frame the learners need a click's audio, and how far after.
  var excerpt: (start: Int, end: Int) { (alone.excerptStart, alone.excerptEnd) }

  /// A click of `sound` is scheduled at `frame`; `isAlone` when nothing is played near it.
  func expect(_ frame: Int, sound: Int, isAlone: Bool) {
    let click = ScheduledClick(frame: frame, sound: sound, isAlone: isAlone)
    let index = scheduled.firstIndex { $0.frame > frame } ?? scheduled.endIndex
    scheduled.insert(click, at: index)
    anyAlone = anyAlone || isAlone
    if isAlone ? !alone.isComplete(sound) : !among.isComplete(sound) { unheard.append(click) }
  }

  /// Gives the learners every click whose excerpt `history` holds in full up to `end`.
  func listen(
    to history: SampleHistory, upTo end: Int, spectrum: OnsetSpectrum, bands: OnsetBands
  ) {
    guard !unheard.isEmpty else { return }
    var heardAny = false
    var index = 0
    while index < unheard.count {
      let click = unheard[index]
      let first = click.frame + excerpt.start
      // Before the stream started is silence, which the history still holds.
      let held = first >= history.start || history.start == 0
      if click.frame + excerpt.end <= end, held {
        var samples = [Float](repeating: 0, count: excerpt.end - excerpt.start)
        samples.withUnsafeMutableBufferPointer { history.copy(from: first, into: $0) }
        hear(samples, click: click, spectrum: spectrum, bands: bands)
        heardAny = true
        unheard.remove(at: index)
      } else if !held {
        unheard.remove(at: index)
      } else {
        index += 1
      }
    }
    if heardAny { learn() }
  }

  /// Hears every announced click in a whole recording at once.
  func learn(from samples: [Float], spectrum: OnsetSpectrum, bands: OnsetBands) {
    for click in unheard {
      let excerpt = ((click.frame + excerpt.start)..<(click.frame + excerpt.end)).map {
        samples.indices.contains($0) ? samples[$0] : 0
      }
      hear(excerpt, click: click, spectrum: spectrum, bands: bands)
    }
    unheard.removeAll()
    learn()
  }

  private func hear(
    _ excerpt: [Float], click: ScheduledClick, spectrum: OnsetSpectrum, bands: OnsetBands
  ) {
    if click.isAlone {
      alone.hear(excerpt, sound: click.sound, spectrum: spectrum, bands: bands)
    } else {
      among.hear(excerpt, sound: click.sound, spectrum: spectrum, bands: bands)
    }
  }

  private func learn() {
    alone.learn()
    among.learn()
    learnPath()
  }

  /// The path from the alone clicks whose sound the app gave: the gain at each band is the
  /// energy heard over the energy played, and the delay where the energy heard best matches
  /// the energy played. Sounds heard as nothing at all make a silent path (headphones).
  private func learnPath() {
    let known = alone.sounds.keys.filter { $0 < templates.count }.sorted()
    guard !known.isEmpty else { return }
    let audible = known.filter { alone.sounds[$0]! != nil }
    guard !audible.isEmpty else {
      follow(
        ClickPath(
          delay: 0, frequencies: bandCentres, gains: bandCentres.map { _ in 0 },
          echoDecibelsPerSecond: ClickPath.echoFades[0], spread: 0))
      return
    }
    var heard = [Double](repeating: 0, count: bandCentres.count)
    var played = heard
    var correlations: [Double] = []
    var spreads: [Float] = []
    let latest = Int(ClickPath.longestDelaySeconds * Double(sampleRate))
    for sound in audible {
      let learned = alone.sounds[sound]!!
      let template = templates[sound]
      for position in learned.positions {
        for band in heard.indices { heard[band] += Double(position[band] * position[band]) }
      }
      for position in template.spectra.dry {
        for band in played.indices { played[band] += Double(position[band] * position[band]) }
      }
      let energy = alone.energies[sound]!
      let shifts = min(
        energy.count - template.energy.count, (latest + alone.slack) / alone.blockLength + 1)
      if correlations.isEmpty { correlations = [Double](repeating: 0, count: max(1, shifts)) }
      for shift in 0..<min(correlations.count, max(0, shifts)) {
        for block in template.energy.indices {
          correlations[shift] += Double(energy[shift + block] * template.energy[block])
        }
      }
      spreads.append(alone.spreads[sound]!.reduce(0, +) / Float(bandCentres.count))
    }
    let loudest = played.max() ?? 0
    let gains = heard.indices.map { band in
      played[band] > loudest * 1e-4 ? Float((heard[band] / played[band]).squareRoot()) : -1
    }
    let measured = gains.filter { $0 >= 0 }.sorted()
    let typical = measured.isEmpty ? 0 : measured[measured.count / 2]
    let best = correlations.indices.max { correlations[$0] < correlations[$1] } ?? 0
    let delay = best * alone.blockLength - alone.slack
    let bandGains = gains.map { $0 >= 0 ? $0 : typical }
    let fade =
      ClickPath.echoFades.first { fade in
        coverage(of: audible, gains: bandGains, delay: delay, fade: fade) >= ClickPath.echoCoverage
      } ?? ClickPath.echoFades.last!
    follow(
      ClickPath(
        delay: Double(delay) / Double(sampleRate), frequencies: bandCentres, gains: bandGains,
        echoDecibelsPerSecond: fade, spread: spreads.reduce(0, +) / Float(spreads.count)))
  }

  /// The share of the energy heard at the alone clicks of `sounds` that their templates, with
  /// echoes fading at `fade`, predict.
  private func coverage(of sounds: [Int], gains: [Float], delay: Int, fade: Double) -> Double {
    var covered = 0.0
    var total = 0.0
    for sound in sounds {
      let learned = alone.sounds[sound]!!
      let echoed = templates[sound].spectra.echoing(decibelsPerSecond: fade, sampleRate: sampleRate)
      for (index, heard) in learned.positions.enumerated() {
        let offset = learned.earliest + index * learned.step
        let found = echoed.magnitudes(at: offset - delay, into: &candidate)
        for band in heard.indices {
          let predicted = found ? gains[band] * candidate[band] : 0
          covered += Double(min(heard[band], predicted) * min(heard[band], predicted))
          total += Double(heard[band] * heard[band])
        }
      }
    }
    return total > 0 ? covered / total : 1
  }

  func follow(_ path: ClickPath) {
    self.path = path
    pathDelay = Int((path.delay * Double(sampleRate)).rounded())
    pathGains = path.gains(at: bandCentres)
    echoed = templates.map {
      $0.spectra.echoing(decibelsPerSecond: path.echoDecibelsPerSecond, sampleRate: sampleRate)
    }
    templatePowerGains = templates.map { template in
      var heard: Float = 0
      var played: Float = 0
      for position in template.spectra.dry {
        for band in position.indices {
          let energy = position[band] * position[band]
          played += energy
          heard += pathGains[band] * pathGains[band] * energy
        }
      }
      return played > 0 ? heard / played : 0
    }
  }

  /// Takes the clicks scheduled near the window that starts at `start` out of its `bands`,
  /// leaving in `heard` the bands as they were and in `clicks` what the clicks were predicted
  /// to add; false, with the bands untouched, when no click sounds in the window.
  func takeOut(
    windowStart start: Int, windowSize: Int, bands: inout [Float], heard: inout [Float],
    clicks: inout [Float]
  ) -> Bool {
    while let first = scheduled.first, first.frame + reach + askedLater < start {
      scheduled.removeFirst()
    }
    var found = false
    var unexplained = false
    for click in scheduled where click.frame + reach >= start {
      let offset = click.frame - start
      guard offset < earliestAfterWindow else { break }
      let prediction = predict(click, at: offset)
      if prediction == .nothing { continue }
      if !found {
        for band in clicks.indices { clicks[band] = 0 }
        found = true
      }
      if prediction == .everything {
        unexplained = true
        continue
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
      let floor = min(bands[band], median)
      if unexplained { clicks[band] = max(clicks[band], bands[band] - floor) }
      bands[band] = max(bands[band] - clicks[band], floor)
    }
    return true
  }

  /// Leaves in `predicted` what the click adds to the window when it is at `offset`, margin
  /// included: true. False for an alone click whose sound is not learned yet (all that the
  /// window gained is its), nil when the click adds nothing to the window.
  private func predict(_ click: ScheduledClick, at offset: Int) -> Prediction {
    let learner = anyAlone ? alone : among
    guard let learned = learner.sounds[click.sound] else {
      if click.isAlone { return .everything }
      return played(click, at: offset) ?? envelope(of: learner, at: offset)
    }
    guard let spectra = learned, spectra.magnitudes(at: offset, into: &predicted) else {
      return .nothing
    }
    let spread = learner.spreads[click.sound]!
    for band in predicted.indices {
      predicted[band] *= 1 + max(Self.leastMargin, Self.spreadsOfMargin * spread[band])
    }
    return .sound
  }

  private enum Prediction {
    /// `predicted` holds what the click adds.
    case sound
    /// The click is alone and its sound not learned yet: all the window gained is its.
    case everything
    /// The click adds nothing to the window.
    case nothing
  }

  /// What the clicks are predicted to add to the waveform's energy in `range`, margin included.
  func energy(in range: Range<Int>) -> Double {
    let learner = anyAlone ? alone : among
    let length = learner.blockLength
    var total = 0.0
    for click in scheduled {
      var first = click.frame - learner.slack
      guard first < range.upperBound else { break }
      if case .some(.none) = learner.sounds[click.sound] { continue }
      var envelope = learner.energies[click.sound]
      var spread = learner.energySpreads[click.sound] ?? ClickLearner.unknownSpread
      if envelope == nil, let path, click.sound < templates.count {
        envelope = templates[click.sound].energy.map { $0 * templatePowerGains[click.sound] }
        spread = path.spread
        first = click.frame + pathDelay
      }
      guard
        let envelope = envelope
          ?? learner.energies.values.max(by: { $0.reduce(0, +) < $1.reduce(0, +) })
      else { continue }
      let margin = 1 + Double(max(Self.leastMargin, Self.spreadsOfMargin * spread))
      let from = max(0, (range.lowerBound - first) / length)
      let to = min(envelope.count, (range.upperBound - first + length - 1) / length)
      guard from < to else { continue }
      for block in from..<to {
        let blockStart = first + block * length
        let overlap =
          min(range.upperBound, blockStart + length) - max(range.lowerBound, blockStart)
        total += margin * Double(envelope[block]) * Double(overlap) / Double(length)
      }
    }
    return total
  }

  /// The sound the app plays for `click`, as the path brings it to the microphone; nil when the
  /// app gave no such sound or no path is known.
  private func played(_ click: ScheduledClick, at offset: Int) -> Prediction? {
    guard let path, click.sound < templates.count else { return nil }
    guard templatePowerGains[click.sound] > 0,
      echoed[click.sound].magnitudes(at: offset - pathDelay, into: &predicted)
    else { return .nothing }
    let margin = 1 + max(Self.leastMargin, Self.spreadsOfMargin * path.spread)
    for band in predicted.indices { predicted[band] *= pathGains[band] * margin }
    return .sound
  }

  /// The largest of the learned sounds, for a sound with none of its own.
  private func envelope(of learner: ClickLearner, at offset: Int) -> Prediction {
    var found = false
    for (sound, learned) in learner.sounds {
      guard let spectra = learned, spectra.magnitudes(at: offset, into: &candidate) else {
        continue
      }
      let spread = learner.spreads[sound]!
      if !found { for band in predicted.indices { predicted[band] = 0 } }
      found = true
      for band in predicted.indices {
        let margin = 1 + max(Self.leastMargin, Self.spreadsOfMargin * spread[band])
        predicted[band] = max(predicted[band], candidate[band] * margin)
      }
    }
    return found ? .sound : .nothing
  }
}
