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
