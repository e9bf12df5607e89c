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
    // What the straight path measures is the loopback's and this machine's own lag (a couple
    // of milliseconds when it is idle, tens when it is busy); the proxy's delay adds to it.
    let straight = try XCTUnwrap(afterDirect["ssh from 127.0.0.1"])
    XCTAssertLessThan(straight.spread, 10, "\(straight)")

    // 50 ms ± 30 ms, evenly spread: a spread of 25 ms (read from the median absolute
    // deviation), past the 15 ms fine grading can take.
    let proxy = try DelayingProxy(
      toPort: server.port, from: "127.0.0.2", delays: Self.delays(around: 50, by: 30))
    defer { proxy.stop() }
    let wobbly = try calibrate(port: proxy.port)
    XCTAssertTrue(wobbly.contains("Your taps arrive"), wobbly)
    XCTAssertTrue(wobbly.contains("The key path wobbles"), wobbly)
    let paths = try tapPaths()
    XCTAssertEqual(paths["ssh from 127.0.0.1"], straight, "the first path keeps its own delay")
    let slow = try XCTUnwrap(paths["ssh from 127.0.0.2"], "\(paths)")
    // The machine's own lag moves with its load, between the two calibrations too: under a
    // load of 8 on 2 cores the proxy's median 50 ms showed as 28 to 74 ms more.
    XCTAssertGreaterThan(slow.offset - straight.offset, 20, "\(slow), \(straight)")
    XCTAssertLessThan(slow.offset - straight.offset, 110, "\(slow), \(straight)")
    XCTAssertGreaterThan(slow.spread, 15, "\(slow)")
    XCTAssertLessThan(slow.spread, 45, "\(slow)")
    XCTAssertNil(paths["local"], "\(paths)")
  }

  func testAPathTooWobblyToMeasureIsNotSaved() throws {
    // 120 ms ± 105 ms: a standard deviation of 69 ms, every tap still nearer its own click.
    let proxy = try DelayingProxy(
      toPort: server.port, from: "127.0.0.2", delays: Self.delays(around: 120, by: 105))
    defer { proxy.stop() }
    let screen = try calibrate(port: proxy.port)
    XCTAssertTrue(
      screen.contains("Your taps wandered too far") || screen.contains("Too few taps"), screen)
    XCTAssertTrue(screen.contains("nothing was saved"), screen)
    XCTAssertEqual(try tapPaths().count, 0)
  }

  /// Eight delays evenly spread over `center ± spread` milliseconds, in a fixed shuffled
  /// cycle: however many packets the login took, any 16 taps in a row get each delay twice,
  /// so the figures the calibration sees are the same every run.
  private static func delays(around center: Double, by spread: Double) -> [Duration] {
    let steps: [Double] = [5, 1, 6, 3, 0, 7, 2, 4]
    return steps.map { step -> Duration in
      let milliseconds = center + spread * (step - 3.5) / 3.5
      return .microseconds(Int64(milliseconds * 1000))
    }
  }

  /// Logs in through `port`, opens the rhythm trainer, measures the tap delay by tapping Space
  /// the moment each click is shown, and returns the text of the result before leaving.
  private func calibrate(port: UInt16) throws -> String {
    let environment = woodshed.environment()
    let command = LoopbackSSHServer.command(
      WoodshedProcess.executable,
      environment: environment.filter {
        ["WOODSHED_HOME", "HOME", "PULSE_SERVER"].contains($0.key)
      })
    let user = LoopbackSSHServer.runningUser
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
        // Only what is drawn near a click can be that click: the header's clock turning a
        // minute between two clicks would otherwise move every later tap.
        let beats = ((seen - first) / beat).rounded()
        let nearest = first + beat * beats
        guard (seen < nearest ? nearest - seen : seen - nearest) < beat / 8 else { continue }
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
