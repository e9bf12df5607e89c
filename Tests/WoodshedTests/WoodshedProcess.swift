import Foundation
import TerminalHarness
import XCTest

/// The built `woodshed` executable, run the way a user runs it, with a private home folder.
struct WoodshedProcess {
  static var executable: String { BuiltProducts.executable(named: "woodshed") }

  let home: URL

  init() throws {
    home = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(at: home)
  }

  var settingsFile: URL { home.appendingPathComponent("config/settings.json") }

  /// Writes `text` as the settings file, as a user (or a crash) might have left it.
  func writeSettings(_ text: String) throws {
    try FileManager.default.createDirectory(
      at: settingsFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: settingsFile)
  }

  /// The settings file as the app saved it, parsed.
  func savedSettings() throws -> [String: Any] {
    let data = try Data(contentsOf: settingsFile)
    return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  func environment(
    term: String = "xterm-256color", lang: String = "C.UTF-8", extra: [String: String] = [:]
  )
    -> [String: String]
  {
    var environment = [
      "PATH": "/usr/bin:/bin", "HOME": home.path, "WOODSHED_HOME": home.path, "TERM": term,
      "LANG": lang,
      "PULSE_SERVER": ProcessInfo.processInfo.environment["WOODSHED_TEST_PULSE_SERVER"]
        ?? "unix:/nonexistent",
    ]
    environment.merge(extra) { $1 }
    return environment
  }

  func startInTerminal(
    arguments: [String] = [], columns: Int = 80, rows: Int = 24,
    environment: [String: String]? = nil
  ) throws -> PseudoTerminal {
    try PseudoTerminal(
      executable: Self.executable, arguments: arguments,
      environment: environment ?? self.environment(),
      size: PseudoTerminal.Size(columns: columns, rows: rows))
  }

  /// Runs without a terminal and returns the exit status, standard output and standard error.
  func run(_ arguments: [String], environment: [String: String]? = nil) throws -> (
    status: Int32, output: String, error: String
  ) {
    try CommandRun.run(Self.executable, arguments, environment: environment ?? self.environment())
  }
}
