import DSP
import Foundation
import Glibc

/// A bowed, blown or sung instrument recorded as one note in Debian's lmms-common, played as a
/// sampler plays it: for each note the recording is resampled to its pitch, held for the note
/// and let go with a short release; each instrument played detached and slurred. Recordings
/// none of the soundfonts here plays, made by other players in other rooms: the soft-attack
/// material the tuning part lacked (its held-out part's false onsets on these notes did not
/// show on the soundfonts tuned on).
struct SampledInstrument: Sendable {
  static let folder = "/usr/share/lmms/samples"
  static let sampleRate = 48_000
  /// How long a note let go takes to fall silent, in seconds.
  static let release = 0.12

  var name: String
  /// The recording, under `folder`.
  var file: String
  /// The MIDI key the recording sounds at.
  var root: Int
  var pitches: ClosedRange<Int>
  var slurred = false

  /// Five instruments, each detached and slurred: their recordings' own attacks, some cut
  /// into by the sample's editor, and a choir pad whose level swings with its tremolo.
  static let lmms: [SampledInstrument] = [false, true].flatMap { slurred in
    [
      ("cello", "instruments/cello01.ogg", 38, 36...60),
      ("violin", "instruments/violin_fingered01.ogg", 67, 55...84),
      ("flute", "instruments/flute01.ogg", 81, 72...93),
      ("trumpet", "instruments/trumpet01.ogg", 69, 55...79),
      ("choir", "stringsnpads/chorus02.ogg", 57, 48...72),
    ].map {
      SampledInstrument(
        name: slurred ? "\($0.0), slurred" : $0.0, file: $0.1, root: $0.2, pitches: $0.3,
        slurred: slurred)
    }
  }

  /// The recordings that play General MIDI's violin, flute and choir "aah" for the pitch
  /// evaluation, each within an octave of its own pitch.
  static let generalMIDI: [Int: SampledInstrument] = [
    40: SampledInstrument(
      name: "violin", file: "instruments/violin_fingered01.ogg", root: 67, pitches: 55...79),
    73: SampledInstrument(
      name: "flute", file: "instruments/flute01.ogg", root: 81, pitches: 69...93),
    52: SampledInstrument(
      name: "choir", file: "stringsnpads/chorus02.ogg", root: 57, pitches: 45...69),
  ]

  var path: String { "\(Self.folder)/\(file)" }

  var isAvailable: Bool {
    FileManager.default.fileExists(atPath: path) && ExternalTool.path(of: "sox") != nil
  }

  /// The recording as mono samples at its own rate, decoded by sox through `folder`; nil when
  /// it cannot be.
  private func recording(in folder: URL) -> (samples: [Float], sampleRate: Int)? {
    guard let sox = ExternalTool.path(of: "sox") else { return nil }
    let wav = folder.appendingPathComponent("sampled.wav")
    guard
      ExternalTool.run(sox, [path, "-c", "1", "-e", "floating-point", "-b", "32", wav.path])
        != nil,
      let data = try? Data(contentsOf: wav), let audio = try? WAVCodec.decode(data)
    else { return nil }
    return (WAVCodec.mono(audio), audio.sampleRate)
  }

  /// The performance played, with the frame where each note's sound starts: the first sample
  /// within 30 dB of its peak, heard alone.
  func take(of performance: Performance, named name: String, in folder: URL) -> CleanTake? {
    guard let recording = recording(in: folder) else { return nil }
    var notes = performance.notes.map { note in
      MIDIFile.Note(
        millisecond: Int((note.time * 1000).rounded()), length: Int(note.duration * 1000),
        key: note.pitch, velocity: max(1, min(127, Int((note.velocity * 127).rounded()))))
    }
    if slurred { notes = performance.slurred(notes) }
    let rate = Self.sampleRate
    var samples = [Float](repeating: 0, count: Int(performance.length * Double(rate)))
    var truth: [Int] = []
    var peaks: [Float] = []
    for note in notes {
      let sound = self.sound(of: note, from: recording)
      let start = note.millisecond * rate / 1000
      for (offset, sample) in sound.enumerated() where start + offset < samples.count {
        samples[start + offset] += sample
      }
      let lead = SoundStart.of(sound.prefix(rate * 3 / 10))
      truth.append(start + lead.start)
      peaks.append(lead.peak)
    }
    return CleanTake(
      name: name, category: .softAttack, source: .lmms, performance: performance,
      sampleRate: rate, samples: samples, truth: truth, notePeaks: peaks)
  }

  /// `notes` played one after another (or over each other), `length` seconds long at
  /// `sampleRate`; nil when the recording cannot be read.
  func render(_ notes: [MIDIFile.Note], length: Double, in folder: URL) -> [Float]? {
    guard let recording = recording(in: folder) else { return nil }
    var samples = [Float](repeating: 0, count: Int(length * Double(Self.sampleRate)))
    for note in notes {
      let start = note.millisecond * Self.sampleRate / 1000
      for (offset, sample) in sound(of: note, from: recording).enumerated()
      where start + offset < samples.count {
        samples[start + offset] += sample
      }
    }
    return samples
  }

  /// One note: the recording at the note's pitch and loudness, held for its length, then let go.
  private func sound(
    of note: MIDIFile.Note, from recording: (samples: [Float], sampleRate: Int)
  ) -> [Float] {
    let rate = Self.sampleRate
    let ratio = pow(2, Double(note.key - root) / 12)
    let held = note.length * rate / 1000
    let fade = Int(Self.release * Double(rate))
    // Played `ratio` times faster, the recording is read from a source that rate faster.
    let source = Int((Double(recording.sampleRate) * ratio).rounded())
    let needed = Int(Double(held + fade) * Double(source) / Double(rate)) + 64
    var sound = Resampler.resampled(
      Array(recording.samples.prefix(needed)), from: source, to: rate)
    sound = Array(sound.prefix(held + fade))
    let gain = Float(pow(Double(note.velocity) / 127, 1.5))
    for index in sound.indices {
      let after = index - held
      let envelope = after <= 0 ? 1 : Float(exp(-6.9 * Double(after) / Double(fade)))
      sound[index] *= gain * envelope
    }
    return sound
  }
}
