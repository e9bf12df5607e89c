import App
import Audio
import AudioModel
import Foundation
import MIDI
import Practice
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
// `--only onsets` or `--only pitch` prints those figures alone: the slowest parts, and the ones
// needing no app; `--only onset-misses` prints woodshed's onset summary and the tuning part's
// misses, to tune by, `--only onset-soft` the tuning part's bowed, blown and sung notes alone, in
// a minute, `--only onset-struck` its other notes, `--only onset-left-out` its notes left out
// called hit, and `--only pitch-misses` the pitch tuning part's. `--only onset-clips
// PREFIX FOLDER` writes the tuning clips whose names start with PREFIX, to listen to, and
// `--only pitch-trace SOUNDFONT INSTRUMENT FROM TO` prints the pitch estimates of a tuning clip
// between two times, in seconds.
if let only = arguments.firstIndex(of: "--only"), only + 3 < arguments.count,
  arguments[only + 1] == "onset-clips"
{
  for line in onsetClips(prefix: arguments[only + 2], folder: arguments[only + 3]) {
    print(line)
  }
  exit(0)
}
if let only = arguments.firstIndex(of: "--only"), only + 5 < arguments.count,
  arguments[only + 1] == "pitch-trace", let from = Double(arguments[only + 4]),
  let to = Double(arguments[only + 5])
{
  let lines = pitchTrace(
    soundFont: arguments[only + 2], instrument: arguments[only + 3], from: from, to: to)
  for line in lines { print(line) }
  exit(0)
}
if let only = arguments.firstIndex(of: "--only") {
  let figures = [
    "onsets": onsetFigures, "onset-misses": onsetMisses, "pitch": pitchFigures,
    "pitch-misses": pitchMisses, "onset-soft": onsetSoftFigures,
    "onset-struck": onsetStruckFigures, "onset-left-out": onsetLeftOutFigures,
  ]
  guard only + 1 < arguments.count, let chosen = figures[arguments[only + 1]] else {
    print(
      "usage: woodshed-bench --only onsets|onset-misses|onset-soft|onset-struck|onset-left-out|pitch|pitch-misses | --only onset-clips PREFIX FOLDER | --only pitch-trace SOUNDFONT INSTRUMENT FROM TO"
    )
    exit(2)
  }
  for line in chosen() { print(line) }
  exit(0)
}
guard let flag = arguments.firstIndex(of: "--woodshed"), flag + 1 < arguments.count else {
  print(
    "usage: woodshed-bench --woodshed PATH-TO-WOODSHED [--files-only | --protocol-only | --first-click-only | --ear-only | --ssh-only] | --only onsets|onset-misses|onset-soft|onset-struck|pitch|pitch-misses"
  )
  exit(2)
}
let woodshedPath = arguments[flag + 1]
// `--first-click-only` prints how soon the first click follows Space, alone.
if arguments.contains("--first-click-only") {
  for line in firstClickFigures(woodshed: woodshedPath) { print(line) }
  exit(0)
}
// `--ear-only` prints the Ear room's figures, alone.
if arguments.contains("--ear-only") {
  for line in earFigures(woodshed: woodshedPath) { print(line) }
  exit(0)
}
// `--protocol-only` prints the recording protocol's figures, alone.
if arguments.contains("--protocol-only") {
  for line in protocolFigures(woodshed: woodshedPath) { print(line) }
  exit(0)
}
// `--ssh-only` prints the start over SSH on the loopback, alone.
if arguments.contains("--ssh-only") {
  for line in sshStartFigures(woodshed: woodshedPath) { print(line) }
  exit(0)
}
// `--files-only` prints what huge and hostile files cost the binary, alone.
if arguments.contains("--files-only") {
  for line in fileFigures(woodshed: woodshedPath) { print(line) }
  exit(0)
}
let executable = URL(fileURLWithPath: woodshedPath).resolvingSymlinksInPath()
guard
  let assets = AssetLocator.find(
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
    settings: Settings(), size: Size(width: 120, height: 40),
    clock: ClockTime(hour: 9, minute: 5, day: LocalDay(year: 2026, month: 11, day: 21)),
    catalog: catalog, paths: StoragePaths(environment: ["HOME": "/home/bench"]),
    detectedGlyphs: .unicode)
  model.open(.settings)
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
      format:
        "render+diff 120x40: median %.0f µs, p99 %.0f µs (%d frames, %.0f changed cells/frame)",
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
    let status =
      (try? String(contentsOfFile: "/proc/\(terminal.processID)/status", encoding: .utf8)) ?? ""
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
  print(
    String(
      format: "peak RSS idle at home: %.1f MB (VmHWM, worst of %d runs)",
      Double(peakKilobytes) / 1024, startTimes.count))
}

// 3b. Start to first frame over SSH on the loopback (SSHStartBench.swift).
for line in sshStartFigures(woodshed: woodshedPath) { print(line) }

// 4. Audio thread CPU while the metronome runs with subdivisions: the engine's render cost per
// second of sound, in the 5 ms blocks PulseAudio asks for, and the whole headless player's CPU
// (audio thread included) while it plays through the server in PULSE_SERVER.
do {
  var pattern = try MetronomePattern(meter: .fourFour, subdivision: 4)
  pattern.subdivisionVolume = .unity
  let engine = try MetronomeEngine(
    voices: MetronomeVoices(sampleRate: 48_000), pattern: pattern, bpm: 160, sampleRate: 48_000)
  engine.start(atFrame: 0)
  let block = UnsafeMutableBufferPointer<Float>.allocate(capacity: 240)
  defer { block.deallocate() }
  let seconds = 600
  var cpu = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu)
  let before = Double(cpu.tv_sec) + Double(cpu.tv_nsec) / 1e9
  var frame: Int64 = 0
  while frame < Int64(seconds * 48_000) {
    engine.render(into: block, startFrame: frame)
    frame += 240
  }
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu)
  let used = Double(cpu.tv_sec) + Double(cpu.tv_nsec) / 1e9 - before
  print(
    String(
      format: "metronome render, 160 BPM x 4 subdivisions, 5 ms blocks: %.3f%% of one core",
      used / Double(seconds) * 100))
}

/// CPU ticks (1/100 s) used so far by each thread of a process, from /proc.
func threadTicks(_ pid: pid_t) -> [String: Int] {
  let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
  var ticks: [String: Int] = [:]
  for task in tasks {
    guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/task/\(task)/stat") else {
      continue
    }
    let stat = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
    guard let close = stat.lastIndex(of: ")") else { continue }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    ticks[task] = (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
  }
  return ticks
}

if ProcessInfo.processInfo.environment["PULSE_SERVER"] != nil {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: woodshedPath)
  let home = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-bench-cpu")
  defer { try? FileManager.default.removeItem(at: home) }
  process.environment = ProcessInfo.processInfo.environment.merging(["WOODSHED_HOME": home.path]) {
    $1
  }
  process.arguments = [
    "metronome", "--no-ui", "--bpm", "160", "--subdivision", "4", "--duration", "25",
  ]
  process.standardOutput = FileHandle.nullDevice
  try process.run()
  // Steady state only: start-up and the final drain are not the audio thread's running cost.
  Thread.sleep(forTimeInterval: 5)
  let before = threadTicks(process.processIdentifier)
  Thread.sleep(forTimeInterval: 15)
  let after = threadTicks(process.processIdentifier)
  process.waitUntilExit()
  let used = after.map { thread, ticks in ticks - (before[thread] ?? 0) }
  print(
    String(
      format:
        "metronome through PulseAudio, 160 BPM x 4, 15 s steady: busiest thread (audio) %.1f%%, whole process %.1f%% of one core",
      Double(used.max() ?? 0) / 15, Double(used.reduce(0, +)) / 15))
}

// 5. How well the output clock predicts itself: a mapping read now, asked where the sound will
// be a second later, against the reading taken then. Graders rely on this mapping.
if ProcessInfo.processInfo.environment["PULSE_SERVER"] != nil {
  let engine = try MetronomeEngine(voices: MetronomeVoices(sampleRate: 48_000), bpm: 120)
  engine.start()
  let output = PulseAudioOutput()
  try output.start(renderer: engine)
  Thread.sleep(forTimeInterval: 2.5)
  var errors: [Double] = []
  var later = output.timing()
  for _ in 0..<10 {
    let earlier = later
    Thread.sleep(forTimeInterval: 1)
    later = output.timing()
    if let earlier, let later {
      errors.append(abs(Double(earlier.audibleFrame(at: later.nanoseconds)) - later.frame) / 48)
    }
  }
  output.stop()
  if errors.isEmpty {
    print("output clock prediction: no timing readings")
  } else {
    print(
      String(
        format:
          "output clock prediction over 1 s: median %.2f ms, worst %.2f ms (%d pairs, %d under-runs)",
        median(errors), errors.max() ?? 0, errors.count, output.underrunCount))
  }
}

// 5b. The first click after Space, on a server whose sink went to sleep while the app idled.
for line in firstClickFigures(woodshed: woodshedPath) { print(line) }

// 5c. The Ear room: a key to its question's first sample, and its memory with the piano.
for line in earFigures(woodshed: woodshedPath) { print(line) }

// 6. Pitch: notes named and cents off on plucked and piano-like tones E2–E6, and speed.
for line in pitchFigures() { print(line) }

// 7. Onsets: F-measure beside aubio and librosa on the generated evaluation set, held-out part
// first, timing error, grading agreement and speed.
for line in onsetFigures() { print(line) }

/// A year of daily practice and then some: `count` notes sessions of 20 cards on the grand
/// staff, a tenth of them missed, so the Leitner boxes and the history screen have real work.
func longHistory(_ count: Int, packs: [NotePack]) -> [SessionRecord] {
  let notes = packs.first { $0.id == "grand-staff" }!.notes
  return (0..<count).map { session in
    let answers = (0..<20).map { card in
      let note = notes[(session * 7 + card * 3) % notes.count]
      return SessionRecord.Answer(
        question: note.description, context: "grand", given: "C",
        isCorrect: (session + card) % 10 != 0,
        seconds: 0.8 + Double((session + card) % 5) * 0.6)
    }
    return SessionRecord(
      module: "notes", exercise: "flashcards",
      startedAt: Date(timeIntervalSince1970: 1.79e9 + Double(session) * 86_400),
      duration: 60, score: Double(answers.count { $0.isCorrect }) / 20, figures: ["rounds": 20],
      content: ["grand-staff"], answers: answers)
  }
}

// 8. Flashcards: from the key that answers a card to the next card drawn, at 120×40 on the
// grand staff (the tallest card): the answer, the tick that deals the next card, and both
// frames rendered and diffed.
do {
  let packs = PackLibrary(
    builtIn: assets.appendingPathComponent("packs"), user: URL(fileURLWithPath: "/nonexistent")
  ).packs
  var settings = Settings()
  settings.notes.packs = ["grand-staff"]
  settings.notes.rounds = 100
  var model = AppModel(
    settings: settings, size: Size(width: 120, height: 40),
    clock: ClockTime(hour: 9, minute: 5, day: LocalDay(year: 2026, month: 11, day: 21)),
    catalog: catalog, paths: StoragePaths(environment: ["HOME": "/home/bench"]),
    detectedGlyphs: .unicode, packs: packs, history: longHistory(2_000, packs: packs))
  model.open(.notes)
  let start = ContinuousClock().measure {
    _ = model.handle(.key(KeyEvent(.enter, time: MonotonicInstant(nanoseconds: 1))))
  }
  print(
    String(
      format: "flashcard session start with 2000 past sessions (40000 answers replayed): %.1f ms",
      seconds(start) * 1e3))
  let terminal = VirtualTerminal(size: model.size)
  terminal.draw(AppView.render(model))
  let clock = ContinuousClock()
  var samples: [Double] = []
  for round in 0..<99 {
    let time = UInt64(round + 1) * 10_000_000_000
    let elapsed = clock.measure {
      _ = model.handle(.key(KeyEvent(.character("1"), time: MonotonicInstant(nanoseconds: time))))
      terminal.draw(AppView.render(model))
      _ = model.handle(.tick(MonotonicInstant(nanoseconds: time + 5_000_000_000)))
      terminal.draw(AppView.render(model))
    }
    samples.append(seconds(elapsed) * 1e3)
  }
  print(
    String(
      format:
        "flashcard answer to next card 120x40 (grand staff): median %.2f ms, worst %.2f ms (%d cards)",
      median(samples), samples.max() ?? 0, samples.count))
}

// 9. The history screen with 2000 sessions: moving the selection, render and diff at 120×40.
do {
  let packs = PackLibrary(
    builtIn: assets.appendingPathComponent("packs"), user: URL(fileURLWithPath: "/nonexistent")
  ).packs
  var model = AppModel(
    settings: Settings(), size: Size(width: 120, height: 40),
    clock: ClockTime(hour: 9, minute: 5, day: LocalDay(year: 2026, month: 11, day: 21)),
    catalog: catalog, paths: StoragePaths(environment: ["HOME": "/home/bench"]),
    detectedGlyphs: .unicode, packs: packs, history: longHistory(2_000, packs: packs))
  model.open(.history)
  let terminal = VirtualTerminal(size: model.size)
  let clock = ContinuousClock()
  var samples: [Double] = []
  for _ in 0..<500 {
    let elapsed = clock.measure {
      _ = model.handle(.key(KeyEvent(.down, time: MonotonicInstant(nanoseconds: 0))))
      terminal.draw(AppView.render(model))
    }
    samples.append(seconds(elapsed) * 1e3)
  }
  print(
    String(
      format: "history screen 120x40, 2000 sessions: median %.2f ms, worst %.2f ms per key",
      median(samples), samples.max() ?? 0))
}

// 10. The interval game at 120×40: each frame of the lane (a tick, render and diff) while the
// questions move, on the A minor pentatonic box from the library.
do {
  let library = PatternLibrary(
    builtIn: assets.appendingPathComponent("patterns"), user: URL(fileURLWithPath: "/nonexistent"))
  var model = AppModel(
    settings: Settings(), size: Size(width: 120, height: 40),
    clock: ClockTime(hour: 9, minute: 5, day: LocalDay(year: 2026, month: 11, day: 21)),
    catalog: catalog, paths: StoragePaths(environment: ["HOME": "/home/bench"]),
    detectedGlyphs: .unicode, patterns: library.patterns.filter { $0.id == "minor-pentatonic-1" },
    history: [
      SessionRecord(
        module: "fretboard", exercise: "intervals", startedAt: Date(timeIntervalSince1970: 0),
        duration: 1, figures: ["score": 1, "band": 1], content: ["minor-pentatonic-1"])
    ])
  model.open(.fretboard)
  for key in [Key.enter, .character("g")] {
    _ = model.handle(.key(KeyEvent(key, time: MonotonicInstant(nanoseconds: 1))))
  }
  let terminal = VirtualTerminal(size: model.size)
  let clock = ContinuousClock()
  var samples: [Double] = []
  for frame in 1...150 {
    let elapsed = clock.measure {
      _ = model.handle(.tick(MonotonicInstant(nanoseconds: UInt64(frame) * 100_000_000)))
      terminal.draw(AppView.render(model))
    }
    samples.append(seconds(elapsed) * 1e3)
  }
  print(
    String(
      format:
        "interval game frame 120x40 (tick, render, diff): median %.2f ms, worst %.2f ms (%d frames)",
      median(samples), samples.max() ?? 0, samples.count))
}

// 10b. The Fretboard room's list under a long history: 2000 play-throughs of the study path's
// patterns, which the list's levels and its "Next:" line are worked out from on every frame.
do {
  let library = PatternLibrary(
    builtIn: assets.appendingPathComponent("patterns"), user: URL(fileURLWithPath: "/nonexistent"))
  let runs = (0..<2_000).map { run in
    SessionRecord(
      module: "fretboard", exercise: "run",
      startedAt: Date(timeIntervalSince1970: 1.79e9 + Double(run) * 3_600), duration: 30,
      figures: [
        "passed": run % 7 == 0 ? 0 : 1, "descending": Double(run % 2), "markers": 0,
        "bpm": [0, 60, 90, 120][run / 2 % 4],
      ],
      content: [StudyPath.order[run / 8 % StudyPath.order.count]])
  }
  var model = AppModel(
    settings: Settings(), size: Size(width: 120, height: 40),
    clock: ClockTime(hour: 9, minute: 5, day: LocalDay(year: 2026, month: 11, day: 21)),
    catalog: catalog, paths: StoragePaths(environment: ["HOME": "/home/bench"]),
    detectedGlyphs: .unicode, patterns: library.patterns, history: runs)
  model.open(.fretboard)
  let terminal = VirtualTerminal(size: model.size)
  let clock = ContinuousClock()
  var samples: [Double] = []
  for _ in 0..<300 {
    let elapsed = clock.measure {
      _ = model.handle(.key(KeyEvent(.down, time: MonotonicInstant(nanoseconds: 0))))
      terminal.draw(AppView.render(model))
    }
    samples.append(seconds(elapsed) * 1e3)
  }
  print(
    String(
      format:
        "fretboard list 120x40, 2000 play-throughs: median %.2f ms, worst %.2f ms per key",
      median(samples), samples.max() ?? 0))
}

// 11. The rhythm trainer at 120×40: from a hit read to its grade drawn (make the hit, grade
// every hit so far against the whole line, render and diff), on the longest line there is: 16
// bars of sixteenths (256 notes), each note played a little off, the grading done afresh on
// every hit as the screen does. Once tapped on the keyboard, once on MIDI pads (from the
// note-on's bytes: parse them and make the played event).
/// The trainer running that line with `input`, its count-in's first click heard at 10 s; and
/// when each of its 256 notes is played.
func rhythmRun(input: RhythmSettings.Input) -> (model: AppModel, times: [MonotonicInstant]) {
  var settings = Settings()
  settings.rhythm.bpm = 90
  settings.rhythm.bars = 16
  settings.rhythm.line = ["sixteenths", "sixteenths", "sixteenths", "sixteenths"]
  settings.rhythm.input = input
  let library = RhythmLibrary(
    builtIn: assets.appendingPathComponent("rhythms"), user: URL(fileURLWithPath: "/nonexistent"))
  var model = AppModel(
    settings: settings, size: Size(width: 120, height: 40),
    clock: ClockTime(hour: 9, minute: 5, day: LocalDay(year: 2026, month: 11, day: 21)),
    catalog: catalog, paths: StoragePaths(environment: ["HOME": "/home/bench"]),
    detectedGlyphs: .unicode, rhythms: library.patterns)
  model.open(.rhythm)
  _ = model.handle(.key(KeyEvent(.enter, time: MonotonicInstant(nanoseconds: 1))))
  // The line starts four beats after the first click: at 10 + 4 × 2/3 s.
  _ = model.handle(
    .metronomeBeat(
      BeatDisplay(
        bar: -1, beatInBar: 0, isCountIn: true, isMuted: false, bpm: 90, elapsed: .zero,
        audibleAt: MonotonicInstant(nanoseconds: 10_000_000_000))))
  let sixteenth = 60.0 / 90 / 4
  let times = (0..<256).map { note in
    let time = 10 + 4 * 60.0 / 90 + Double(note) * sixteenth + (note % 3 == 0 ? 0.012 : -0.008)
    return MonotonicInstant(nanoseconds: UInt64(time * 1e9))
  }
  return (model, times)
}

/// How long each hit takes from `hit` to its frame diffed, in milliseconds.
func hitToFrame(
  _ model: inout AppModel, times: [MonotonicInstant], hit: (MonotonicInstant) -> AppEvent
)
  -> [Double]
{
  let terminal = VirtualTerminal(size: model.size)
  let clock = ContinuousClock()
  return times.map { time in
    let elapsed = clock.measure {
      _ = model.handle(hit(time))
      terminal.draw(AppView.render(model))
    }
    return seconds(elapsed) * 1e3
  }
}

do {
  var (model, times) = rhythmRun(input: .tap)
  let samples = hitToFrame(&model, times: times) { .key(KeyEvent(.character(" "), time: $0)) }
  print(
    String(
      format:
        "rhythm tap to graded feedback 120x40 (256-note line): median %.2f ms, worst %.2f ms (%d taps)",
      median(samples), samples.max() ?? 0, samples.count))
}

do {
  var (model, times) = rhythmRun(input: .midi)
  var parser = MIDIStreamParser()
  var velocity: UInt8 = 60
  let samples = hitToFrame(&model, times: times) { time in
    velocity = velocity % 120 + 1
    let bytes: [UInt8] = [0x99, 38, velocity]
    return .played(parser.messages(in: bytes).compactMap { PlayedEvent($0, at: time) })
  }
  let sorted = samples.sorted()
  print(
    String(
      format:
        "rhythm MIDI note-on to graded feedback 120x40 (256-note line): median %.2f ms, p99 %.2f ms, worst %.2f ms (%d hits)",
      median(samples), sorted[Int(Double(sorted.count - 1) * 0.99)], sorted.last ?? 0,
      samples.count))
}

// 12. The recording protocol's journal (ProtocolBench.swift).
for line in protocolFigures(woodshed: woodshedPath) { print(line) }

// Huge and hostile files, through the release binary.
for line in fileFigures(woodshed: woodshedPath) { print(line) }
