import MusicTheory
import XCTest

final class NamingSystemTests: XCTestCase {
  func testNamesWithASCIIGlyphs() {
    let table: [(NoteClass, english: String, latin: String, german: String)] = [
      (NoteClass(.C), "C", "Do", "C"),
      (NoteClass(.C, .sharp), "C#", "Do#", "Cis"),
      (NoteClass(.D, .flat), "Db", "Reb", "Des"),
      (NoteClass(.D), "D", "Re", "D"),
      (NoteClass(.D, .sharp), "D#", "Re#", "Dis"),
      (NoteClass(.E, .flat), "Eb", "Mib", "Es"),
      (NoteClass(.E), "E", "Mi", "E"),
      (NoteClass(.E, .sharp), "E#", "Mi#", "Eis"),
      (NoteClass(.F, .flat), "Fb", "Fab", "Fes"),
      (NoteClass(.F), "F", "Fa", "F"),
      (NoteClass(.F, .sharp), "F#", "Fa#", "Fis"),
      (NoteClass(.G, .flat), "Gb", "Solb", "Ges"),
      (NoteClass(.G), "G", "Sol", "G"),
      (NoteClass(.G, .sharp), "G#", "Sol#", "Gis"),
      (NoteClass(.A, .flat), "Ab", "Lab", "As"),
      (NoteClass(.A), "A", "La", "A"),
      (NoteClass(.A, .sharp), "A#", "La#", "Ais"),
      (NoteClass(.B, .flat), "Bb", "Sib", "B"),
      (NoteClass(.B), "B", "Si", "H"),
      (NoteClass(.B, .sharp), "B#", "Si#", "His"),
      (NoteClass(.C, .flat), "Cb", "Dob", "Ces"),
      (NoteClass(.B, .doubleFlat), "Bbb", "Sibb", "Heses"),
      (NoteClass(.C, .doubleSharp), "Cx", "Dox", "Cisis"),
      (NoteClass(.E, .doubleFlat), "Ebb", "Mibb", "Eses"),
      (NoteClass(.A, .doubleFlat), "Abb", "Labb", "Ases"),
      (NoteClass(.D, .doubleFlat), "Dbb", "Rebb", "Deses"),
      (NoteClass(.F, .doubleSharp), "Fx", "Fax", "Fisis"),
      (NoteClass(.B, .doubleSharp), "Bx", "Six", "Hisis"),
    ]
    for (noteClass, english, latin, german) in table {
      XCTAssertEqual(
        NamingSystem.english.name(of: noteClass, glyphs: .ascii), english, "English \(noteClass)")
      XCTAssertEqual(
        NamingSystem.latin.name(of: noteClass, glyphs: .ascii), latin, "Latin \(noteClass)")
      XCTAssertEqual(
        NamingSystem.german.name(of: noteClass, glyphs: .ascii), german, "German \(noteClass)")
    }
  }

  func testNamesWithUnicodeGlyphs() {
    let table: [(NoteClass, english: String, latin: String, german: String)] = [
      (NoteClass(.C, .sharp), "C♯", "Do♯", "Cis"),
      (NoteClass(.B, .flat), "B♭", "Si♭", "B"),
      (NoteClass(.E, .doubleFlat), "E𝄫", "Mi𝄫", "Eses"),
      (NoteClass(.F, .doubleSharp), "F𝄪", "Fa𝄪", "Fisis"),
      (NoteClass(.B, .doubleFlat), "B𝄫", "Si𝄫", "Heses"),
      (NoteClass(.G), "G", "Sol", "G"),
    ]
    for (noteClass, english, latin, german) in table {
      XCTAssertEqual(
        NamingSystem.english.name(of: noteClass, glyphs: .unicode), english,
        "English \(noteClass)")
      XCTAssertEqual(
        NamingSystem.latin.name(of: noteClass, glyphs: .unicode), latin, "Latin \(noteClass)")
      XCTAssertEqual(
        NamingSystem.german.name(of: noteClass, glyphs: .unicode), german, "German \(noteClass)")
    }
  }

  func testLetterNames() {
    let table: [(NamingSystem, names: [String])] = [
      (.english, ["C", "D", "E", "F", "G", "A", "B"]),
      (.latin, ["Do", "Re", "Mi", "Fa", "Sol", "La", "Si"]),
      (.german, ["C", "D", "E", "F", "G", "A", "H"]),
    ]
    XCTAssertEqual(table.map(\.0), NamingSystem.allCases)
    for (system, names) in table {
      XCTAssertEqual(system.letterNames, names, "letter names in \(system)")
    }
  }
}

final class NamingSystemParsingTests: XCTestCase {
  func testTypedNamesInEachNaming() {
    let cases: [(NamingSystem, String, NoteClass?)] = [
      (.english, "c", NoteClass(.C)), (.english, "F#", NoteClass(.F, .sharp)),
      (.english, " bb ", NoteClass(.B, .flat)), (.english, "E♭", NoteClass(.E, .flat)),
      (.latin, "sol", NoteClass(.G)), (.latin, "Si b", NoteClass(.B, .flat)),
      (.latin, "do#", NoteClass(.C, .sharp)), (.latin, "re", NoteClass(.D)),
      (.german, "h", NoteClass(.B)), (.german, "fis", NoteClass(.F, .sharp)),
      (.german, "b", NoteClass(.B, .flat)), (.english, "do", nil), (.latin, "C", nil),
      (.english, "", nil), (.english, "H", nil),
    ]
    for (naming, typed, expected) in cases {
      XCTAssertEqual(naming.noteClass(parsing: typed), expected, "\(typed) in \(naming)")
    }
  }
}
