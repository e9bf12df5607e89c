import MusicTheory

/// What the fretboard module remembers: the neck drawn, how notes are labelled, and the root
/// last chosen.
public struct FretboardSettings: Equatable, Sendable {
  /// What the dots on the neck say.
  public enum Labels: String, CaseIterable, Codable, Sendable {
    /// The interval from the tonic: 1, b3, 5.
    case intervals
    /// The note's name: C, Eb, G.
    case notes
    /// The scale degree, 1 to 7, whatever its flat or sharp: where the note stands in the scale.
    case degrees
    /// Bare dots, to test the memory.
    case none
  }

  /// How fast the interval game goes.
  public enum GamePace: String, CaseIterable, Codable, Sendable {
    /// The pace follows the player's answers (`GameStaircase`).
    case adaptive
    /// Six levels, each faster than the one before, as the game always had.
    case fixedLevels
  }

  public var tuning = Tuning.guitarStandard
  public var isLeftHanded = false
  public var labels = Labels.intervals
  /// The root patterns are shown on, such as "A" or "Bb".
  public var root = "A"
  /// The click's tempo while a pattern is played through.
  public var bpm = 60
  /// Whether the arpeggio tutorial was read, which opens the arpeggios.
  public var arpeggiosUnlocked = false
  /// What the fretboard's notes sound like.
  public var sound = InstrumentSound.guitar
  /// The click a pattern is played along with.
  public var click = ClickSound.metronome
  /// Whether the interval game's pace fits the player or climbs the fixed levels.
  public var gamePace = GamePace.adaptive
  /// Patterns the player marked as practised.
  public var practised: [String] = []

  public static let bpmRange = 30...240

  public init() {}

  static func isValidRoot(_ text: String) -> Bool {
    NamingSystem.english.noteClass(parsing: text) != nil
  }
}

extension Tuning: JSONRepresentable {
  /// Stored by id, which is a preset's name or a custom tuning's notes.
  init?(json: JSONValue) {
    guard case .string(let text) = json else { return nil }
    self.init(parsing: text)
  }

  var json: JSONValue { .string(id) }
}
