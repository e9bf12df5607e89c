import App
import ArgumentParser
import TerminalUI

/// Choices for one run, the same for the practice room and its subcommands.
struct SessionOptions: ParsableArguments {
  @Option(help: "Symbols for this run only: unicode or ascii (default: from settings).")
  var glyphs: GlyphSet.Kind?

  @Option(help: "Colour theme for this run only: dark, light or mono (default: from settings).")
  var theme: Theme.Name?

  @Option(help: "PulseAudio sink (output device) for this run, by name.")
  var sink: String?

  @Option(help: "PulseAudio source (input device) for this run, by name.")
  var source: String?

  @Option(
    name: .customLong("audio-out"),
    help: "Write the sound into this new WAV file instead of playing it.")
  var audioOut: String?

  @Option(
    name: .customLong("audio-in"),
    help: "Listen to this WAV file instead of the microphone, in real time.")
  var audioIn: String?

  @Option(
    name: .customLong("midi-in"),
    help: ArgumentHelp(
      "Play this Standard MIDI File in as the MIDI keyboard, in real time, or read MIDI from "
        + "this device or FIFO (such as /dev/snd/midiC1D0).", valueName: "file-or-device"))
  var midiIn: String?

  @Flag(help: "With --audio-in, read the file as fast as possible instead of in real time.")
  var fast = false

  func validate() throws {
    if fast && audioIn == nil { throw ValidationError("--fast needs --audio-in FILE.wav") }
  }

  var overrides: RunOverrides {
    RunOverrides(
      glyphs: glyphs, theme: theme, sink: sink, source: source, audioOut: audioOut,
      audioIn: audioIn, readsAudioInFast: fast, midiIn: midiIn)
  }
}
