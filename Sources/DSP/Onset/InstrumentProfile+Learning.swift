import Glibc

extension InstrumentProfile {
  /// Learns a profile from notes played alone; nil when fewer than `fewestNotes` clear onsets
  /// were found.
  ///
  /// The untuned detector finds the notes. For each, every detector band's rise is measured
  /// from a window ending where the note starts to the loudest of the few windows after, in the
  /// same units the detector uses (log ratio over the room's noise floor); the rises are
  /// averaged over notes and gathered into third-octave bands.
  public static func learn(from samples: [Float], sampleRate: Int) -> InstrumentProfile? {
    let onsets = OnsetDetector.onsets(in: samples, sampleRate: sampleRate)
    guard onsets.count >= fewestNotes else { return nil }
    let spectrum = OnsetSpectrum(sampleRate: sampleRate)
    let bands = OnsetBands(fftSize: spectrum.size, sampleRate: sampleRate)
    var magnitudes = [Float](repeating: 0, count: spectrum.size / 2 + 1)
    var before = [Float](repeating: 0, count: bands.count)
    var after = before
    var loudest = before
    var befores: [[Float]] = []
    var louds: [[Float]] = []
    var peaks: [Double] = []
    for onset in onsets {
      spectrum.magnitudes(of: samples, at: spectrum.size - onset.frame, into: &magnitudes)
      bands.apply(magnitudes, into: &before)
      for band in loudest.indices { loudest[band] = 0 }
      for step in 0..<Self.windowsAfterOnset {
        let start = onset.frame - spectrum.size / 2 + step * spectrum.hop
        spectrum.magnitudes(of: samples, at: -start, into: &magnitudes)
        bands.apply(magnitudes, into: &after)
        for band in loudest.indices { loudest[band] = max(loudest[band], after[band]) }
      }
      befores.append(before)
      louds.append(loudest)
      let end = min(samples.count, onset.frame + spectrum.size)
      peaks.append(Double(samples[onset.frame..<end].reduce(0) { max($0, abs($1)) }))
    }
    // As in the detector, a band's rise is counted above a knee: here the room's level in that
    // band (its quietest before any note), and never less than a fixed distance below the
    // loudest band, so that leakage far down does not count.
    let top = louds.flatMap { $0 }.max() ?? 0
    let knees = bands.centres.indices.map { band in
      max(befores.map { $0[band] }.min() ?? 0, top * Self.dynamicRange)
    }
    var rises = [Double](repeating: 0, count: bands.count)
    for (before, loudest) in zip(befores, louds) {
      for band in rises.indices {
        rises[band] += Double(logf((knees[band] + loudest[band]) / (knees[band] + before[band])))
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

  /// Notes that stand less than this far above the room were not clearly played.
  static let clearNotes = 2.0

  /// How strong the notes are, and how strong the room between them gets, as the detector
  /// tuned to `profile` hears them.
  private static func strengths(
    of profile: InstrumentProfile, in samples: [Float], sampleRate: Int, notes: [Int], windowSize: Int
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
    let clear = Int(Double(sampleRate) * roomClearance)
    let room = trace.filter { frame in
      notes.allSatisfy { abs(frame.start + windowSize / 2 - $0) > clear }
    }.map { Double($0.value) }.sorted()
    let loudRoom = room.isEmpty ? 0 : room[min(room.count - 1, Int(Double(room.count) * roomPercentile))]
    return (noteStrengths[noteStrengths.count / 2], loudRoom)
  }

  /// The room is heard this far from any note, and judged by this percentile of its frames.
  static let roomClearance = 0.08
  static let roomPercentile = 1.0

  /// A note's spectrum is taken at its loudest over the first few hops after its start.
  static let windowsAfterOnset = 4
  /// 60 dB: about the range of a microphone in a quiet room.
  static let dynamicRange: Float = 0.001

  /// The weight of each of the detector's bands, centred at `centres`: the fingerprint read
  /// off between its third-octave bands on a log-frequency scale. Bands where the instrument
  /// never speaks keep a small weight, so a note unlike the calibration is still heard.
  func bandWeights(at centres: [Double]) -> [Float] {
    centres.map { centre in
      let position = log2(centre / frequencies[0]) * 3
      let lower = min(max(0, Int(position.rounded(.down))), frequencies.count - 1)
      let upper = min(lower + 1, frequencies.count - 1)
      let fraction = min(max(position - Double(lower), 0), 1)
      let rise = onsetRise[lower] * (1 - fraction) + onsetRise[upper] * fraction
      return Float(max(rise, Self.quietBandWeight))
    }
  }

  static let quietBandWeight = 0.1
  static let softestNote = 0.25

  /// The threshold offset for this instrument: low enough to catch notes a quarter as strong
  /// as the typical one (but no higher than untuned), and never where the room alone reached.
  func threshold(untuned: Float) -> Float {
    max(min(untuned, Float(Self.softestNote * onsetStrength)), Float(noiseStrength))
  }
}
