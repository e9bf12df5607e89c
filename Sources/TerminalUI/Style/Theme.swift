/// Maps colour roles to real colours. Every role has a 256-colour and a 16-colour entry, and
/// an attribute used when there is no colour at all, so the mono theme (and a terminal without
/// colours) still tells states apart.
public struct Theme: Equatable, Sendable {
  public enum Name: String, CaseIterable, Sendable {
    case dark
    case light
    case mono
  }

  struct RoleColors: Equatable, Sendable {
    var xterm256: UInt8
    var ansi16: UInt8
  }

  public let name: Name
  let colors: [ColorRole: RoleColors]

  public static func named(_ name: Name) -> Theme {
    switch name {
    case .dark: return .dark
    case .light: return .light
    case .mono: return .mono
    }
  }

  public static let dark = Theme(
    name: .dark,
    colors: [
      .text: RoleColors(xterm256: 252, ansi16: 7),
      .accent: RoleColors(xterm256: 75, ansi16: 14),
      .good: RoleColors(xterm256: 114, ansi16: 10),
      .warn: RoleColors(xterm256: 221, ansi16: 11),
      .bad: RoleColors(xterm256: 203, ansi16: 9),
      .muted: RoleColors(xterm256: 244, ansi16: 8),
      .perfect: RoleColors(xterm256: 46, ansi16: 10),
      .inaccurate: RoleColors(xterm256: 215, ansi16: 3),
      .miss: RoleColors(xterm256: 196, ansi16: 1),
      .surface: RoleColors(xterm256: 236, ansi16: 0),
      .selection: RoleColors(xterm256: 24, ansi16: 4),
    ])

  public static let light = Theme(
    name: .light,
    colors: [
      .text: RoleColors(xterm256: 235, ansi16: 0),
      .accent: RoleColors(xterm256: 25, ansi16: 4),
      .good: RoleColors(xterm256: 28, ansi16: 2),
      .warn: RoleColors(xterm256: 130, ansi16: 3),
      .bad: RoleColors(xterm256: 160, ansi16: 1),
      .muted: RoleColors(xterm256: 245, ansi16: 8),
      .perfect: RoleColors(xterm256: 28, ansi16: 2),
      .inaccurate: RoleColors(xterm256: 166, ansi16: 3),
      .miss: RoleColors(xterm256: 124, ansi16: 1),
      .surface: RoleColors(xterm256: 254, ansi16: 7),
      .selection: RoleColors(xterm256: 153, ansi16: 6),
    ])

  public static let mono = Theme(name: .mono, colors: [:])

  /// Without colour, each role keeps a distinct look through attributes.
  static let monoAttributes: [ColorRole: TextAttributes] = [
    .text: [],
    .accent: [.bold],
    .good: [.bold],
    .warn: [.underline],
    .bad: [.bold, .underline],
    .muted: [.dim],
    .perfect: [.bold],
    .inaccurate: [.underline],
    .miss: [.reverse],
    .surface: [],
    .selection: [.reverse],
  ]

  public func resolve(_ style: Style, depth: ColorDepth) -> ResolvedStyle {
    guard name != .mono, depth != .none else {
      var attributes = style.attributes
      if let role = style.foreground { attributes.formUnion(Self.monoAttributes[role] ?? []) }
      if let role = style.background { attributes.formUnion(Self.monoAttributes[role] ?? []) }
      return ResolvedStyle(attributes: attributes)
    }
    let foreground = color(for: style.foreground, depth: depth)
    let background = color(for: style.background, depth: depth)
    var attributes = style.attributes
    if foreground.dimmed { attributes.insert(.dim) }
    return ResolvedStyle(
      foreground: foreground.color, background: background.color, attributes: attributes)
  }

  private func color(for role: ColorRole?, depth: ColorDepth)
    -> (color: TerminalColor, dimmed: Bool)
  {
    guard let role, let entry = colors[role] else { return (.terminalDefault, false) }
    switch depth {
    case .xterm256: return (.palette(entry.xterm256), false)
    case .ansi16: return (.palette(entry.ansi16), false)
    // Bright black would become black and vanish on a dark background: default colour, dimmed.
    case .ansi8 where entry.ansi16 == 8: return (.terminalDefault, true)
    default: return (.palette(entry.ansi16 % 8), false)
    }
  }
}
