import Glibc

extension InstrumentProfile {
  /// Learns a profile from notes played alone; nil when fewer than `fewestNotes` clear onsets
  /// were found, or when they hardly stand out from the room.
  ///
  /// The untuned detector finds the notes. For each, every detector band's rise is measured
  /// from the window that ends where the note starts to the loudest of the few windows after, in
  /// the units the detector uses (log ratio above a knee); the rises are averaged over the notes
  /// and gathered into third-octave bands. Then the detector tuned to this fingerprint listens
  /// to the recording again, to learn how strong the notes are and how strong the room between
  /// them gets, which sets the tuned threshold.
  public static func learn(from samples: [Float], sampleRate: Int) -> InstrumentProfile? {
    let onsets = OnsetDetector.onsets(in: samples, sampleRate: sampleRate)
    guard onsets.count >= fewestNotes else { return nil }
    let spectrum = OnsetSpectrum(sampleRate: sampleRate)
    let bands = OnsetBands(fftSize: spectrum.size, sampleRate: sampleRate)
    var magnitudes = [Float](repeating: 0, count: spectrum.binCount)
    var window = [Float](repeating: 0, count: bands.count)
    var befores: [[Float]] = []
    var afters: [[Float]] = []
    var peaks: [Double] = []
    for onset in onsets {
      spectrum.magnitudes(of: samples, at: spectrum.size - onset.frame, into: &magnitudes)
      bands.apply(magnitudes, into: &window)
      befores.append(window)
      var loudest = [Float](repeating: 0, count: bands.count)
      for step in 0..<windowsAfterOnset {
        let start = onset.frame - spectrum.size / 2 + step * spectrum.hop
        spectrum.magnitudes(of: samples, at: -start, into: &magnitudes)
        bands.apply(magnitudes, into: &window)
        for band in loudest.indices { loudest[band] = max(loudest[band], window[band]) }
      }
      afters.append(loudest)
      let end = min(samples.count, onset.frame + spectrum.size)
      peaks.append(Double(samples[onset.frame..<end].reduce(0) { max($0, abs($1)) }))
    }
    // As in the detector, a band's rise counts above a knee: here the room's level in that band
    // (its quietest before any note), and never less than a fixed distance below the loudest
    // band, so that leakage far down does not count.
    let top = afters.flatMap { $0 }.max() ?? 0
    var rises = [Double](repeating: 0, count: bands.count)
    for band in rises.indices {
      let knee = max(befores.map { $0[band] }.min() ?? 0, top * dynamicRange)
      for (before, after) in zip(befores, afters) {
        rises[band] += Double(logf((knee + after[band]) / (knee + before[band])))
      }
    }
    let thirdOctaves = standardFrequencies.map { centre in
      let members = bands.centres.indices.filter {
        abs(log2(bands.centres[$0] / centre)) <= 1.0 / 6
      }
      guard !members.isEmpty else { return 0.0 }
      return members.reduce(0) { $0 + max(0, rises[$1]) } / Double(members.count)
    }
    let mean = thirdOctaves.reduce(0, +) / Double(thirdOctaves.count)
    guard mean > 0 else { return nil }
    var profile = InstrumentProfile(
      frequencies: standardFrequencies, onsetRise: thirdOctaves.map { $0 / mean }, onsetStrength: 0,
      noiseStrength: 0, peakLevel: 20 * log10(max(peaks.sorted()[peaks.count / 2], 1e-9)),
      noteCount: onsets.count)
    (profile.onsetStrength, profile.noiseStrength) = strengths(
      of: profile, in: samples, sampleRate: sampleRate, notes: onsets.map(\.frame),
      windowSize: spectrum.size)
    guard profile.onsetStrength >= clearNotes * profile.noiseStrength else { return nil }
    return profile
  }

  /// How strong the notes are (the median), and how strong the room between them gets (the
  /// most), as the detector tuned to `profile` hears them.
  private static func strengths(
    of profile: InstrumentProfile, in samples: [Float], sampleRate: Int, notes: [Int],
    windowSize: Int
  ) -> (notes: Double, room: Double) {
    var trace: [(start: Int, value: Float)] = []
    let detector = OnsetDetector(sampleRate: sampleRate, profile: profile)
    detector.onsetFunctionObserver = { trace.append(($0, $1)) }
    _ = samples.withUnsafeBufferPointer { detector.process($0) }
    _ = detector.finish()
    let noteStrengths = notes.map { note in
      trace.filter { $0.start >= note - windowSize && $0.start <= note + windowSize / 2 }
        .map { Double($0.value) }.max() ?? 0
    }.sorted()
    let clearance = Int(Double(sampleRate) * roomClearanceSeconds)
    let room =
      trace.filter { frame in
        notes.allSatisfy { abs(frame.start + windowSize / 2 - $0) > clearance }
      }.map { Double($0.value) }.max() ?? 0
    return (noteStrengths[noteStrengths.count / 2], room)
  }

  /// The room is heard at least this far from any note.
  static let roomClearanceSeconds = 0.08
  /// A note's spectrum is taken at its loudest over the first few hops after its start.
  static let windowsAfterOnset = 4
  /// 60 dB: about the range of a microphone in a quiet room.
  static let dynamicRange: Float = 0.001
  /// Notes less than twice as strong as the room were not clearly played.
  static let clearNotes = 2.0
  /// Bands where the instrument never speaks keep this weight, so that a note unlike the
  /// calibration is still heard.
  static let quietBandWeight = 0.1
  /// The tuned threshold catches notes a quarter as strong as the typical one…
  static let softestNote = 0.25
  /// …but stays a little above where the room alone reached during calibration, as a longer
  /// performance meets louder moments of the room.
  static let roomMargin = 1.25

  /// The weight of each of the detector's bands, centred at `centres`: the fingerprint read off
  /// between its bands on a log-frequency scale; all alike if the fingerprint is malformed (a
  /// hand-edited settings file).
  func bandWeights(at centres: [Double]) -> [Float] {
    guard !frequencies.isEmpty, frequencies.count == onsetRise.count else {
      return [Float](repeating: 1, count: centres.count)
    }
    return centres.map { centre in
      let upper = frequencies.firstIndex { $0 >= centre } ?? frequencies.count - 1
      let lower = max(0, upper - 1)
      let span = log2(frequencies[upper] / frequencies[lower])
      let fraction = span > 0 ? min(max(log2(centre / frequencies[lower]) / span, 0), 1) : 0
      let rise = onsetRise[lower] * (1 - fraction) + onsetRise[upper] * fraction
      return Float(max(rise, Self.quietBandWeight))
    }
  }

  /// The threshold offset for this instrument.
  func threshold(untuned: Float) -> Float {
    max(
      min(untuned, Float(Self.softestNote * onsetStrength)), Float(Self.roomMargin * noiseStrength))
  }
}
