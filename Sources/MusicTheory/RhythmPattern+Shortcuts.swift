/// The patterns Woodshed ships in `assets/rhythms`, with the same ids, so code and tests can
/// name a shape without reading files. The command line's short names (quarter, eighths,
/// triplet, rest) are these ids.
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

  /// Every shipped pattern, in the order they are learnt: quarter, eighths, rest, triplet,
  /// sixteenths, then the others by id.
  public static let shipped: [RhythmPattern] = [
    quarter, eighths, rest, triplet, sixteenths, dottedEighthSixteenth, eighthTwoSixteenths,
    offbeatEighth, sixteenthDottedEighth, syncopation, twoSixteenthsEighth,
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
}
