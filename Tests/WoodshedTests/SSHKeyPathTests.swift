import DSP
import Foundation
import TerminalHarness
import XCTest

/// The rhythm trainer's tap calibration over a real SSH login on the loopback, as a player on a
/// practice-room box does it: once straight in, once through a path that delays and wobbles
/// (a delaying proxy connecting from another loopback address, so sshd sees another client).
/// The test taps in time with the clicks the screen shows; every delay comes from the path.
final class SSHKeyPathTests: XCTestCase {
  private var woodshed: WoodshedProcess!
  private var server: LoopbackSSHServer!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
    server = try LoopbackSSHServer()
  }

  override func tearDown() {
    server?.stop()
    woodshed.remove()
  }

  func testEachSSHPathIsMeasuredOnItsOwnAndAWobblyOneSaysSo() throws {
    let direct = try calibrate(port: server.port)
    XCTAssertTrue(direct.contains("Your taps arrive"), direct)
    XCTAssertFalse(direct.contains("wobbles"), direct)
    let afterDirect = try tapPaths()
    XCTAssertEqual(Array(afterDirect.keys), ["ssh from 127.0.0.1"], "\(afterDirect)")
    let straight = try XCTUnwrap(afterDirect["ssh from 127.0.0.1"])
    XCTAssertLessThan(straight.offset, 10, "the loopback adds almost nothing: \(straight)")
    XCTAssertLessThan(straight.spread, 5, "\(straight)")

    // 50 ms ± 40 ms, evenly spread: a standard deviation of 23 ms, past the 15 ms fine
    // grading can take.
    let proxy = try DelayingProxy(
      toPort: server.port, from: "127.0.0.2", delays: Self.delays(around: 50, by: 40))
    defer { proxy.stop() }
    let wobbly = try calibrate(port: proxy.port)
    XCTAssertTrue(wobbly.contains("Your taps arrive"), wobbly)
    XCTAssertTrue(wobbly.contains("The key path wobbles"), wobbly)
    let paths = try tapPaths()
    XCTAssertEqual(paths["ssh from 127.0.0.1"], straight, "the first path keeps its own delay")
    let slow = try XCTUnwrap(paths["ssh from 127.0.0.2"], "\(paths)")
    XCTAssertEqual(slow.offset, 50, accuracy: 15, "\(slow)")
    XCTAssertEqual(slow.spread, 23, accuracy: 9, "\(slow)")
    XCTAssertNil(paths["local"], "\(paths)")
  }

  func testAPathTooWobblyToMeasureIsNotSaved() throws {
    // 150 ms ± 130 ms: taps land anywhere in a quarter of a second.
    let proxy = try DelayingProxy(
      toPort: server.port, from: "127.0.0.2", delays: Self.delays(around: 150, by: 130))
    defer { proxy.stop() }
    let screen = try calibrate(port: proxy.port)
    XCTAssertTrue(
      screen.contains("Your taps wandered too far") || screen.contains("Too few taps"), screen)
    XCTAssertTrue(screen.contains("nothing was saved"), screen)
    XCTAssertEqual(try tapPaths().count, 0)
  }

  /// Delays spread evenly over `center ± spread` milliseconds, the same every run.
  private static func delays(around center: Double, by spread: Double) -> [Duration] {
    var generator = SplitMix64(seed: 22)
    return (0..<257).map { _ in
      .microseconds(Int64((center + Double.random(in: -spread...spread, using: &generator)) * 1000))
    }
  }

  /// Logs in through `port`, opens the rhythm trainer, measures the tap delay by tapping Space
  /// the moment each click is shown, and returns the text of the result before leaving.
  private func calibrate(port: UInt16) throws -> String {
    let environment = woodshed.environment()
    let command =
      "exec env "
      + ["WOODSHED_HOME", "HOME", "PULSE_SERVER"].map {
        "\($0)=\(LoopbackSSHServer.quoted(environment[$0] ?? ""))"
      }.joined(separator: " ") + " " + LoopbackSSHServer.quoted(WoodshedProcess.executable)
    let user = String(cString: getpwuid(getuid()).pointee.pw_name)
    let terminal =
      port == 0
      ? try woodshed.startInTerminal()
      : try PseudoTerminal(
        executable: LoopbackSSHServer.clientPath,
        arguments: server.clientArguments(user: user, port: port, command: command),
        environment: [
          "PATH": "/usr/bin:/bin", "HOME": woodshed.home.path, "TERM": "xterm-256color",
          "LANG": "C.UTF-8",
        ],
        size: PseudoTerminal.Size(columns: 80, rows: 24))
    XCTAssertTrue(
      terminal.waitForOutput(containing: "Rhythm", timeout: .seconds(20)), terminal.output)
    terminal.send("5")
    XCTAssertTrue(
      terminal.waitForOutput(containing: "Enter: start", timeout: .seconds(5)), terminal.output)
    terminal.send("l")
    // Each click is drawn the moment it sounds, and the screen comes back at once (the proxy
    // holds back only what the player sends), so taps sent on the shown clicks are exact and
    // what the calibration measures is the path's. The clicks are placed by the earliest any
    // of them was seen: a fresh sound server can show its first click late.
    var firstClick: ContinuousClock.Instant?
    let deadline = ContinuousClock.now + .seconds(15)
    while firstClick == nil, ContinuousClock.now < deadline {
      let seen = terminal.waitForMoreOutput(timeout: .seconds(1))
      if let seen, terminal.output.contains("Click 1 of 16") { firstClick = seen }
    }
    var first = try XCTUnwrap(firstClick, terminal.output)
    let beat = Duration.seconds(60) / 90
    for click in 0..<16 {
      while ContinuousClock.now < first + beat * click {
        let wait = min(first + beat * click - ContinuousClock.now, .milliseconds(20))
        guard let seen = terminal.waitForMoreOutput(timeout: wait) else { continue }
        let beats = ((seen - first) / beat).rounded()
        first = min(first, seen - beat * beats)
      }
      terminal.send(" ")
    }
    let finished =
      terminal.waitForOutput(containing: "nothing was saved", timeout: .seconds(5))
      || terminal.waitForOutput(containing: "Your taps arrive", timeout: .seconds(1))
    XCTAssertTrue(finished, terminal.output)
    let shown = terminal.output
    terminal.send("\r")
    terminal.send("\u{1b}")
    terminal.send("q")
    XCTAssertEqual(terminal.waitForExit(timeout: .seconds(10)), 0, terminal.output)
    return String(shown.suffix(3000))
  }

  /// A key path's delay and wobble as saved, in milliseconds.
  private struct SavedPath: Equatable {
    let offset: Double
    let spread: Double
  }

  private func tapPaths() throws -> [String: SavedPath] {
    guard FileManager.default.fileExists(atPath: woodshed.settingsFile.path) else { return [:] }
    let rhythm = try woodshed.savedSettings()["rhythm"] as? [String: Any]
    let paths = rhythm?["tapPaths"] as? [String: [String: Double]] ?? [:]
    return paths.mapValues {
      SavedPath(offset: $0["offsetMs"] ?? .nan, spread: $0["spreadMs"] ?? .nan)
    }
  }
}
