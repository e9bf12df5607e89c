import MusicTheory

/// How a held note compares with the written one: in tune within the tolerance (in the same
/// octave, or in any when the player's range differs), the right note but out of tune, or
/// another note.
public enum PlayedNoteJudgement: Equatable, Sendable {
  case inTune(Pitch)
  /// The right note, this many cents sharp (positive) or flat (negative): not yet an answer.
  case outOfTune(cents: Double)
  case wrong(Pitch)

  public init(
    heard frequency: Double, written: Pitch, reference: ConcertPitch, toleranceCents: Double,
    anyOctave: Bool
  ) {
    let heard = Pitch(nearestTo: frequency, reference: reference) ?? written
    var cents = written.centsOffset(of: frequency, reference: reference)
    if anyOctave { cents -= 1200 * (cents / 1200).rounded() }
    if abs(cents) <= toleranceCents {
      self = .inTune(heard)
    } else if abs(cents) < 100 && (anyOctave || heard == written)
      && heard.pitchClass == written.pitchClass
    {
      self = .outOfTune(cents: cents)
    } else {
      self = .wrong(heard)
    }
  }
}
