/// One adjustable line of the settings screen.
public enum SettingsRow: CaseIterable, Equatable, Sendable {
  case language
  case noteNaming
  case glyphs
  case theme
  case screenReader
  case beatReadout
  case a4Reference
  case masterVolume
  case clickVolume
  case instrumentVolume
  case midiPort
  case cardAdvance
  case playTolerance
  case playOctave
  case tuning
  case handedness
  case fretLabels
  case fretSound
  case fretClick
  case gamePace
  case dailyGoal

  var labelKey: String {
    switch self {
    case .language: return "settings.language"
    case .noteNaming: return "settings.noteNaming"
    case .glyphs: return "settings.glyphs"
    case .theme: return "settings.theme"
    case .screenReader: return "settings.screenReader"
    case .beatReadout: return "settings.beatReadout"
    case .a4Reference: return "settings.a4Reference"
    case .masterVolume: return "settings.volume.master"
    case .clickVolume: return "settings.volume.click"
    case .instrumentVolume: return "settings.volume.instrument"
    case .midiPort: return "settings.midiPort"
    case .cardAdvance: return "settings.cardAdvance"
    case .playTolerance: return "settings.playTolerance"
    case .playOctave: return "settings.playOctave"
    case .tuning: return "settings.tuning"
    case .handedness: return "settings.handedness"
    case .fretLabels: return "settings.fretLabels"
    case .fretSound: return "settings.fretSound"
    case .fretClick: return "settings.fretClick"
    case .gamePace: return "settings.gamePace"
    case .dailyGoal: return "settings.dailyGoal"
    }
  }
}
