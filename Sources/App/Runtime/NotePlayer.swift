import Audio
import DSP
import Glibc
import MusicTheory
import Storage
import TerminalUI

/// Sounds the notes of exercises (the answer of a flashcard) through the speakers, at the
/// instrument volume and the A4 of the settings. The stream opens on the first note and
/// closes when the exercise is left, so an idle app holds no stream.
final class NotePlayer: NoteOutput {
  static let sampleRate = 48_000
  static let seconds = 1.2

  private let server: String?
  private let board = SoundBoard()
  private var output: PulseAudioOutput?
  /// Where the ear room's SoundFont is looked for.
  private let soundFonts: [String]
  /// The SoundFont piano, or why there is none: loaded by the first ear sound, never at start,
  /// and kept when the stream closes.
  private var piano: Result<SoundFontSynth, SoundFontError>?

  init(server: String?, soundFonts: [String] = SoundFontSynth.searchPaths) {
    self.server = server
    self.soundFonts = soundFonts
  }

  /// Whether the SoundFont has been looked for (and loaded, if found).
  var hasLoadedSoundFont: Bool { piano != nil }

  /// Seconds from one note to the next when several are played in turn.
  static let spacing = 0.4

  /// Plays `pitches` one after the other; returns why they cannot be heard, in one line, when no
  /// stream would open.
  @discardableResult
  func play(
    _ pitches: [Pitch], sound: InstrumentSound = .piano, settings: Settings,
    devices: AudioDeviceSettings
  ) -> String? {
    if let failure = open(devices: devices) { return failure }
    let reference = settings.concertPitch
    let step = Int(Self.spacing * Double(Self.sampleRate))
    // One sound holding every note at its place, so the spacing never depends on the thread.
    var tone = [Float](
      repeating: 0,
      count: step * max(0, pitches.count - 1) + Int(Self.seconds * Double(Self.sampleRate)))
    for (index, pitch) in pitches.enumerated() {
      let frequency = pitch.frequency(reference: reference)
      // The same pluck every time, so a note sounds alike on every mark.
      var random = SplitMix64(seed: UInt64(pitch.midiNumber))
      let note =
        sound == .guitar
        ? Synth.pluckedString(
          frequency: frequency, duration: Self.seconds, sampleRate: Self.sampleRate, using: &random)
        : Synth.softPiano(frequency: frequency, duration: Self.seconds, sampleRate: Self.sampleRate)
      for (offset, sample) in note.enumerated() where index * step + offset < tone.count {
        tone[index * step + offset] += sample
      }
    }
    let volumes = settings.volumes
    board.play(
      tone, gain: (Gain(percent: volumes.master) * Gain(percent: volumes.instrument)).linear)
    return nil
  }

  /// Renders `sound` on the SoundFont piano as `woodshed ear quiz` renders a question (on the
  /// built-in soft piano without one) and plays it.
  func playEar(_ sound: EarSound, settings: Settings, devices: AudioDeviceSettings) -> EarPlayback {
    if let failure = open(devices: devices) { return EarPlayback(failure: failure) }
    var fellBack: String?
    if piano == nil {
      piano = SoundFontSynth.load(sampleRate: Self.sampleRate, paths: soundFonts)
      if case .failure(let reason) = piano { fellBack = reason.description }
    }
    let tone = Self.render(sound, piano: try? piano?.get(), reference: settings.concertPitch)
    let volumes = settings.volumes
    let number = board.play(
      tone, gain: (Gain(percent: volumes.master) * Gain(percent: volumes.instrument)).linear)
    guard let number, let output else { return EarPlayback(withoutSoundFont: fellBack) }
    let board = board
    return EarPlayback(withoutSoundFont: fellBack) {
      guard let frame = board.startFrame(of: number), let clock = output.timing() else {
        return nil
      }
      return MonotonicInstant(nanoseconds: clock.instant(whenAudible: frame))
    }
  }

  /// The samples of `sound`: each note on its own sample, a chord's together.
  static func render(_ sound: EarSound, piano: SoundFontSynth?, reference: ConcertPitch) -> [Float]
  {
    let frame = { (seconds: Double) in Int((seconds * Double(sampleRate)).rounded()) }
    let total = frame(sound.seconds)
    if let piano {
      var samples = piano.render(
        sound.notes.map {
          SoundFontSynth.Note(
            key: $0.pitch.midiNumber, start: frame($0.start), end: frame($0.end),
            cents: Double($0.cents))
        }, frames: total)
      EarSound.mix(sound.clicks, into: &samples, sampleRate: sampleRate)
      return samples
    }
    // Notes sounding together share the level one note has alone, so a chord never clips.
    let gain = Float(0.8) / Float(sound.mostTogether)
    var samples = [Float](repeating: 0, count: total)
    for note in sound.notes {
      let first = frame(note.start)
      let tone = Synth.softPiano(
        frequency: note.pitch.frequency(reference: reference)
          * Glibc.pow(2, Double(note.cents) / 1200),
        duration: note.end - note.start,
        sampleRate: sampleRate)
      for (offset, sample) in tone.enumerated() where first + offset < total {
        samples[first + offset] += gain * sample
      }
    }
    EarSound.mix(sound.clicks, into: &samples, sampleRate: sampleRate)
    return samples
  }

  /// Opens the stream if it is not open; returns why it cannot be, in one line.
  private func open(devices: AudioDeviceSettings) -> String? {
    guard output == nil else { return nil }
    let output = PulseAudioOutput(devices: devices, server: server)
    do {
      try output.start(renderer: board)
    } catch {
      return error.reason
    }
    self.output = output
    return nil
  }

  func stop() {
    output?.stop()
    output = nil
  }
}
