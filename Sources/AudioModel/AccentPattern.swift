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
  /// errors count characters from 1, as a user counts them in what they typed. A grouping
  /// such as "3+2+2" is the bar of those groups, each starting on an accent.
  public init(parsing text: String) throws(MetronomeError) {
    let parts = text.split(separator: "+", omittingEmptySubsequences: false)
    let groups = parts.compactMap { Int($0.filter { $0 != " " }) }.filter { $0 > 0 }
    if parts.count > 1, groups.count == parts.count {
      try self.init(groups: groups)
      return
    }
    var beats: [BeatAccent] = []
    for (offset, mark) in text.enumerated() where mark != " " {
      guard let accent = BeatAccent(mark: mark) else {
        throw .unknownAccentMark(mark, position: offset + 1)
      }
      beats.append(accent)
    }
    try self.init(beats)
  }

  /// A bar of groups of beats, each group's first beat accented: [3, 3] is "X x x X x x".
  public init(groups: [Int]) throws(MetronomeError) {
    try self.init(Self.beats(groups: groups))
  }

  /// The usual bar of `meter`: the first beat of each of its groups accented (the downbeat
  /// alone in 4/4, beats 1 and 4 in 6/8), every other beat normal.
  public static func standard(for meter: Meter) -> AccentPattern {
    AccentPattern(valid: beats(groups: meter.standardGroups))
  }

  private static func beats(groups: [Int]) -> [BeatAccent] {
    groups.flatMap { [.accent] + Array(repeating: BeatAccent.normal, count: max(0, $0 - 1)) }
  }

  private init(valid beats: [BeatAccent]) {
    self.beats = beats
  }

  public var description: String {
    beats.map { String($0.mark) }.joined(separator: " ")
  }
}
