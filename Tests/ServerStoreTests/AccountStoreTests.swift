import Foundation
import Logging
import SQLKit
import Synchronization
import XCTest

@testable import ServerStore

/// The store on a real SQLite file, with the clock in the test's hand.
final class AccountStoreTests: XCTestCase {
  private var folder: URL!
  private var database: ServerDatabase!
  private let clock = TestClock()

  override func setUp() async throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    database = try await ServerDatabase.open(
      .sqlite(path: folder.appendingPathComponent("server.sqlite").path),
      logger: Logger(label: "test"))
  }

  override func tearDown() async throws {
    await database.shutdown()
    try? FileManager.default.removeItem(at: folder)
  }

  private func store(
    lifetime: Int = 1000, limits: LoginLimits = LoginLimits(perAccount: 2, perAddress: 50)
  ) async throws -> AccountStore {
    let store = AccountStore(
      database: database.sql, tokenLifetimeSeconds: lifetime, limits: limits, bcryptCost: 4,
      now: { [clock] in clock.now })
    try await store.migrate()
    return store
  }

  func testMigrationsRecordTheirVersionAndRunOnce() async throws {
    let store = try await store()
    try await store.migrate()
    let version = try await store.schemaVersion()
    XCTAssertEqual(version, 15)
    let rows = try await database.sql.select().column("version").from("schema_migrations")
      .orderBy("version").all()
    XCTAssertEqual(
      try rows.map { try $0.decode(column: "version", as: Int.self) },
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
  }

  func testTheDatabaseIsInWALMode() async throws {
    let row = try await database.sql.raw("PRAGMA journal_mode").first()
    XCTAssertEqual(try row?.decode(column: "journal_mode", as: String.self), "wal")
  }

  func testATokenIsStoredOnlyAsItsDigest() async throws {
    let store = try await store()
    _ = try await store.createAccount(name: "ada", password: "a long password")
    guard
      case .loggedIn(let issued) = try await store.login(
        name: "ada", password: "a long password", address: "10.0.0.1")
    else { return XCTFail("the right password logs in") }
    XCTAssertEqual(issued.token.count, 43, "32 random bytes in unpadded base64url")
    let hashes = try await database.sql.select().column("token_hash").from("tokens").all()
      .map { try $0.decode(column: "token_hash", as: String.self) }
    XCTAssertEqual(hashes, [AccountStore.digest(issued.token)])
    XCTAssertFalse(hashes.contains(issued.token))
    XCTAssertEqual(hashes[0].count, 64)
  }

  func testATokenLastsItsLifetimeAndIsRevocable() async throws {
    let store = try await store(lifetime: 100)
    _ = try await store.createAccount(name: "bea", password: "a long password")
    guard
      case .loggedIn(let issued) = try await store.login(
        name: "bea", password: "a long password", address: "10.0.0.1")
    else { return XCTFail("the right password logs in") }
    clock.advance(99)
    let beforeExpiry = try await store.account(forToken: issued.token)?.name
    XCTAssertEqual(beforeExpiry, "bea")
    clock.advance(1)
    let atExpiry = try await store.account(forToken: issued.token)
    XCTAssertNil(atExpiry)

    guard
      case .loggedIn(let second) = try await store.login(
        name: "bea", password: "a long password", address: "10.0.0.1")
    else { return XCTFail("the right password logs in") }
    let revoked = try await store.revoke(token: second.token)
    XCTAssertTrue(revoked)
    let afterRevoking = try await store.account(forToken: second.token)
    XCTAssertNil(afterRevoking)
    let revokedAgain = try await store.revoke(token: second.token)
    XCTAssertFalse(revokedAgain)
  }

  func testTheLoginLimitLiftsWhenTheWindowPasses() async throws {
    let store = try await store(
      limits: LoginLimits(perAccount: 2, perAddress: 50, windowSeconds: 60))
    _ = try await store.createAccount(name: "cy", password: "a long password")
    let firstTry = try await store.login(name: "cy", password: "wrong one", address: "a")
    XCTAssertEqual(firstTry, .refused)
    clock.advance(10)
    let secondTry = try await store.login(name: "cy", password: "wrong one", address: "b")
    XCTAssertEqual(secondTry, .refused)
    let thirdTry = try await store.login(name: "cy", password: "a long password", address: "c")
    XCTAssertEqual(thirdTry, .limited(retryAfterSeconds: 50))
    clock.advance(50)
    guard
      case .loggedIn = try await store.login(
        name: "cy", password: "a long password", address: "c")
    else { return XCTFail("the first failure left the window") }
  }

  func testAnUnknownNameCountsAgainstTheAddress() async throws {
    let store = try await store(limits: LoginLimits(perAccount: 10, perAddress: 2))
    _ = try await store.createAccount(name: "dee", password: "a long password")
    let nobody = try await store.login(name: "nobody", password: "whatever1", address: "x")
    XCTAssertEqual(nobody, .refused)
    let ghost = try await store.login(name: "ghost", password: "whatever1", address: "x")
    XCTAssertEqual(ghost, .refused)
    guard
      case .limited = try await store.login(
        name: "dee", password: "a long password", address: "x")
    else { return XCTFail("the address is over its limit") }
    guard
      case .loggedIn = try await store.login(
        name: "dee", password: "a long password", address: "y")
    else { return XCTFail("another address is not") }
  }

  func testANameIsTakenOnceAndRolesChange() async throws {
    let store = try await store()
    let made = try await store.createAccount(name: "eve", password: "a long password")
    XCTAssertEqual(made.role, .player)
    do {
      _ = try await store.createAccount(name: "eve", password: "another password")
      XCTFail("a second eve")
    } catch StoreError.nameTaken(let name) {
      XCTAssertEqual(name, "eve")
    }
    try await store.setRole(.teacher, forAccount: "eve")
    let role = try await store.account(named: "eve")?.role
    XCTAssertEqual(role, .teacher)
    do {
      try await store.setRole(.teacher, forAccount: "nobody")
      XCTFail("no such account")
    } catch StoreError.noSuchAccount(let name) {
      XCTAssertEqual(name, "nobody")
    }
  }
}

final class TestClock: Sendable {
  private let seconds = Mutex(1_800_000_000.0)
  var now: Date { Date(timeIntervalSince1970: seconds.withLock { $0 }) }
  func advance(_ by: TimeInterval) { seconds.withLock { $0 += by } }
}

/// Who sees a shared pattern: everyone a public one, only its player and its maker a
/// recommendation.
final class PatternShareStoreTests: XCTestCase {
  func testSharesAreSeenOnlyByThoseTheyAreFor() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-shares-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try await ServerDatabase.open(
      .sqlite(path: folder.appendingPathComponent("s.sqlite").path), logger: Logger(label: "t"))
    let clock = TestClock()
    let accounts = AccountStore(database: database.sql, bcryptCost: 4)
    try await accounts.migrate()
    for name in ["ada", "bea", "cy"] {
      _ = try await accounts.createAccount(name: name, password: "a long password")
    }
    let shares = PatternShareStore(database: database.sql, now: { clock.now })
    let toBea = try await shares.share(
      owner: "ada", recipient: "bea", patternID: "p", name: "P", file: "{}")
    clock.advance(1)
    let second = try await shares.share(
      owner: "cy", recipient: "bea", patternID: "q", name: "Q", file: "{}")
    let toAll = try await shares.share(
      owner: "ada", recipient: nil, patternID: "r", name: "R", file: "{\"r\": 1}")

    let beasInbox = try await shares.inbox(of: "bea")
    XCTAssertEqual(beasInbox.map(\.id), [second.id, toBea.id], "newest first")
    let cysInbox = try await shares.inbox(of: "cy")
    XCTAssertEqual(cysInbox, [])
    let byBea = try await shares.fetch(id: toBea.id, reader: "bea")
    XCTAssertEqual(byBea?.0, toBea)
    let byAda = try await shares.fetch(id: toBea.id, reader: "ada")
    XCTAssertNotNil(byAda, "its maker")
    let byCy = try await shares.fetch(id: toBea.id, reader: "cy")
    XCTAssertNil(byCy)
    let publicByCy = try await shares.fetch(id: toAll.id, reader: "cy")
    XCTAssertEqual(publicByCy?.1, "{\"r\": 1}")
    XCTAssertEqual(toBea.id.count, 16)
    XCTAssertNotEqual(toBea.id, second.id)
    await database.shutdown()
  }
}

/// The pack catalogue: most recently updated first, one pack per id, each id its first
/// publisher's, the file kept as it was given.
final class PackCatalogueStoreTests: XCTestCase {
  func testAPackIdIsItsPublishersAndEachReplacementIsAVersion() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-packs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try await ServerDatabase.open(
      .sqlite(path: folder.appendingPathComponent("p.sqlite").path), logger: Logger(label: "t"))
    let clock = TestClock()
    let accounts = AccountStore(database: database.sql, bcryptCost: 4)
    try await accounts.migrate()
    _ = try await accounts.createAccount(name: "ada", password: "a long password")
    _ = try await accounts.createAccount(name: "bo", password: "a long password")
    let packs = PackCatalogueStore(database: database.sql, now: { clock.now })
    let first = try await packs.publish(
      id: "bass-low", name: "Low bass", description: "ledger lines", noteCount: 7,
      publisher: "ada", file: "{\"id\": \"bass-low\"}")
    XCTAssertEqual(first.version, 1)
    clock.advance(1)
    let second = try await packs.publish(
      id: "treble-high", name: "High treble", description: "", noteCount: 12, publisher: "ada",
      file: "{}")
    let catalogue = try await packs.catalogue()
    XCTAssertEqual(catalogue, [second, first])

    for (publisher, replacing, refusal) in [
      ("ada", false, StoreError.packIsYours("bass-low", version: 1)),
      ("bo", true, StoreError.packTaken("bass-low", publisher: "ada")),
    ] {
      do {
        _ = try await packs.publish(
          id: "bass-low", name: "Other", description: "", noteCount: 4, publisher: publisher,
          file: "{}", replacing: replacing)
        XCTFail("\(publisher) is refused")
      } catch let error as StoreError {
        XCTAssertEqual(error, refusal)
      }
    }
    let kept = try await packs.fetch(id: "bass-low")
    XCTAssertEqual(kept?.0, first, "a refused pack changes nothing")
    XCTAssertEqual(kept?.1, "{\"id\": \"bass-low\"}")

    clock.advance(60)
    let replaced = try await packs.publish(
      id: "bass-low", name: "Lower bass", description: "more ledger lines", noteCount: 9,
      publisher: "ada", file: "{\"v\": 2}", replacing: true)
    XCTAssertEqual(replaced.version, 2)
    XCTAssertEqual(replaced.publishedAt, first.publishedAt)
    XCTAssertEqual(replaced.updatedAt, first.publishedAt.addingTimeInterval(61))
    let updated = try await packs.catalogue()
    XCTAssertEqual(updated, [replaced, second], "updated first")
    let file = try await packs.fetch(id: "bass-low")?.1
    XCTAssertEqual(file, "{\"v\": 2}")
    let missing = try await packs.fetch(id: "nothing")
    XCTAssertNil(missing)
    await database.shutdown()
  }
}
