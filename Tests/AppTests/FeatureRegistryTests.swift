import MusicTheory
import TerminalUI
import XCTest

@testable import App

/// The screens are registered in one place (`Screen.feature`): every one the app can reach is
/// there, comes back out as the same case, and has a title of its own in every language.
final class FeatureRegistryTests: XCTestCase {
  /// Every screen the home menu opens, and the editor the fretboard opens.
  private var reachable: [Screen] {
    var screens: [Screen] = [AppFixtures.model().screen]
    for entry in HomeEntry.allCases where entry != .quit {
      var model = AppFixtures.model()
      model.open(entry)
      screens.append(model.screen)
    }
    var model = AppFixtures.model()
    model.open(.fretboard)
    _ = model.handle(.patternsLoaded([], problems: []))
    model.press(.character("n"))
    screens.append(model.screen)
    return screens
  }

  func testEveryReachableScreenIsRegisteredOnceUnderItsOwnTitle() {
    let screens = reachable
    XCTAssertEqual(screens.count, 12, "home, ten entries and the pattern editor")
    for screen in screens {
      XCTAssertEqual(screen.feature.screen, screen, "\(screen.titleKey) comes back as itself")
    }
    let titles = screens.map(\.titleKey)
    XCTAssertEqual(Set(titles).count, titles.count, "\(titles)")
    for language in AppFixtures.catalog.availableLanguages {
      let strings = AppFixtures.catalog.localizer(for: language)
      for title in titles {
        XCTAssertNotNil(strings.textIfPresent(title), "\(language): \(title)")
      }
    }
  }

  func testAChangedModelGoesBackIntoItsCase() {
    var screen = Screen.settings(SettingsModel())
    var feature = screen.feature
    var context = AppFixtures.model().context
    _ = feature.handle(KeyEvent(.down, time: MonotonicInstant(nanoseconds: 0)), context: &context)
    screen.feature = feature
    guard case .settings(let settings) = screen else { return XCTFail("\(screen)") }
    XCTAssertEqual(settings.selected, 1)
  }
}
