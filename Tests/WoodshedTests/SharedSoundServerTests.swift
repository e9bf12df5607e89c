import Foundation
import Synchronization
import TerminalHarness
import XCTest

/// The README's practice-room box: one login's PulseAudio server owns the sound, and the
/// members of a group reach it through a socket in a folder only the group may enter. A second
/// login plays the metronome through it; what the sink is given is read sample by sample from a
/// pipe sink on the system clock.
final class SharedSoundServerTests: XCTestCase {
  private static let owner = 40_011
  private static let player = 40_012
  private static let outsider = 40_013
  private static let group = 40_110
  private static let rate = 48_000

  private var folder: URL!
  private var server: pid_t?

  override func setUpWithError() throws {
    guard getuid() == 0 else {
      throw XCTSkip("running as several Unix users needs root (CI runs make test as root)")
    }
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("sound-\(UUID().uuidString.prefix(8))")
    for (name, user, mode) in [("server", Self.owner, 0o750), ("player", Self.player, 0o700)] {
      let path = folder.appendingPathComponent(name).path
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      XCTAssertEqual(chown(path, uid_t(user), gid_t(Self.group)), 0)
      XCTAssertEqual(chmod(path, mode_t(mode)), 0)
    }
  }

  override func tearDown() {
    if let server {
      kill(server, SIGTERM)
      var status: Int32 = 0
      waitpid(server, &status, 0)
    }
    if let folder { try? FileManager.default.removeItem(at: folder) }
  }

  private var serverFolder: String { folder.appendingPathComponent("server").path }
  private var socket: String { "unix:\(serverFolder)/native" }

  /// `command` as `user` in the group, with only `environment`.
  private func asUser(_ user: Int, groups: Bool = true, _ command: [String]) -> [String] {
    [
      "--reuid=\(user)", "--regid=\(groups ? Self.group : user)",
      groups ? "--groups=\(Self.group)" : "--clear-groups", "env", "-i",
    ] + command
  }

  /// Starts `arguments` (the first a path) with standard output and error on /dev/null.
  /// posix_spawn and waitpid rather than Foundation's Process, whose waiting hangs here on a
  /// child started through setpriv.
  private func spawn(_ arguments: [String]) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var environment: [UnsafeMutablePointer<CChar>?] = [nil]
    var pid: pid_t = 0
    let failure = posix_spawn(&pid, arguments[0], &actions, nil, &argv, &environment)
    guard failure == 0 else { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
    return pid
  }

  private func startServer() throws {
    server = try spawn(
      ["/usr/bin/setpriv"]
        + asUser(
          Self.owner,
          [
            "HOME=\(serverFolder)", "XDG_RUNTIME_DIR=\(serverFolder)", "PATH=/usr/bin:/bin",
            "pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no",
            "--disable-shm=yes", "-n",
            "--load=module-native-protocol-unix socket=\(serverFolder)/native auth-anonymous=1",
            "--load=module-pipe-sink sink_name=box file=\(serverFolder)/out rate=\(Self.rate) "
              + "format=s16le channels=1 use_system_clock_for_timing=yes",
            "--log-target=file:\(serverFolder)/pulseaudio.log",
          ]))
    for _ in 0..<100 where !FileManager.default.fileExists(atPath: "\(serverFolder)/native") {
      usleep(50_000)
    }
  }

  /// `pactl info` as `user`: whether it reached the server.
  private func reaches(as user: Int, inGroup: Bool) throws -> Bool {
    let pid = try spawn(
      ["/usr/bin/setpriv"]
        + asUser(user, groups: inGroup, ["HOME=/tmp", "PULSE_SERVER=\(socket)", "pactl", "info"]))
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return status == 0
  }

  func testASecondLoginPlaysTheMetronomeThroughTheOwnersServerToTheSample() throws {
    try startServer()
    XCTAssertTrue(try reaches(as: Self.player, inGroup: true), "a member of the group")
    XCTAssertFalse(try reaches(as: Self.outsider, inGroup: false), "anyone else")

    let captured = Mutex<[Int16]>([])
    let reading = Atomic<Bool>(true)
    let descriptor = open("\(serverFolder)/out", O_RDONLY | O_NONBLOCK)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    let reader = Thread {
      var block = [Int16](repeating: 0, count: 4_800)
      while reading.load(ordering: .relaxed) {
        let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
          captured.withLock { $0 += block[..<(count / 2)] }
        } else {
          usleep(1_000)
        }
      }
    }
    reader.start()
    defer {
      reading.store(false, ordering: .relaxed)
      usleep(20_000)
      close(descriptor)
    }

    let home = folder.appendingPathComponent("player/home")
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("config"), withIntermediateDirectories: true)
    try Data(#"{"metronome": {"bpm": 120}}"#.utf8).write(
      to: home.appendingPathComponent("config/settings.json"))
    for path in ["player/home", "player/home/config", "player/home/config/settings.json"] {
      chown(folder.appendingPathComponent(path).path, uid_t(Self.player), gid_t(Self.group))
    }
    let terminal = try PseudoTerminal(
      executable: "/usr/bin/setpriv",
      arguments: asUser(
        Self.player,
        [
          "HOME=\(home.path)", "WOODSHED_HOME=\(home.path)", "TERM=xterm-256color",
          "LANG=C.UTF-8", "PULSE_SERVER=\(socket)", WoodshedProcess.executable, "--sink", "box",
          "metronome",
        ]),
      environment: [:], size: PseudoTerminal.Size(columns: 80, rows: 24))
    defer {
      terminal.signal(SIGTERM)
      _ = terminal.waitForExit(timeout: .seconds(5))
    }
    XCTAssertTrue(
      terminal.waitForOutput(containing: "Space", timeout: .seconds(10)), terminal.output)
    XCTAssertFalse(terminal.output.contains("no audio"), terminal.output)
    terminal.send(" ")
    // Five seconds of clicks, reading what the app draws meanwhile so it never blocks.
    _ = terminal.waitForOutput(containing: "\u{0}", timeout: .seconds(5))
    terminal.send(" ")
    usleep(300_000)

    let samples = captured.withLock { $0 }
    var starts: [Int] = []
    var lastLoud = Int.min / 2
    for (index, sample) in samples.enumerated() where abs(Int(sample)) > 300 {
      if index - lastLoud > Self.rate * 3 / 10 { starts.append(index) }
      lastLoud = index
    }
    XCTAssertGreaterThanOrEqual(starts.count, 8, "clicks heard: \(starts.count)")
    let gaps = zip(starts.dropFirst(), starts).map { $0 - $1 }
    XCTAssertEqual(
      gaps, Array(repeating: Self.rate / 2, count: gaps.count),
      "120 BPM is a click every 24 000 samples, to the sample")
  }
}
