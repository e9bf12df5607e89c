import App
import Foundation
import Glibc
import Practice
import Storage
import Synchronization
import TerminalHarness

/// The recording protocol's journal: a session of 10 000 lines, 2 000 of them undos (a producer
/// rating bars and an assistant adding notes, each undoing their own), opened from disk; a line
/// applied and appended as the screen does on Enter; `woodshed protocol add` on it as a process;
/// how soon a second screen shows a line someone appended; four writers racing for the same
/// takes; the editing plan of the movement.
func protocolFigures(woodshed: String) -> [String] {
  let home = FileManager.default.temporaryDirectory
    .appendingPathComponent("woodshed-bench-protocols-\(getpid())")
  defer { try? FileManager.default.removeItem(at: home) }
  let store = ProtocolStore(paths: StoragePaths(environment: ["WOODSHED_HOME": home.path]))
  try! store.create("bench", at: Date())
  let entries = benchJournal()
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  encoder.dateEncodingStrategy = .iso8601
  var data = Data()
  for entry in entries {
    data.append(try! encoder.encode(entry))
    data.append(0x0A)
  }
  try! data.write(to: store.folder.appendingPathComponent("bench/journal.jsonl"))
  let undos = entries.filter { $0.line == "undo" }.count
  let edits = entries.filter { $0.line.hasPrefix("#") }.count

  let clock = ContinuousClock()
  var journal: ProtocolJournal!
  let open = clock.measure { journal = try! ProtocolJournal.open("bench", store: store) }
  let read = clock.measure { _ = try! store.read("bench", from: ProtocolStore.Position()) }
  var lines = [
    String(
      format:
        "protocol: open %d journal lines with %d undos and %d marks edited or deleted %.1f ms (reading them %.1f ms; %d refused, %d takes)",
      entries.count, undos, edits, seconds(open) * 1e3, seconds(read) * 1e3,
      journal.problems.count,
      journal.session.takes.count)
  ]

  var appends: [Double] = []
  // Tags on bars of the take under way; labels are the bar numbers from 1.
  let first = (journal.session.takes.last?.startBar ?? 0) + 1
  for index in 0..<50 {
    let line = "\(first + index % 90) i"
    appends.append(
      seconds(
        clock.measure {
          try! journal.add([line], by: "producer", store: store, at: Date(), utcOffset: 0)
        }) * 1e3)
  }
  lines.append(
    String(
      format: "protocol: a line applied and fsync'd: median %.2f ms, worst %.2f ms (50 lines)",
      median(appends), appends.max() ?? 0))

  lines.append(processFigure(woodshed: woodshed, home: home, store: store, first: first))
  lines.append(secondScreenFigure(woodshed: woodshed, home: home, store: store))
  lines.append(writersFigure(store: store))

  var plans: [Double] = []
  let session = journal.session
  for _ in 0..<5 {
    plans.append(seconds(clock.measure { _ = EditingPlan(session: session) }) * 1e3)
  }
  lines.append(
    String(
      format: "protocol: plan 1000 bars x %d takes: median %.1f ms", session.takes.count,
      median(plans)))
  return lines
}

/// One 1000-bar movement; takes of 100 lines: the producer's `take`, then 98 lines in which the
/// producer rates bars and the assistant adds notes, and each undoes 20 of their own lines, the
/// producer's undo reaching back past the assistant's note, then edits the take's first mark
/// and deletes its second (`#N`); then `end`.
private func benchJournal() -> [ProtocolStore.Entry] {
  var generator = SystemRandomNumberGenerator()
  let date = Date()
  var entries = [ProtocolStore.Entry(at: date, line: "mvt 1: 1-1000 A=100 B=500 4/4@q=96")]
  func add(_ line: String, _ author: String) {
    entries.append(ProtocolStore.Entry(at: date, line: line, by: author))
  }
  var take = 0
  // The number the next mark gets: an undone mark's number is given again.
  var nextMark = 1
  while entries.count < 10_000 {
    let start = (take * 37) % 900 + 1
    take += 1
    func mark() -> String {
      let from = Int.random(in: start...(start + 90), using: &generator)
      return "\(from)-\(from + 9) \(Int.random(in: 0...4, using: &generator))"
    }
    add("take @\(start)", "producer")
    let firstMark = nextMark
    for unit in 0..<18 {
      add(mark(), "producer")
      add(mark(), "producer")
      add("note bench \(unit)", "assistant")
      add("undo", "producer")
      add(mark(), "producer")
      nextMark += 2
    }
    add(mark(), "assistant")
    add("undo", "assistant")
    add(mark(), "producer")
    nextMark += 1
    add("#\(firstMark) \(mark())", "producer")
    add("#\(firstMark + 1) delete", "producer")
    add("end \(start + 99)", "producer")
  }
  return Array(entries.prefix(10_000))
}

/// `woodshed protocol add` on the 10 000-line journal, against the same command on a protocol
/// of two lines: what the journal costs beyond starting the process. The first run finds no
/// saved state, reads the whole journal and saves one; the others resume from it.
private func processFigure(woodshed: String, home: URL, store: ProtocolStore, first: Int)
  -> String
{
  try! store.create("small", at: Date())
  try! store.append(ProtocolStore.Entry(at: Date(), line: "mvt 1: 1-1000"), to: "small")
  try! store.append(ProtocolStore.Entry(at: Date(), line: "take"), to: "small")
  var big: [Double] = []
  var small: [Double] = []
  for index in 0..<15 {
    let line = "\(first + index % 90) w"
    big.append(runTimed(woodshed, ["protocol", "add", "bench", line, "--as", "bench"], home))
    small.append(runTimed(woodshed, ["protocol", "add", "small", line, "--as", "bench"], home))
  }
  return String(
    format:
      "protocol add, real process: median %.1f ms on the 10000-line journal, %.1f ms on a 2-line one: %.1f ms for the journal (15 runs each; the first, with no saved state yet, %.1f ms)",
    median(big), median(small), median(big) - median(small), big[0])
}

/// The real binary on a pseudo-terminal shows the 10 000-line protocol; lines are appended to its
/// journal as another writer would, and the time until each is drawn is taken.
private func secondScreenFigure(woodshed: String, home: URL, store: ProtocolStore) -> String {
  let environment = [
    "HOME": home.path, "WOODSHED_HOME": home.path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
  ]
  guard
    let terminal = try? PseudoTerminal(
      executable: woodshed, arguments: ["--as", "screen"], environment: environment,
      size: PseudoTerminal.Size(columns: 120, rows: 40)),
    terminal.waitForOutput(containing: "Protocol", timeout: .seconds(10))
  else { return "protocol: second screen did not start" }
  defer {
    terminal.signal(SIGTERM)
    _ = terminal.waitForExit(timeout: .seconds(5))
  }
  terminal.send("7")
  guard terminal.waitForOutput(containing: "bench", timeout: .seconds(5)) else {
    return "protocol: second screen did not list the protocols"
  }
  terminal.send("\r")
  guard terminal.waitForOutput(containing: "movement 1", timeout: .seconds(10)) else {
    return "protocol: second screen did not open the protocol"
  }
  var delays: [Double] = []
  let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
  for index in 0..<100 {
    // Each line differs from the one before in every letter, so the screen redraws all of it.
    let token = String(repeating: letters[index % letters.count], count: 12)
    let before = terminal.output.utf8.count
    let appended = ContinuousClock.now
    try! store.append(
      ProtocolStore.Entry(at: Date(), line: "note \(token)", by: "assistant"), to: "bench")
    while !String(decoding: terminal.output.utf8.dropFirst(before), as: UTF8.self).contains(token) {
      guard ContinuousClock.now - appended < .seconds(5) else { break }
      usleep(1_000)
    }
    delays.append(seconds(ContinuousClock.now - appended) * 1e3)
    // Lines come at a human pace, not in step with the screen's polling.
    usleep(UInt32.random(in: 20_000...120_000))
  }
  return String(
    format:
      "protocol: a line appended, seen on a second screen (real binary, 120x40): median %.0f ms, p99 %.0f ms, worst %.0f ms (100 lines)",
    median(delays), percentile(delays, 0.99), delays.max() ?? 0)
}

/// Four writers (threads, each with its own view of the journal, on the real file) add takes 1
/// to 500 at once: each number must be accepted exactly once and refused three times, and the
/// journal must replay without a warning.
private func writersFigure(store: ProtocolStore) -> String {
  try! store.create("race", at: Date())
  try! store.append(ProtocolStore.Entry(at: Date(), line: "mvt 1: 1-100"), to: "race")
  let accepted = Mutex([Int](repeating: 0, count: 501))
  let start = ContinuousClock.now
  DispatchQueue.concurrentPerform(iterations: 4) { writer in
    var journal = try! ProtocolJournal.open("race", store: store)
    for number in 1...500 {
      if (try? journal.add(
        ["take \(number)"], by: "writer \(writer)", store: store, at: Date(), utcOffset: 0))
        != nil
      {
        accepted.withLock { $0[number] += 1 }
      }
    }
  }
  let elapsed = seconds(ContinuousClock.now - start)
  let counts = accepted.withLock { Array($0.dropFirst()) }
  let replayed = try! ProtocolJournal.open("race", store: store)
  let labels = replayed.session.takes.map(\.label)
  return String(
    format:
      "protocol: 4 writers x 500 takes at once: %d accepted exactly once, %d more than once, %d takes in the journal (%d distinct), %d warnings on replay, %.1f s",
    counts.filter { $0 == 1 }.count, counts.filter { $0 > 1 }.count, labels.count,
    Set(labels).count, replayed.problems.count, elapsed)
}

/// Runs the binary with `WOODSHED_HOME` at `home` and returns its wall time in milliseconds.
private func runTimed(_ executable: String, _ arguments: [String], _ home: URL) -> Double {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  let variables: [String] = ["WOODSHED_HOME=\(home.path)", "HOME=\(home.path)"]
  let envp = variables.map { strdup($0) } + [nil]
  defer {
    for pointer in argv + envp { free(pointer) }
  }
  var pid: pid_t = 0
  let start = ContinuousClock.now
  guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else { return .nan }
  var status: Int32 = 0
  _ = waitpid(pid, &status, 0)
  return seconds(ContinuousClock.now - start) * 1e3
}
