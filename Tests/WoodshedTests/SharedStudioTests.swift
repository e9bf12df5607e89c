import Foundation
import TerminalHarness
import XCTest

/// Two Unix logins, a producer and an assistant, keeping one session's protocol in a studio
/// folder their group shares (set-group-ID, umask 002), as on a practice-room box: the real
/// binary, run as two users by `setpriv`.
final class SharedStudioTests: XCTestCase {
  private static let producer = 40_001
  private static let assistant = 40_002
  private static let studioGroup = 40_100

  private var studio: URL!

  override func setUpWithError() throws {
    guard getuid() == 0 else {
      throw XCTSkip("running as two Unix users needs root (CI runs make test as root)")
    }
    // Short, as a studio's path is: a message quotes a path of up to 80 characters whole.
    studio = FileManager.default.temporaryDirectory
      .appendingPathComponent("studio-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: studio, withIntermediateDirectories: true)
    XCTAssertEqual(chown(studio.path, 0, gid_t(Self.studioGroup)), 0)
  }

  override func tearDown() {
    if let studio { try? FileManager.default.removeItem(at: studio) }
  }

  /// Runs woodshed as `user`, in the studio group, with `umask`.
  private func run(
    as user: Int, umask: String = "002", lang: String = "C.UTF-8", _ arguments: [String]
  ) throws -> (
    status: Int32, output: String, error: String
  ) {
    let command =
      ([
        "exec", "setpriv", "--reuid=\(user)", "--regid=\(Self.studioGroup)",
        "--groups=\(Self.studioGroup)", WoodshedProcess.executable,
      ] + arguments)
      .map { "'\($0)'" }.joined(separator: " ")
    return try CommandRun.run(
      "/bin/sh", ["-c", "umask \(umask); \(command)"],
      environment: [
        "PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "HOME": studio.path,
        "WOODSHED_HOME": studio.path, "LANG": lang, "PULSE_SERVER": "unix:/nonexistent",
      ])
  }

  private func mode(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(
      atPath: studio.appendingPathComponent(path).path)
    return try XCTUnwrap(attributes[.posixPermissions] as? Int)
  }

  func testTwoLoginsKeepOneProtocolInAFolderTheirGroupShares() throws {
    XCTAssertEqual(chmod(studio.path, 0o2775), 0)
    let made = try run(as: Self.producer, ["protocol", "new", "session1"])
    XCTAssertEqual(made.status, 0, made.error)
    XCTAssertEqual(
      try run(as: Self.producer, ["protocol", "movement", "session1", "mvt 1: 0-100"]).status, 0)
    let take = try run(as: Self.assistant, ["protocol", "add", "session1", "take"])
    XCTAssertEqual(take.status, 0, take.error)
    XCTAssertEqual(try run(as: Self.producer, ["protocol", "add", "session1", "3-5 +"]).status, 0)
    XCTAssertEqual(try run(as: Self.assistant, ["protocol", "add", "session1", "take"]).status, 0)
    let sheet = try run(as: Self.producer, ["protocol", "export", "session1", "--format", "md"])
    XCTAssertEqual(sheet.status, 0, sheet.error)
    XCTAssertTrue(sheet.output.contains("| 1 | from 0"), sheet.output)
    XCTAssertTrue(sheet.output.contains("| 2 | from 0"), sheet.output)
    XCTAssertTrue(sheet.output.contains("3–5 +"), sheet.output)
    // The group's, as far as umask 002 lets it: folders keep passing the sharing on.
    XCTAssertEqual(try mode(of: "data/protocols/session1"), 0o2775)
    XCTAssertEqual(try mode(of: "data/protocols/session1/journal.jsonl"), 0o664)
    XCTAssertEqual(try mode(of: "data/protocols/session1/session.json"), 0o664)
  }

  func testAStricterUmaskIsRespectedAndItsRefusalSaysWhatToRun() throws {
    XCTAssertEqual(chmod(studio.path, 0o2775), 0)
    XCTAssertEqual(
      try run(as: Self.producer, umask: "022", ["protocol", "new", "session1"]).status, 0)
    XCTAssertEqual(
      try run(as: Self.producer, umask: "022", ["protocol", "movement", "session1", "mvt 1: 0-9"])
        .status, 0)
    XCTAssertEqual(try mode(of: "data/protocols/session1"), 0o2755)
    let refused = try run(as: Self.assistant, ["protocol", "add", "session1", "take"])
    XCTAssertNotEqual(refused.status, 0)
    let journal = studio.appendingPathComponent("data/protocols/session1/journal.jsonl").path
    XCTAssertTrue(
      refused.error.contains(
        "permission denied: \(journal) is user 40001's (group 40100, -rw-r--r--)"),
      refused.error)
    XCTAssertTrue(refused.error.contains("chmod g+rw '\(journal)'"), refused.error)
    XCTAssertTrue(refused.error.contains("umask 002"), refused.error)
    XCTAssertEqual(refused.error.split(separator: "\n").count, 1, refused.error)
  }

  func testAPrivateFolderIsNamedAsAPermissionProblemNotAMissingProtocol() throws {
    // A home folder with no set-group-ID bit keeps what is made in it private, as XDG asks.
    XCTAssertEqual(chmod(studio.path, 0o775), 0)
    XCTAssertEqual(try run(as: Self.producer, ["protocol", "new", "session1"]).status, 0)
    XCTAssertEqual(try mode(of: "data"), 0o700)
    let refused = try run(as: Self.assistant, ["protocol", "add", "session1", "take"])
    XCTAssertNotEqual(refused.status, 0)
    let data = studio.appendingPathComponent("data").path
    XCTAssertTrue(
      refused.error.contains(
        "could not read session1: permission denied: \(data) is user 40001's (group 40100, drwx------)"
      ), refused.error)
    XCTAssertTrue(
      refused.error.contains(
        "chmod -R g+rwX '\(data)' && find '\(data)' -type d -exec chmod g+s {} +"),
      refused.error)
    XCTAssertFalse(refused.error.contains("no such protocol"), refused.error)
  }

  /// The refusal in the player's language (here the session's, Spanish), the owner with no
  /// name on this box too, the paths and the commands as typed.
  func testAPermissionProblemIsSaidInThePlayersLanguage() throws {
    XCTAssertEqual(chmod(studio.path, 0o775), 0)
    XCTAssertEqual(try run(as: Self.producer, ["protocol", "new", "session1"]).status, 0)
    let refused = try run(
      as: Self.assistant, lang: "es_ES.UTF-8", ["protocol", "add", "session1", "take"])
    XCTAssertNotEqual(refused.status, 0)
    let data = studio.appendingPathComponent("data").path
    XCTAssertTrue(
      refused.error.contains(
        "no se pudo leer session1: permiso denegado: \(data) es del usuario 40001 (grupo 40100, "
          + "drwx------); para compartirlo con el grupo, el usuario 40001 ejecuta: chmod -R g+rwX "
          + "'\(data)'"
      ), refused.error)
    XCTAssertEqual(refused.error.split(separator: "\n").count, 1, refused.error)
  }
}
