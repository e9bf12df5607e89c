import Foundation

/// The real `woodshed-net serve` on a free loopback port, its log in a file of its own, stopped
/// with SIGTERM as a service manager stops it.
final class ServerProcess {
  let process = Process()
  let url: String
  let logFile: URL

  init(woodshedNet: String, database: String, home: URL) throws {
    logFile = home.appendingPathComponent("serve.log")
    FileManager.default.createFile(atPath: logFile.path, contents: nil)
    let log = try FileHandle(forWritingTo: logFile)
    process.executableURL = URL(fileURLWithPath: woodshedNet)
    process.arguments = ["serve", "--listen", "127.0.0.1:0", "--database", database]
    process.environment = [
      "PATH": "/usr/bin:/bin", "HOME": home.path, "WOODSHED_HOME": home.path, "LANG": "C.UTF-8",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = log
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    var found: String?
    while found == nil, Date() < deadline, process.isRunning {
      Thread.sleep(forTimeInterval: 0.05)
      let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
      found = text.range(of: #"listening on http://127\.0\.0\.1:\d+"#, options: .regularExpression)
        .map { String(text[$0].dropFirst("listening on ".count)) }
    }
    guard let found else {
      process.terminate()
      throw ServerStartFailure(log: (try? String(contentsOf: logFile, encoding: .utf8)) ?? "")
    }
    url = found
  }

  /// Sends SIGTERM and waits; returns the exit status.
  func stop() -> Int32 {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    return process.terminationStatus
  }

  deinit { _ = stop() }
}

struct ServerStartFailure: Error, CustomStringConvertible {
  let log: String
  var description: String { "woodshed-net serve did not start:\n\(log)" }
}
