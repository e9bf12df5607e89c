/// The patterns Woodshed ships in `assets/rhythms`, with the same ids, so code and tests can
/// name a shape without reading files. The command line's short names (quarter, eighths,
/// triplet, rest, half, whole) are these ids.
extension RhythmPattern {
  public static let quarter = make("quarter", "Quarter note", [.note(1)])
  public static let eighths = make("eighths", "Two eighths", [.note(1, 2), .note(1, 2)])
  public static let triplet = make(
    "triplet", "Eighth-note triplet", [.note(1, 3), .note(1, 3), .note(1, 3)])
  public static let rest = make("rest", "Quarter rest", [.rest(1)])
  public static let sixteenths = make(
    "sixteenths", "Four sixteenths", [.note(1, 4), .note(1, 4), .note(1, 4), .note(1, 4)])
  public static let dottedEighthSixteenth = make(
    "dotted-eighth-sixteenth", "Dotted eighth and sixteenth", [.note(3, 4), .note(1, 4)])
  public static let sixteenthDottedEighth = make(
    "sixteenth-dotted-eighth", "Sixteenth and dotted eighth", [.note(1, 4), .note(3, 4)])
  public static let eighthTwoSixteenths = make(
    "eighth-two-sixteenths", "Eighth and two sixteenths", [.note(1, 2), .note(1, 4), .note(1, 4)])
  public static let twoSixteenthsEighth = make(
    "two-sixteenths-eighth", "Two sixteenths and eighth", [.note(1, 4), .note(1, 4), .note(1, 2)])
  public static let syncopation = make(
    "syncopation", "Syncopation (sixteenth, eighth, sixteenth)",
    [.note(1, 4), .note(1, 2), .note(1, 4)])
  public static let offbeatEighth = make(
    "offbeat-eighth", "Offbeat eighth", [.rest(1, 2), .note(1, 2)])
  public static let half = make("half", "Half note", [.note(2)])
  public static let dottedHalf = make("dotted-half", "Dotted half note", [.note(3)])
  public static let whole = make("whole", "Whole note", [.note(4)])
  public static let halfRest = make("half-rest", "Half rest", [.rest(2)])
  public static let dottedHalfRest = make("dotted-half-rest", "Dotted half rest", [.rest(3)])
  public static let wholeRest = make("whole-rest", "Whole rest", [.rest(4)])
  /// A quarter tied over the beat to an eighth: the dotted quarter as it is counted.
  public static let dottedQuarterEighth = make(
    "dotted-quarter-eighth", "Dotted quarter and eighth (quarter tied over the beat)",
    [.tied(1), .note(1, 2), .note(1, 2)])
  /// Short, long, short: the middle eighth is held over the beat, so the second beat is felt,
  /// not played.
  public static let tiedSyncopation = make(
    "tied-syncopation", "Eighth, quarter tied over the beat, eighth",
    [.note(1, 2), .tied(1, 2), .note(1, 2), .note(1, 2)])

  /// Every shipped pattern, in the order they are learnt: quarter, eighths, rest, triplet,
  /// sixteenths, then by id the other one-beat shapes, the longer notes, the longer rests and
  /// the ties.
  public static let shipped: [RhythmPattern] = [
    quarter, eighths, rest, triplet, sixteenths, dottedEighthSixteenth, eighthTwoSixteenths,
    offbeatEighth, sixteenthDottedEighth, syncopation, twoSixteenthsEighth, dottedHalf, half,
    whole, dottedHalfRest, halfRest, wholeRest, dottedQuarterEighth, tiedSyncopation,
  ]

  /// `RhythmPatternTests` checks every shape, so the `try!` cannot fail at run time.
  private static func make(_ id: String, _ name: String, _ events: [Event]) -> RhythmPattern {
    try! RhythmPattern(id: id, name: name, events: events)
  }
}

extension RhythmPattern.Event {
  fileprivate static func note(_ numerator: Int, _ denominator: Int = 1) -> Self {
    .note(BeatFraction(numerator, denominator))
  }

  fileprivate static func rest(_ numerator: Int, _ denominator: Int = 1) -> Self {
    .rest(BeatFraction(numerator, denominator))
  }

  fileprivate static func tied(_ numerator: Int, _ denominator: Int = 1) -> Self {
    .note(BeatFraction(numerator, denominator), tied: true)
  }
}
