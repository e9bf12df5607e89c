/// Learns what the metronome adds to the detector's bands from the audio at the scheduled
/// clicks, when the caller cannot give the click's sound (a recording made elsewhere).
///
/// For each click heard, the spectrum of a window just before the click is taken from the
/// spectra at every position of the click in a window, leaving what the click added. A
/// metronome repeats a pattern, such as an accented downbeat and three plain beats, so the
/// clicks are grouped by their place in the smallest period (up to a bar of eight) that
/// explains them about as well as any, and each group's spectra are the band-by-band median of
/// its clicks: a note that happened to coincide with a few clicks is voted out.
struct ClickLearner {
  /// Clicks beyond these add little, and stopping keeps a long session's memory flat.
  static let mostClicks = 48
  static let longestPeriod = 8
  static let clicksPerGroup = 3
  /// A longer period must explain the clicks this much better to be preferred.
  static let periodTolerance: Float = 1.1
  /// Clicks may sound this far from their scheduled frame: the output-to-input mapping is known
  /// only to within a little.
  static let slackSeconds = 0.002
  /// The app's clicks last 20–35 ms; a room's echoes add a little.
  static let longestClickSeconds = 0.06

  let step: Int
  let earliest: Int
  let windowSize: Int
  let slack: Int
  private var heard: [(index: Int, positions: [[Float]])] = []
  private(set) var period = 1
  private(set) var groups: [ClickSpectra] = []

  init(spectrum: OnsetSpectrum, sampleRate: Int) {
    step = max(1, spectrum.hop / 4)
    windowSize = spectrum.size
    slack = Int(Double(sampleRate) * Self.slackSeconds)
    let longest = Int(Double(sampleRate) * Self.longestClickSeconds)
    earliest = -(longest / step + 1) * step
  }

  var isComplete: Bool { heard.count >= Self.mostClicks }

  /// A click's excerpt starts this far from its scheduled frame (a window ending just before
  /// the click, as the reference)…
  var excerptStart: Int { -windowSize - slack }
  /// …and ends this far after it.
  var excerptEnd: Int { -earliest + windowSize }

  /// Adds the `index`th click of the schedule from `excerpt`, the audio from `excerptStart` to
  /// `excerptEnd` around it. Call `learn` before using `groups`.
  mutating func hear(_ excerpt: [Float], index: Int, spectrum: OnsetSpectrum, bands: OnsetBands) {
    guard !isComplete else { return }
    var magnitudes = [Float](repeating: 0, count: spectrum.binCount)
    var before = [Float](repeating: 0, count: bands.count)
    spectrum.magnitudes(of: excerpt, at: 0, into: &magnitudes)
    bands.apply(magnitudes, into: &before)
    var positions: [[Float]] = []
    var banded = before
    for offset in stride(from: earliest, through: windowSize, by: step) {
      // The window whose first frame is `offset` before the click.
      spectrum.magnitudes(of: excerpt, at: offset + excerptStart, into: &magnitudes)
      bands.apply(magnitudes, into: &banded)
      positions.append(zip(banded, before).map { max(0, $0 - $1) })
    }
    heard.append((index, positions))
  }

  /// Groups the clicks heard and takes each group's medians.
  mutating func learn() {
    let longest = min(Self.longestPeriod, heard.count / Self.clicksPerGroup)
    guard longest >= 1 else {
      period = 1
      groups = [spectra(of: heard.map(\.positions))]
      return
    }
    var candidates: [(period: Int, groups: [ClickSpectra], spread: Float)] = []
    for period in 1...longest {
      let members = (0..<period).map { group in
        heard.filter { $0.index % period == group }.map(\.positions)
      }
      let groups = members.map(spectra(of:))
      var spread: Float = 0
      for click in heard {
        let median = groups[click.index % period].positions
        for (position, bandsHeard) in click.positions.enumerated() {
          for (band, value) in bandsHeard.enumerated() {
            spread += abs(value - median[position][band])
          }
        }
      }
      candidates.append((period, groups, spread))
    }
    let best = candidates.map(\.spread).min()!
    let chosen = candidates.first { $0.spread <= best * Self.periodTolerance }!
    period = chosen.period
    groups = chosen.groups
  }

  private func spectra(of clicks: [[[Float]]]) -> ClickSpectra {
    var column = [Float](repeating: 0, count: clicks.count)
    let positions = clicks[0].indices.map { position in
      clicks[0][position].indices.map { band in
        for (row, click) in clicks.enumerated() { column[row] = click[position][band] }
        column.sort()
        let middle = column.count / 2
        return column.count % 2 == 1 ? column[middle] : 0.5 * (column[middle - 1] + column[middle])
      }
    }
    return ClickSpectra(step: step, earliest: earliest, positions: positions)
  }
}
