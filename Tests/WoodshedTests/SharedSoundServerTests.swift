import Foundation
import XCTest

/// The README's practice-room box with PulseAudio: one login's server owns the sound, and the
/// members of a group reach it through a socket in a folder only the group may enter. A second
/// login plays the metronome through it.
final class SharedSoundServerTests: XCTestCase {
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

  private var socket: String { "unix:\(box.serverFolder)/native" }

  private func startServer() throws {
    let folder = box.serverFolder
    server = try box.startAsOwner([
      "HOME=\(folder)", "XDG_RUNTIME_DIR=\(folder)", "PATH=/usr/bin:/bin",
      "pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no",
      "--disable-shm=yes", "-n",
      "--load=module-native-protocol-unix socket=\(folder)/native auth-anonymous=1",
      "--load=module-pipe-sink \(box.pipeSinkArguments) use_system_clock_for_timing=yes",
      "--log-target=file:\(folder)/pulseaudio.log",
    ])
    for _ in 0..<100 where !FileManager.default.fileExists(atPath: "\(folder)/native") {
      usleep(50_000)
    }
  }

  func testASecondLoginPlaysTheMetronomeThroughTheOwnersServerToTheSample() throws {
    try startServer()
    XCTAssertTrue(
      try box.reaches(socket, as: SharedSoundBox.player, inGroup: true), "a member of the group")
    XCTAssertFalse(
      try box.reaches(socket, as: SharedSoundBox.outsider, inGroup: false), "anyone else")

    let starts = try box.clickStarts(through: socket)
    XCTAssertGreaterThanOrEqual(starts.count, 8, "clicks heard: \(starts.count)")
    let gaps = zip(starts.dropFirst(), starts).map { $0 - $1 }
    XCTAssertEqual(
      gaps, Array(repeating: SharedSoundBox.rate / 2, count: gaps.count),
      "120 BPM is a click every 24 000 samples, to the sample")
  }
}
