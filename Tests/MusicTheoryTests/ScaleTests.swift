import MusicTheory
import XCTest

final class ScaleTests: XCTestCase {
  func testExplicitSpellings() {
    let table: [(scale: String, notes: String)] = [
      ("D dorian", "D E F G A B C"),
      ("C major", "C D E F G A B"),
      ("F# major", "F# G# A# B C# D# E#"),
      ("Gb major", "Gb Ab Bb Cb Db Eb F"),
      ("Cb major", "Cb Db Eb Fb Gb Ab Bb"),
      ("C# major", "C# D# E# F# G# A# B#"),
      ("Eb phrygian", "Eb Fb Gb Ab Bb Cb Db"),
      ("Db lydian", "Db Eb F G Ab Bb C"),
      ("G mixolydian", "G A B C D E F"),
      ("C# natural minor", "C# D# E F# G# A B"),
      ("B locrian", "B C D E F G A"),
      ("E harmonic minor", "E F# G A B C D#"),
      ("A# harmonic minor", "A# B# C# D# E# F# Gx"),
      ("Bb melodic minor", "Bb C Db Eb F G A"),
      ("G# melodic minor", "G# A# B C# D# E# Fx"),
      ("E phrygian dominant", "E F G# A B C D"),
      ("G lydian dominant", "G A B C# D E F"),
      ("Bb major pentatonic", "Bb C D F G"),
      ("E minor pentatonic", "E G A B D"),
      ("A blues", "A C D Eb E G"),
      ("F# blues", "F# A B C C# E"),
      ("Db blues", "Db Fb Gb Abb Ab Cb"),
      ("C major blues", "C D Eb E G A"),
      ("A hungarian minor", "A B C D# E F G#"),
      ("E double harmonic", "E F G# A B C D#"),
      ("C todi", "C Db Eb F# G Ab B"),
      ("E hirajoshi", "E F# G B C"),
      ("E in", "E F A B C"),
      ("D yo", "D E G A B"),
      ("A kumoi", "A B C E F#"),
      ("C whole tone", "C D E F# Ab Bb"),
      ("E# whole tone", "E# Fx Gx Ax C# D#"),
      ("C diminished half-whole", "C Db Eb E F# G A Bb"),
      ("C diminished whole-half", "C D Eb F Gb Ab A B"),
      ("C bebop dominant", "C D E F G A Bb B"),
    ]
    for (text, notes) in table {
      guard let scale = Scale(parsing: text) else {
        XCTFail("could not parse \"\(text)\"")
        continue
      }
      XCTAssertEqual(scale.noteClasses.map(\.description).joined(separator: " "), notes, text)
    }
  }

  /// Every scale type on every tonic with at most one accidental spells, each note on the letter
  /// its interval number calls for and at the interval's pitch.
  func testEveryTypeInEveryKey() {
    for type in ScaleType.all {
      for tonic in SpellingOracle.tonics {
        guard let scale = Scale(tonic: tonic, type: type) else {
          XCTFail("\(tonic) \(type) did not spell")
          continue
        }
        XCTAssertEqual(scale.tonic, tonic)
        XCTAssertEqual(scale.type, type)
        SpellingOracle.assertSpelled(
          scale.noteClasses, from: tonic, by: type.intervals, "\(tonic) \(type)")
      }
    }
  }

  func testHeptatonicScalesUseEachLetterOnce() {
    let heptatonic = ScaleType.all.filter { $0.intervals.count == 7 }
    XCTAssertEqual(heptatonic.count, 16, "the seven-note scale types")
    for type in heptatonic {
      for tonic in SpellingOracle.tonics {
        let letters = Scale(tonic: tonic, type: type)?.noteClasses.map(\.letter) ?? []
        XCTAssertEqual(Set(letters), Set(Letter.allCases), "\(tonic) \(type) letters")
        XCTAssertEqual(letters.count, 7, "\(tonic) \(type) has seven notes")
      }
    }
  }

  func testEnharmonicKeysSoundAlike() {
    let pairs: [(String, String)] = [
      ("C#", "Db"), ("D#", "Eb"), ("F#", "Gb"), ("G#", "Ab"), ("A#", "Bb"), ("B", "Cb"),
      ("E#", "F"), ("B#", "C"), ("E", "Fb"),
    ]
    for type in ScaleType.all {
      for (sharp, flat) in pairs {
        guard let sharpScale = Scale(parsing: "\(sharp) \(type)"),
          let flatScale = Scale(parsing: "\(flat) \(type)")
        else {
          XCTFail("could not parse \(sharp) or \(flat) \(type)")
          continue
        }
        XCTAssertEqual(
          sharpScale.noteClasses.map(\.semitonesFromC), flatScale.noteClasses.map(\.semitonesFromC),
          "\(sharp) and \(flat) \(type) sound alike")
        XCTAssertNotEqual(sharpScale.noteClasses, flatScale.noteClasses, "but are spelled apart")
      }
    }
  }

  /// A scale is nil exactly when some note would need a triple accidental.
  func testUnspellableScalesAreNil() {
    for type in ScaleType.all {
      for tonic in SpellingOracle.allNoteClasses {
        XCTAssertEqual(
          Scale(tonic: tonic, type: type) != nil,
          SpellingOracle.isSpellable(from: tonic, by: type.intervals), "\(tonic) \(type)")
      }
    }
    XCTAssertNil(Scale(tonic: NoteClass(.F, .doubleFlat), type: .phrygian))
  }

  func testParsingAliasesAndSpacing() {
    let table: [(text: String, description: String)] = [
      ("D dorian", "D dorian"), ("F# harmonic minor", "F# harmonic minor"),
      ("Bb major pentatonic", "Bb major pentatonic"), ("A natural minor", "A natural minor"),
      ("A Natural-Minor", "A natural minor"), ("A aeolian", "A natural minor"),
      ("A minor", "A natural minor"), ("E pentatonic minor", "E minor pentatonic"),
      ("C ionian", "C major"), ("d dorian", "D dorian"), ("eb jazz minor", "Eb melodic minor"),
      ("bb blues", "Bb blues"), ("  G   Mixolydian  ", "G mixolydian"), ("F♯ lydian", "F# lydian"),
      ("B♭ major", "Bb major"), ("Fx major", "Fx major"), ("F## major", "Fx major"),
    ]
    for (text, description) in table {
      XCTAssertEqual(Scale(parsing: text)?.description, description, "\"\(text)\"")
    }
  }

  func testDescriptionRoundTrips() {
    for type in ScaleType.all {
      for tonic in SpellingOracle.tonics {
        guard let scale = Scale(tonic: tonic, type: type) else {
          XCTFail("\(tonic) \(type) did not spell")
          continue
        }
        XCTAssertEqual(Scale(parsing: scale.description), scale, scale.description)
      }
    }
  }

  func testBadInputGivesTheReason() {
    let table: [(text: String, error: TheoryParseError, message: String)] = [
      ("", .unknownNote("", in: ""), #"missing note name in """#),
      ("H major", .unknownNote("H", in: "H major"), #"unknown note "H" in "H major""#),
      ("dorian D", .unknownNote("dorian", in: "dorian D"), #"unknown note "dorian" in "dorian D""#),
      ("D", .unknownScaleType("", in: "D"), #"missing scale type in "D""#),
      (
        "D dorain", .unknownScaleType("dorain", in: "D dorain"),
        #"unknown scale type "dorain" in "D dorain""#
      ),
      (
        "C# major major", .unknownScaleType("major major", in: "C# major major"),
        #"unknown scale type "major major" in "C# major major""#
      ),
      (
        "Fbb phrygian", .unspellable("Fbb phrygian"),
        #""Fbb phrygian" would need more than a double flat or sharp"#
      ),
    ]
    for (text, error, message) in table {
      XCTAssertNil(Scale(parsing: text), "\"\(text)\"")
      XCTAssertEqual(Scale.parse(text), .failure(error), "\"\(text)\"")
      XCTAssertEqual(error.description, message)
    }
  }
}
