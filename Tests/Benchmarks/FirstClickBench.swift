import Foundation
import Glibc
import Synchronization
import TerminalHarness

/// How soon the first click is heard after Space, on a server left idle long enough to suspend
/// its sink: the real binary on a pseudo-terminal plays into a pipe sink that writes each sample
/// when the system clock reaches it, so the moment a click leaves the sink is read off the pipe
/// to the sample. Needs the private daemon of `Tests/with-pulseaudio.sh` (PULSE_SERVER).
func firstClickFigures(woodshed: String) -> [String] {
  guard ProcessInfo.processInfo.environment["PULSE_SERVER"] != nil else {
    return ["first click after Space: no PULSE_SERVER, left out"]
  }
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("woodshed-bench-first-click-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let sinkName = "woodshed_bench_pipe"
  guard let (pipeModule, reader) = openPipeSink(named: sinkName, in: folder),
    let suspendModule = pactl(["load-module", "module-suspend-on-idle", "timeout=1"])
  else { return ["first click after Space: the pipe sink could not be loaded and read"] }
  defer {
    _ = pactl(["unload-module", suspendModule])
    reader.stop()
    _ = pactl(["unload-module", pipeModule])
  }

  let home = folder.appendingPathComponent("home")
  let environment = [
    "HOME": home.path, "WOODSHED_HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
    "PULSE_SERVER": ProcessInfo.processInfo.environment["PULSE_SERVER"]!,
  ]
  guard
    let terminal = try? PseudoTerminal(
      executable: woodshed, arguments: ["--sink", sinkName, "metronome"],
      environment: environment, size: PseudoTerminal.Size(columns: 120, rows: 40)),
    terminal.waitForOutput(containing: "Space", timeout: .seconds(10))
  else { return ["first click after Space: the metronome did not open"] }
  defer {
    terminal.signal(SIGTERM)
    _ = terminal.waitForExit(timeout: .seconds(5))
  }
  var delays: [Double] = []
  var suspended = 0
  for _ in 0..<8 {
    // Idle for longer than the suspend timeout, so the sink is asleep when Space comes.
    keepReading(terminal, for: 2.5)
    let sinks = pactl(["list", "sinks", "short"]) ?? ""
    if sinks.split(separator: "\n").contains(where: {
      $0.contains(sinkName) && $0.hasSuffix("SUSPENDED")
    }) {
      suspended += 1
    }
    let pressed = monotonicSeconds()
    terminal.send(" ")
    keepReading(terminal, for: 1)
    terminal.send(" ")
    if let heard = reader.firstSound(after: pressed) { delays.append((heard - pressed) * 1000) }
  }
  guard !delays.isEmpty else { return ["first click after Space: no click came out of the sink"] }
  return [
    String(
      format:
        "first click after Space on an idle server: median %.1f ms, worst %.1f ms (%d of 8 heard, sink suspended before %d)",
      median(delays), delays.max() ?? 0, delays.count, suspended)
  ]
}

/// A pipe sink on the system clock, loaded into the daemon of PULSE_SERVER, writing into a
/// FIFO in `folder` whose sounds a started reader notes: its module's index and the reader, or
/// nil when either fails (nothing is left loaded).
func openPipeSink(named name: String, in folder: URL) -> (module: String, reader: SinkPipeReader)? {
  let fifo = folder.appendingPathComponent("sink").path
  guard
    let module = pactl([
      "load-module", "module-pipe-sink", "sink_name=\(name)", "file=\(fifo)", "rate=48000",
      "format=s16le", "channels=1", "use_system_clock_for_timing=yes",
    ])
  else { return nil }
  let reader = SinkPipeReader(path: fifo)
  guard reader.start() else {
    _ = pactl(["unload-module", module])
    return nil
  }
  return (module, reader)
}

/// Waits while draining what the app draws, so it never blocks on a full terminal.
func keepReading(_ terminal: PseudoTerminal, for seconds: Double) {
  let end = monotonicSeconds() + seconds
  while monotonicSeconds() < end {
    _ = terminal.output
    usleep(20_000)
  }
}

/// Runs `pactl` against PULSE_SERVER; its output (a module's index for load-module), or nil
/// when it fails.
func pactl(_ arguments: [String]) -> String? {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/pactl")
  process.arguments = arguments
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return nil }
  let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { return nil }
  return output.trimmingCharacters(in: .whitespacesAndNewlines)
}

func monotonicSeconds() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// Reads a pipe sink's 16-bit mono samples as the sink writes them and notes when each sound
/// begins after a quiet spell, on the monotonic clock.
final class SinkPipeReader: Sendable {
  private let path: String
  private let starts = Mutex<[Double]>([])
  private let running = Atomic<Bool>(false)

  init(path: String) { self.path = path }

  func start() -> Bool {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK)
    guard descriptor >= 0 else { return false }
    running.store(true, ordering: .relaxed)
    Thread.detachNewThread { [self] in
      defer { close(descriptor) }
      var block = [Int16](repeating: 0, count: 480)
      var lastLoud = -Double.infinity
      while running.load(ordering: .relaxed) {
        let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else {
          usleep(500)
          continue
        }
        let arrived = monotonicSeconds()
        let samples = count / 2
        for index in 0..<samples where abs(Int(block[index])) > 300 {
          let instant = arrived - Double(samples - index) / 48_000
          if instant - lastLoud > 0.3 { starts.withLock { $0.append(instant) } }
          lastLoud = instant
        }
      }
    }
    return true
  }

  func stop() { running.store(false, ordering: .relaxed) }

  func firstSound(after instant: Double) -> Double? {
    starts.withLock { $0.first { $0 > instant } }
  }
}
