import DSP
import Foundation

/// A General MIDI set of recorded instrument samples and the synthesizer that plays it:
/// fluidsynth for a soundfont, timidity for GUS patches, and a sampler of our own for single
/// recordings (`SampledInstrument`). The pitch evaluation is tuned on three and judged on others
/// it was never tuned on.
public struct SoundFont: Sendable {
  public enum Part: String, Sendable {
    /// The detector may be adjusted until this part comes out right.
    case tuning
    /// Only ever measured: the figures that say how the detector does on material it has not
    /// seen.
    case heldOut = "held-out"
  }

  /// The synthesizer, by its program's name.
  public enum Player: String, Sendable {
    case fluidsynth
    case timidity
    /// `SampledInstrument.render`, which needs sox to decode the recordings.
    case sampler = "sox"
  }

  public var name: String
  /// The soundfont, or for timidity the configuration that maps programs to patches.
  public var path: String
  public var player: Player = .fluidsynth
  public var part: Part
  /// General MIDI programs it has no instrument for.
  public var missing: Set<Int> = []
  /// For the sampler: the recording that plays each General MIDI program it has.
  var recordings: [Int: SampledInstrument] = [:]
  /// The General MIDI programs played from it, when not all it has.
  public var only: Set<Int>?
  /// What is done to its sound after the synthesizer.
  public var treatment: Treatment?

  /// Three sets of samples, so that what is tuned on them is not one set's quirks: TimGM6mb's
  /// choir alone came out right long before others did. From FluidR3 only the piano is tuned
  /// on: the held-out MuseScore General plays its recordings for the other instruments
  /// (`sharedRecordings`). LMMS's recordings add a choir, a violin and a flute recorded apart
  /// from all the others, once TimGM6mb's and FluidR3's notes all came out right.
  /// TimGM6mb's and LMMS's voices are each one clean voice, while MuseScore's held-out choir is
  /// a section, and was the one instrument far from right: the two "section" soundfonts sing
  /// the same recordings as an ensemble (`Treatment.ensemble`).
  public static let tuning = [
    SoundFont(name: "TimGM6mb", path: "/usr/share/sounds/sf2/TimGM6mb.sf2", part: .tuning),
    SoundFont(name: "FluidR3 GM", path: "/usr/share/sounds/sf2/FluidR3_GM.sf2", part: .tuning),
    SoundFont(
      name: "LMMS", path: SampledInstrument.folder, player: .sampler, part: .tuning,
      recordings: SampledInstrument.generalMIDI),
    SoundFont(
      name: "TimGM6mb section", path: "/usr/share/sounds/sf2/TimGM6mb.sf2", part: .tuning,
      only: [52, 53], treatment: .ensemble),
    SoundFont(
      name: "LMMS section", path: SampledInstrument.folder, player: .sampler, part: .tuning,
      recordings: SampledInstrument.generalMIDI.filter { $0.key == 52 }, treatment: .ensemble),
  ]
  /// MuseScore General, and Debian's freepats (GUS patches recorded apart from all three
  /// soundfonts, which has no choir on "aah").
  public static let heldOut = [
    SoundFont(
      name: "MuseScore General", path: "/usr/share/sounds/sf3/MuseScore_General.sf3",
      part: .heldOut),
    SoundFont(
      name: "freepats", path: "/etc/timidity/freepats.cfg", player: .timidity, part: .heldOut,
      missing: [52]),
  ]

  /// Soundfonts that play the same recordings, and for which General MIDI programs, found by
  /// comparing their samples: MuseScore's General grew out of FluidR3 and plays FluidR3's own
  /// recordings (renamed or mixed to mono: the same loops at the same rates) for the nylon and
  /// steel guitars, the bass, violin, flute and both voices. Freepats shares none with the
  /// others: none of its loops is as long in seconds as one of theirs for the same instrument,
  /// and above 1.5 kHz none of its samples follows one of theirs through the sound (the same
  /// recording in FluidR3 and in MuseScore correlates 0.8 to 1 in every 50 ms).
  public static let sharedRecordings: [(sources: Set<String>, programs: Set<Int>)] = [
    (["FluidR3 GM", "MuseScore General"], [24, 25, 32, 40, 52, 53, 73])
  ]

  /// Whether this and `other` play the same recordings for `program`.
  public func sharesRecordings(of program: Int, with other: SoundFont) -> Bool {
    Self.sharedRecordings.contains {
      $0.sources == [name, other.name] && $0.programs.contains(program)
    }
  }

  private var executable: String? { ExternalTool.path(of: player.rawValue) }

  public var isAvailable: Bool {
    executable != nil && FileManager.default.fileExists(atPath: path)
  }

  /// Whether it has an instrument for General MIDI `program`.
  public func plays(_ program: Int) -> Bool {
    if let only, !only.contains(program) { return false }
    return switch player {
    case .sampler: recordings[program] != nil
    case .fluidsynth, .timidity: !missing.contains(program)
    }
  }

  /// The keys it plays well of `range`, on `program`: a recording resampled more than an octave
  /// from its own pitch no longer sounds like the instrument.
  public func keys(of range: ClosedRange<Int>, on program: Int) -> ClosedRange<Int> {
    guard let pitches = recordings[program]?.pitches else { return range }
    return range.clamped(to: pitches)
  }

  /// How many samples after its event's time the synthesizer starts a note, on a grid of
  /// whole milliseconds at 48 kHz. fluidsynth starts a note at the beginning of the 64-sample
  /// block after the one in which its event falls due; on a 4 ms grid (192 samples, three whole
  /// blocks) that is exactly one block. timidity starts it on the sample.
  public var startDelay: Int {
    switch player {
    case .fluidsynth: 64
    case .timidity, .sampler: 0
    }
  }

  /// `render`, through a scratch folder of its own that is removed after: for a test that
  /// plays a few notes once.
  public func render(
    _ notes: [MIDIFile.Note], channel: Int = 0, program: Int, length: Double, sampleRate: Int
  ) -> [Float]? {
    let folder = ExternalTool.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    return render(
      notes, channel: channel, program: program, length: length, sampleRate: sampleRate,
      in: folder)
  }

  /// `notes` played on General MIDI `program` (on `channel`, 9 for percussion), mono, `length`
  /// seconds long, written through files named `name` in `folder`, then treated
  /// (`treatment`); nil when the synthesizer fails. Reverb is on, as in a room, and chorus
  /// off, so each note has one pitch.
  public func render(
    _ notes: [MIDIFile.Note], channel: Int = 0, program: Int, length: Double, sampleRate: Int,
    in folder: URL, named name: String = "pitch"
  ) -> [Float]? {
    let samples = synthesize(
      notes, channel: channel, program: program, length: length, sampleRate: sampleRate,
      in: folder, named: name)
    guard let samples, let treatment else { return samples }
    return treatment.applied(to: samples, sampleRate: sampleRate, seed: UInt64(program))
  }

  private func synthesize(
    _ notes: [MIDIFile.Note], channel: Int, program: Int, length: Double, sampleRate: Int,
    in folder: URL, named name: String
  ) -> [Float]? {
    guard let executable else { return nil }
    let midi = folder.appendingPathComponent("\(name).mid")
    let wav = folder.appendingPathComponent("\(name).wav")
    let file = MIDIFile(channel: channel, program: program, notes: notes)
    let arguments: [String]
    switch player {
    // Loading only the samples played keeps a large soundfont quick to open.
    case .fluidsynth:
      arguments = [
        "-ni", "-q", "-R", "1", "-C", "0", "-g", "0.5", "-r", "\(sampleRate)",
        "-o", "synth.dynamic-sample-loading=1", "-F", wav.path, path, midi.path,
      ]
    // timidity drops the silence before the first note unless told not to.
    case .timidity:
      arguments = [
        "-c", path, "-OwM1s", "-s", "\(sampleRate)", "--chorus=d", "--preserve-silence", "-o",
        wav.path, midi.path,
      ]
    case .sampler:
      guard sampleRate == SampledInstrument.sampleRate else { return nil }
      return recordings[program]?.render(notes, length: length, in: folder)
    }
    let run = player == .timidity ? ExternalTool.runAtFixedAddresses : ExternalTool.run
    guard (try? Data(file.bytes).write(to: midi)) != nil, run(executable, arguments) != nil,
      let data = try? Data(contentsOf: wav),
      let audio = try? WAVCodec.decode(data)
    else { return nil }
    let mono = WAVCodec.mono(audio)
    let count = Int(length * Double(sampleRate))
    return Array(mono.prefix(count)) + [Float](repeating: 0, count: max(0, count - mono.count))
  }
}
