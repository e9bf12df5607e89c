import App
import ArgumentParser

/// Where the recorder's timecode is read from: its LTC or its MIDI Time Code, live or from a
/// file standing in.
struct TimecodeOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Read the recorder's timecode (LTC) from this PulseAudio source.", valueName: "source"))
  var ltcSource: String?

  @Option(
    help: ArgumentHelp(
      "A WAV recording of LTC standing in for --ltc-source, played in real time.",
      valueName: "file"))
  var ltcIn: String?

  @Option(
    help: ArgumentHelp(
      "Read the recorder's MIDI Time Code from this ALSA sequencer port (client:port or part of its name).",
      valueName: "port"))
  var mtcPort: String?

  @Option(
    help: ArgumentHelp(
      "A MIDI file of MIDI Time Code played in real time, or a device node or FIFO of raw MIDI, standing in for --mtc-port.",
      valueName: "file"))
  var mtcIn: String?

  func validate() throws {
    guard (ltcIn != nil || ltcSource != nil) && (mtcIn != nil || mtcPort != nil) else { return }
    throw ValidationError("read the timecode from LTC or from MIDI Time Code, not both")
  }

  /// The input chosen; nil when none is.
  var input: TimecodeInput? {
    if ltcIn != nil || ltcSource != nil { return .ltc(file: ltcIn, source: ltcSource) }
    if mtcIn != nil || mtcPort != nil { return .mtc(path: mtcIn, port: mtcPort) }
    return nil
  }
}
