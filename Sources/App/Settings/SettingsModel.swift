import MusicTheory
import Storage
import TerminalUI

/// The settings screen. It edits the app's settings in place; every change is saved at once.
public struct SettingsModel: Equatable, Sendable {
  public private(set) var selected = 0

  public init() {}

  static let rows = SettingsRow.allCases
  static let a4Range = 415...466
  static let volumeStep = 5

  static let keyHints: [KeyHint] = [
    KeyHint(.upDown, "common.move"),
    KeyHint(.leftRight, "common.change"),
    KeyHint(.enter, "common.change", inBar: false),
    KeyHint(.text("+-"), "common.change", inBar: false),
    .back,
    .help,
    .quitNow,
  ]

  var selectedRow: SettingsRow { Self.rows[selected] }

  /// Returns true when the key changed a setting. `midiPorts` are the names of the MIDI ports
  /// there are now.
  mutating func handle(
    _ key: Key, settings: inout Settings, languages: [String], midiPorts: [String] = []
  ) -> Bool {
    switch key {
    case .up, .character("k"):
      selected = (selected + Self.rows.count - 1) % Self.rows.count
    case .down, .character("j"):
      selected = (selected + 1) % Self.rows.count
    case .home, .pageUp:
      selected = 0
    case .end, .pageDown:
      selected = Self.rows.count - 1
    case .right, .enter, .character("l"), .character("+"):
      return change(
        selectedRow, by: 1, settings: &settings, languages: languages, midiPorts: midiPorts)
    case .left, .character("h"), .character("-"):
      return change(
        selectedRow, by: -1, settings: &settings, languages: languages, midiPorts: midiPorts)
    default:
      break
    }
    return false
  }

  private func change(
    _ row: SettingsRow, by step: Int, settings: inout Settings, languages: [String],
    midiPorts: [String]
  ) -> Bool {
    let before = settings
    switch row {
    case .language:
      settings.language = Self.cycle(languages, from: settings.language, by: step)
    case .noteNaming:
      settings.noteNaming = Self.cycle(NamingSystem.allCases, from: settings.noteNaming, by: step)
    case .glyphs:
      settings.glyphs = Self.cycle(GlyphChoice.allCases, from: settings.glyphs, by: step)
    case .theme:
      settings.theme = Self.cycle(ThemeChoice.allCases, from: settings.theme, by: step)
    case .screenReader:
      settings.screenReader.toggle()
    case .beatReadout:
      settings.beatReadout = Self.cycle(BeatReadout.allCases, from: settings.beatReadout, by: step)
    case .a4Reference:
      let hz = Int(settings.a4Reference.rounded()) + step
      settings.a4Reference = Double(min(max(hz, Self.a4Range.lowerBound), Self.a4Range.upperBound))
    case .masterVolume:
      settings.volumes.master = Self.adjust(settings.volumes.master, by: step)
    case .clickVolume:
      settings.volumes.click = Self.adjust(settings.volumes.click, by: step)
    case .instrumentVolume:
      settings.volumes.instrument = Self.adjust(settings.volumes.instrument, by: step)
    case .midiPort:
      // Every device (""), then each port there is; a saved port not connected now stays a
      // choice, so stepping past it does not lose it.
      let current = settings.audio.midiPort
      let choices =
        [""] + midiPorts + (current.isEmpty || midiPorts.contains(current) ? [] : [current])
      settings.audio.midiPort = Self.cycle(choices, from: current, by: step)
    case .cardAdvance:
      let current: Double? = settings.notes.advancesByHand ? nil : settings.notes.advanceSeconds
      let next = Self.cycle(Self.cardAdvances, from: current, by: step)
      settings.notes.advancesByHand = next == nil
      if let next { settings.notes.advanceSeconds = next }
    case .playTolerance:
      let cents = settings.notes.toleranceCents + Double(step) * 5
      let range = NotesSettings.toleranceRange
      settings.notes.toleranceCents = min(max(cents, range.lowerBound), range.upperBound)
    case .playOctave:
      settings.notes.anyOctave.toggle()
    case .tuning:
      settings.fretboard.tuning = Self.cycle(
        Tuning.presets, from: settings.fretboard.tuning, by: step)
    case .handedness:
      settings.fretboard.isLeftHanded.toggle()
    case .fretLabels:
      settings.fretboard.labels = Self.cycle(
        FretboardSettings.Labels.allCases, from: settings.fretboard.labels, by: step)
    case .fretSound:
      settings.fretboard.sound = Self.cycle(
        InstrumentSound.allCases, from: settings.fretboard.sound, by: step)
    case .fretClick:
      settings.fretboard.click = Self.cycle(
        ClickSound.allCases, from: settings.fretboard.click, by: step)
    case .gamePace:
      settings.fretboard.gamePace = Self.cycle(
        FretboardSettings.GamePace.allCases, from: settings.fretboard.gamePace, by: step)
    case .dailyGoal:
      settings.dailyGoalMinutes = Self.cycle(
        Settings.dailyGoalChoices, from: settings.dailyGoalMinutes, by: step)
    }
    return settings != before
  }

  /// When the next flashcard comes: after so many seconds, or (nil) on Enter.
  static let cardAdvances: [Double?] = [nil, 0.3, 0.5, 0.8, 1, 1.5, 2, 3, 5]

  static func cycle<T: Equatable>(_ values: [T], from current: T, by step: Int) -> T {
    guard !values.isEmpty else { return current }
    let index = values.firstIndex(of: current) ?? 0
    return values[(index + step % values.count + values.count) % values.count]
  }

  static func adjust(_ percent: Int, by step: Int) -> Int {
    min(100, max(0, percent + step * volumeStep))
  }
}
