import Foundation
import MusicTheory
import Storage
import XCTest

final class FretPatternJSONTests: XCTestCase {
  /// A lydian fragment: the tonic on string 6, the 2 and 3 above it, the #4 on string 5.
  private let lydian = FretPattern(
    id: "lydian-1", name: "Lydian, position 1", category: .scale, tuning: .guitarStandard,
    tones: [
      .init(string: 6, offset: 0), .init(string: 6, offset: 2), .init(string: 6, offset: 4),
      .init(string: 5, offset: 1, spelling: .augmentedFourth),
    ],
    description: "The major scale with a raised fourth.", instructions: "Play it up and down.")

  private func decode(_ text: String) throws -> FretPattern {
    try FretPattern(json: JSONValue(parsing: Data(text.utf8)))
  }

  /// A valid pattern file with one part replaced, so each case below differs in one field.
  private func file(
    id: String = #""a""#, category: String = #""scale""#, tuning: String = #""standard""#,
    tones: String = #"[{"string": 6, "fret": 0}, {"string": 6, "fret": 2}]"#
  ) -> String {
    #"{"id": \#(id), "name": "A", "category": \#(category), "tuning": \#(tuning), "tones": \#(tones)}"#
  }

  func testARoundTripKeepsEverything() throws {
    let text = String(decoding: try lydian.fileData(), as: UTF8.self)
    XCTAssertTrue(text.hasSuffix("}\n"), text)
    XCTAssertTrue(text.contains(#""spelling" : "A4""#), text)
    XCTAssertTrue(text.contains(#""tuning" : "standard""#), text)
    XCTAssertEqual(try decode(text), lydian)
    XCTAssertEqual(try decode(text).intervals.map(\.degreeName), ["1", "2", "3", "#4"])
  }

  func testACopyRemembersWhatItWasBasedOn() throws {
    var copy = lydian
    copy.id = "my-lydian"
    copy.basedOn = "lydian-1"
    let text = String(decoding: try copy.fileData(), as: UTF8.self)
    XCTAssertTrue(text.contains(#""basedOn" : "lydian-1""#), text)
    XCTAssertEqual(try decode(text), copy)
    XCTAssertFalse(String(decoding: try lydian.fileData(), as: UTF8.self).contains("basedOn"))
    XCTAssertThrowsError(
      try decode(
        #"{"id": "a", "name": "A", "category": "scale", "tuning": "standard", "basedOn": 3, "tones": [{"string": 6, "fret": 0}]}"#
      ))
  }

  /// The songs a shape is played in travel with it, in their order; a pattern naming none
  /// writes no `songs` key, so the shipped files stay as they were.
  func testSongsAreKeptInOrderAndLeftOutWhenNone() throws {
    var played = lydian
    played.songs = ["Flying in a Blue Dream", "Crossroads; live"]
    let text = String(decoding: try played.fileData(), as: UTF8.self)
    XCTAssertTrue(text.contains(#""songs" : ["#), text)
    XCTAssertEqual(try decode(text).songs, played.songs)
    XCTAssertEqual(try decode(text), played)
    XCTAssertFalse(String(decoding: try lydian.fileData(), as: UTF8.self).contains("songs"))
    XCTAssertEqual(try decode(file()).songs, [])
  }

  func testSongsAreTitlesOfOneLineWithinTheirLimits() {
    func withSongs(_ songs: String) -> String {
      #"{"id": "a", "name": "A", "category": "scale", "tuning": "standard", "songs": \#(songs), "tones": [{"string": 6, "fret": 0}]}"#
    }
    let longest = String(repeating: "x", count: FretPattern.songLength)
    XCTAssertNoThrow(try decode(withSongs(#"["\#(longest)"]"#)))
    let most = Array(repeating: #""a""#, count: FretPattern.songCount).joined(separator: ",")
    XCTAssertNoThrow(try decode(withSongs("[\(most)]")))
    let cases: [(String, String)] = [
      (#""Crossroads""#, "songs: must be a list of titles"),
      ("[3]", "songs[0]: must be a string"),
      (#"["a", "  "]"#, "songs[1]: must not be empty"),
      (#"["\#(longest)x"]"#, "songs[0]: is longer than 80 characters"),
      (#"["one\ntwo"]"#, "songs[0]: must be one line without control characters"),
      ("[\(most), \"b\"]", "songs: names at most 12 songs"),
    ]
    for (songs, expected) in cases {
      XCTAssertThrowsError(try decode(withSongs(songs)), songs) { error in
        XCTAssertEqual("\(error)", expected)
      }
    }
  }

  func testACustomTuningIsWrittenAsItsNotesAndReadBack() throws {
    var open = lydian
    open.tuning = try XCTUnwrap(Tuning(parsing: "C2 G2 C3 G3 C4 E4"))
    open.tones.removeLast()
    XCTAssertEqual(open.json.object?["tuning"], .string("C2 G2 C3 G3 C4 E4"))
    XCTAssertEqual(try decode(String(decoding: try open.fileData(), as: UTF8.self)), open)
  }

  func testASpelledShapeMovedToATuningWhereTheSpellingNoLongerFitsIsRefused() throws {
    var open = lydian
    open.tuning = try XCTUnwrap(Tuning(parsing: "C2 G2 C3 G3 C4 E4"))
    XCTAssertThrowsError(try decode(String(decoding: try open.fileData(), as: UTF8.self))) {
      error in
      XCTAssertEqual(
        "\(error)", "tones[3].spelling: A4 does not fit a tone 8 semitones above the tonic (m6)")
    }
  }

  func testTextsMayBeLeftOutAndUnknownKeysAreIgnored() throws {
    let pattern = try decode(
      #"{"id": "x", "name": "X", "category": "chord", "tuning": "D2 A2 D3 G3 B3 E4", "colour": "red", "tones": [{"string": 4, "fret": 0}]}"#
    )
    XCTAssertEqual(pattern.tuning, .dropD, "notes of a preset give the preset")
    XCTAssertEqual(pattern.category, .chord)
    XCTAssertEqual(pattern.description, "")
    XCTAssertEqual(pattern.instructions, "")
  }

  func testEachMistakeNamesItsField() {
    let cases: [(String, String)] = [
      (file(id: #""Dorian 3""#), "id: use lower-case letters, digits and hyphens"),
      (file(id: #""""#), "id: use lower-case letters"),
      (file(id: "3"), "id: must be a string"),
      (
        #"{"id": "a", "name": "", "category": "scale", "tuning": "standard", "tones": []}"#,
        "name: must not be empty"
      ),
      (
        file(category: #""scales""#),
        #"category: unknown category "scales"; use scale, arpeggio, chord"#
      ),
      (file(tuning: #""drop-x""#), #"tuning: "drop-x" is not a preset or a note"#),
      (file(tuning: #""E2 A2 H3""#), #"tuning: "H3" is not a note"#),
      (file(tones: "[]"), "tones: must hold at least the tonic"),
      (file(tones: #"{"string": 6}"#), "tones: must be a list of tones"),
      (file(tones: "[6]"), #"tones[0]: must be an object such as {"string": 6, "fret": 0}"#),
      (
        file(tones: #"[{"string": 7, "fret": 0}]"#),
        "tones[0].string: 7 is not a string of Guitar standard (1 to 6)"
      ),
      (
        file(tones: #"[{"string": 0, "fret": 0}]"#),
        "tones[0].string: 0 is not a string of Guitar standard (1 to 6)"
      ),
      (
        file(tuning: #""bass""#, tones: #"[{"string": 4, "fret": 0}, {"string": 5, "fret": 0}]"#),
        "tones[1].string: 5 is not a string of Bass standard (1 to 4)"
      ),
      (file(tones: #"[{"string": 6.5, "fret": 0}]"#), "tones[0].string: must be a whole number"),
      (file(tones: #"[{"string": 6, "fret": "2"}]"#), "tones[0].fret: must be a whole number"),
      (
        file(tones: #"[{"string": 6, "fret": 0}, {"string": 1, "fret": 25}]"#),
        "tones[1].fret: 25 is more than 24 frets from the tonic"
      ),
      (
        file(tones: #"[{"string": 6, "fret": 2}]"#),
        "tones[0].fret: the first tone is the tonic, so its fret is 0"
      ),
      (
        file(
          tones: #"[{"string": 6, "fret": 0}, {"string": 5, "fret": 2}, {"string": 5, "fret": 2}]"#),
        "tones[2]: string 5 fret 2 is already tones[1]"
      ),
      (
        file(tones: ##"[{"string": 6, "fret": 0}, {"string": 5, "fret": 1, "spelling": "#4"}]"##),
        "tones[1].spelling: is not an interval such as A4"
      ),
      (
        file(tones: #"[{"string": 6, "fret": 0}, {"string": 5, "fret": 0, "spelling": "A4"}]"#),
        "tones[1].spelling: A4 does not fit a tone 5 semitones above the tonic (P4)"
      ),
      (
        file(tones: #"[{"string": 6, "fret": 0, "spelling": "m2"}]"#),
        "tones[0].spelling: m2 does not fit a tone 0 semitones above the tonic (P1)"
      ),
      (#"["a"]"#, "pattern: must be a JSON object"),
    ]
    for (text, expected) in cases {
      XCTAssertThrowsError(try decode(text), text) { error in
        XCTAssertTrue("\(error)".hasPrefix(expected), "\(error) should start with \(expected)")
      }
    }
  }

  func testASpellingAnOctaveAwayFitsAndIsKept() throws {
    let ninth = try decode(
      file(tones: #"[{"string": 6, "fret": 0}, {"string": 4, "fret": 4, "spelling": "M9"}]"#))
    XCTAssertEqual(ninth.intervals.map(\.shortName), ["P1", "M9"])
  }
}

extension JSONValue {
  fileprivate var object: [String: JSONValue]? {
    guard case .object(let members) = self else { return nil }
    return members
  }
}
