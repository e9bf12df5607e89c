import Foundation
import Glibc
import TerminalHarness

/// The Ear room in the real binary on a pseudo-terminal, playing into a pipe sink on the
/// system clock (as `firstClickFigures` does): from the key that asks for a question to its
/// first sample out of the sink, the first question (which loads the SoundFont piano and opens
/// the stream) apart from the next ones, and the memory the room holds with the piano loaded.
/// Needs the private daemon of `Tests/with-pulseaudio.sh` (PULSE_SERVER).
func earFigures(woodshed: String) -> [String] {
  guard let server = ProcessInfo.processInfo.environment["PULSE_SERVER"] else {
    return ["ear room: no PULSE_SERVER, left out"]
  }
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("woodshed-bench-ear-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let sinkName = "woodshed_bench_ear"
  guard let (pipeModule, reader) = openPipeSink(named: sinkName, in: folder) else {
    return ["ear room: the pipe sink could not be loaded and read"]
  }
  defer {
    reader.stop()
    _ = pactl(["unload-module", pipeModule])
  }

  let home = folder.appendingPathComponent("home")
  let environment = [
    "HOME": home.path, "WOODSHED_HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
    "PULSE_SERVER": server,
  ]
  guard
    let terminal = try? PseudoTerminal(
      executable: woodshed, arguments: ["--sink", sinkName], environment: environment,
      size: PseudoTerminal.Size(columns: 120, rows: 40)),
    terminal.waitForOutput(containing: "audio: pulseaudio", timeout: .seconds(10))
  else { return ["ear room: the app did not open"] }
  defer {
    terminal.signal(SIGTERM)
    _ = terminal.waitForExit(timeout: .seconds(5))
  }
  terminal.send("6")
  guard terminal.waitForOutput(containing: "Exercise", timeout: .seconds(5)) else {
    return ["ear room: the room did not open"]
  }
  keepReading(terminal, for: 1)
  let startRSS = kilobytes("VmRSS", of: terminal.processID)
  // Enter starts the first question; then an answer, and Enter asks for the next.
  var pressed = monotonicSeconds()
  terminal.send("\r")
  keepReading(terminal, for: 3)
  guard let firstHeard = reader.firstSound(after: pressed) else {
    return ["ear room: no question came out of the sink"]
  }
  let first = (firstHeard - pressed) * 1000
  var next: [Double] = []
  for _ in 0..<8 {
    terminal.send("1")
    keepReading(terminal, for: 0.5)
    pressed = monotonicSeconds()
    terminal.send("\r")
    keepReading(terminal, for: 3)
    if let heard = reader.firstSound(after: pressed) { next.append((heard - pressed) * 1000) }
  }
  keepReading(terminal, for: 1)
  let idleRSS = kilobytes("VmRSS", of: terminal.processID)
  let peak = kilobytes("VmHWM", of: terminal.processID)
  return [
    String(
      format:
        "ear room: key to the first question's first sample %.1f ms (loads the SoundFont piano, opens the stream); the next questions: median %.1f ms, worst %.1f ms (%d of 8 heard)",
      first, next.isEmpty ? .nan : median(next), next.max() ?? .nan, next.count),
    String(
      format:
        "ear room: RSS %.1f MB in the setup, %.1f MB idle after 9 questions on the SoundFont piano (peak %.1f MB)",
      Double(startRSS) / 1024, Double(idleRSS) / 1024, Double(peak) / 1024),
  ]
}

/// A `/proc/PID/status` figure in kilobytes, 0 when it cannot be read.
private func kilobytes(_ field: String, of process: pid_t) -> Int {
  let status = (try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)) ?? ""
  guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
  else { return 0 }
  return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}
