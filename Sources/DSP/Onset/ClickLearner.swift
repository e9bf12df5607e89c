/// Learns what each of the metronome's sounds adds to the detector's bands, from the audio at
/// scheduled clicks.
///
/// For each click heard, the spectrum of a window just before the click is taken from the
/// spectra at every position of the click in a window, leaving what the click added. A sound's
/// spectra are the band-by-band `quantile` of its clicks: the median where nothing else is
/// played (a count-in, a rest), a lower quantile where notes may coincide with some clicks, so
/// that they are voted out. How much a sound's clicks differ from one another, band by band,
/// is kept as its spread: the margin the prediction needs.
struct ClickLearner {
  /// Clicks beyond these add little, and stopping keeps a long session's memory flat.
  static let mostClicksPerSound = 16
  /// Clicks may sound this far from their scheduled frame: the output-to-input mapping is known
  /// only to within a little, and a room adds a few milliseconds of flight.
  static let slackSeconds = 0.002
  /// The app's clicks last 20–35 ms; a room's echoes add a little.
  static let longestClickSeconds = 0.06
  /// A sound whose loudest position adds less than this to the energy of the quietest window
  /// before one of its clicks (6 dB over the room) is not in the signal at all: the schedule was
  /// given for a recording without clicks.
  static let audibleEnergyRatio: Float = 4
  /// The spread of a sound heard only once: a single click says nothing of how clicks vary.
  static let unknownSpread: Float = 0.3

  let step: Int
  let earliest: Int
  let windowSize: Int
  let slack: Int
  let quantile: Double
  private var heard: [Int: [Heard]] = [:]
  /// The sounds learned, by sound; nil for a sound not in the signal.
  private(set) var sounds: [Int: ClickSpectra?] = [:]
  /// Each sound's spread, band by band, as a share of its level.
  private(set) var spreads: [Int: [Float]] = [:]
  /// Each sound's spread in energy, as a share of its energy.
  private(set) var energySpreads: [Int: Float] = [:]
  /// What each sound adds to the waveform's energy, in blocks of `blockLength` from `slack`
  /// before its scheduled frame: where a hit on a click starts is told from the click's own
  /// start with it.
  private(set) var energies: [Int: [Float]] = [:]
  let blockLength: Int

  private struct Heard {
    var positions: [[Float]]
    var before: Float
    var energy: [Float]
  }

  init(spectrum: OnsetSpectrum, sampleRate: Int, quantile: Double) {
    step = max(1, spectrum.hop / 4)
    windowSize = spectrum.size
    slack = Int(Double(sampleRate) * Self.slackSeconds)
    let longest = Int(Double(sampleRate) * Self.longestClickSeconds)
    earliest = -(longest / step + 1) * step
    self.quantile = quantile
    blockLength = max(1, sampleRate / 1000)
  }

  func isComplete(_ sound: Int) -> Bool {
    (heard[sound]?.count ?? 0) >= Self.mostClicksPerSound
  }

  var isEmpty: Bool { heard.isEmpty }

  /// A click's excerpt starts this far from its scheduled frame (a window ending just before
  /// the click, as the reference)…
  var excerptStart: Int { -windowSize - slack }
  /// …and ends this far after it.
  var excerptEnd: Int { -earliest + windowSize + slack }

  /// Adds a click of `sound` from `excerpt`, the audio from `excerptStart` to `excerptEnd`
  /// around it. Call `learn` before using `sounds`.
  mutating func hear(_ excerpt: [Float], sound: Int, spectrum: OnsetSpectrum, bands: OnsetBands) {
    guard !isComplete(sound) else { return }
    var magnitudes = [Float](repeating: 0, count: spectrum.binCount)
    var before = [Float](repeating: 0, count: bands.count)
    spectrum.magnitudes(of: excerpt, at: 0, into: &magnitudes)
    bands.apply(magnitudes, into: &before)
    var positions: [[Float]] = []
    var banded = before
    for offset in stride(from: earliest - slack, through: windowSize + slack, by: step) {
      // The window whose first frame is `offset` before the click.
      spectrum.magnitudes(of: excerpt, at: offset + excerptStart, into: &magnitudes)
      bands.apply(magnitudes, into: &banded)
      positions.append(zip(banded, before).map { max(0, $0 - $1) })
    }
    heard[sound, default: []].append(
      Heard(
        positions: positions, before: before.reduce(0) { $0 + $1 * $1 },
        energy: energy(of: excerpt)))
  }

  /// Takes each sound's quantile over its clicks, and its spread.
  mutating func learn() {
    for (sound, clicks) in heard {
      let positions = quantiles(of: clicks.map(\.positions))
      let loudest = positions.map { $0.reduce(0) { $0 + $1 * $1 } }.max() ?? 0
      // The room is where it was quietest: after notes a click's window can hold their
      // rings, and judged against those a click would seem not to sound at all.
      let room = clicks.map(\.before).min() ?? 0
      guard loudest > Self.audibleEnergyRatio * room, loudest > 0 else {
        sounds[sound] = .some(nil)
        continue
      }
      sounds[sound] = ClickSpectra(step: step, earliest: earliest - slack, positions: positions)
      spreads[sound] = spread(of: clicks.map(\.positions))
      energies[sound] = quantiles(of: clicks.map { $0.energy.map { [$0] } }).map { $0[0] }
      energySpreads[sound] = spread(of: clicks.map { $0.energy.map { [$0.squareRoot()] } })[0]
    }
    // A sound heard once varies as much as the others do, as far as they tell.
    let measured = heard.filter { $0.value.count > 1 }.keys.compactMap { spreads[$0] }
    guard !measured.isEmpty else { return }
    for (sound, clicks) in heard where clicks.count == 1 && spreads[sound] != nil {
      spreads[sound] = spreads[sound]!.indices.map { band in
        measured.reduce(0) { $0 + $1[band] } / Float(measured.count)
      }
      let energySpread = heard.filter { $0.value.count > 1 }.keys.compactMap { energySpreads[$0] }
      energySpreads[sound] = energySpread.reduce(0, +) / Float(energySpread.count)
    }
  }

  /// The energy of each block from `slack` before the click to the excerpt's end, less the
  /// mean energy of a block in the window before the click.
  private func energy(of excerpt: [Float]) -> [Float] {
    func energy(from start: Int) -> Float {
      excerpt[start..<min(excerpt.count, start + blockLength)].reduce(0) { $0 + $1 * $1 }
    }
    let blocksBefore = windowSize / blockLength
    let room =
      (0..<blocksBefore).reduce(0) { $0 + energy(from: $1 * blockLength) }
      / Float(blocksBefore)
    let clickStart = -excerptStart - slack
    return stride(from: clickStart, to: excerpt.count, by: blockLength).map {
      max(0, energy(from: $0) - room)
    }
  }

  /// The band-by-band quantile of the clicks' spectra, position by position.
  private func quantiles(of clicks: [[[Float]]]) -> [[Float]] {
    var column = [Float](repeating: 0, count: clicks.count)
    let rank = Double(clicks.count - 1) * quantile
    let below = Int(rank)
    let above = min(clicks.count - 1, below + 1)
    let weight = Float(rank - Double(below))
    return clicks[0].indices.map { position in
      clicks[0][position].indices.map { band in
        for (row, click) in clicks.enumerated() { column[row] = click[position][band] }
        column.sort()
        return column[below] + weight * (column[above] - column[below])
      }
    }
  }

  /// Each band's energy over all positions, click by click: its standard deviation as a share
  /// of its mean.
  private func spread(of clicks: [[[Float]]]) -> [Float] {
    let bandCount = clicks[0][0].count
    guard clicks.count > 1 else { return [Float](repeating: Self.unknownSpread, count: bandCount) }
    return (0..<bandCount).map { band in
      let levels = clicks.map { click in
        click.reduce(0) { $0 + $1[band] * $1[band] }.squareRoot()
      }
      let mean = levels.reduce(0, +) / Float(levels.count)
      guard mean > 0 else { return 0 }
      let variance = levels.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Float(levels.count - 1)
      return variance.squareRoot() / mean
    }
  }
}
