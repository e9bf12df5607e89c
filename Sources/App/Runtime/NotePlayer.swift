import Audio
import DSP
import MusicTheory
import Storage

/// Sounds the notes of exercises (the answer of a flashcard) through the speakers, at the
/// instrument volume and the A4 of the settings. The stream opens on the first note and
/// closes when the exercise is left, so an idle app holds no stream.
final class NotePlayer: NoteOutput {
  static let sampleRate = 48_000
  static let seconds = 1.2

  private let server: String?
  private let board = SoundBoard()
  private var output: PulseAudioOutput?

  init(server: String?) {
    self.server = server
  }

  /// Seconds from one note to the next when several are played in turn.
  static let spacing = 0.4

  /// Plays `pitches` one after the other; returns why they cannot be heard, in one line, when no
  /// stream would open.
  @discardableResult
  func play(
    _ pitches: [Pitch], sound: InstrumentSound = .piano, settings: Settings,
    devices: AudioDeviceSettings
  ) -> String? {
    if output == nil {
      let output = PulseAudioOutput(devices: devices, server: server)
      do {
        try output.start(renderer: board)
      } catch {
        return error.reason
      }
      self.output = output
    }
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

  func stop() {
    output?.stop()
    output = nil
  }
}
