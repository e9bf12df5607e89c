import MusicTheory
import XCTest

final class KeySignatureTests: XCTestCase {
  func testMajorAndMinorKeysByName() {
    let cases: [(String, Int)] = [
      ("C", 0), ("G", 1), ("D", 2), ("A", 3), ("E", 4), ("B", 5), ("F#", 6), ("C#", 7),
      ("F", -1), ("Bb", -2), ("Eb", -3), ("Ab", -4), ("Db", -5), ("Gb", -6), ("Cb", -7),
      ("Am", 0), ("Em", 1), ("F#m", 3), ("c#m", 4), ("Dm", -1), ("ebm", -6), ("B♭", -2),
    ]
    for (name, fifths) in cases {
      XCTAssertEqual(KeySignature(parsing: name)?.fifths, fifths, name)
    }
  }

  func testKeysBeyondSevenAccidentalsOrNonsenseAreRefused() {
    for name in ["G#", "Fb", "E#m", "H", "", "m", "Cmm", "C4"] {
      XCTAssertNil(KeySignature(parsing: name), name)
    }
  }

  func testAccidentalsComeInCircleOfFifthsOrder() throws {
    let aMajor = try XCTUnwrap(KeySignature(parsing: "A"))
    XCTAssertEqual(aMajor.noteClasses.map(\.description), ["F#", "C#", "G#"])
    let aFlat = try XCTUnwrap(KeySignature(parsing: "Ab"))
    XCTAssertEqual(aFlat.noteClasses.map(\.description), ["Bb", "Eb", "Ab", "Db"])
    XCTAssertEqual(aFlat.accidental(for: .D), .flat)
    XCTAssertEqual(aFlat.accidental(for: .G), .natural)
    XCTAssertEqual(aFlat.description, "Ab")
  }
}
