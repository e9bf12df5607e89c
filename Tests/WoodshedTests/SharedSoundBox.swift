import Foundation
import Synchronization
import TerminalHarness
import XCTest

/// The README's practice-room box, for the tests of its sound recipes: a folder `server` of the
/// server's owner, `0750` and the players' group's, where the sound server puts its socket, and a
/// folder `player` of a member of the group. The test says how the server starts; the box runs
/// the logins and hears what the sink is given, read sample by sample from a pipe sink (`out` in
/// the server's folder) on the system clock.
struct SharedSoundBox {
  static let owner = 40_011
  static let player = 40_012
  static let outsider = 40_013
  static let group = 40_110
  static let rate = 48_000

  let folder: URL

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("sound-\(UUID().uuidString.prefix(8))")
    for (name, user, mode) in [("server", Self.owner, 0o750), ("player", Self.player, 0o700)] {
      let path = folder.appendingPathComponent(name).path
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      XCTAssertEqual(chown(path, uid_t(user), gid_t(Self.group)), 0)
      XCTAssertEqual(chmod(path, mode_t(mode)), 0)
    }
  }

  func remove() {
    try? FileManager.default.removeItem(at: folder)
  }

  var serverFolder: String { folder.appendingPathComponent("server").path }
  var pipe: String { "\(serverFolder)/out" }

  /// The arguments of `module-pipe-sink` for the sink `box` the logins play to.
  var pipeSinkArguments: String {
    "sink_name=box file=\(pipe) rate=\(Self.rate) format=s16le channels=1"
  }

  /// `setpriv`'s arguments to run `command` (variables, then the program) as `user`, in the
  /// group or in no group, with no other environment.
  func asUser(_ user: Int, groups: Bool = true, _ command: [String]) -> [String] {
    [
      "--reuid=\(user)", "--regid=\(groups ? Self.group : user)",
      groups ? "--groups=\(Self.group)" : "--clear-groups", "env", "-i",
    ] + command
  }

  /// Starts `arguments` (the first a path) with standard output and error on /dev/null.
  /// posix_spawn and waitpid rather than Foundation's Process, whose waiting hangs here on a
  /// child started through setpriv.
  func spawn(_ arguments: [String]) throws -> pid_t {
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

  /// Starts `command` as the server's owner.
  func startAsOwner(_ command: [String]) throws -> pid_t {
    try spawn(["/usr/bin/setpriv"] + asUser(Self.owner, command))
  }

  /// Stops a server started with `startAsOwner`.
  func stop(_ server: pid_t) {
    kill(server, SIGTERM)
    var status: Int32 = 0
    waitpid(server, &status, 0)
  }

  /// `pactl info` as `user` through `socket`: whether it reached the server.
  func reaches(_ socket: String, as user: Int, inGroup: Bool) throws -> Bool {
    let pid = try spawn(
      ["/usr/bin/setpriv"]
        + asUser(user, groups: inGroup, ["HOME=/tmp", "PULSE_SERVER=\(socket)", "pactl", "info"]))
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return status == 0
  }

  /// `woodshed` with `arguments` as the player logged in over SSH, its sound server reached
  /// through `socket`, in a home whose settings set the metronome to 120 BPM.
  func runAsPlayer(_ arguments: [String], through socket: String) throws -> PseudoTerminal {
    let home = folder.appendingPathComponent("player/home")
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("config"), withIntermediateDirectories: true)
    try Data(#"{"metronome": {"bpm": 120}}"#.utf8).write(
      to: home.appendingPathComponent("config/settings.json"))
    for path in ["player/home", "player/home/config", "player/home/config/settings.json"] {
      chown(folder.appendingPathComponent(path).path, uid_t(Self.player), gid_t(Self.group))
    }
    return try PseudoTerminal(
      executable: "/usr/bin/setpriv",
      arguments: asUser(
        Self.player,
        [
          "HOME=\(home.path)", "WOODSHED_HOME=\(home.path)", "TERM=xterm-256color",
          "LANG=C.UTF-8", "SSH_CONNECTION=192.0.2.7 50022 192.0.2.1 22", "PULSE_SERVER=\(socket)",
          WoodshedProcess.executable,
        ] + arguments),
      environment: [:], size: PseudoTerminal.Size(columns: 80, rows: 24))
  }

  /// The player runs the metronome at 120 BPM through `socket` to the sink `box` for five
  /// seconds; the sample where each click the sink was given starts.
  func clickStarts(through socket: String) throws -> [Int] {
    let captured = Mutex<[Int16]>([])
    let reading = Atomic<Bool>(true)
    let descriptor = open(pipe, O_RDONLY | O_NONBLOCK)
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

    let terminal = try runAsPlayer(["--sink", "box", "metronome"], through: socket)
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
    return starts
  }
}
