import XCTest

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
