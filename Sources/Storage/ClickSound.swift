/// The click a practice module plays along with: the metronome's own (with any sounds the user
/// put in the sounds folder), or a woodblock or a beep, which some players hear better under a
/// guitar.
public enum ClickSound: String, CaseIterable, Codable, Sendable {
  case metronome
  case woodblock
  case beep
}
