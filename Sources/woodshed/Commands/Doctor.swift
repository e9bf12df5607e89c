import App
import ArgumentParser
import FoundationEssentials

struct Doctor: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check the terminal, folders and audio server: the first thing to run on a new box.")

  @Flag(help: "Print the findings as JSON.")
  var json = false

  @Flag(help: "Also play 10 s of clicks and record them back from the sink's monitor.")
  var metronome = false

  @OptionGroup(title: "Also listen 3 s to the recorder's timecode")
  var timecode: TimecodeOptions

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let (report, strings, devices) = try Launcher.doctor(environment: environment)
    say(json ? report.json() : report.text(strings), terminator: "")
    var failed = !report.problems.isEmpty
    if metronome {
      let result = try MetronomeLoopback.run(
        devices: devices, server: Launcher.pulseServer(environment: environment))
      say(MetronomeLoopback.text(result, strings))
      failed = failed || !result.check.isExact
    }
    if let input = timecode.input {
      let result = try TimecodeCheck.run(
        input, server: Launcher.pulseServer(environment: environment))
      say(TimecodeCheck.text(result, strings))
      failed = failed || result.timecode == nil
    }
    if failed { throw ExitCode(1) }
  }
}
