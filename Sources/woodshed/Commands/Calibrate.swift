import App
import ArgumentParser
import FoundationEssentials

struct Calibrate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Measure the microphone's delay, or teach the detector an instrument.",
    subcommands: [Latency.self, Instrument.self])

  struct Latency: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Play 16 clicks and hear them back through the microphone; saves the delay.",
      discussion: "Put the microphone where you will play, with the speakers at practice volume.")

    @OptionGroup var session: SessionOptions

    func run() throws {
      say(
        try HeadlessCalibration.latency(
          environment: ProcessInfo.processInfo.environment, overrides: session.overrides),
        terminator: "")
    }
  }

  struct Instrument: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Learn how an instrument starts its notes, from the microphone or --audio-in.",
      discussion: "Play a few separate notes (or clap) alone; the profile is saved under NAME.")

    @Argument(help: "The instrument's name, such as guitar or clap.")
    var name: String

    @Option(parsing: .unconditional, help: "How long to listen to the microphone, 2-60 seconds.")
    var seconds = HeadlessCalibration.learningSeconds

    @OptionGroup var session: SessionOptions

    func run() throws {
      say(
        try HeadlessCalibration.instrument(
          name: name, seconds: seconds, environment: ProcessInfo.processInfo.environment,
          overrides: session.overrides, announce: { say($0) }),
        terminator: "")
    }
  }
}
