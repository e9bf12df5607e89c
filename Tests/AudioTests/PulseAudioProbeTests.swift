import Audio
import Foundation
import XCTest

/// Runs against the private PulseAudio daemon that `make test` starts (Tests/with-pulseaudio.sh).
final class PulseAudioProbeTests: XCTestCase {
  private var testServer: String {
    get throws {
      guard let server = ProcessInfo.processInfo.environment["WOODSHED_TEST_PULSE_SERVER"] else {
        XCTFail("no private PulseAudio daemon: run the suite with `make test`")
        throw CancellationError()
      }
      return server
    }
  }

  func testFindsThePrivateServerAndItsNullSink() throws {
    let status = PulseAudioProbe.check(server: try testServer)
    guard case .available(let info) = status else {
      return XCTFail("expected the test server to answer, got \(status)")
    }
    XCTAssertEqual(info.serverName, "pulseaudio")
    XCTAssertEqual(info.defaultSink, "woodshed_null")
    XCTAssertGreaterThan(info.sampleRate, 0)
  }

  func testReportsAMissingServerWithAReason() {
    let missing = FileManager.default.temporaryDirectory
      .appendingPathComponent("no-such-pulse-\(UUID().uuidString)").path
    let status = PulseAudioProbe.check(server: "unix:\(missing)", timeout: .seconds(2))
    guard case .unavailable(let reason) = status else {
      return XCTFail("expected no server, got \(status)")
    }
    XCTAssertTrue(reason.hasPrefix("PulseAudio: "), reason)
    XCTAssertFalse(reason.contains("\n"))
  }

  func testGivesUpOnASilentServerAtTheDeadline() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("silent-pulse-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("native").path
    let listener = try SilentUnixListener(path: path)
    defer { listener.close() }

    let started = ContinuousClock.now
    let status = PulseAudioProbe.check(server: "unix:\(path)", timeout: .milliseconds(300))
    XCTAssertEqual(status, .unavailable(reason: "PulseAudio server did not answer in time"))
    XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
  }
}

/// A Unix socket that accepts connections into its backlog and never speaks: a hung server.
private struct SilentUnixListener {
  let descriptor: Int32

  init(path: String) throws {
    descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      _ = path.utf8CString.withUnsafeBytes { raw.copyMemory(from: $0) }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(descriptor, 4) == 0 else {
      throw POSIXError(.EADDRINUSE)
    }
  }

  func close() { _ = Glibc.close(descriptor) }
}
