import Audio
import DSP
import MusicTheory
import Storage

/// Sounds the notes of exercises (the answer of a flashcard) through the speakers, at the
/// instrument volume and the A4 of the settings. The stream opens on the first note and
/// closes when the exercise is left, so an idle app holds no stream.
final class NotePlayer {
  static let sampleRate = 48_000
  static let seconds = 1.2

  private let server: String?
  private let board = SoundBoard()
  private var output: PulseAudioOutput?

  init(server: String?) {
    self.server = server
  }

  /// Plays `pitch`; returns why it cannot be heard, in one line, when no stream would open.
  @discardableResult
  func play(_ pitch: Pitch, settings: Settings, devices: AudioDeviceSettings) -> String? {
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
    let tone = Synth.softPiano(
      frequency: pitch.frequency(reference: reference), duration: Self.seconds,
      sampleRate: Self.sampleRate)
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
