import MusicTheory

/// Playing a pattern note by note, in order: up from its lowest note to its highest (or back
/// down). Each note played is checked against the next one expected; the first wrong one ends
/// the run with what was wrong, named the way a teacher would: "4th note: played F, the scale
/// has F#". Played along with a click (`grid`), each note also belongs on its beat, one note per
/// beat from the first after the count-in.
public struct ScaleRun: Equatable, Sendable {
  public enum Direction: String, CaseIterable, Sendable {
    case ascending
    case descending
  }

  public enum Verdict: Equatable, Sendable {
    case right
    /// The run is complete.
    case finished
    /// The `index`-th note (from 0) was `played` where `expected` belonged.
    case wrong(index: Int, played: Pitch, expected: Pitch)
    /// The right note, `by` away from its beat: negative when early.
    case offBeat(index: Int, by: Duration)
    /// The `index`-th note's beat went by without it.
    case missed(index: Int)
  }

  /// A note to play and where it lies in the pattern.
  public struct Step: Equatable, Sendable {
    public let position: FretPosition
    public let pitch: Pitch
  }

  public let direction: Direction
  /// The leaps or groups the scale is played in; nil straight up or down.
  public let sequence: ScaleSequence?
  /// The notes in the order to play them.
  public let expected: [Step]
  public private(set) var played: [Pitch] = []
  public private(set) var verdict: Verdict?
  /// The click's beats while it plays along; nil plays in free time.
  public var grid: BeatGrid?

  /// The places and pitches of a pattern as laid on the neck; they are put in playing order,
  /// lowest pitch first (or last, descending), a repeated pitch played once. With a
  /// `sequence`, that order is played in its leaps or groups (`ScaleSequence.order`), each
  /// note at the pattern's place for it.
  public init(
    positions: [FretPosition], pitches: [Pitch], direction: Direction,
    sequence: ScaleSequence? = nil
  ) {
    var seen: Set<Pitch> = []
    let order = zip(positions, pitches).sorted { $0.1 < $1.1 }.filter { seen.insert($0.1).inserted }
    let steps = order.map { Step(position: $0.0, pitch: $0.1) }
    self.direction = direction
    self.sequence = sequence
    if let sequence {
      let (up, down) = sequence.order(count: steps.count)
      expected = (direction == .ascending ? up : down).map { steps[$0] }
    } else {
      expected = direction == .ascending ? steps : steps.reversed()
    }
  }

  public var isOver: Bool {
    switch verdict {
    case .right, nil: false
    default: true
    }
  }

  /// The next note expected, while the run goes on.
  public var next: Step? {
    isOver || played.count >= expected.count ? nil : expected[played.count]
  }

  /// The moment the next note is too late for its beat, while a click plays along.
  public var deadline: Duration? {
    guard let grid, next != nil else { return nil }
    return grid.time(ofBeat: played.count) + grid.tolerance
  }

  /// Takes the note played at `time`. Pitches count, not places: the same note elsewhere on
  /// the neck is still the right note. A wrong note is named before a wrong time, since it is
  /// the bigger mistake.
  @discardableResult
  public mutating func play(_ pitch: Pitch, at time: Duration) -> Verdict {
    guard let next else { return verdict ?? .finished }
    let index = played.count
    played.append(pitch)
    let offset = grid?.offset(of: time, fromBeat: index)
    if pitch != next.pitch {
      verdict = .wrong(index: index, played: pitch, expected: next.pitch)
    } else if let offset, let grid, !grid.window.contains(offset) {
      verdict = .offBeat(index: index, by: offset)
    } else {
      verdict = played.count == expected.count ? .finished : .right
    }
    return verdict!
  }

  /// The clock reached `time`: past the next note's deadline, the run ends with that note
  /// missed.
  public mutating func check(at time: Duration) {
    guard let deadline, time > deadline else { return }
    verdict = .missed(index: played.count)
  }
}
