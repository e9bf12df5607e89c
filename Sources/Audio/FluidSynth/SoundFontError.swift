/// Why a SoundFont instrument cannot sound, in one line.
public enum SoundFontError: Error, Equatable, Sendable, CustomStringConvertible {
  case libraryMissing(String)
  case soundFontMissing(String)
  case soundFontUnreadable(String)
  case synthFailed

  public var description: String {
    switch self {
    case .libraryMissing(let name):
      "FluidSynth (\(name)) is not installed (Debian: libfluidsynth3)"
    case .soundFontMissing(let path):
      "no SoundFont at \(path) (Debian: timgm6mb-soundfont)"
    case .soundFontUnreadable(let path): "FluidSynth cannot read the SoundFont \(path)"
    case .synthFailed: "FluidSynth could not start a synthesizer"
    }
  }
}
