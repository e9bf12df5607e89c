import Glibc

/// What one metronome click adds to the detector's bands, for every position the click can take
/// in an analysis window, a quarter hop apart. The position is the click's scheduled frame minus
/// the window's first frame: negative once the click began before the window.
struct ClickSpectra {
  let step: Int
  /// The position of the first entry.
  let earliest: Int
  /// What the click itself adds, and what it adds with the room's echoes.
  let dry: [[Float]]
  let positions: [[Float]]

  /// Spectra learned from the room itself, echoes and all.
  init(step: Int, earliest: Int, positions: [[Float]]) {
    self.step = step
    self.earliest = earliest
    self.positions = positions
    dry = positions
  }

  /// The spectra of a known sound, as `spectrum` and `bands` would hear it, and room enough
  /// after it for its echoes (`echoing`).
  init(sound: [Float], spectrum: OnsetSpectrum, bands: OnsetBands, sampleRate: Int) {
    step = max(1, spectrum.hop / 4)
    let echo = Int(Double(sampleRate) * ClickSpectra.echoSeconds)
    earliest = -((sound.count + echo) / step + 1) * step
    var magnitudes = [Float](repeating: 0, count: spectrum.binCount)
    var banded = [Float](repeating: 0, count: bands.count)
    var positions: [[Float]] = []
    for offset in stride(from: earliest, through: spectrum.size, by: step) {
      spectrum.magnitudes(of: sound, at: offset, into: &magnitudes)
      bands.apply(magnitudes, into: &banded)
      positions.append(banded)
    }
    dry = positions
    self.positions = positions
  }

  private init(step: Int, earliest: Int, dry: [[Float]], positions: [[Float]]) {
    self.step = step
    self.earliest = earliest
    self.dry = dry
    self.positions = positions
  }

  /// The sound followed by a room's echoes, fading by `decibelsPerSecond`: a loudspeaker in a
  /// room rings on after the sound the app played has ended.
  func echoing(decibelsPerSecond: Double, sampleRate: Int) -> ClickSpectra {
    var positions = dry
    // Positions run from the click long past to the click still to come; walking back from
    // the click's arrival, each band fades no faster than the room lets it.
    let fade = Float(pow(10, -decibelsPerSecond / 20 * Double(step) / Double(sampleRate)))
    for index in stride(from: positions.count - 2, through: 0, by: -1) {
      for band in positions[index].indices {
        positions[index][band] = max(positions[index][band], fade * positions[index + 1][band])
      }
    }
    return ClickSpectra(step: step, earliest: earliest, dry: dry, positions: positions)
  }

  /// How long after a sound the app played its echoes are still followed.
  static let echoSeconds = 0.06

  /// The magnitude of each band with the click at `offset`; `widened`, with the room's echoes
  /// and the largest at the positions within one step of it, which covers a click sounding a
  /// little off its scheduled frame. False when the click is not in the window at all.
  func magnitudes(at offset: Int, widened: Bool = true, into result: inout [Float]) -> Bool {
    let positions = widened ? self.positions : dry
    let nearest = Int((Double(offset - earliest) / Double(step)).rounded())
    let reach = widened ? 1 : 0
    guard nearest + reach >= 0, nearest - reach < positions.count else { return false }
    let range = max(0, nearest - reach)...min(positions.count - 1, nearest + reach)
    for band in result.indices {
      var largest: Float = 0
      for index in range { largest = max(largest, positions[index][band]) }
      result[band] = largest
    }
    return true
  }
}
