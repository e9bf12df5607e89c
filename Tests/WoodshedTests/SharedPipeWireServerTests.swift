import Foundation
import XCTest

/// The README's practice-room box with PipeWire: the owner runs pipewire, WirePlumber and
/// pipewire-pulse (Tests/with-pipewire.sh), whose configuration fragment from the README opens a
/// second socket in the group's folder; a second login plays the metronome through it.
final class SharedPipeWireServerTests: XCTestCase {
  private var box: SharedSoundBox!
  private var server: pid_t?

  override func setUpWithError() throws {
    guard getuid() == 0 else {
      throw XCTSkip("running as several Unix users needs root (CI runs make test as root)")
    }
    box = try SharedSoundBox()
  }

  override func tearDown() {
    if let server { box.stop(server) }
    box?.remove()
  }

  private var socket: String { "unix:\(box.serverFolder)/pulse" }

  private static let tests = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The README's pipewire-pulse.conf.d fragment, its socket moved to `socket`.
  private static func readmeFragment(socket: String) throws -> String {
    let readme = try String(
      contentsOf: tests.deletingLastPathComponent().appendingPathComponent("README.md"),
      encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    let first = try XCTUnwrap(lines.firstIndex(of: "pulse.properties = {"), "no fragment")
    let last = try XCTUnwrap(lines[first...].firstIndex(of: "}"), "no end of the fragment")
    let fragment = lines[first...last].joined(separator: "\n") + "\n"
    XCTAssertTrue(fragment.contains("unix:/run/woodshed/pulse"), fragment)
    return fragment.replacingOccurrences(of: "unix:/run/woodshed/pulse", with: socket)
  }

  /// Starts the servers as the owner with the README's fragment, the socket in the server's
  /// folder instead of /run/woodshed, and the pipe sink loaded; returns once the pipe is there.
  private func startServer() throws {
    let folder = box.serverFolder
    let fragment = "\(folder)/woodshed.conf"
    try Data(Self.readmeFragment(socket: socket).utf8).write(to: URL(fileURLWithPath: fragment))
    let started = try box.startAsOwner([
      "HOME=\(folder)", "TMPDIR=\(folder)", "PATH=/usr/bin:/bin",
      "WOODSHED_PIPEWIRE_PULSE_FRAGMENT=\(fragment)", "/bin/bash",
      Self.tests.appendingPathComponent("with-pipewire.sh").path,
      "/bin/sh", "-c",
      "pactl load-module module-pipe-sink \(box.pipeSinkArguments) && exec sleep infinity",
    ])
    server = started
    var status: Int32 = 0
    for _ in 0..<200 where !FileManager.default.fileExists(atPath: box.pipe) {
      guard waitpid(started, &status, WNOHANG) == 0 else {
        server = nil
        XCTFail("with-pipewire.sh stopped before the pipe sink was made (status \(status))")
        throw CancellationError()
      }
      usleep(50_000)
    }
  }

  func testASecondLoginPlaysTheMetronomeThroughTheOwnersPipeWireToTheSample() throws {
    try startServer()
    XCTAssertTrue(
      try box.reaches(socket, as: SharedSoundBox.player, inGroup: true), "a member of the group")
    XCTAssertFalse(
      try box.reaches(socket, as: SharedSoundBox.outsider, inGroup: false), "anyone else")

    let doctor = try box.runAsPlayer(["doctor"], through: socket)
    XCTAssertEqual(doctor.waitForExit(timeout: .seconds(10)), 0, doctor.output)
    XCTAssertNotNil(
      doctor.output.firstMatch(of: /Audio +pipewire-pulse \d+\.\d+\.\d+ answers; default output/),
      doctor.output)

    let starts = try box.clickStarts(through: socket)
    XCTAssertGreaterThanOrEqual(starts.count, 8, "clicks heard: \(starts.count)")
    let gaps = zip(starts.dropFirst(), starts).map { $0 - $1 }
    XCTAssertEqual(
      gaps, Array(repeating: SharedSoundBox.rate / 2, count: gaps.count),
      "120 BPM is a click every 24 000 samples, to the sample")
  }
}
