/// The sounds the metronome plays, as mono samples at the engine's rate with the onset at
/// sample 0, so a click's first sample lands exactly on its scheduled frame.
public struct MetronomeVoices: Equatable, Sendable {
  public var accent: [Float]
  public var normal: [Float]
  public var subdivision: [Float]
  public var countIn: [Float]
  /// The quiet tick on each note the player is to play.
  public var target: [Float]

  public init(
    accent: [Float], normal: [Float], subdivision: [Float], countIn: [Float], target: [Float]
  ) {
    self.accent = accent
    self.normal = normal
    self.subdivision = subdivision
    self.countIn = countIn
    self.target = target
  }

  /// The samples for a click of `kind`; a silent beat has none.
  public func samples(for kind: ClickKind) -> [Float] {
    switch kind {
    case .accent: accent
    case .normal: normal
    case .silent: []
    case .subdivision: subdivision
    case .countIn: countIn
    case .target: target
    }
  }

  /// Every voice, in the order of `ClickKind.sounding`: the sounds a listener is told of, each
  /// click by its kind's place there.
  public var sounding: [[Float]] { ClickKind.sounding.map(samples(for:)) }

  /// The longest voice, in frames.
  public var longest: Int {
    max(accent.count, normal.count, subdivision.count, countIn.count, target.count)
  }
}
