/// What a colour means, not which colour it is. Themes map roles to real colours per terminal.
public enum ColorRole: String, CaseIterable, Hashable, Sendable {
  case text
  case accent
  case good
  case warn
  case bad
  case muted
  case perfect
  case inaccurate
  case miss
  case surface
  case selection
}
