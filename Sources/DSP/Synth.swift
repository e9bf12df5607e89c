/// Instrument notes for playing back exercises. Mono, −1…1, at the sample rate asked for.
public enum Synth {
  /// Harmonic amplitudes and decay times of a gentle electric-piano-like tone: upper harmonics
  /// fade first, so the note darkens as it rings.
  private static let pianoHarmonics: [(amplitude: Double, timeConstant: Double)] = [
    (1.00, 1.20), (0.45, 0.80), (0.22, 0.50), (0.12, 0.35), (0.06, 0.25), (0.03, 0.18),
  ]

  /// Real strings are stiff, so their upper harmonics run slightly sharp; a touch of that
  /// keeps the tone from sounding like an organ. The fundamental stays exactly in tune.
  private static let pianoInharmonicity = 0.0003

  /// A soft-struck piano-like note that fades to exactly zero at `duration` seconds. Its
  /// onset is smoothed, so it is not meant for timing.
  public static func softPiano(frequency: Double, duration: Double, sampleRate: Int) -> [Float] {
    let partials = pianoHarmonics.enumerated().map { index, harmonic in
      DecayingPartials.Partial(
        frequency * stretched(harmonic: Double(index + 1)), amplitude: harmonic.amplitude,
        timeConstant: harmonic.timeConstant)
    }
    return DecayingPartials(
      partials: partials, duration: duration, level: Gain(decibels: -4), attack: 0.006,
      release: min(0.05, duration / 4)
    ).render(sampleRate: sampleRate)
  }

  /// Harmonic `n` of a stiff string, relative to its fundamental.
  private static func stretched(harmonic n: Double) -> Double {
    n * ((1 + pianoInharmonicity * n * n) / (1 + pianoInharmonicity)).squareRoot()
  }
}
