extension Tuning {
  public static let guitarStandard = preset("standard", "Guitar standard", "E2 A2 D3 G3 B3 E4")
  public static let dropD = preset("drop-d", "Drop D", "D2 A2 D3 G3 B3 E4")
  public static let dadgad = preset("dadgad", "DADGAD", "D2 A2 D3 G3 A3 D4")
  public static let openG = preset("open-g", "Open G", "D2 G2 D3 G3 B3 D4")
  public static let openD = preset("open-d", "Open D", "D2 A2 D3 F#3 A3 D4")
  public static let halfStepDown = preset(
    "half-step-down", "Half-step down", "Eb2 Ab2 Db3 Gb3 Bb3 Eb4")
  public static let sevenString = preset("7-string", "7-string standard", "B1 E2 A2 D3 G3 B3 E4")
  public static let bass = preset("bass", "Bass standard", "E1 A1 D2 G2")
  public static let fiveStringBass = preset("bass-5", "5-string bass", "B0 E1 A1 D2 G2")
  /// Re-entrant: the 4th string is tuned up to G4, above the 3rd string's C4.
  public static let ukulele = preset("ukulele", "Ukulele standard", "G4 C4 E4 A4", lastFret: 15)

  /// Every preset, in the order a menu lists them. Parsing matches ids and names from here.
  public static let presets = [
    guitarStandard, dropD, dadgad, openG, openD, halfStepDown, sevenString, bass,
    fiveStringBass, ukulele,
  ]

  /// A preset from its notes as written; the tests check every preset's notes parse.
  private static func preset(
    _ id: String, _ name: String, _ notes: String, lastFret: Int = 24
  ) -> Tuning {
    let strings = notes.split(separator: " ").compactMap { Note(parsing: String($0)) }
    return Tuning(id: id, name: name, openStrings: strings, lastFret: lastFret)
  }
}
