import MusicTheory

/// A note named by its place in a key, as the functional ear method names it: its number in
/// the key's scale, with a flat or a sharp for a note between two of the key's own ("b3",
/// "#4").
public struct ScaleDegree: Hashable, Sendable, CustomStringConvertible {
  /// 1 for the tonic, to 7.
  public let number: Int
  /// -1 for a flat, 0, 1 for a sharp.
  public let alteration: Int

  public init?(number: Int, alteration: Int = 0) {
    guard (1...7).contains(number), (-1...1).contains(alteration) else { return nil }
    self.number = number
    self.alteration = alteration
  }

  /// Reads "3", "b3", "#4", "♭3", "♯4".
  public init?(name: String) {
    var text = Substring(name)
    var alteration = 0
    if let sign = text.first, "b♭#♯".contains(sign) {
      alteration = "b♭".contains(sign) ? -1 : 1
      text = text.dropFirst()
    }
    guard text.count == 1, let number = Int(text) else { return nil }
    self.init(number: number, alteration: alteration)
  }

  /// Whether the note lies between two of the key's own.
  public var isChromatic: Bool { alteration != 0 }

  public var description: String {
    (alteration < 0 ? "b" : alteration > 0 ? "#" : "") + "\(number)"
  }

  /// Its note in `key`, at or above `tonic` (the key's tonic in the octave where the question
  /// lies) and below the tonic an octave up: the letter `number - 1` steps above the tonic's,
  /// with the key's accidental moved by the alteration. Nil beyond a double accidental.
  public func note(in key: EarKey, from tonic: Note) -> Note? {
    let own = key.scale.noteClasses[number - 1]
    guard let accidental = Accidental(semitones: own.accidental.semitones + alteration) else {
      return nil
    }
    let octave = tonic.octave + (own.letter.index < tonic.letter.index ? 1 : 0)
    return Note(own.letter, accidental, octave: octave)
  }

  /// The notes of `resolution` in `key`, from `tonic` (the tonic where the question lies).
  public func resolution(in key: EarKey, from tonic: Note) -> [Note] {
    resolution.compactMap { degree in
      let note = ScaleDegree(number: (degree - 1) % 7 + 1)?.note(in: key, from: tonic)
      return degree == 8 ? note.map { Note($0.noteClass, octave: $0.octave + 1) } : note
    }
  }

  /// The degrees after this one on its way to the tonic by step, as numbers (8 for the tonic
  /// an octave up); none for the tonic. A degree of the key goes along the scale to the nearer
  /// tonic (4 down to 1, 5 up to 8); a note between two degrees first moves the semitone to one
  /// of them, whichever gives the shorter way, the way its sign points when both are as short
  /// (#4 rises to 5).
  public var resolution: [Int] {
    func along(from degree: Int) -> [Int] {
      degree <= 4 ? Array((1...degree).reversed()) : Array(degree...8)
    }
    guard isChromatic else { return Array(along(from: number).dropFirst()) }
    // The key's own neighbours: b3 lies between 2 and 3, #4 between 4 and 5.
    let below = alteration < 0 ? number - 1 : number
    let above = below + 1
    let down = along(from: below)
    let up = along(from: above)
    if down.count == up.count { return alteration < 0 ? down : up }
    return down.count < up.count ? down : up
  }
}
