import Storage
import TerminalUI

/// Choices given on the command line: they apply to this run only and are never saved.
public struct RunOverrides: Equatable, Sendable {
  public var glyphs: GlyphSet.Kind?
  public var theme: Theme.Name?
  public var sink: String?
  public var source: String?
  /// Sound goes into this WAV file instead of to the speakers.
  public var audioOut: String?
  /// This WAV file stands in for the microphone.
  public var audioIn: String?
  /// The `audioIn` file is read as fast as possible rather than in real time.
  public var readsAudioInFast: Bool
  /// A Standard MIDI File played in as the MIDI keyboard, or a MIDI device node or FIFO read
  /// instead of the sequencer's port.
  public var midiIn: String?
  /// Who writes the protocol lines entered in this run: `--as NAME` or the login name.
  public var author: String?
  /// Which way the keys come: each way is calibrated on its own.
  public var keyRoute: KeyRoute
  /// `--screen-reader`: the mode for this run, whatever the setting says.
  public var screenReader: Bool

  public init(
    glyphs: GlyphSet.Kind? = nil, theme: Theme.Name? = nil, sink: String? = nil,
    source: String? = nil, audioOut: String? = nil, audioIn: String? = nil,
    readsAudioInFast: Bool = false, midiIn: String? = nil, author: String? = nil,
    keyRoute: KeyRoute = .local, screenReader: Bool = false
  ) {
    self.glyphs = glyphs
    self.theme = theme
    self.sink = sink
    self.source = source
    self.audioOut = audioOut
    self.audioIn = audioIn
    self.readsAudioInFast = readsAudioInFast
    self.midiIn = midiIn
    self.author = author
    self.keyRoute = keyRoute
    self.screenReader = screenReader
  }

  /// The rhythm trainer's inputs a file plays into: the microphone's recording, the MIDI
  /// file (a device named with `--midi-in` counts too, as the name alone cannot tell).
  public var rhythmInputsFromFiles: Set<RhythmSettings.Input> {
    var inputs: Set<RhythmSettings.Input> = []
    if audioIn != nil { inputs.insert(.microphone) }
    if midiIn != nil { inputs.insert(.midi) }
    return inputs
  }

  /// The saved devices with this run's choices applied.
  public func devices(_ saved: AudioDeviceSettings) -> AudioDeviceSettings {
    var devices = saved
    if let sink { devices.sink = sink }
    if let source { devices.source = source }
    return devices
  }
}
