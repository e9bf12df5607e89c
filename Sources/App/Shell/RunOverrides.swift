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

  public init(
    glyphs: GlyphSet.Kind? = nil, theme: Theme.Name? = nil, sink: String? = nil,
    source: String? = nil, audioOut: String? = nil
  ) {
    self.glyphs = glyphs
    self.theme = theme
    self.sink = sink
    self.source = source
    self.audioOut = audioOut
  }

  /// The saved devices with this run's choices applied.
  public func devices(_ saved: AudioDeviceSettings) -> AudioDeviceSettings {
    var devices = saved
    if let sink { devices.sink = sink }
    if let source { devices.source = source }
    return devices
  }
}
