import Foundation
import Synchronization
import TerminalHarness
import XCTest

/// A home folder and the built `woodshed` binary, run the way a user runs it.
struct NetHome {
  static var woodshed: String { BuiltProducts.executable(named: "woodshed") }

  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-net-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  var environment: [String: String] {
    ["PATH": "/usr/bin:/bin", "HOME": folder.path, "WOODSHED_HOME": folder.path, "LANG": "C.UTF-8"]
  }

  var credentialsFile: URL { folder.appendingPathComponent("config/account.json") }

  /// Runs `woodshed ARGUMENTS` with `input` on standard input; returns status, output, error.
  @discardableResult
  func run(_ arguments: [String], input: String = "", executable: String = NetHome.woodshed)
    throws -> (status: Int32, output: String, error: String)
  {
    try CommandRun.run(executable, arguments, environment: environment, input: input)
  }
}

/// The real `woodshed serve` on a free loopback port, started through the `woodshed` binary as
/// a user starts it, and stopped with SIGTERM.
final class ServerProcess {
  let process = Process()
  let url: String
  private let log: LogLines

  init(home: NetHome, database: String, options: [String] = []) throws {
    process.executableURL = URL(fileURLWithPath: NetHome.woodshed)
    process.arguments = ["serve", "--listen", "127.0.0.1:0", "--database", database] + options
    process.environment = home.environment
    let error = Pipe()
    process.standardError = error
    process.standardOutput = FileHandle.nullDevice
    log = LogLines(reading: error.fileHandleForReading)
    try process.run()
    guard let first = log.firstLine(timeout: 60) else {
      process.terminate()
      throw ServerStartFailure(log: log.text)
    }
    guard
      let range = first.range(
        of: #"listening on http://127\.0\.0\.1:\d+"#, options: .regularExpression)
    else {
      process.terminate()
      throw ServerStartFailure(log: log.text)
    }
    url = String(first[range].dropFirst("listening on ".count))
  }

  var logText: String { log.text }

  /// Sends SIGTERM and waits; returns the exit status.
  @discardableResult
  func stop() -> Int32 {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    return process.terminationStatus
  }

  deinit { stop() }
}

struct ServerStartFailure: Error, CustomStringConvertible {
  let log: String
  var description: String { "woodshed serve did not start:\n\(log)" }
}

/// Collects a process's standard error as it comes, so a test can wait for the first line.
final class LogLines: Sendable {
  private let data = Mutex(Data())

  init(reading handle: FileHandle) {
    handle.readabilityHandler = { [weak self] handle in
      let chunk = handle.availableData
      guard let self else { return }
      if chunk.isEmpty {
        handle.readabilityHandler = nil
        return
      }
      self.data.withLock { $0.append(chunk) }
    }
  }

  var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }

  func firstLine(timeout: TimeInterval) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let text = self.text
      if let newline = text.firstIndex(of: "\n") { return String(text[..<newline]) }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return nil
  }
}
