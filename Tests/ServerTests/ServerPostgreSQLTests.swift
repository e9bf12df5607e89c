import Foundation
import Logging
import SQLKit
import ServerStore
import XCTest

/// The real `woodshed serve` on a private PostgreSQL cluster, one new database per test.
/// Run through `Tests/with-postgresql.sh`, which starts the cluster and always stops it.
final class ServerPostgreSQLTests: XCTestCase {
  private let scenarios = ServerScenarios(
    makeDatabase: { _ in try await PostgreSQLCluster.newDatabase() }, expectedKind: .postgresql)

  /// Without the wrapper every test fails with this line; a silent skip would pass CI.
  override func setUpWithError() throws {
    guard PostgreSQLCluster.url != nil else { throw PostgreSQLCluster.Missing() }
  }

  func testHealthAnswersWithItsDatabase() async throws {
    try await scenarios.healthAnswersWithItsDatabase()
  }

  func testAccountsLogInSayWhoTheyAreAndLogOut() async throws {
    try await scenarios.accountsLogInSayWhoTheyAreAndLogOut()
  }

  func testATakenNameIsRefused() async throws { try await scenarios.aTakenNameIsRefused() }

  func testAWrongTokenIsOneLine401() async throws { try await scenarios.aWrongTokenIsOneLine401() }

  func testAnExpiredTokenIsRefused() async throws { try await scenarios.anExpiredTokenIsRefused() }

  func testLoginsAreLimitedPerAccount() async throws {
    try await scenarios.loginsAreLimitedPerAccount()
  }

  func testLoginsAreLimitedPerAddress() async throws {
    try await scenarios.loginsAreLimitedPerAddress()
  }

  func testLargeBodiesAre413() async throws { try await scenarios.largeBodiesAre413() }

  func testInputIsValidatedBeforeTheDatabase() async throws {
    try await scenarios.inputIsValidatedBeforeTheDatabase()
  }

  func testTheAdminGivesTheTeacherRole() async throws {
    try await scenarios.theAdminGivesTheTeacherRole()
  }

  func testPatternsAreSharedRecommendedAndFetched() async throws {
    try await scenarios.patternsAreSharedRecommendedAndFetched()
  }

  func testASharedPatternIsValidatedAndShownAsText() async throws {
    try await scenarios.aSharedPatternIsValidatedAndShownAsText()
  }

  func testThePracticeRoomShowsWhatIsSharedAndWhenItIsOffline() async throws {
    try await scenarios.thePracticeRoomShowsWhatIsSharedAndWhenItIsOffline()
  }

  func testThePracticeRoomOffersTheCataloguesPacksAndFetchesOne() async throws {
    try await scenarios.thePracticeRoomOffersTheCataloguesPacksAndFetchesOne()
  }

  func testScoresAreSentAndShownInOrder() async throws {
    try await scenarios.scoresAreSentAndShownInOrder()
  }

  func testTheSameHistorySentTwiceIsStoredOnce() async throws {
    try await scenarios.theSameHistorySentTwiceIsStoredOnce()
  }

  func testAnImplausibleRecordIsRefusedWithOneLineAndStoredNowhere() async throws {
    try await scenarios.anImplausibleRecordIsRefusedWithOneLineAndStoredNowhere()
  }

  func testAPlayerSeesTheBoardButCannotSubmitForAnother() async throws {
    try await scenarios.aPlayerSeesTheBoardButCannotSubmitForAnother()
  }

  func testAScoreSentOfflineWaitsForTheNextSend() async throws {
    try await scenarios.aScoreSentOfflineWaitsForTheNextSend()
  }

  func testDrillAndStreakBoardsAreSentAndShownInOrder() async throws {
    try await scenarios.drillAndStreakBoardsAreSentAndShownInOrder()
  }

  func testRhythmBoardsAreSentAndShownInOrder() async throws {
    try await scenarios.rhythmBoardsAreSentAndShownInOrder()
  }

  func testEveryKindOfScoreIsSentOnceAndStoredOnce() async throws {
    try await scenarios.everyKindOfScoreIsSentOnceAndStoredOnce()
  }

  func testAnImplausibleSessionIsRefusedWithOneLineAndStoredNowhere() async throws {
    try await scenarios.anImplausibleSessionIsRefusedWithOneLineAndStoredNowhere()
  }

  func testAPlayerCannotSubmitABoardScoreForAnother() async throws {
    try await scenarios.aPlayerCannotSubmitABoardScoreForAnother()
  }

  func testPacksArePublishedBrowsedAndFetched() async throws {
    try await scenarios.packsArePublishedBrowsedAndFetched()
  }

  func testAPackIdIsItsPublishersAndEachReplacementIsAVersion() async throws {
    try await scenarios.aPackIdIsItsPublishersAndEachReplacementIsAVersion()
  }

  func testAPackIsValidatedBeforeTheDatabaseAndShownAsText() async throws {
    try await scenarios.aPackIsValidatedBeforeTheDatabaseAndShownAsText()
  }

  func testABackupIsRestoredByteForByteAndSentOnlyWhenChanged() async throws {
    try await scenarios.aBackupIsRestoredByteForByteAndSentOnlyWhenChanged()
  }

  func testARestoreKeepsADifferingFileUnlessForced() async throws {
    try await scenarios.aRestoreKeepsADifferingFileUnlessForced()
  }

  func testAnotherPlayerCannotReadMyBackup() async throws {
    try await scenarios.anotherPlayerCannotReadMyBackup()
  }

  func testALargeHistoryIsBackedUpInPiecesAndRestoredWhole() async throws {
    try await scenarios.aLargeHistoryIsBackedUpInPiecesAndRestoredWhole()
  }

  func testABackupFromBeforePiecesStillRestores() async throws {
    try await scenarios.aBackupFromBeforePiecesStillRestores()
  }

  func testWhatIsDeletedHereLeavesTheBackup() async throws {
    try await scenarios.whatIsDeletedHereLeavesTheBackup()
  }

  func testTwoMachinesPractiseApartAndBothKeepEverySession() async throws {
    try await scenarios.twoMachinesPractiseApartAndBothKeepEverySession()
  }

  func testTwoMachinesKeepEachOthersPatternsAndBothSidesOfAConflict() async throws {
    try await scenarios.twoMachinesKeepEachOthersPatternsAndBothSidesOfAConflict()
  }

  func testTheRoomsRefreshBacksUpWhatChanged() async throws {
    try await scenarios.theRoomsRefreshBacksUpWhatChanged()
  }

  func testBackupItemsAreCheckedBeforeTheDatabase() async throws {
    try await scenarios.backupItemsAreCheckedBeforeTheDatabase()
  }

  func testASyncOfflineIsOneLineAndLosesNothing() async throws {
    try await scenarios.aSyncOfflineIsOneLineAndLosesNothing()
  }

  func testAClassIsJoinedRecommendedToAndFollowed() async throws {
    try await scenarios.aClassIsJoinedRecommendedToAndFollowed()
  }

  func testAClassIsReadOnlyByItsTeacherAndStudents() async throws {
    try await scenarios.aClassIsReadOnlyByItsTeacherAndStudents()
  }

  func testRatingsAreGivenEditedAndHiddenInAClass() async throws {
    try await scenarios.ratingsAreGivenEditedAndHiddenInAClass()
  }

  func testRatingsAreCheckedAndKeptToTheirOwners() async throws {
    try await scenarios.ratingsAreCheckedAndKeptToTheirOwners()
  }

  func testEachPlayerReadsTheirOwnNews() async throws {
    try await scenarios.eachPlayerReadsTheirOwnNews()
  }

  func testARecordTellsOnlyTheNearestPlayersItPassed() async throws {
    try await scenarios.aRecordTellsOnlyTheNearestPlayersItPassed()
  }

  func testAnInviteOnlyServerMakesAccountsOnlyWithAnUnusedCode() async throws {
    try await scenarios.anInviteOnlyServerMakesAccountsOnlyWithAnUnusedCode()
  }

  func testAnOpenServerIgnoresInvitations() async throws {
    try await scenarios.anOpenServerIgnoresInvitations()
  }

  func testABoardShowsThePlayersNearMyLevel() async throws {
    try await scenarios.aBoardShowsThePlayersNearMyLevel()
  }

  func testFamilyAndClassBoardsSumEachPlayersBests() async throws {
    try await scenarios.familyAndClassBoardsSumEachPlayersBests()
  }

  func testUsageStatisticsCountWhatTheServerSaw() async throws {
    try await scenarios.usageStatisticsCountWhatTheServerSaw()
  }

  func testAFollowedPlayersNewBestsReachTheirFollowers() async throws {
    try await scenarios.aFollowedPlayersNewBestsReachTheirFollowers()
  }

  func testASuggestedPatternIsReviewedPublishedEditedAndWithdrawn() async throws {
    try await scenarios.aSuggestedPatternIsReviewedPublishedEditedAndWithdrawn()
  }

  func testATeachersChainIsFollowedByItsStudentsGames() async throws {
    try await scenarios.aTeachersChainIsFollowedByItsStudentsGames()
  }

  func testWrongInvitationCodesFromOneAddressAreLimited() async throws {
    try await scenarios.wrongInvitationCodesFromOneAddressAreLimited()
  }

  func testAConflictCopyTooLongForABackupIsSaidSo() async throws {
    try await scenarios.aConflictCopyTooLongForABackupIsSaidSo()
  }

  /// Two processes on one database share everything: a token one hands out works on the
  /// other, and failed logins on one count on the other.
  func testTwoServersShareTokensAndTheLoginLimit() async throws {
    let home = try NetHome()
    defer { home.remove() }
    let database = try await PostgreSQLCluster.newDatabase()
    let options = ["--login-limit-account", "2"]
    let one = try ServerProcess(home: home, database: database, options: options)
    let two = try ServerProcess(home: home, database: database, options: options)
    _ = try home.run(
      ["account", "create", "nia", "--server", one.url, "--password-stdin"],
      input: "a long password")
    let login = try home.run(
      ["login", "nia", "--server", one.url, "--password-stdin"], input: "a long password")
    XCTAssertEqual(login.status, 0, login.error)
    let credentials = try String(contentsOf: home.credentialsFile, encoding: .utf8)
    try Data(credentials.replacingOccurrences(of: one.url, with: two.url).utf8)
      .write(to: home.credentialsFile)
    XCTAssertEqual(try home.run(["account"]).output, "nia (player) on \(two.url)\n")

    for server in [one, two] {
      let wrong = try home.run(
        ["login", "nia", "--server", server.url, "--password-stdin"], input: "wrong password")
      XCTAssertEqual(wrong.error, "Error: wrong name or password\n")
    }
    let limited = try home.run(
      ["login", "nia", "--server", one.url, "--password-stdin"], input: "a long password")
    XCTAssertTrue(limited.error.contains("too many failed logins"), limited.error)
    XCTAssertEqual(one.stop(), 0)
    XCTAssertEqual(two.stop(), 0)
  }

  /// A database that goes away is a 503 on /health, not a crash.
  func testHealthIs503WithoutTheDatabase() async throws {
    let home = try NetHome()
    defer { home.remove() }
    let name = "woodshed_test_\(UInt32.random(in: .min ... .max))"
    let database = try await PostgreSQLCluster.newDatabase(named: name)
    let server = try ServerProcess(home: home, database: database)
    let client = try HealthClient(url: server.url)
    let before = try await client.status()
    XCTAssertEqual(before, 200)
    try await PostgreSQLCluster.run("DROP DATABASE \(name) WITH (FORCE)")
    let after = try await client.status()
    XCTAssertEqual(after, 503)
    XCTAssertEqual(server.stop(), 0)
  }
}

enum PostgreSQLCluster {
  struct Missing: Error, CustomStringConvertible {
    var description: String {
      "no PostgreSQL cluster: run these tests through Tests/with-postgresql.sh (make test does)"
    }
  }

  /// The empty database the wrapper made.
  static var url: String? { ProcessInfo.processInfo.environment["WOODSHED_TEST_POSTGRES"] }

  static func newDatabase(
    named name: String = "woodshed_test_\(UInt32.random(in: .min ... .max))"
  ) async throws -> String {
    try await run("CREATE DATABASE \(name)")
    let base = try XCTUnwrap(url)
    return String(base[..<(base.firstIndex(of: "#") ?? base.endIndex)]) + "#" + name
  }

  /// Runs a statement with no builder (a database's own creation) on the wrapper's database.
  static func run(_ statement: String) async throws {
    let opened = try await ServerDatabase.open(
      .postgres(url: try XCTUnwrap(url)), logger: Logger(label: "test"))
    do {
      try await opened.sql.raw(SQLQueryString(statement)).run()
    } catch {
      await opened.shutdown()
      throw error
    }
    await opened.shutdown()
  }
}
