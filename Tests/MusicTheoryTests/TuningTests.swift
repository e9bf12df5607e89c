import Foundation
import MusicTheory
import XCTest

final class TuningTests: XCTestCase {
  private func notes(_ tuning: Tuning) -> String {
    tuning.openStrings.map(\.description).joined(separator: " ")
  }

  func testPresetsHaveTheirOpenStringsLowestFirst() {
    let expected: [(Tuning, id: String, notes: String)] = [
      (.guitarStandard, "standard", "E2 A2 D3 G3 B3 E4"),
      (.dropD, "drop-d", "D2 A2 D3 G3 B3 E4"),
      (.dadgad, "dadgad", "D2 A2 D3 G3 A3 D4"),
      (.openG, "open-g", "D2 G2 D3 G3 B3 D4"),
      (.openD, "open-d", "D2 A2 D3 F#3 A3 D4"),
      (.halfStepDown, "half-step-down", "Eb2 Ab2 Db3 Gb3 Bb3 Eb4"),
      (.sevenString, "7-string", "B1 E2 A2 D3 G3 B3 E4"),
      (.bass, "bass", "E1 A1 D2 G2"),
      (.fiveStringBass, "bass-5", "B0 E1 A1 D2 G2"),
      (.ukulele, "ukulele", "G4 C4 E4 A4"),
    ]
    XCTAssertEqual(Tuning.presets, expected.map(\.0))
    for (tuning, id, text) in expected {
      XCTAssertEqual(tuning.id, id)
      XCTAssertEqual(notes(tuning), text, id)
      XCTAssertEqual(tuning.stringCount, text.split(separator: " ").count, id)
    }
  }

  func testStringOneIsTheLastOpenString() {
    XCTAssertEqual(Tuning.guitarStandard.openNote(string: 1).description, "E4")
    XCTAssertEqual(Tuning.guitarStandard.openNote(string: 6).description, "E2")
    XCTAssertEqual(Tuning.sevenString.openNote(string: 7).description, "B1")
    // Re-entrant: the 4th string lies above the 3rd but sounds higher.
    XCTAssertEqual(Tuning.ukulele.openNote(string: 4).description, "G4")
    XCTAssertEqual(Tuning.ukulele.openNote(string: 3).description, "C4")
  }

  func testParsingPresetIdsAndNames() {
    let cases: [(String, Tuning)] = [
      ("standard", .guitarStandard), ("Guitar standard", .guitarStandard),
      ("drop-d", .dropD), ("Drop D", .dropD), ("drop_d", .dropD), (" DROP  D ", .dropD),
      ("dadgad", .dadgad), ("open-g", .openG), ("Open D", .openD),
      ("half step down", .halfStepDown), ("7-string", .sevenString), ("bass", .bass),
      ("bass-5", .fiveStringBass), ("5-string bass", .fiveStringBass), ("Ukulele", .ukulele),
    ]
    for (text, tuning) in cases {
      XCTAssertEqual(Tuning(parsing: text), tuning, text)
      XCTAssertNil(Tuning.problem(parsing: text), text)
    }
  }

  func testParsingOpenStrings() throws {
    XCTAssertEqual(Tuning(parsing: "D2 A2 D3 G3 B3 E4"), .dropD, "a preset's notes give the preset")
    XCTAssertEqual(Tuning(parsing: "E1, A1, D2, G2"), .bass)
    let openC = try XCTUnwrap(Tuning(parsing: "C2 G2 C3 G3 C4 E4"))
    XCTAssertEqual(openC.id, "C2 G2 C3 G3 C4 E4")
    XCTAssertEqual(openC.name, "C2 G2 C3 G3 C4 E4")
    XCTAssertEqual(openC.openNote(string: 6).description, "C2")
    XCTAssertEqual(
      Tuning(parsing: "C#3 F#3\tB3")?.openStrings,
      ["C#3", "F#3", "B3"].compactMap(Note.init(parsing:)))
    XCTAssertEqual(Tuning(parsing: "E2")?.stringCount, 1)
    for tuning in Tuning.presets + [openC] {
      XCTAssertEqual(Tuning(parsing: tuning.id), tuning, "the id reads back")
    }
  }

  func testBadTuningsAreRefusedWithAReason() {
    let cases: [(text: String, reason: String)] = [
      ("", "no tuning given"),
      ("   ", "no tuning given"),
      ("standart", "\"standart\" is not a preset or a note"),
      ("E2 A2 X3 G3", "\"X3\" is not a note"),
      ("E A D G B E", "\"E\" is not a note"),
      (Array(repeating: "E2", count: 13).joined(separator: " "), "1 to 12 strings, not 13"),
      ("C10 E4", "C10 is outside the MIDI range"),
    ]
    for (text, reason) in cases {
      XCTAssertNil(Tuning(parsing: text), text)
      let problem = Tuning.problem(parsing: text) ?? ""
      XCTAssertTrue(problem.contains(reason), "\(text): \(problem)")
      XCTAssertFalse(problem.contains("\n"), "one line")
    }
    XCTAssertTrue(Tuning.problem(parsing: "standart")?.contains("standard, drop-d") ?? false)
    XCTAssertNil(Tuning(openStrings: []))
  }

  func testNoteAtStringAndFret() {
    let cases: [(Tuning, string: Int, fret: Int, note: String)] = [
      (.guitarStandard, 6, 3, "G2"), (.guitarStandard, 1, 0, "E4"), (.guitarStandard, 2, 1, "C4"),
      (.guitarStandard, 3, 1, "G#3"), (.guitarStandard, 1, 12, "E5"), (.guitarStandard, 5, 3, "C3"),
      (.halfStepDown, 6, 0, "Eb2"), (.halfStepDown, 6, 1, "E2"), (.halfStepDown, 6, 3, "Gb2"),
      (.openD, 3, 0, "F#3"), (.openD, 3, 1, "G3"), (.dropD, 6, 2, "E2"),
      (.ukulele, 4, 2, "A4"), (.ukulele, 3, 4, "E4"), (.bass, 4, 5, "A1"),
      (.fiveStringBass, 5, 1, "C1"), (.sevenString, 7, 0, "B1"),
    ]
    for (tuning, string, fret, note) in cases {
      XCTAssertEqual(
        tuning.note(string: string, fret: fret).description, note, "\(tuning.id) \(string)/\(fret)")
      XCTAssertEqual(
        tuning.pitch(string: string, fret: fret), Note(parsing: note)?.pitch,
        "\(tuning.id) \(string)/\(fret)")
    }
  }

  func testSpellingPreferenceWins() {
    XCTAssertEqual(
      Tuning.guitarStandard.note(string: 3, fret: 1, preferSharps: false).description, "Ab3")
    XCTAssertEqual(
      Tuning.halfStepDown.note(string: 6, fret: 0, preferSharps: true).description, "D#2")
    XCTAssertEqual(Tuning.openD.note(string: 3, fret: 0, preferSharps: false).description, "Gb3")
  }

  func testPositionsOfAPitchClass() {
    func found(_ tuning: Tuning, _ pitchClass: Int, _ frets: ClosedRange<Int>) -> [String] {
      tuning.positions(of: pitchClass, frets: frets).map { "\($0.string)/\($0.fret)" }
    }
    XCTAssertEqual(found(.guitarStandard, 0, 0...3), ["2/1", "5/3"], "C in open position")
    XCTAssertEqual(found(.guitarStandard, 4, 0...4), ["1/0", "4/2", "6/0"], "E, open strings too")
    XCTAssertEqual(found(.guitarStandard, -8, 0...4), ["1/0", "4/2", "6/0"], "modulo 12")
    XCTAssertEqual(found(.guitarStandard, 4, 5...12), ["1/12", "2/5", "3/9", "5/7", "6/12"])
    XCTAssertEqual(found(.ukulele, 9, 0...2), ["1/0", "4/2"], "A on a re-entrant ukulele")
    XCTAssertEqual(found(.bass, 7, 0...5), ["1/0", "2/5", "4/3"])
    XCTAssertEqual(found(.guitarStandard, 4, -5...(-1)), [])
    XCTAssertEqual(found(.guitarStandard, 4, -5...0), ["1/0", "6/0"])
  }

  func testCodableAsItsId() throws {
    let tunings = [Tuning.dropD, try XCTUnwrap(Tuning(parsing: "C2 G2 C3 G3 C4 E4"))]
    let data = try JSONEncoder().encode(tunings)
    XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["drop-d","C2 G2 C3 G3 C4 E4"]"#)
    XCTAssertEqual(try JSONDecoder().decode([Tuning].self, from: data), tunings)
    XCTAssertThrowsError(try JSONDecoder().decode(Tuning.self, from: Data(#""E2 H2""#.utf8)))
  }
}
