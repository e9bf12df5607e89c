import Audio
import Foundation
import XCTest

/// A PulseAudio daemon of a test's own, started as Tests/with-pulseaudio.sh starts the shared
/// one but in its own folder, so the test may kill it. `shutDown()` kills it and removes the
/// folder; call it in a `defer`, since a leaked daemon outlives the test run.
final class PulseAudioTestDaemon {
  private let folder: URL
  private var process: Process?

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-pulse-\(UUID().uuidString)")
    // PulseAudio refuses a runtime folder that others may read.
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
  }

  deinit { shutDown() }

  /// The server address; the same across restarts.
  var server: String { "unix:\(folder.path)/native" }

  /// Starts the daemon and waits until it answers.
  func start() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no",
      "--disable-shm=yes", "-n",
      "--load=module-native-protocol-unix socket=\(folder.path)/native auth-anonymous=1",
      "--load=module-null-sink sink_name=woodshed_null rate=48000",
      "--load=module-always-sink", "--log-target=file:\(folder.path)/pulseaudio.log",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = folder.path
    environment["XDG_RUNTIME_DIR"] = folder.path
    environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
    environment["PULSE_SERVER"] = ""
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    self.process = process
    let answers = PulseAudioTestSupport.wait(upTo: .seconds(10)) {
      PulseAudioProbe.check(server: server, timeout: .milliseconds(500)).isAvailable
    }
    guard answers else {
      XCTFail("the test's own PulseAudio daemon did not start")
      throw CancellationError()
    }
  }

  /// SIGKILL, as when the server crashes: no goodbye to the clients.
  func kill() {
    guard let process else { return }
    Glibc.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    self.process = nil
  }

  /// SIGSTOP, as when the server hangs: its socket stays open and it says nothing. `resume`
  /// lets it go on.
  func pause() {
    guard let process else { return }
    Glibc.kill(process.processIdentifier, SIGSTOP)
  }

  func resume() {
    guard let process else { return }
    Glibc.kill(process.processIdentifier, SIGCONT)
  }

  func shutDown() {
    resume()
    kill()
    try? FileManager.default.removeItem(at: folder)
  }
}
