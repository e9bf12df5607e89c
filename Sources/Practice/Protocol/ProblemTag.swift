/// A kind of problem the producer notes on a bar by its letter, such as `w` for a wrong note.
/// The seven usual ones are built in; the producer adds more with `tag LETTER NAME`.
public struct ProblemTag: Hashable, Sendable {
  public let letter: Character
  public let name: String

  public init(letter: Character, name: String) {
    self.letter = letter
    self.name = name
  }

  public static let intonation = ProblemTag(letter: "i", name: "intonation")
  public static let balance = ProblemTag(letter: "b", name: "balance")
  public static let ensemble = ProblemTag(letter: "e", name: "ensemble")
  public static let noise = ProblemTag(letter: "n", name: "noise")
  public static let tempo = ProblemTag(letter: "t", name: "tempo")
  public static let wrongNote = ProblemTag(letter: "w", name: "wrong note")
  public static let falseEntry = ProblemTag(letter: "f", name: "false entry")

  public static let builtIn: [ProblemTag] = [
    .intonation, .balance, .ensemble, .noise, .tempo, .wrongNote, .falseEntry,
  ]
}
