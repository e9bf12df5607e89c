/// What the pitch detector found in one analysis frame.
public struct PitchEstimate: Equatable, Sendable {
  /// Sample index, counted from the start of the stream, of the analysis frame's centre.
  public var frame: Int
  /// The fundamental in hertz; 0 when the frame holds no steady pitched sound.
  public var frequency: Double
  /// How periodic the frame is, 0...1: the normalised correlation of the signal with itself
  /// one period later. 0 for silence and for frames where a sound starts or stops.
  public var confidence: Double
  /// The frequency of the period the frame is most like, whether or not it is periodic enough
  /// to be `frequency`; 0 where `confidence` is. A held note whose period blurs for a moment
  /// goes on here.
  public var likeliestFrequency: Double
  /// How periodic the frame is over the period it repeats at most exactly, which may be longer
  /// than the one `likeliestFrequency` gives; 0 where `confidence` is. Clearly above
  /// `confidence`, it says that partials below the estimate's are still sounding, weaker than
  /// its own: a plucked note whose fundamental has died away faster than its octave.
  public var highestClarity: Double
  /// The frame's mean power (its RMS squared, full scale 1), after the detector's filters:
  /// how loud the sound is around `frame`, voiced or not.
  public var power: Double

  public init(
    frame: Int, frequency: Double, confidence: Double, power: Double,
    likeliestFrequency: Double? = nil, highestClarity: Double? = nil
  ) {
    self.frame = frame
    self.frequency = frequency
    self.confidence = confidence
    self.power = power
    self.likeliestFrequency = likeliestFrequency ?? frequency
    self.highestClarity = highestClarity ?? confidence
  }

  public var isVoiced: Bool { frequency > 0 }
}
