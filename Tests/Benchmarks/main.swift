import App
import Foundation
import Storage
import TerminalHarness
import TerminalUI

// Prints the figures the README quotes. Run with `make bench` (release build).

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

func percentile(_ values: [Double], _ p: Double) -> Double {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

let arguments = CommandLine.arguments
guard let flag = arguments.firstIndex(of: "--woodshed"), flag + 1 < arguments.count else {
  print("usage: woodshed-bench --woodshed PATH-TO-WOODSHED")
  exit(2)
}
let woodshedPath = arguments[flag + 1]
let executable = URL(fileURLWithPath: woodshedPath).resolvingSymlinksInPath()
guard let assets = AssetLocator.find(
  environment: ProcessInfo.processInfo.environment, executableURL: executable)
else {
  print("cannot find the assets folder; set WOODSHED_ASSETS")
  exit(2)
}
let catalog = try LocaleCatalog(assetsFolder: assets)

// 1. Render and diff a full 120×40 screen: the settings screen with the selection moving, so
// every frame differs from the last in two rows, as in real use.
do {
  var model = AppModel(
    settings: Settings(), size: Size(width: 120, height: 40), clock: ClockTime(hour: 9, minute: 5),
    catalog: catalog, paths: StoragePaths(environment: ["HOME": "/home/bench"]),
    detectedGlyphs: .unicode)
  _ = model.handle(.key(KeyEvent(.enter, time: MonotonicInstant(nanoseconds: 0))))
  let terminal = VirtualTerminal(size: model.size)
  let clock = ContinuousClock()
  var samples: [Double] = []
  var changed = 0
  for iteration in 0..<3_000 {
    let key: Key = iteration % 16 < 8 ? .down : .up
    _ = model.handle(.key(KeyEvent(key, time: MonotonicInstant(nanoseconds: 0))))
    let elapsed = clock.measure {
      terminal.draw(AppView.render(model))
    }
    changed += terminal.lastChangeCount
    if iteration >= 100 { samples.append(seconds(elapsed) * 1e6) }
  }
  print(
    String(
      format: "render+diff 120x40: median %.0f µs, p99 %.0f µs (%d frames, %.0f changed cells/frame)",
      median(samples), percentile(samples, 0.99), samples.count, Double(changed) / 3000))
}

// 2 and 3. Start to first frame, and peak memory while idle at home, on a real pseudo-terminal.
do {
  var startTimes: [Double] = []
  var peakKilobytes = 0
  for _ in 0..<15 {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = [
      "HOME": home.path, "WOODSHED_HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
      "PULSE_SERVER": ProcessInfo.processInfo.environment["PULSE_SERVER"] ?? "unix:/nonexistent",
    ]
    let started = ContinuousClock.now
    let terminal = try PseudoTerminal(
      executable: woodshedPath, environment: environment,
      size: PseudoTerminal.Size(columns: 120, rows: 40))
    // The hint bar is the last thing drawn in the first frame.
    guard terminal.waitForOutput(containing: "quit", timeout: .seconds(10)) else {
      print("woodshed did not draw its first frame")
      exit(1)
    }
    startTimes.append(seconds(ContinuousClock.now - started) * 1000)
    Thread.sleep(forTimeInterval: 1)
    let status = (try? String(contentsOfFile: "/proc/\(terminal.processID)/status", encoding: .utf8)) ?? ""
    if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    {
      peakKilobytes = max(peakKilobytes, kilobytes)
    }
    terminal.send("q")
    _ = terminal.waitForExit(timeout: .seconds(5))
  }
  print(
    String(
      format: "start to first frame: median %.1f ms, max %.1f ms (%d runs)", median(startTimes),
      startTimes.max() ?? 0, startTimes.count))
  print(String(format: "peak RSS idle at home: %.1f MB (VmHWM, worst of %d runs)", Double(peakKilobytes) / 1024, startTimes.count))
}
