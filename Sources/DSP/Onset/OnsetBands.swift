import Glibc

/// Groups FFT bins into bands a twelfth of an octave wide, so that the few bins below 1 kHz,
/// where most notes live, count as much as the hundreds of bins of hiss above. Each band is a
/// triangle over the bins between its neighbours' centres, normalised so that a band's value is
/// a weighted mean magnitude. Where bands would be narrower than a bin, each bin is a band.
struct OnsetBands {
  static let bandsPerOctave = 12.0
  /// Below this, rooms rumble (traffic, ventilation) more than instruments start: even a bass
  /// note's attack shows in its harmonics above.
  static let lowest = 80.0
  /// Above this, rooms and microphones give mostly hiss; instruments' attacks are all below.
  static let highest = 16_000.0

  /// Each band's centre frequency, in Hz.
  let centres: [Double]
  private let firstBins: [Int]
  /// Where each band's weights start in `weights`; one more entry marks the end.
  private let weightStarts: [Int]
  private let weights: [Float]

  var count: Int { centres.count }
  /// How many of the lowest bins the bands read.
  let binsRead: Int

  init(fftSize: Int, sampleRate: Int) {
    let binWidth = Double(sampleRate) / Double(fftSize)
    let lastBin = min(fftSize / 2 - 1, Int(Self.highest / binWidth))
    var centreBins: [Int] = []
    var frequency = Self.lowest
    while frequency <= Double(lastBin) * binWidth {
      let bin = max(1, Int((frequency / binWidth).rounded()))
      if bin != centreBins.last { centreBins.append(bin) }
      frequency *= pow(2, 1 / Self.bandsPerOctave)
    }
    var firstBins: [Int] = []
    var weightStarts: [Int] = []
    var weights: [Float] = []
    var binsRead = 0
    for (index, centre) in centreBins.enumerated() {
      let low = index > 0 ? centreBins[index - 1] : centre - 1
      let high = index + 1 < centreBins.count ? centreBins[index + 1] : centre + 1
      let triangle = ((low + 1)...(high - 1)).map { bin in
        bin <= centre
          ? Double(bin - low) / Double(centre - low) : Double(high - bin) / Double(high - centre)
      }
      let total = triangle.reduce(0, +)
      firstBins.append(low + 1)
      binsRead = max(binsRead, high)
      weightStarts.append(weights.count)
      weights += triangle.map { Float($0 / total) }
    }
    weightStarts.append(weights.count)
    self.firstBins = firstBins
    self.weightStarts = weightStarts
    self.weights = weights
    self.binsRead = binsRead
    centres = centreBins.map { Double($0) * binWidth }
  }

  func apply(_ magnitudes: [Float], into bands: inout [Float]) {
    magnitudes.withUnsafeBufferPointer { magnitudes in
      weights.withUnsafeBufferPointer { weights in
        bands.withUnsafeMutableBufferPointer { bands in
          for band in firstBins.indices {
            var sum: Float = 0
            var bin = firstBins[band]
            for weight in weightStarts[band]..<weightStarts[band + 1] {
              sum += weights[weight] * magnitudes[bin]
              bin += 1
            }
            bands[band] = sum
          }
        }
      }
    }
  }
}
