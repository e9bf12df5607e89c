/// One of the seven note letters. Letters carry the spelling of a note; the pitch also depends on
/// the accidental and the octave.
public enum Letter: String, CaseIterable, Codable, Sendable {
  case C, D, E, F, G, A, B

  /// Position in C D E F G A B, 0 through 6.
  public var index: Int {
    switch self {
    case .C: 0
    case .D: 1
    case .E: 2
    case .F: 3
    case .G: 4
    case .A: 5
    case .B: 6
    }
  }

  /// Semitones above C of the natural note with this letter.
  public var semitonesFromC: Int {
    Self.naturalSemitones[index]
  }

  /// The letter `steps` staff positions away, wrapping around after B and before C.
  public func advanced(by steps: Int) -> Letter {
    Self.allCases[(index + steps).modulo(Self.allCases.count)]
  }

  private static let naturalSemitones = [0, 2, 4, 5, 7, 9, 11]
}
