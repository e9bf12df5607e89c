import App
import ArgumentParser
import FoundationEssentials
import Storage

struct Metronome: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Play a metronome; with --audio-out, render it into a WAV file instead.")

  @Option(
    parsing: .unconditional, help: "Tempo in beats per minute, 20-300 (default: the last one used)."
  )
  var bpm: Int?

  @Option(help: "Time signature, such as 4/4 or 7/8 (default: the last one used).")
  var meter: String?

  @Option(help: "Accent per beat: X accented, x normal, . silent, e.g. \"X x x .\".")
  var accents: String?

  @Option(parsing: .unconditional, help: "Clicks per beat, 1-4.")
  var subdivision: Int?

  @Option(
    parsing: .unconditional,
    help: "How long to play, in seconds; with --audio-out, rendered at once.")
  var duration: Double?

  @Flag(help: "Replace the --audio-out file if it exists.")
  var force = false

  @Flag(name: .customLong("no-ui"), help: "Do not open the full-screen interface.")
  var noUI = false

  @OptionGroup var session: SessionOptions

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let adjust: (inout MetronomeSettings) -> Void = { metronome in
      if let bpm { metronome.bpm = bpm }
      if let meter { metronome.meter = meter }
      if let accents { metronome.accents = accents }
      if let subdivision { metronome.subdivision = subdivision }
    }
    let audioOut = session.audioOut
    // Without a duration, --audio-out records the practice room live, as the speakers play it.
    if !noUI && (audioOut == nil || duration == nil) {
      let status = try Launcher.runInteractive(
        environment: environment, overrides: session.overrides, openMetronome: adjust)
      if status != 0 { throw ExitCode(status) }
      return
    }
    let (options, saved, sounds, playbackLog) = try Launcher.metronomeSetup(
      environment: environment, adjust: adjust)
    let devices = session.overrides.devices(saved)
    for notice in sounds.notices { warn(notice) }
    guard let audioOut else {
      say(
        try HeadlessMetronome.play(
          options, voices: sounds.voices, seconds: duration, devices: devices,
          server: Launcher.pulseServer(environment: environment), playbackLog: playbackLog))
      return
    }
    guard let duration else {
      throw Launcher.Failure(description: "--audio-out needs --duration SECONDS")
    }
    say(
      try HeadlessMetronome.render(
        options, voices: sounds.voices, seconds: duration, to: URL(fileURLWithPath: audioOut),
        overwrite: force))
  }
}
