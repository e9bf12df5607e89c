import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The real `woodshed serve` on a temporary SQLite file.
final class ServerSQLiteTests: XCTestCase {
  private let scenarios = ServerScenarios(
    makeDatabase: { home in "sqlite:\(home.folder.path)/server.sqlite" }, expectedKind: .sqlite)

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

  /// The SQLite file is the server's whole state: a restarted server knows its accounts, and
  /// the file is in WAL mode so `serve role` can work beside a running server.
  func testAccountsOutliveARestartInWALMode() async throws {
    let home = try NetHome()
    defer { home.remove() }
    let database = "sqlite:\(home.folder.path)/server.sqlite"
    let first = try ServerProcess(home: home, database: database)
    let created = try home.run(
      ["account", "create", "max", "--server", first.url, "--password-stdin"],
      input: "a long password")
    XCTAssertEqual(created.status, 0, created.error)
    XCTAssertEqual(first.stop(), 0)
    XCTAssertTrue(first.logText.contains("stopped"), first.logText)

    let second = try ServerProcess(home: home, database: database)
    let login = try home.run(
      ["login", "max", "--server", second.url, "--password-stdin"], input: "a long password")
    XCTAssertEqual(login.status, 0, login.error)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: home.folder.path + "/server.sqlite-wal"),
      "WAL mode leaves its -wal file beside the database while the server runs")
    XCTAssertEqual(second.stop(), 0)
  }

  /// A body that is not the operation's JSON and an unknown path are one JSON line each, and
  /// the log says why without the request's headers (a bearer token would be among them).
  func testABadRequestIsOneJSONLineAndLogsNoToken() async throws {
    let home = try NetHome()
    defer { home.remove() }
    let server = try ServerProcess(home: home, database: "sqlite:\(home.folder.path)/s.sqlite")
    var request = URLRequest(url: try XCTUnwrap(URL(string: server.url + "/sessions")))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("Bearer secret-token-in-a-header", forHTTPHeaderField: "Authorization")
    request.httpBody = Data("garbage".utf8)
    let (body, response) = try await URLSession.shared.data(for: request)
    XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 400)
    XCTAssertEqual(
      String(decoding: body, as: UTF8.self), #"{"error":"the request is not what login takes"}"#)
    let unknown = try XCTUnwrap(URL(string: server.url + "/nowhere"))
    let (missing, missingResponse) = try await URLSession.shared.data(from: unknown)
    XCTAssertEqual((missingResponse as? HTTPURLResponse)?.statusCode, 404)
    XCTAssertEqual(String(decoding: missing, as: UTF8.self), #"{"error":"not found"}"#)
    XCTAssertEqual(server.stop(), 0)
    XCTAssertTrue(server.logText.contains("refused a request"), server.logText)
    XCTAssertFalse(server.logText.contains("secret-token-in-a-header"), server.logText)
  }

  /// A body sent without a length (chunked) is read only up to the limit, then refused.
  func testABodyWithoutALengthIsCutAtTheLimit() async throws {
    let home = try NetHome()
    defer { home.remove() }
    let server = try ServerProcess(
      home: home, database: "sqlite:\(home.folder.path)/s.sqlite",
      options: ["--max-body-bytes", "1024"])
    var request = URLRequest(url: try XCTUnwrap(URL(string: server.url + "/accounts")))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBodyStream = InputStream(data: Data(repeating: UInt8(ascii: " "), count: 8192))
    let (body, response) = try await URLSession.shared.data(for: request)
    XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 413)
    XCTAssertEqual(
      String(decoding: body, as: UTF8.self),
      #"{"error":"the request body is larger than 1024 bytes"}"#)
    XCTAssertEqual(server.stop(), 0)
  }

  /// With no --database the server keeps its file in the data folder.
  func testTheDefaultDatabaseIsInTheDataFolder() throws {
    let home = try NetHome()
    defer { home.remove() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: NetHome.woodshed)
    process.arguments = ["serve", "--listen", "127.0.0.1:0"]
    process.environment = home.environment
    let error = Pipe()
    process.standardError = error
    let log = LogLines(reading: error.fileHandleForReading)
    try process.run()
    let first = log.firstLine(timeout: 60)
    process.terminate()
    process.waitUntilExit()
    XCTAssertTrue(
      first?.contains("database=sqlite:\(home.folder.path)/data/server.sqlite") ?? false,
      log.text)
    XCTAssertTrue(FileManager.default.fileExists(atPath: home.folder.path + "/data/server.sqlite"))
  }
}
