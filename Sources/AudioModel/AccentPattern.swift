/// The accent of every beat in a bar, written as a string with one mark per beat: `X` accent,
/// `x` normal, `.` silent, so "X x x ." is a 4/4 bar with the downbeat accented and beat 4 left
/// for the player to feel.
public struct AccentPattern: Hashable, Sendable, CustomStringConvertible {
  public let beats: [BeatAccent]

  public init(_ beats: [BeatAccent]) throws(MetronomeError) {
    guard !beats.isEmpty else { throw .emptyAccents }
    guard Meter.beatsPerBarRange.contains(beats.count) else {
      throw .beatsPerBarOutOfRange(beats.count)
    }
    self.beats = beats
  }

  /// Spaces between marks are optional ("X..x" and "X . . x" are the same bar). Positions in
  /// errors count characters from 1, as a user counts them in what they typed.
  public init(parsing text: String) throws(MetronomeError) {
    var beats: [BeatAccent] = []
    for (offset, mark) in text.enumerated() where mark != " " {
      guard let accent = BeatAccent(mark: mark) else {
        throw .unknownAccentMark(mark, position: offset + 1)
      }
      beats.append(accent)
    }
    try self.init(beats)
  }

  /// The usual bar: the downbeat accented, every other beat normal.
  public static func standard(beatsPerBar: Int) -> AccentPattern {
    precondition(Meter.beatsPerBarRange.contains(beatsPerBar), "no meter has \(beatsPerBar) beats")
    return AccentPattern(valid: [.accent] + Array(repeating: .normal, count: beatsPerBar - 1))
  }

  private init(valid beats: [BeatAccent]) {
    self.beats = beats
  }

  public var description: String {
    beats.map { String($0.mark) }.joined(separator: " ")
  }
}
