/// The sounds a metronome plays. Each is at full strength on its first sample, because
/// calibration and grading find clicks in recorded audio to the exact frame, and each ends at
/// exactly zero, so stopping right after one never pops.
public enum MetronomeVoice: CaseIterable, Sendable {
  /// The downbeat: the loudest and brightest.
  case accentClick
  case click
  /// Between beats, about 10 dB under the click.
  case subdivisionTick
  /// Marks the notes to be played, about 18 dB under the click so it guides without leading.
  case targetTick
  case woodblock
  case beep

  /// Mono samples, −1…1.
  public func samples(sampleRate: Int) -> [Float] {
    recipe.render(sampleRate: sampleRate)
  }

  private var recipe: DecayingPartials {
    switch self {
    case .accentClick:
      DecayingPartials(
        partials: [
          .init(2_000, amplitude: 1, timeConstant: 0.006),
          .init(4_300, amplitude: 0.45, timeConstant: 0.003),
        ],
        duration: 0.035, level: Gain(decibels: -1), release: 0.002)
    case .click:
      DecayingPartials(
        partials: [
          .init(1_500, amplitude: 1, timeConstant: 0.005),
          .init(3_350, amplitude: 0.2, timeConstant: 0.0025),
        ],
        duration: 0.030, level: Gain(decibels: -5), release: 0.002)
    case .subdivisionTick:
      DecayingPartials(
        partials: [.init(3_000, amplitude: 1, timeConstant: 0.004)],
        duration: 0.020, level: Gain(decibels: -15), release: 0.002)
    case .targetTick:
      DecayingPartials(
        partials: [.init(2_500, amplitude: 1, timeConstant: 0.004)],
        duration: 0.020, level: Gain(decibels: -23), release: 0.002)
    case .woodblock:
      // Inharmonic partials, as a hollow block of wood rings; the upper one dies first.
      DecayingPartials(
        partials: [
          .init(810, amplitude: 1, timeConstant: 0.014),
          .init(1_690, amplitude: 0.6, timeConstant: 0.008),
          .init(2_850, amplitude: 0.2, timeConstant: 0.004),
        ],
        duration: 0.060, level: Gain(decibels: -2), release: 0.004)
    case .beep:
      DecayingPartials(
        partials: [.init(1_000, amplitude: 1, timeConstant: 0.1)],
        duration: 0.080, level: Gain(decibels: -6), release: 0.005)
    }
  }
}
