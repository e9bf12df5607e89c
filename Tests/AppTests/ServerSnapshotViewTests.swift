import Foundation
import MusicTheory
import Practice
import Storage
import TerminalUI
import TestHelpers
import XCTest

@testable import App

/// What the practice room shows of the practice-room server: the patterns shared with the
/// player in the fretboard's list, and "offline" in the status line while the server cannot be
/// reached. It reads these from the last refresh and never waits for the network.
final class ServerSnapshotViewTests: XCTestCase {
  private static let shared = FretPattern(
    id: "tuesday-box", name: "Tuesday box", category: .scale, tuning: .guitarStandard,
    tones: [(6, 0), (6, 3), (5, 0), (5, 2)].map { FretPattern.Tone(string: $0.0, offset: $0.1) })

  private func snapshot(reachable: Bool) -> ServerSnapshot {
    ServerSnapshot(
      server: "http://box:8420", checkedAt: Date(timeIntervalSince1970: 1_795_275_840),
      isReachable: reachable, problem: reachable ? nil : "could not reach the server")
  }

  func testTheStatusLineSaysOfflineOnlyWhileTheServerCannotBeReached() {
    var model = AppFixtures.model(size: Size(width: 120, height: 40))
    XCTAssertFalse(AppView.render(model).lines[0].contains("offline"), "nobody logged in")
    _ = model.handle(.serverSnapshot(snapshot(reachable: false)))
    XCTAssertTrue(
      AppView.render(model).lines[0].contains("offline"), AppView.render(model).lines[0])
    _ = model.handle(.serverSnapshot(snapshot(reachable: true)))
    XCTAssertFalse(AppView.render(model).lines[0].contains("offline"))
    _ = model.handle(.serverSnapshot(nil))
    XCTAssertFalse(AppView.render(model).lines[0].contains("offline"), "logged out")
  }

  func testWhatABackgroundSyncJoinedIsReadAgainAndShown() {
    var model = AppFixtures.model(history: Array(AppFixtures.history.prefix(2)))
    var server = snapshot(reachable: true)
    server.joinedAt = Date(timeIntervalSince1970: 1_795_000_000)
    XCTAssertEqual(
      model.handle(.serverSnapshot(server)), [],
      "what an earlier run's sync joined was read with the history at start")
    XCTAssertEqual(model.handle(.serverSnapshot(server)), [], "nothing joined since")
    server.joinedAt = Date(timeIntervalSince1970: 1_795_000_600)
    XCTAssertEqual(model.handle(.serverSnapshot(server)), [.reloadJoined])
    _ = model.handle(.patternsLoaded([FretboardScreenTests.minorPentatonic], problems: []))
    server.joinedAt = Date(timeIntervalSince1970: 1_795_001_200)
    XCTAssertEqual(
      model.handle(.serverSnapshot(server)), [.reloadJoined, .loadPatterns],
      "the patterns too, once they have been read")

    var joinedSettings = model.settings
    joinedSettings.language = "es"
    _ = model.handle(.joinedReloaded(history: AppFixtures.history, settings: joinedSettings))
    XCTAssertEqual(model.history, AppFixtures.history, "the other machine's sessions are shown")
    XCTAssertEqual(model.settings.language, "es")
    _ = model.handle(.joinedReloaded(history: AppFixtures.history, settings: nil))
    XCTAssertEqual(model.settings.language, "es", "settings that could not be used are not taken")
  }

  func testAPatternSharedWithThePlayerIsListedWithWhoSharedIt() throws {
    var model = AppFixtures.model(size: Size(width: 120, height: 40))
    XCTAssertEqual(model.press(.character("4")), [.loadPatterns])
    _ = model.handle(
      .patternsLoaded(
        [FretboardScreenTests.minorPentatonic, Self.shared], shared: ["tuesday-box": "ada"],
        problems: []))
    model.press(.down)
    let screen = AppView.render(model).lines
    let row = try XCTUnwrap(screen.first { $0.contains("Tuesday box") && $0.contains("from ada") })
    XCTAssertTrue(row.contains("▸"), row)
    XCTAssertTrue(
      screen.contains { $0.contains("shared with you by ada") }, screen.joined(separator: "\n"))
    XCTAssertFalse(
      screen.contains { $0.contains("Minor pentatonic") && $0.contains("from") },
      "the library's patterns are nobody's shares")
  }

  func testTheSchoolsLibraryIsListedUnderAllButIsNotThePlayersOwn() throws {
    var model = AppFixtures.model(size: Size(width: 120, height: 40))
    XCTAssertEqual(model.press(.character("4")), [.loadPatterns])
    _ = model.handle(
      .patternsLoaded(
        [FretboardScreenTests.minorPentatonic, Self.shared], library: ["tuesday-box": 3],
        problems: []))
    model.press(.down)
    let screen = AppView.render(model).lines
    let row = try XCTUnwrap(
      screen.first { $0.contains("Tuesday box") && $0.contains("school library") },
      screen.joined(separator: "\n"))
    XCTAssertTrue(row.contains("▸"), row)
    XCTAssertTrue(
      screen.contains { $0.contains("in the school's library, version 3") },
      screen.joined(separator: "\n"))
    XCTAssertFalse(
      FretboardModel.mine(
        practised: model.settings.fretboard.practised, own: model.ownPatternIds,
        shared: Set(model.sharedPatternSenders.keys)
      ).contains("tuesday-box"), "a library pattern is the player's once chosen, not before")

    var server = snapshot(reachable: true)
    _ = model.handle(.serverSnapshot(server))
    XCTAssertEqual(model.handle(.serverSnapshot(server)), [], "no library before or after")
    server.library = [
      ServerSnapshot.LibraryPattern(id: "tuesday-box", version: 4, author: "tia", pattern: "{}")
    ]
    XCTAssertEqual(
      model.handle(.serverSnapshot(server)), [.loadPatterns],
      "a new version of the library is listed")
    XCTAssertEqual(model.handle(.serverSnapshot(server)), [])
  }

  func testTheHomeScreenSaysWhatIsNewFromTheLastRefresh() {
    var model = AppFixtures.model(
      history: [
        SessionRecord(
          module: "notes", exercise: "flashcards", startedAt: Date(timeIntervalSince1970: 0),
          duration: 40, score: 0.75)
      ])
    var server = snapshot(reachable: true)
    server.news = ["pattern": 3, "recommendation": 1, "rating": 1, "friend": 2]
    _ = model.handle(.serverSnapshot(server))
    assertCanvasSnapshot(AppView.render(model), named: "news.80x24")
    let line = "What's new: 3 new patterns, 1 recommendation, 1 rating of your pattern, 2 more"
    XCTAssertTrue(AppView.render(model).lines.contains { $0.contains(line) })

    for (news, reachable) in [
      (["pattern": 3], false), ([:], true), (["record": 0], true),
    ] {
      var quiet = snapshot(reachable: reachable)
      quiet.news = news
      _ = model.handle(.serverSnapshot(quiet))
      XCTAssertFalse(
        AppView.render(model).lines.contains { $0.contains("What's new") },
        "offline, or nothing new: \(news) \(reachable)")
    }
    _ = model.handle(.serverSnapshot(nil))
    XCTAssertFalse(AppView.render(model).lines.contains { $0.contains("What's new") })
  }

  func testTheHomeLineSaysOneOfAKindAndFitsInEveryLanguage() throws {
    var server = snapshot(reachable: true)
    server.news = ["pattern": 1, "recommendation": 12, "rating": 3, "record": 1]
    let english = try XCTUnwrap(
      HomeView.newsLine(server, strings: AppFixtures.catalog.localizer(for: "en")))
    XCTAssertEqual(
      english,
      "What's new: 1 new pattern, 12 recommendations, 3 ratings of your patterns, "
        + "1 of your bests passed")
    for language in ["es", "ca", "ru"] {
      let line = try XCTUnwrap(
        HomeView.newsLine(server, strings: AppFixtures.catalog.localizer(for: language)))
      XCTAssertFalse(line.contains("home.news"), line)
      XCTAssertTrue(line.contains("12"), line)
    }
  }

  func testTheHomeLineNamesTheLibraryReviewsAndFollowedBests() throws {
    var server = snapshot(reachable: true)
    server.news = [
      "libraryPattern": 2, "pack": 1, "suggestionReviewed": 1, "followedRecord": 3, "friend": 1,
    ]
    for language in ["en", "es", "ca", "ru"] {
      let line = try XCTUnwrap(
        HomeView.newsLine(server, strings: AppFixtures.catalog.localizer(for: language)))
      XCTAssertFalse(line.contains("home.news"), line)
    }
    XCTAssertEqual(
      HomeView.newsLine(server, strings: AppFixtures.catalog.localizer(for: "en")),
      "What's new: 2 new in the library, 1 new pack, 1 review of your suggestion, 3 bests of "
        + "players you follow, 1 more")
  }

  private static let ratings = ServerSnapshot.Ratings(
    count: 12, average: 4.25,
    latest: [
      ServerSnapshot.Comment(
        player: "bea", stars: 5,
        comment: "Great for warming up before the gig, slowly at first then faster each day",
        at: Date(timeIntervalSince1970: 1_795_275_000)),
      ServerSnapshot.Comment(
        player: "cy", stars: 3, comment: "Hard\u{1b}]0;pwned\u{07} stretch",
        at: Date(timeIntervalSince1970: 1_795_274_000)),
    ])

  private func withRatedShare(
    _ glyphs: GlyphSet.Kind, size: Size = Size(width: 80, height: 24)
  ) -> AppModel {
    var model = AppFixtures.model(size: size, glyphs: glyphs)
    model.press(.character("4"))
    _ = model.handle(
      .patternsLoaded(
        [FretboardScreenTests.minorPentatonic, Self.shared], shared: ["tuesday-box": "ada"],
        ratings: ["tuesday-box": Self.ratings], problems: []))
    model.press(.down)
    return model
  }

  /// The browser at 80x24: the list says the average and the count beside who shared it, and
  /// the preview of the chosen pattern the latest comments under it, each as text only.
  func testARatedShareShowsItsAverageAndLatestComments() throws {
    let model = withRatedShare(.unicode)
    let screen = AppView.render(model).lines
    let row = try XCTUnwrap(screen.first { $0.contains("from ada") })
    XCTAssertTrue(row.contains("★ 4.3 (12)"), row)
    XCTAssertTrue(screen.contains { $0.contains("bea ★★★★★") }, screen.joined(separator: "\n"))
    XCTAssertTrue(screen.contains { $0.contains("cy ★★★☆☆") }, screen.joined(separator: "\n"))
    XCTAssertFalse(screen.joined().contains("\u{1b}"), "a comment never reaches the terminal raw")
    assertCanvasSnapshot(AppView.render(model), named: "rated.80x24")
    let large = AppView.render(withRatedShare(.unicode, size: Size(width: 120, height: 40)))
    XCTAssertTrue(large.lines.contains { $0.contains("pwned") }, "the third comment has room")
    XCTAssertFalse(large.lines.joined().contains("\u{1b}"), "and is text only")
    assertCanvasSnapshot(large, named: "rated.120x40")
  }

  func testUnderLANGCTheStarsAreASCII() throws {
    let screen = AppView.render(withRatedShare(.ascii)).lines
    let row = try XCTUnwrap(screen.first { $0.contains("from ada") })
    XCTAssertTrue(row.contains("* 4.3 (12)"), row)
    XCTAssertTrue(screen.contains { $0.contains("cy ***--") }, screen.joined(separator: "\n"))
    XCTAssertFalse(screen.joined().unicodeScalars.contains { $0.value > 0x7E })
  }

  func testAShareNobodyRatedSaysSo() {
    var model = AppFixtures.model(size: Size(width: 80, height: 24))
    model.press(.character("4"))
    _ = model.handle(
      .patternsLoaded(
        [FretboardScreenTests.minorPentatonic, Self.shared], shared: ["tuesday-box": "ada"],
        ratings: ["tuesday-box": ServerSnapshot.Ratings(count: 0, average: nil)], problems: []))
    model.press(.down)
    let screen = AppView.render(model).lines
    XCTAssertTrue(screen.contains { $0.contains("not rated yet") }, screen.joined(separator: "\n"))
    XCTAssertFalse(screen.contains { $0.contains("(0)") })
  }

  func testASearchTypedBeforeTheShareCameInFindsIt() {
    var model = AppFixtures.model(size: Size(width: 120, height: 40))
    model.press(.character("4"))
    _ = model.handle(.patternsLoaded([FretboardScreenTests.minorPentatonic], problems: []))
    model.press(.character("/"), .character("t"), .character("u"), .character("e"), .enter)
    XCTAssertTrue(AppView.render(model).lines.contains { $0.contains("No pattern has that name") })
    _ = model.handle(
      .patternsLoaded(
        [FretboardScreenTests.minorPentatonic, Self.shared], shared: ["tuesday-box": "ada"],
        problems: []))
    XCTAssertTrue(
      AppView.render(model).lines.contains { $0.contains("shared with you by ada") },
      "the pattern found is the one chosen")
    model.press(.enter)
    guard case .fretboard(let screen) = model.screen else { return XCTFail("left the fretboard") }
    XCTAssertEqual(screen.phase, .exploring, "Enter shows it")
    XCTAssertTrue(
      AppView.render(model).lines.contains { $0.contains("Tuesday box") },
      AppView.render(model).lines.joined(separator: "\n"))
  }

  func testTheRecordsShowMyPlaceOnTheServersBoards() {
    let game = SessionRecord(
      module: "fretboard", exercise: "intervals", startedAt: Date(timeIntervalSince1970: 0),
      duration: 60, figures: ["score": 90, "level": 3], content: ["minor-pentatonic-1"])
    var model = AppFixtures.model(size: Size(width: 100, height: 30), history: [game])
    model.press(.character("4"))
    _ = model.handle(.patternsLoaded([FretboardScreenTests.minorPentatonic], problems: []))
    var known = snapshot(reachable: true)
    known.places = [
      .init(
        game: "interval", board: "minor-pentatonic-1", band: 1, place: 1, players: 4,
        leader: "bea", leaderScore: 70),
      .init(
        game: "interval", board: "minor-pentatonic-1", band: 2, place: 3, players: 7,
        leader: "ada", leaderScore: 610),
      .init(
        game: "drill", board: "minor-pentatonic-1", place: 9, players: 9, leader: "cy",
        leaderScore: 30),
    ]
    _ = model.handle(.serverSnapshot(known))
    model.press(.character("r"))
    let lines = AppView.render(model).lines
    let text = lines.joined(separator: "\n")
    let best = lines.firstIndex { $0.contains("Minor pentatonic, position 1: 90 points") }
    XCTAssertNotNil(best, text)
    XCTAssertTrue(lines[best! + 1].contains("first of 4 on levels 1-2"), text)
    XCTAssertTrue(
      lines[best! + 2].contains("place 3 of 7 on levels 3-4; first ada, 610 points"), text)
    XCTAssertTrue(text.contains("On the server's boards, as of "), text)
  }

  func testNewSharesReadThePatternsAgainOnceTheyHaveBeenRead() {
    var model = AppFixtures.model()
    var known = snapshot(reachable: true)
    XCTAssertEqual(model.handle(.serverSnapshot(known)), [], "the list is read when first opened")
    model.press(.character("4"))
    _ = model.handle(.patternsLoaded([FretboardScreenTests.minorPentatonic], problems: []))
    known.sharedWithYou = [
      .init(id: "s1", from: "ada", sharedAt: known.checkedAt, pattern: "{}")
    ]
    XCTAssertEqual(model.handle(.serverSnapshot(known)), [.loadPatterns])
    XCTAssertEqual(model.handle(.serverSnapshot(known)), [], "nothing new")
  }
}
