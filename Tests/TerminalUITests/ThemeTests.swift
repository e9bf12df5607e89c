import TerminalUI
import XCTest

final class ThemeTests: XCTestCase {
  /// Roles drawn as text colour; `surface` and `selection` are backgrounds.
  let foregroundRoles: [ColorRole] = [
    .accent, .good, .warn, .bad, .muted, .perfect, .inaccurate, .miss,
  ]

  func testNamedGivesTheTheme() {
    for name in Theme.Name.allCases {
      XCTAssertEqual(Theme.named(name).name, name)
    }
  }

  func testWithoutColourStylesAreAttributesOnly() {
    for name in Theme.Name.allCases {
      for depth in ColorDepth.allCases where name == .mono || depth == .none {
        let theme = Theme.named(name)
        for role in ColorRole.allCases {
          let resolved = theme.resolve(Style(foreground: role, background: role), depth: depth)
          XCTAssertEqual(resolved.foreground, .terminalDefault, "\(name) \(depth) \(role)")
          XCTAssertEqual(resolved.background, .terminalDefault, "\(name) \(depth) \(role)")
        }
      }
    }
  }

  func testEveryForegroundRoleDiffersFromText() {
    for name in Theme.Name.allCases {
      let theme = Theme.named(name)
      for depth in ColorDepth.allCases {
        let text = theme.resolve(.role(.text), depth: depth)
        for role in foregroundRoles {
          XCTAssertNotEqual(
            theme.resolve(.role(role), depth: depth), text, "\(name) \(depth) \(role)")
        }
      }
    }
  }

  func testSelectionIsVisibleEverywhere() {
    for name in Theme.Name.allCases {
      let theme = Theme.named(name)
      for depth in ColorDepth.allCases {
        XCTAssertNotEqual(
          theme.resolve(Style.plain.on(.selection), depth: depth),
          theme.resolve(.plain, depth: depth), "\(name) \(depth)")
      }
    }
  }

  func testColourThemesUsePalettesPerDepth() {
    for theme in [Theme.dark, Theme.light] {
      for role in ColorRole.allCases {
        let rich = theme.resolve(.role(role), depth: .xterm256)
        let basic = theme.resolve(.role(role), depth: .ansi16)
        XCTAssertNotEqual(rich, basic, "\(theme.name) \(role)")
        guard case .palette(let index) = basic.foreground else {
          return XCTFail("\(theme.name) \(role) has no 16-colour entry")
        }
        XCTAssertLessThan(index, 16)
        guard case .palette = rich.foreground else {
          return XCTFail("\(theme.name) \(role) has no 256-colour entry")
        }
      }
    }
  }

  func testAttributesSurviveEveryDepth() {
    for name in Theme.Name.allCases {
      for depth in ColorDepth.allCases {
        let resolved = Theme.named(name).resolve(Style.role(.text).bold.underlined, depth: depth)
        XCTAssertTrue(resolved.attributes.isSuperset(of: [.bold, .underline]), "\(name) \(depth)")
      }
    }
  }

  func testPlainStyleIsTheTerminalDefault() {
    for name in Theme.Name.allCases {
      for depth in ColorDepth.allCases {
        XCTAssertEqual(Theme.named(name).resolve(.plain, depth: depth), ResolvedStyle())
      }
    }
  }

  func testColorDepthFromColourCount() {
    XCTAssertEqual(ColorDepth(colorCount: 256), .xterm256)
    XCTAssertEqual(ColorDepth(colorCount: 16_777_216), .xterm256)
    XCTAssertEqual(ColorDepth(colorCount: 16), .ansi16)
    XCTAssertEqual(ColorDepth(colorCount: 8), .ansi8)
    XCTAssertEqual(ColorDepth(colorCount: 88), .ansi16)
    XCTAssertEqual(ColorDepth(colorCount: 2), .none)
    XCTAssertEqual(ColorDepth(colorCount: -1), .none)
    XCTAssertLessThan(ColorDepth.ansi16, ColorDepth.xterm256)
  }
}

final class EightColorThemeTests: XCTestCase {
  func testBrightColoursFallBackToTheirBasicOnes() {
    let accent = Theme.dark.resolve(.role(.accent), depth: .ansi8)
    XCTAssertEqual(accent.foreground, .palette(6), "bright cyan becomes cyan")
    let bad = Theme.dark.resolve(.role(.bad), depth: .ansi8)
    XCTAssertEqual(bad.foreground, .palette(1))
  }

  func testMutedIsNeverBlackOnBlack() {
    for theme in [Theme.dark, .light] {
      let muted = theme.resolve(.role(.muted), depth: .ansi8)
      XCTAssertEqual(muted.foreground, .terminalDefault, "\(theme.name)")
      XCTAssertTrue(muted.attributes.contains(.dim), "\(theme.name)")
    }
  }

  func testEveryResolvedColourExistsOnAnEightColourTerminal() {
    for theme in [Theme.dark, .light] {
      for role in ColorRole.allCases {
        let style = theme.resolve(Style(foreground: role, background: role), depth: .ansi8)
        for color in [style.foreground, style.background] {
          if case .palette(let index) = color {
            XCTAssertLessThan(index, 8, "\(theme.name) \(role)")
          }
        }
      }
    }
  }
}
