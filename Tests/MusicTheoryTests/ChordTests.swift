import MusicTheory
import XCTest

final class ChordTests: XCTestCase {
  func testExplicitSpellings() {
    let table: [(symbol: String, notes: String)] = [
      ("F#m7b5", "F# A C E"), ("Cdim7", "C Eb Gb Bbb"), ("Cmaj7", "C E G B"),
      ("C9", "C E G Bb D"), ("Ebmaj7", "Eb G Bb D"), ("B7", "B D# F# A"),
      ("Abm6", "Ab Cb Eb F"), ("C", "C E G"), ("Dbm", "Db Fb Ab"), ("G#dim", "G# B D"),
      ("Gaug", "G B D#"), ("D#aug", "D# Fx Ax"), ("Bbsus4", "Bb Eb F"), ("Esus2", "E F# B"),
      ("A6", "A C# E F#"), ("Dm9", "D F A C E"), ("Fmaj9", "F A C E G"), ("Cadd9", "C E G D"),
      ("G7sus4", "G C D F"), ("Am(maj7)", "A C E G#"), ("C#dim7", "C# E G Bb"),
      ("Gbdim7", "Gb Bbb Dbb Fbb"), ("Bm7", "B D F# A"), ("E#7", "E# Gx B# D#"),
      ("Cbmaj7", "Cb Eb Gb Bb"),
    ]
    for (symbol, notes) in table {
      guard let chord = Chord(symbol: symbol) else {
        XCTFail("could not parse \"\(symbol)\"")
        continue
      }
      XCTAssertEqual(chord.noteClasses.map(\.description).joined(separator: " "), notes, symbol)
    }
  }

  /// Every quality on every root with at most one accidental spells, each tone on the letter
  /// its interval number calls for and at the interval's pitch, except the few that would need
  /// a triple accidental.
  func testEveryQualityInEveryKey() {
    var unspellable: [String] = []
    for quality in ChordQuality.all {
      for root in SpellingOracle.tonics {
        guard let chord = Chord(root: root, quality: quality) else {
          unspellable.append("\(root)\(quality.symbol)")
          continue
        }
        XCTAssertEqual(chord.root, root)
        XCTAssertEqual(chord.quality, quality)
        SpellingOracle.assertSpelled(
          chord.noteClasses, from: root, by: quality.intervals, "\(root)\(quality.symbol)")
      }
    }
    XCTAssertEqual(unspellable, ["B#aug", "Cbdim7", "Fbdim7"])
  }

  /// A chord is nil exactly when some tone would need a triple accidental.
  func testUnspellableChordsAreNil() {
    for quality in ChordQuality.all {
      for root in SpellingOracle.allNoteClasses {
        XCTAssertEqual(
          Chord(root: root, quality: quality) != nil,
          SpellingOracle.isSpellable(from: root, by: quality.intervals), "\(root)\(quality.symbol)")
      }
    }
  }

  func testAliases() {
    let table: [(typed: String, symbol: String)] = [
      ("C", "C"), ("CM", "C"), ("Cmaj", "C"),
      ("Cm", "Cm"), ("Cmin", "Cm"), ("C-", "Cm"),
      ("Cdim", "Cdim"), ("C°", "Cdim"), ("Co", "Cdim"),
      ("Caug", "Caug"), ("C+", "Caug"),
      ("C7", "C7"), ("Cdom7", "C7"),
      ("Cmaj7", "Cmaj7"), ("CM7", "Cmaj7"), ("CΔ7", "Cmaj7"), ("CΔ", "Cmaj7"), ("C∆7", "Cmaj7"),
      ("Cma7", "Cmaj7"),
      ("Cm7", "Cm7"), ("Cmin7", "Cm7"), ("C-7", "Cm7"),
      ("Cm7b5", "Cm7b5"), ("Cø", "Cm7b5"), ("Cø7", "Cm7b5"), ("Cmin7b5", "Cm7b5"),
      ("C-7b5", "Cm7b5"),
      ("Cdim7", "Cdim7"), ("C°7", "Cdim7"), ("Co7", "Cdim7"),
      ("Csus2", "Csus2"), ("Csus4", "Csus4"), ("Csus", "Csus4"),
      ("C6", "C6"), ("Cm6", "Cm6"), ("C9", "C9"), ("Cmaj9", "Cmaj9"), ("Cm9", "Cm9"),
      ("Cadd9", "Cadd9"), ("C7sus4", "C7sus4"),
      ("CmMaj7", "Cm(maj7)"), ("Cm(maj7)", "Cm(maj7)"), ("CmM7", "Cm(maj7)"),
      ("F♯m7♭5", "F#m7b5"), ("B♭7", "Bb7"), ("Bb", "Bb"), ("Bbm", "Bbm"), ("Ebø", "Ebm7b5"),
    ]
    for (typed, symbol) in table {
      XCTAssertEqual(Chord(symbol: typed)?.symbol, symbol, "\"\(typed)\"")
    }
  }

  func testSymbolRoundTrips() {
    for quality in ChordQuality.all {
      for root in SpellingOracle.tonics {
        guard let chord = Chord(root: root, quality: quality) else { continue }
        XCTAssertEqual(Chord(symbol: chord.symbol), chord, chord.symbol)
        XCTAssertEqual(chord.description, chord.symbol)
      }
    }
  }

  func testBadInputGivesTheReason() {
    let table: [(text: String, error: TheoryParseError, message: String)] = [
      ("", .unknownNote("", in: ""), #"missing note name in """#),
      ("H7", .unknownNote("H", in: "H7"), #"unknown note "H" in "H7""#),
      ("c7", .unknownNote("c", in: "c7"), #"unknown note "c" in "c7""#),
      ("m7", .unknownNote("m", in: "m7"), #"unknown note "m" in "m7""#),
      (
        "Cm13b9", .unknownChordQuality("m13b9", in: "Cm13b9"),
        #"unknown chord quality "m13b9" in "Cm13b9""#
      ),
      ("C/E", .unknownChordQuality("/E", in: "C/E"), #"unknown chord quality "/E" in "C/E""#),
      ("C##7", .unknownChordQuality("#7", in: "C##7"), ##"unknown chord quality "#7" in "C##7""##),
      ("Cx7", .unknownChordQuality("x7", in: "Cx7"), #"unknown chord quality "x7" in "Cx7""#),
      (
        "Cmaj7 ", .unknownChordQuality("maj7 ", in: "Cmaj7 "),
        #"unknown chord quality "maj7 " in "Cmaj7 ""#
      ),
      (
        "CMAJ7", .unknownChordQuality("MAJ7", in: "CMAJ7"),
        #"unknown chord quality "MAJ7" in "CMAJ7""#
      ),
      ("Cbdim7", .unspellable("Cbdim7"), #""Cbdim7" would need more than a double flat or sharp"#),
    ]
    for (text, error, message) in table {
      XCTAssertNil(Chord(symbol: text), "\"\(text)\"")
      XCTAssertEqual(Chord.parse(text), .failure(error), "\"\(text)\"")
      XCTAssertEqual(error.description, message)
    }
  }
}
