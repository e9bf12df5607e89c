import Foundation
import MusicTheory
import Storage
import TerminalUI
import TestHelpers
import XCTest

@testable import App

/// The fretboard's library of shipped patterns as a browser: search, families, pages, a
/// preview, and names in the player's language that fit 80 columns.
final class FretboardLibraryTests: XCTestCase {
  static let shipped = PatternLibrary(
    builtIn: RepositoryPaths.assets.appendingPathComponent("patterns"),
    user: URL(fileURLWithPath: "/nonexistent")
  ).patterns.sorted { $0.id < $1.id }

  private func library(language: String = "en") -> AppModel {
    var settings = Settings()
    settings.language = language
    var model = AppFixtures.model(settings: settings, patterns: Self.shipped)
    model.press(.character("4"))
    return model
  }

  private func screen(_ model: AppModel) -> FretboardModel? {
    if case .fretboard(let screen) = model.screen { return screen }
    XCTFail("the fretboard is not on top")
    return nil
  }

  private func chosen(_ model: AppModel) -> FretPattern? {
    screen(model).map { Self.shipped[$0.selected] }
  }

  private func lines(_ model: AppModel) -> [String] { AppView.render(model).lines }

  func testTheLibraryIsThere() {
    XCTAssertGreaterThan(Self.shipped.count, 150)
  }

  func testSlashSearchesAsYouType() throws {
    var model = library()
    model.press(.character("/"))
    for key in "half dim arp" { model.press(.character(key)) }
    let listed = try XCTUnwrap(
      screen(model)?.listed(Self.shipped, strings: model.strings, mine: []))
    XCTAssertFalse(listed.isEmpty)
    XCTAssertTrue(
      listed.allSatisfy { Self.shipped[$0].name.hasPrefix("Half-diminished seventh arpeggio") })
    XCTAssertTrue(chosen(model)?.name.hasPrefix("Half-diminished seventh arpeggio") ?? false)
    XCTAssertTrue(lines(model)[4].contains("/ half dim arp"), lines(model)[4])
    model.press(.enter)
    XCTAssertEqual(screen(model)?.isSearching, false, "Enter keeps what was found")
    model.press(.down)
    XCTAssertTrue(chosen(model)?.name.hasPrefix("Half-diminished seventh arpeggio") ?? false)
    model.press(.character("/"), .escape)
    XCTAssertEqual(screen(model)?.search, "", "Esc clears the search")
    XCTAssertNotNil(screen(model), "and stays on the screen")
  }

  func testTabListsOneFamilyAndThePagesMove() throws {
    var model = library()
    model.press(.tab, .tab)
    XCTAssertEqual(screen(model)?.chosenShelf, .family(.arpeggio))
    XCTAssertEqual(chosen(model)?.category, .arpeggio)
    let rows = FretboardScreenView.listRows(in: Size(width: 80, height: 24))
    model.press(.pageDown)
    let listed = try XCTUnwrap(
      screen(model)?.listed(Self.shipped, strings: model.strings, mine: []))
    XCTAssertEqual(listed.firstIndex(of: screen(model)?.selected ?? -1), rows - 1)
    model.press(.end)
    XCTAssertEqual(screen(model)?.selected, listed.last)
    model.press(.home)
    XCTAssertEqual(screen(model)?.selected, listed.first)
  }

  /// The patterns the player chose to practise (`x`) come first: the room opens on them, and
  /// `Tab` goes on to all of them; with none chosen it opens on all.
  func testTheRoomOpensOnThePlayersOwnChoiceOfPatterns() throws {
    var settings = Settings()
    settings.fretboard.practised = ["dorian-2", "major-chord-1"]
    var model = AppFixtures.model(settings: settings, patterns: Self.shipped)
    model.press(.character("4"))
    let mine: Set = ["dorian-2", "major-chord-1"]
    XCTAssertEqual(screen(model)?.shelf(mine: mine), .mine)
    let listed = try XCTUnwrap(
      screen(model)?.listed(Self.shipped, strings: model.strings, mine: mine))
    XCTAssertEqual(Set(listed.map { Self.shipped[$0].id }), mine)
    XCTAssertTrue(mine.contains(chosen(model)?.id ?? ""), "the cursor is on one of them")
    XCTAssertTrue(lines(model)[4].contains("2 of 256"), lines(model)[4])
    model.press(.tab)
    XCTAssertEqual(screen(model)?.chosenShelf, .all)
    XCTAssertTrue(lines(model)[4].contains("256 of 256"), lines(model)[4])
    XCTAssertEqual(screen(library())?.shelf(mine: []), .all, "none chosen: all")
  }

  func testEveryNameFitsEightyColumns() {
    let rows = FretboardScreenView.listRows(in: Size(width: 80, height: 24))
    for language in ["en", "es", "ca", "ru"] {
      var model = library(language: language)
      for _ in 0...(Self.shipped.count / (rows - 1)) {
        for row in lines(model)[6..<(6 + rows)] {
          XCTAssertFalse(row.prefix(50).contains("…"), "\(language): \(row)")
        }
        model.press(.pageDown)
      }
    }
  }

  func testNamesAreSaidInThePlayersLanguage() {
    var model = library(language: "es")
    model.press(.character("/"))
    for key in "pentatónica menor" { model.press(.character(key)) }
    model.press(.enter)
    let top = lines(model)[3]
    XCTAssertTrue(top.hasPrefix("  Pentatónica menor, posición"), top)
  }

  func testThePreviewShowsTheShapeAndWhatItIs() throws {
    var model = library()
    model.press(.character("/"))
    for key in "major sixth chord" { model.press(.character(key)) }
    let pattern = try XCTUnwrap(chosen(model))
    let text = lines(model).joined(separator: "\n")
    XCTAssertTrue(text.contains("chord"), text)
    let firstWords = pattern.description.split(separator: " ").prefix(3).joined(separator: " ")
    XCTAssertTrue(text.contains(firstWords), text)
  }

  func testTheOpenPatternShowsItsDescriptionAndInstructions() throws {
    var model = AppFixtures.model(size: Size(width: 120, height: 40), patterns: Self.shipped)
    model.press(.character("4"), .enter)
    let pattern = try XCTUnwrap(chosen(model))
    let text = AppView.render(model).lines.joined(separator: "\n")
    let instructions = pattern.instructions.split(separator: " ").prefix(4).joined(separator: " ")
    XCTAssertTrue(text.contains(instructions), text)
  }
}
