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
  /// General MIDI programs not played from this soundfont, because the held-out soundfont
  /// plays the same recordings for them.
  public var heldOutRecordings: Set<Int> = []

  /// Two sets of samples, so that what is tuned on them is not one set's quirks: TimGM6mb's
  /// choir alone came out right long before others did. MuseScore's General grew out of
  /// FluidR3 and plays FluidR3's own recordings (renamed or mixed to mono: the same loops at the
  /// same rates) for the nylon and steel guitars, the bass, violin, flute and both voices; from
  /// FluidR3 only the piano, recorded apart, is tuned on.
  public static let tuning = [
    SoundFont(name: "TimGM6mb", path: "/usr/share/sounds/sf2/TimGM6mb.sf2", part: .tuning),
    SoundFont(
      name: "FluidR3 GM", path: "/usr/share/sounds/sf2/FluidR3_GM.sf2", part: .tuning,
      heldOutRecordings: [24, 25, 32, 40, 52, 53, 73]),
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
