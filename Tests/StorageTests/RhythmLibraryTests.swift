import Foundation
import MusicTheory
import Storage
import TestHelpers
import XCTest

final class RhythmLibraryTests: StorageTestCase {
  private var shipped: URL { RepositoryPaths.assets.appendingPathComponent("rhythms") }

  func testEveryShippedFileLoadsAsTheShapeOfItsIdInLearningOrder() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: shipped.path).sorted()
    XCTAssertEqual(names, RhythmPattern.shipped.map { "\($0.id).json" }.sorted())
    let library = RhythmLibrary(builtIn: shipped, user: folder.file("rhythms"))
    XCTAssertEqual(library.problems, [])
    XCTAssertEqual(library.patterns, RhythmPattern.shipped, "the files are the shapes, in order")
    XCTAssertTrue(library.entries.allSatisfy(\.isBuiltIn))
    for short in ["quarter", "eighths", "triplet", "rest"] {
      XCTAssertNotNil(library.pattern(id: short), "the command line's \(short)")
    }
  }

  private func read(_ text: String) throws -> RhythmPattern {
    try RhythmLibrary.read(try folder.write(text, to: "rhythm.json"))
  }

  func testAFileReadsAsItsPattern() throws {
    let pattern = try read(
      #"{"id": "gallop", "name": "Gallop", "notes": ["1/2", "rest 1/4", "1/4"], "extra": true}"#)
    XCTAssertEqual(pattern.id, "gallop")
    XCTAssertEqual(pattern.name, "Gallop")
    XCTAssertEqual(
      pattern.events,
      [.note(BeatFraction(1, 2)), .rest(BeatFraction(1, 4)), .note(BeatFraction(1, 4))])
  }

  func testAFileWritesLongNotesAndTies() throws {
    let pattern = try read(
      #"{"id": "charleston", "name": "Charleston", "notes": ["1 tied", "1/2", "1/2", "rest 2"]}"#)
    XCTAssertEqual(pattern.beats, 4)
    XCTAssertEqual(
      pattern.events,
      [
        .note(.one, tied: true), .note(BeatFraction(1, 2)), .note(BeatFraction(1, 2)),
        .rest(BeatFraction(2)),
      ])
    XCTAssertEqual(
      pattern.notes.map(\.onset), [.zero, BeatFraction(3, 2)], "the tied-into eighth is no onset")
  }

  func testEachMistakeIsOneLineNamingTheFileAndTheField() throws {
    let cases: [(String, String)] = [
      (#"["1"]"#, "pattern: must be a JSON object"),
      (#"{"id": "a""#, "not valid JSON"),
      (#"{"name": "A", "notes": ["1"]}"#, "id: must be a string"),
      (#"{"id": "A b", "name": "A", "notes": ["1"]}"#, "id: use lower-case letters"),
      (#"{"id": "a", "notes": ["1"]}"#, "name: must be a string"),
      (#"{"id": "a", "name": "", "notes": ["1"]}"#, "name: must not be empty"),
      (#"{"id": "a", "name": "A"}"#, "notes: must be a list of lengths"),
      (#"{"id": "a", "name": "A", "notes": "1/2 1/2"}"#, "notes: must be a list of lengths"),
      (#"{"id": "a", "name": "A", "notes": []}"#, "notes: must hold at least one note or a rest"),
      (#"{"id": "a", "name": "A", "notes": ["1/2", 0.5]}"#, "notes[1]: is not a length such as"),
      (#"{"id": "a", "name": "A", "notes": ["1/2", "half"]}"#, "notes[1]: is not a length"),
      (#"{"id": "a", "name": "A", "notes": ["1/2", "pause 1/2"]}"#, "notes[1]: is not a length"),
      (#"{"id": "a", "name": "A", "notes": ["1/2", "1/0"]}"#, "notes[1]: is not a length"),
      (#"{"id": "a", "name": "A", "notes": ["-1/2", "1/2"]}"#, "notes[0]: is not a length"),
      (#"{"id": "a", "name": "A", "notes": ["0", "1"]}"#, "notes[0]: must be longer than 0"),
      (#"{"id": "a", "name": "A", "notes": ["1/2", "3/2"]}"#, "notes[1]: runs across a beat"),
      (#"{"id": "a", "name": "A", "notes": ["1/2", "2 tied"]}"#, "notes[1]: runs across a beat"),
      (#"{"id": "a", "name": "A", "notes": ["1/2", "1/2 tied"]}"#, "notes[1]: is tied, but a tie"),
      (
        #"{"id": "a", "name": "A", "notes": ["1/2 tied", "rest 1/2"]}"#,
        "notes[0]: is tied, but a tie joins a note to the note right after it"
      ),
      (
        #"{"id": "a", "name": "A", "notes": ["rest 1/2 tied", "1/2"]}"#, "notes[0]: is not a length"
      ),
      (#"{"id": "a", "name": "A", "notes": ["1/2 tie", "1/2"]}"#, "notes[0]: is not a length"),
      (
        #"{"id": "a", "name": "A", "notes": ["8"]}"#, "notes[0]: is longer than a bar of 4 beats"
      ),
      (
        #"{"id": "a", "name": "A", "notes": ["9223372036854775807", "1"]}"#,
        "notes[0]: is longer than a bar of 4 beats"
      ),
      (
        #"{"id": "a", "name": "A", "notes": ["4", "4"]}"#,
        "notes: add up to 8 beats; a pattern fills whole beats, 1 to 4"
      ),
      (
        #"{"id": "a", "name": "A", "notes": ["1/2", "1/128", "63/128"]}"#,
        "notes[1]: divides the beat into more than 64 parts"
      ),
      (
        #"{"id": "a", "name": "A", "notes": ["1/2", "1/4"]}"#,
        "notes: add up to 3/4 beats; a pattern fills whole beats, 1 to 4"
      ),
      (
        #"{"id": "a", "name": "A", "notes": ["1/3", "1/3", "1/3", "1/6"]}"#,
        "notes: add up to 7/6 beats"
      ),
      (
        #"{"id": "a", "name": "A", "notes": ["1/8","1/8","1/8","1/8","1/8","1/8","1/8","1/16","1/16"]}"#,
        "notes: has more than 8 notes and rests in beat 1; a beat holds at most 8"
      ),
      (
        #"{"id": "a", "name": "A", "notes": ["rest 1/2", "rest 1/2"]}"#,
        #"notes: silence is written as one rest, such as "rest 1" or "rest 2""#
      ),
      (#"{"id": "a", "name": "A", "level": 0, "notes": ["1"]}"#, "level: must be a whole number"),
      (#"{"id": "a", "name": "A", "level": "2", "notes": ["1"]}"#, "level: must be a whole number"),
    ]
    for (text, expected) in cases {
      XCTAssertThrowsError(try read(text), text) { error in
        assertOneLine(error, startsWith: "rhythm.json cannot be used: ")
        XCTAssertTrue("\(error)".contains(expected), "\(error) should say \(expected)")
      }
    }
  }

  func testABrokenUserFileIsReportedAndTheRestLoadInLevelOrder() throws {
    let user = folder.file("rhythms")
    try folder.write(#"{"id": "x", "name": "X", "notes": ["1/2"]}"#, to: "rhythms/bad.json")
    try folder.write(
      #"{"id": "eighths", "name": "Mine", "notes": ["1/2", "1/2"]}"#, to: "rhythms/again.json")
    try folder.write(
      #"{"id": "clave", "name": "Clave", "level": 10, "notes": ["3/4", "1/4"]}"#,
      to: "rhythms/clave.json")
    try folder.write(
      #"{"id": "first", "name": "First", "notes": ["rest 1/4", "3/4"]}"#, to: "rhythms/a.json")
    let library = RhythmLibrary(builtIn: shipped, user: user)
    XCTAssertEqual(
      library.problems,
      [
        #"again.json cannot be used: id: "eighths" is already the id of eighths.json"#,
        "bad.json cannot be used: notes: add up to 1/2 beats; a pattern fills whole beats, 1 to 4",
      ])
    XCTAssertEqual(library.pattern(id: "eighths")?.name, "Two eighths", "the shipped one stays")
    XCTAssertEqual(library.patterns.first?.id, "first", "no level is level 1; a.json < quarter")
    XCTAssertEqual(library.patterns.last?.id, "clave")
    XCTAssertEqual(library.entries.first { $0.pattern.id == "clave" }?.isBuiltIn, false)
    XCTAssertEqual(library.entries.last?.level, 10)
  }

  func testNoUserFolderIsNoUserPatterns() {
    let library = RhythmLibrary(builtIn: shipped, user: folder.file("missing"))
    XCTAssertEqual(library.problems, [])
    XCTAssertEqual(library.entries.count, RhythmPattern.shipped.count)
  }
}
