import Glibc

/// What an instrument sounds like when it starts a note, learned from a few notes (or claps)
/// played alone, so the detector can listen where that instrument speaks and at its level.
/// Plain numbers throughout, to be kept per instrument in the settings file.
public struct InstrumentProfile: Equatable, Sendable, Codable {
  /// Centre frequencies of the fingerprint's bands, in Hz, a third of an octave apart.
  public var frequencies: [Double]
  /// How much each band rises when a note starts, relative to the mean over bands (so the mean
  /// is 1): the instrument's spectral fingerprint.
  public var onsetRise: [Double]
  /// The median strength (`Onset.strength`) of the notes, as the detector tuned to this
  /// profile hears them.
  public var onsetStrength: Double
  /// The most the room's own sounds reached between the notes, as the tuned detector hears
  /// them: the level a note must beat.
  public var noiseStrength: Double
  /// The median peak level of the notes, in dBFS.
  public var peakLevel: Double
  /// How many notes the profile was learned from.
  public var noteCount: Int

  public init(
    frequencies: [Double], onsetRise: [Double], onsetStrength: Double, noiseStrength: Double,
    peakLevel: Double, noteCount: Int
  ) {
    self.frequencies = frequencies
    self.onsetRise = onsetRise
    self.onsetStrength = onsetStrength
    self.noiseStrength = noiseStrength
    self.peakLevel = peakLevel
    self.noteCount = noteCount
  }

  /// Third-octave centres from 50 Hz to 16 kHz: fine enough to tell a clap from a cello, coarse
  /// enough that a few notes fill every band.
  public static let standardFrequencies = (0...25).map { 50 * pow(2, Double($0) / 3) }
  /// Fewer clear notes than this, and a fingerprint would be one note's accident.
  public static let fewestNotes = 3

  /// Whether a profile read from a file is one `learn` could have made: a rise for every band,
  /// bands in rising order, and finite strengths. A hand-edited one that is not is refused.
  public var isWellFormed: Bool {
    !frequencies.isEmpty && frequencies.count == onsetRise.count
      && zip(frequencies, frequencies.dropFirst()).allSatisfy { $0 > 0 && $0 < $1 }
      && onsetRise.allSatisfy { $0.isFinite && $0 >= 0 }
      && [onsetStrength, noiseStrength].allSatisfy { $0.isFinite && $0 >= 0 }
      && peakLevel.isFinite && noteCount >= 1
  }
}
