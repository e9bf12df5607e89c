/// A scale run in constant leaps, as guitarists practise it: in thirds (1 3, 2 4, 3 5 …), in
/// fourths or sixths, or in groups of three or four (1 2 3, 2 3 4 …), up an octave and back.
public enum ScaleSequence: String, CaseIterable, Sendable {
  case thirds
  case fourths
  case sixths
  case groupsOfThree = "groups-of-3"
  case groupsOfFour = "groups-of-4"

  /// Each figure's steps along the scale from its first note: a leap of a third is two steps.
  var figure: [Int] {
    switch self {
    case .thirds: [0, 2]
    case .fourths: [0, 3]
    case .sixths: [0, 5]
    case .groupsOfThree: [0, 1, 2]
    case .groupsOfFour: [0, 1, 2, 3]
    }
  }

  /// The figures going up, one from each degree of a scale of `length` notes, then the octave
  /// alone; and going down, one from each degree from the octave, then the tonic alone. Steps
  /// count along the scale from the tonic; beyond the octave or below the tonic they go on.
  public func figures(scaleLength length: Int) -> (up: [[Int]], down: [[Int]]) {
    let up = (0..<length).map { start in figure.map { start + $0 } } + [[length]]
    let down = (1...length).reversed().map { start in figure.map { start - $0 } } + [[0]]
    return (up, down)
  }

  /// The figures as notes of `scale`.
  public func notes(of scale: Scale) -> (up: [[NoteClass]], down: [[NoteClass]]) {
    let length = scale.noteClasses.count
    let note = { (step: Int) in scale.noteClasses[(step % length + length) % length] }
    let (up, down) = figures(scaleLength: length)
    return (up.map { $0.map(note) }, down.map { $0.map(note) })
  }
}

extension ScaleSequence {
  /// The order to play `count` notes of a scale laid in a position, from its lowest, as
  /// indices into them: the figures from each note up while the whole figure lies inside the
  /// position, then from the highest down the same way. The run is cut at the position's
  /// lowest and highest notes rather than reaching past them, so every note is one the
  /// pattern shows where it shows it; each way ends on the note the straight run ends on.
  public func order(count: Int) -> (up: [Int], down: [Int]) {
    let span = figure.last ?? 0
    guard count > span else { return ((0..<count).map { $0 }, (0..<count).reversed()) }
    let up = (0..<(count - span)).flatMap { start in figure.map { start + $0 } }
    let down = (span..<count).reversed().flatMap { start in figure.map { start - $0 } }
    return (up, down)
  }
}
