import DSP
import Foundation

/// A General MIDI soundfont of recorded instrument samples, played by fluidsynth. The pitch
/// evaluation is tuned on two and judged on a third it was never tuned on.
public struct SoundFont: Sendable {
  public enum Part: String, Sendable {
    /// The detector may be adjusted until this part comes out right.
    case tuning
    /// Only ever measured: the figures that say how the detector does on material it has not
    /// seen.
    case heldOut = "held-out"
  }

  public var name: String
  public var path: String
  public var part: Part

  /// Two sets of samples made independently of each other, so that what is tuned on them is
  /// not one set's quirks: TimGM6mb's choir alone came out right long before others did.
  public static let tuning = [
    SoundFont(name: "TimGM6mb", path: "/usr/share/sounds/sf2/TimGM6mb.sf2", part: .tuning),
    SoundFont(name: "FluidR3 GM", path: "/usr/share/sounds/sf2/FluidR3_GM.sf2", part: .tuning),
  ]
  public static let heldOut = SoundFont(
    name: "MuseScore General", path: "/usr/share/sounds/sf3/MuseScore_General.sf3",
    part: .heldOut)

  public var isAvailable: Bool {
    ExternalTool.path(of: "fluidsynth") != nil && FileManager.default.fileExists(atPath: path)
  }

  /// `notes` played on General MIDI `program`, mono, `length` seconds long; nil when fluidsynth
  /// fails. Reverb is on, as in a room, and chorus off, so each note has one pitch.
  func render(
    _ notes: [MIDIFile.Note], program: Int, length: Double, sampleRate: Int, in folder: URL
  ) -> [Float]? {
    guard let fluidsynth = ExternalTool.path(of: "fluidsynth") else { return nil }
    let midi = folder.appendingPathComponent("pitch.mid")
    let wav = folder.appendingPathComponent("pitch.wav")
    let file = MIDIFile(channel: 0, program: program, notes: notes)
    guard (try? Data(file.bytes).write(to: midi)) != nil,
      ExternalTool.run(
        fluidsynth,
        [
          "-ni", "-q", "-R", "1", "-C", "0", "-g", "0.5", "-r", "\(sampleRate)", "-F", wav.path,
          path, midi.path,
        ]) != nil,
      let data = try? Data(contentsOf: wav),
      let audio = try? WAVCodec.decode(data)
    else { return nil }
    let mono = WAVCodec.mono(audio)
    let count = Int(length * Double(sampleRate))
    return Array(mono.prefix(count)) + [Float](repeating: 0, count: max(0, count - mono.count))
  }
}
