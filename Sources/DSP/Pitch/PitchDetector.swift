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
///
/// A note let ring under the next one is taken out (`PeriodCancellation`). Two notes sounding
/// together repeat at the period they share, far below both (A3 and A♯5 every four periods of
/// A3, an A1), and that is the period the frame repeats at most exactly. So the period of the
/// last sound heard alone for 50 ms is kept while anything sounds; when a frame repeats at
/// three or more times that period, and the frame with that sound taken out keeps a tenth of
/// its energy and is clearly periodic at another period, that is the note. At twice the
/// period only a note whose own period goes an odd number of times, five or more, into the
/// frame's counts (E3 and G♯4 share E2): the detector's own slips an octave down, and a
/// choir's voices doubling an octave below, look like the rest.
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
  /// A frame with the note ringing on taken out keeps at least this share of its energy when
  /// another note sounds with it.
  private static let besidesShare = 0.1
  /// A frame this periodic holds one sound alone, which may ring on under the next.
  private static let aloneClarity = 0.9
  /// A sound heard alone for this many estimates in a row (50 ms) is a note that may ring on.
  private static let ringingEstimates = 10

  private let decimator: LowPassDecimator
  private var highPass: HighPassFilter
  private let analysisHop: Int
  private let analysisFrameLength: Int
  /// Lags (in decimated samples) shorter than this are above the highest frequency sought.
  private let shortestLag: Int
  private let difference: NormalizedSquareDifference
  private var cancellation = PeriodCancellation()
  /// Decimated samples kept before a frame: enough to take the longest period out of it.
  private let history: Int

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
  /// The period, in decimated samples, of the last sound heard alone, for as long as anything
  /// sounds: a note that may ring on under the next one.
  private var ringingLag: Double?
  /// The period of the sound heard alone in the last estimates, and in how many of them.
  private var alone: (lag: Double, estimates: Int)?
  /// The frame less itself `ringingLag` earlier.
  private var residual: [Float]

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
    residual = frame
    history = maximumLag + PeriodCancellation.halfWidth + 1
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
    var heardAlone = false
    if isSound, let period = bestPeriod(of: frame) {
      describe(period, in: &estimate)
      heardAlone = period.clarity >= Self.aloneClarity
      if let ringing = ringingLag, let ringingTimes = Self.multiple(period.lag, of: ringing),
        ringingTimes >= 2,
        let besides = bestPeriod(besides: ringing, at: decimatedOffset, energy: early + late),
        Self.multiple(besides.lag, of: period.lag) != 1,
        Self.isShared(period.lag, ringingTimes: ringingTimes, besides: besides.lag)
      {
        describe(besides, in: &estimate)
        heardAlone = false
      }
      if heardAlone {
        follow(alone: period.lag)
      } else {
        alone = nil
      }
    } else {
      alone = nil
      if power < Self.silencePower { ringingLag = nil }
    }
    isFollowingASound = estimate.isVoiced
    return estimate
  }

  /// Counts the estimates in a row heard alone at about `lag`, which rings on once there are
  /// `ringingEstimates` of them.
  private func follow(alone lag: Double) {
    if let (previous, estimates) = alone, Self.multiple(lag, of: previous) == 1 {
      alone = (lag, estimates + 1)
    } else {
      alone = (lag, 1)
    }
    if alone!.estimates >= Self.ringingEstimates { ringingLag = lag }
  }

  private typealias Period = (lag: Double, clarity: Double, highest: Double)

  private func bestPeriod(of samples: [Float]) -> Period? {
    samples.withUnsafeBufferPointer { difference.compute($0) }
    return difference.bestPeriod(shortestLag: shortestLag, threshold: Self.peakThreshold)
  }

  private func describe(_ period: Period, in estimate: inout PitchEstimate) {
    estimate.confidence = min(1, max(0, period.clarity))
    estimate.highestClarity = min(1, max(0, period.highest))
    estimate.likeliestFrequency = Double(sampleRate) / (period.lag * Double(decimator.factor))
    estimate.frequency =
      estimate.confidence >= Self.voicingClarity ? estimate.likeliestFrequency : 0
  }

  /// The period of what else sounds in the frame at `offset` (whose energy is `energy`) than
  /// a sound of period `lag`, if something clearly periodic does: the frame with that sound
  /// taken out keeps at least `besidesShare` of the energy.
  private func bestPeriod(besides lag: Double, at offset: Int, energy: Double) -> Period? {
    guard lag >= Double(PeriodCancellation.halfWidth),
      offset >= Int(lag) + PeriodCancellation.halfWidth
    else { return nil }
    decimated.withUnsafeBufferPointer { samples in
      residual.withUnsafeMutableBufferPointer {
        cancellation.residual(of: samples, from: offset, lag: lag, into: $0)
      }
    }
    residual.withUnsafeMutableBufferPointer { residual in
      let mean = UnsafeBufferPointer(residual).sum() / Float(residual.count)
      for index in residual.indices { residual[index] -= mean }
    }
    let remaining = Double(residual.withUnsafeBufferPointer { $0.sumOfSquares() })
    guard remaining >= Self.besidesShare * energy, let period = bestPeriod(of: residual),
      period.clarity >= Self.voicingClarity
    else { return nil }
    return period
  }

  /// Whether `lag`, `ringingTimes` periods of the note ringing on, is the period that note and
  /// another of period `besides` share: three or more of the ringing note's; or two, when the
  /// other's goes into it an odd number of times, five or more (a major tenth, an octave and a
  /// sixth or a seventh up). Two and three times are left alone: a choir doubling its note an
  /// octave below, with the note taken out, leaves that octave's third partial, a fifth up.
  private static func isShared(_ lag: Double, ringingTimes: Double, besides: Double) -> Bool {
    if ringingTimes >= 3 { return true }
    guard let times = multiple(lag, of: besides) else { return false }
    return times >= 5 && times.truncatingRemainder(dividingBy: 2) == 1
  }

  /// How many times `lag` holds `period`, if it is within 30 cents of a whole number of times.
  private static func multiple(_ lag: Double, of period: Double) -> Double? {
    let multiple = (lag / period).rounded()
    return multiple >= 1 && abs(lag / (multiple * period) - 1) <= 0.0175 ? multiple : nil
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
    let decimatedNeeded = max(0, nextFrame * analysisHop - history)
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
