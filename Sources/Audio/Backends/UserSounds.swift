import AudioModel
import Files
import FoundationEssentials

/// Sounds the user put in a folder (the app's `<data>/sounds`) to replace the built-in ones:
/// `accent.wav`, `click.wav`, `subdivision.wav` and `countin.wav` for the metronome, and
/// `instrument.wav`. Each is shaped to play like a built-in voice (see `shaped`). Loading never
/// fails: a file that is there but cannot be used leaves the built-in sound in place and says
/// so in one line; a missing folder or file is simply not an override.
public struct UserSounds: Equatable, Sendable {
  public var voices: MetronomeVoices
  /// The user's instrument; nil means the built-in one.
  public var instrument: [Float]?
  /// One line for each file that could not be used, e.g. "sounds/click.wav: not a WAV file
  /// (no RIFF header); using the built-in click".
  public var notices: [String]

  public init(voices: MetronomeVoices, instrument: [Float]? = nil, notices: [String] = []) {
    self.voices = voices
    self.instrument = instrument
    self.notices = notices
  }

  /// The files in `folder` applied over `defaults`, as mono samples at `sampleRate`.
  public static func load(
    from folder: URL, over defaults: MetronomeVoices, sampleRate: Int = 48_000
  ) -> UserSounds {
    var sounds = UserSounds(voices: defaults)
    for slot in Slot.allCases {
      let url = folder.appendingPathComponent(slot.fileName)
      guard FileManager.default.fileExists(atPath: url.path) else { continue }
      let shown = "\(folder.lastPathComponent)/\(slot.fileName)"
      do throws(WAVFileInputError) {
        let audio = try WAVFileInput.monoAudio(of: url, as: .sound)
        guard let samples = shaped(audio.samples, rate: audio.rate, to: sampleRate) else {
          sounds.notices.append("\(shown) is silent; using the built-in \(slot.builtInName)")
          continue
        }
        sounds.apply(samples, to: slot)
      } catch {
        sounds.notices.append("\(shown): \(error.reason); using the built-in \(slot.builtInName)")
      }
    }
    return sounds
  }

  private mutating func apply(_ samples: [Float], to slot: Slot) {
    switch slot {
    case .accent: voices.accent = samples
    case .click: voices.normal = samples
    case .subdivision: voices.subdivision = samples
    case .countIn: voices.countIn = samples
    case .instrument: instrument = samples
    }
  }

  private enum Slot: CaseIterable {
    case accent, click, subdivision, countIn, instrument

    var fileName: String {
      switch self {
      case .accent: "accent.wav"
      case .click: "click.wav"
      case .subdivision: "subdivision.wav"
      case .countIn: "countin.wav"
      case .instrument: "instrument.wav"
      }
    }

    var builtInName: String {
      switch self {
      case .accent: "accent click"
      case .click: "click"
      case .subdivision: "subdivision tick"
      case .countIn: "count-in sound"
      case .instrument: "instrument sound"
      }
    }
  }
}
