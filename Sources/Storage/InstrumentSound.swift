/// The synthesized instrument notes are played with: a soft piano, or a plucked string for the
/// fretboard, so a guitarist hears something close to the guitar.
public enum InstrumentSound: String, CaseIterable, Codable, Sendable {
  case piano
  case guitar
}
