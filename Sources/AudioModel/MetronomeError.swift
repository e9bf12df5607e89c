/// A metronome setting that cannot be played, told to the user in one line. The text names the
/// value the user gave and what would be accepted, so a command line or a dialog can show it as is.
public enum MetronomeError: Error, Equatable, Sendable, CustomStringConvertible {
  case tempoOutOfRange(Double)
  case beatsPerBarOutOfRange(Int)
  case unsupportedBeatUnit(Int)
  case malformedMeter(String)
  case emptyAccents
  case unknownAccentMark(Character, position: Int)
  case accentCountMismatch(accents: Int, meter: Meter)
  case subdivisionOutOfRange(Int)
  case swingOutOfRange(Double)
  case countInOutOfRange(Int)
  case gapIntervalOutOfRange(Int)
  case gapProbabilityOutOfRange(Double)
  case trainerStepOutOfRange(Double)
  case trainerIntervalOutOfRange(Int)
  case targetOutsideBeat(Double)

  public var description: String {
    let tempi = TempoTimeline.bpmRange
    switch self {
    case .tempoOutOfRange(let bpm):
      return "tempo \(Self.format(bpm)) BPM is outside \(Self.format(tempi.lowerBound))–"
        + "\(Self.format(tempi.upperBound)) BPM"
    case .beatsPerBarOutOfRange(let beats):
      let range = Meter.beatsPerBarRange
      return "a bar of \(beats) beats is not possible; use \(range.lowerBound)–\(range.upperBound)"
    case .unsupportedBeatUnit(let unit):
      let units = Meter.beatUnits.map(String.init).joined(separator: ", ")
      return "beat unit \(unit) is not supported; use \(units)"
    case .malformedMeter(let text):
      return "meter \"\(text)\" is not a time signature like 4/4 or 6/8"
    case .emptyAccents:
      return "accent pattern is empty; use X (accent), x (normal) or . (silent) per beat"
    case .unknownAccentMark(let mark, let position):
      return "accent pattern has '\(mark)' at position \(position); "
        + "use X (accent), x (normal) or . (silent)"
    case .accentCountMismatch(let accents, let meter):
      return "accent pattern has \(accents) beats but \(meter) has \(meter.beatsPerBar)"
    case .subdivisionOutOfRange(let subdivision):
      let range = MetronomePattern.subdivisionRange
      return
        "subdivision \(subdivision) is not possible; use \(range.lowerBound)–\(range.upperBound)"
    case .swingOutOfRange(let swing):
      let range = MetronomePattern.swingRange
      return "swing \(Self.format(swing)) is outside \(Self.format(range.lowerBound)) (straight)–"
        + "\(Self.format(range.upperBound)) (hard swing)"
    case .countInOutOfRange(let bars):
      let range = MetronomePattern.countInRange
      return
        "a count-in of \(bars) bars is not possible; use \(range.lowerBound)–\(range.upperBound)"
    case .gapIntervalOutOfRange(let bars):
      return "gap click cannot mute every \(bars) bars; use 2 or more"
    case .gapProbabilityOutOfRange(let probability):
      return "gap probability \(Self.format(probability)) is outside 0–1"
    case .trainerStepOutOfRange(let step):
      return "speed trainer step \(Self.format(step)) BPM must be more than 0"
    case .trainerIntervalOutOfRange(let bars):
      return "speed trainer cannot step every \(bars) bars; use 1 or more"
    case .targetOutsideBeat(let fraction):
      return "a note tick at \(Self.format(fraction)) of a beat is outside the beat (0 to under 1)"
    }
  }

  /// Whole numbers read as the user typed them ("120", not "120.0").
  private static func format(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}
