import MusicTheory

/// The user's preferences, as stored in `settings.json`. Every field has a default, so a missing
/// or partly wrong file still gives a complete value.
///
/// To add a setting: add a stored property with its default here and one line to
/// `Settings.fields` (Settings+JSON.swift).
public struct Settings: Equatable, Sendable {
  /// The file format this Woodshed writes. A file with a higher version is not overwritten.
  public static let currentVersion = 1
  /// Concert pitch range accepted for A4, in hertz.
  public static let a4Range: ClosedRange<Double> = 400...480
  /// The daily practice goals offered, in minutes; a file may hold any within the range.
  public static let dailyGoalChoices = [5, 10, 15, 20, 30, 45, 60, 90, 120]
  public static let dailyGoalRange = 1...600

  /// The version of the file these settings came from.
  public internal(set) var version = Settings.currentVersion
  /// A locale code such as "en"; a language without a locale file falls back to English.
  public var language = "en"
  public var noteNaming = NamingSystem.english
  public var glyphs = GlyphChoice.auto
  public var theme = ThemeChoice.dark
  /// Screen-reader mode: the cursor on the line that changed, changes read out in a status
  /// line, no decorations.
  public var screenReader = false
  /// Which beats screen-reader mode reads out while a click plays.
  public var beatReadout = BeatReadout.firstOfBar
  /// Frequency of A4 in hertz.
  public var a4Reference = 440.0
  public var volumes = Volumes()
  public var metronome = MetronomeSettings()
  public var audio = AudioDeviceSettings()
  public var listening = ListeningSettings()
  public var notes = NotesSettings()
  public var fretboard = FretboardSettings()
  public var rhythm = RhythmSettings()
  /// Minutes a day the practice log counts as a day's goal met.
  public var dailyGoalMinutes = 15

  public init() {}
}

extension Settings {
  /// The tuning reference as a value; loading keeps `a4Reference` in range, so the fallback
  /// only covers a value set in code.
  public var concertPitch: ConcertPitch { ConcertPitch(a4: a4Reference) ?? .standard }
}
