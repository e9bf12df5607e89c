import CNcursesw

/// Curses draws colours through numbered (foreground, background) pairs. Pairs are defined on
/// first use, so a theme uses only as many as it has combinations.
struct CursesColorPairs {
  private struct Colors: Hashable {
    var foreground: Int32
    var background: Int32
  }

  private var numbers: [Colors: Int32] = [:]
  private let colorCount: Int32
  private let pairCount: Int32
  /// Colours -1 stand for the terminal's own default colours when `use_default_colors` worked;
  /// otherwise curses' defaults, white on black, stand in for them.
  private let defaultColors: Colors

  init(colorCount: Int32, pairCount: Int32, terminalDefaultsAvailable: Bool) {
    self.colorCount = colorCount
    self.pairCount = pairCount
    self.defaultColors =
      terminalDefaultsAvailable
      ? Colors(foreground: -1, background: -1)
      : Colors(foreground: Int32(COLOR_WHITE), background: Int32(COLOR_BLACK))
  }

  /// The pair for a style's colours; pair 0 (the defaults) when pairs have run out.
  mutating func number(for style: ResolvedStyle) -> Int32 {
    let colors = Colors(
      foreground: number(for: style.foreground, default: defaultColors.foreground),
      background: number(for: style.background, default: defaultColors.background))
    guard colors != defaultColors else { return 0 }
    if let known = numbers[colors] { return known }
    let next = Int32(numbers.count) + 1
    guard next < pairCount, init_extended_pair(next, colors.foreground, colors.background) != ERR
    else { return 0 }
    numbers[colors] = next
    return next
  }

  /// Bright colours 8–15 fall back to their dim versions on 8-colour terminals.
  private func number(for color: TerminalColor, default fallback: Int32) -> Int32 {
    switch color {
    case .terminalDefault: fallback
    case .palette(let index): Int32(index) < colorCount ? Int32(index) : Int32(index) % 8
    }
  }
}
