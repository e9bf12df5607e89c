/// Monophonic pitch, estimated every 5 ms over frames twice the longest period sought
/// (50 ms from 40 Hz), by the McLeod Pitch Method: the period is a peak of the normalised
/// square difference function (`NormalizedSquareDifference`, which says which peak) of the
/// frame, low-passed and decimated to about 11–12 kHz and high-passed just below the lowest
/// frequency sought. That function is found every half sample and its peak interpolated,
/// which puts the notes of E2–E6 within a cent. Streaming: blocks of any size give the same
/// estimates as the whole signal at once, because every frame sits at a fixed place on the
/// stream.
///
/// A frame is voiced when it is loud enough (less loud when it follows a voiced one), not ten
/// times quieter in one half than in the other, and periodic enough. The middle test keeps a
/// frame that merely overlaps the start or end of a sound from counting: silence matches
/// silence perfectly, so a frame holding a metronome click and silence would look periodic at
/// the click's pitch, and a note would seem to start half a frame early.
public final class PitchDetector {
  public let sampleRate: Int
  /// Input samples between successive estimates.
  public let hop: Int
  /// Input samples in one analysis frame.
  public let frameLength: Int

  /// The high-pass filter (`HighPassFilter`) cuts off at this share of the lowest frequency
  /// sought: at 32 Hz, it takes 0.5 dB off E1 and 16 dB off 20 Hz.
  private static let highPassShare = 0.8
  /// The decimated rate stays at or above 11 kHz.
  private static let lowestAnalysisRate = 11_000
  private static let estimatesPerSecond = 200.0
  /// The first key maximum reaching this fraction of the highest gives the period.
  private static let peakThreshold = 0.93
  /// Below this NSDF height a frame counts as unpitched (noise, a chord, a rattle).
  private static let voicingClarity = 0.7
  /// Mean power of a frame below which it is silence (about −70 dBFS)...
  private static let silencePower = 1e-7
  /// ...unless the estimate before was voiced: a note is followed as it fades down to this
  /// (about −90 dBFS). A soft high piano note dips below −70 dBFS a tenth of a second in, as
  /// its strings beat, and comes back; without this the rest of it would be a note of its own.
  private static let fadingPower = 1e-9
  /// The quieter half of a voiced frame has at least this fraction of the louder half's energy...
  private static let steadiness = 0.1
  /// ...except that a sound already followed may fade by this much (30 dB) across a frame.
  private static let fading = 0.001

  private let decimator: LowPassDecimator
  private var highPass: HighPassFilter
  private let analysisHop: Int
  private let analysisFrameLength: Int
  /// Lags (in decimated samples) shorter than this are above the highest frequency sought.
  private let shortestLag: Int
  private let difference: NormalizedSquareDifference

  /// Input from stream sample `inputStart` on, as far as the decimating filter still needs it.
  /// It begins with `decimator.delay` zeros before the stream, so that the first outputs of
  /// the centred filter have something to read.
  private var input: [Float]
  private var inputStart: Int
  /// Decimated samples from index `decimatedStart` on.
  private var decimated: [Float] = []
  private var decimatedStart = 0
  private var nextFrame = 0
  /// The decimated frame being analysed, without its mean.
  private var frame: [Float]
  /// The last estimate was voiced: a sound is being followed.
  private var isFollowingASound = false

  public init(sampleRate: Int, minimumFrequency: Double = 40, maximumFrequency: Double = 2000) {
    let factor = max(1, sampleRate / Self.lowestAnalysisRate)
    let analysisRate = Double(sampleRate) / Double(factor)
    precondition(
      minimumFrequency > 0 && minimumFrequency < maximumFrequency
        && maximumFrequency <= 0.25 * analysisRate,
      "frequency range out of reach at this sample rate")
    self.sampleRate = sampleRate
    decimator = LowPassDecimator(factor: factor)
    highPass = HighPassFilter(cutoff: Self.highPassShare * minimumFrequency / analysisRate)
    // One lag past the longest period, as the neighbour for interpolating a peak there.
    let maximumLag = Int((analysisRate / minimumFrequency).rounded(.up)) + 1
    analysisFrameLength = 2 * maximumLag
    analysisHop = max(1, Int((analysisRate / Self.estimatesPerSecond).rounded()))
    shortestLag = max(2, Int((analysisRate / maximumFrequency).rounded(.down)))
    hop = analysisHop * factor
    frameLength = analysisFrameLength * factor
    difference = NormalizedSquareDifference(
      frameLength: analysisFrameLength, maximumLag: maximumLag)
    frame = [Float](repeating: 0, count: analysisFrameLength)
    input = [Float](repeating: 0, count: decimator.delay)
    inputStart = -decimator.delay
  }

  /// Estimates for every frame that `block` completes, oldest first.
  public func process(_ block: UnsafeBufferPointer<Float>) -> [PitchEstimate] {
    input.append(contentsOf: block)
    decimateWhatIsAvailable()
    var estimates: [PitchEstimate] = []
    while nextFrame * analysisHop + analysisFrameLength <= decimatedStart + decimated.count {
      estimates.append(analyse(frameNumber: nextFrame))
      nextFrame += 1
    }
    dropWhatIsNoLongerNeeded()
    return estimates
  }

  /// Estimates for the frames still open, as if the stream went on in silence: the last call,
  /// at the end of a file.
  public func finish() -> [PitchEstimate] {
    let silence = [Float](repeating: 0, count: frameLength + decimator.delay)
    return silence.withUnsafeBufferPointer { process($0) }
  }

  private func decimateWhatIsAvailable() {
    input.withUnsafeBufferPointer { input in
      while true {
        let centre = (decimatedStart + decimated.count) * decimator.factor
        let first = centre - decimator.delay - inputStart
        guard first + decimator.taps.count <= input.count else { return }
        decimated.append(highPass.process(decimator.output(from: input, start: first)))
      }
    }
  }

  private func analyse(frameNumber: Int) -> PitchEstimate {
    let decimatedOffset = frameNumber * analysisHop - decimatedStart
    Self.copyWithoutMean(
      decimated[decimatedOffset..<(decimatedOffset + analysisFrameLength)], into: &frame)
    let (early, late) = frame.withUnsafeBufferPointer(Self.halfEnergies)
    let power = (early + late) / Double(frame.count)
    var estimate = PitchEstimate(
      frame: frameNumber * hop + frameLength / 2, frequency: 0, confidence: 0, power: power)
    let isSound =
      isFollowingASound
      ? power >= Self.fadingPower && late >= Self.fading * early
        && early >= Self.steadiness * late
      : power >= Self.silencePower && min(early, late) >= Self.steadiness * max(early, late)
    if isSound {
      frame.withUnsafeBufferPointer { difference.compute($0) }
      if let (lag, clarity, highest) = difference.bestPeriod(
        shortestLag: shortestLag, threshold: Self.peakThreshold)
      {
        estimate.confidence = min(1, max(0, clarity))
        estimate.highestClarity = min(1, max(0, highest))
        estimate.likeliestFrequency = Double(sampleRate) / (lag * Double(decimator.factor))
        if estimate.confidence >= Self.voicingClarity {
          estimate.frequency = estimate.likeliestFrequency
        }
      }
    }
    isFollowingASound = estimate.isVoiced
    return estimate
  }

  /// Σ x² over the first and the second half of the frame.
  private static func halfEnergies(_ frame: UnsafeBufferPointer<Float>) -> (Double, Double) {
    let half = frame.count / 2
    return (
      Double(UnsafeBufferPointer(rebasing: frame[..<half]).sumOfSquares()),
      Double(UnsafeBufferPointer(rebasing: frame[half...]).sumOfSquares())
    )
  }

  private static func copyWithoutMean(
    _ samples: ArraySlice<Float>, into destination: inout [Float]
  ) {
    samples.withUnsafeBufferPointer { samples in
      let mean = samples.sum() / Float(samples.count)
      destination.withUnsafeMutableBufferPointer { destination in
        for index in samples.indices { destination[index] = samples[index] - mean }
      }
    }
  }

  /// Keeps the input and decimated samples that the filter and later frames will still read.
  /// Shifting the arrays down is done only once a whole frame's worth is spare, so that it
  /// costs little per sample whatever the block size.
  private func dropWhatIsNoLongerNeeded() {
    let decimatedNeeded = nextFrame * analysisHop
    let inputNeeded = (decimatedStart + decimated.count) * decimator.factor - decimator.delay
    if decimatedNeeded - decimatedStart >= analysisFrameLength {
      decimated.removeFirst(decimatedNeeded - decimatedStart)
      decimatedStart = decimatedNeeded
    }
    if inputNeeded - inputStart >= frameLength {
      input.removeFirst(inputNeeded - inputStart)
      inputStart = inputNeeded
    }
  }
}
