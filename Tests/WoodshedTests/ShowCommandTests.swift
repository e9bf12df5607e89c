import Foundation
import XCTest

/// `woodshed show`: a scale, chord or arpeggio spelled, and drawn on the neck.
final class ShowCommandTests: XCTestCase {
  private var woodshed: WoodshedProcess!

  override func setUpWithError() throws {
    woodshed = try WoodshedProcess()
  }

  override func tearDown() {
    woodshed.remove()
  }

  private func firstLine(_ arguments: [String]) throws -> String {
    let result = try woodshed.run(["show"] + arguments)
    XCTAssertEqual(result.status, 0, result.error)
    return String(result.output.split(separator: "\n").first ?? "")
  }

  func testTheFirstLineSpellsTheNotes() throws {
    XCTAssertEqual(try firstLine(["scale", "D dorian"]), "D E F G A B C")
    XCTAssertEqual(try firstLine(["scale", "Gb", "major"]), "Gb Ab Bb Cb Db Eb F")
    XCTAssertEqual(try firstLine(["scale", "A blues"]), "A C D Eb E G")
    XCTAssertEqual(try firstLine(["chord", "F#m7b5"]), "F# A C E")
    XCTAssertEqual(try firstLine(["chord", "Cdim7"]), "C Eb Gb Bbb")
    XCTAssertEqual(try firstLine(["arpeggio", "Cmaj7"]), "C E G B")
  }

  /// `--sequence`: the run up and back after the notes, the neck still below; for scales only.
  func testASequenceOfAScale() throws {
    let result = try woodshed.run(["show", "scale", "D dorian", "--sequence", "fourths"])
    XCTAssertEqual(result.status, 0, result.error)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines[0], "D E F G A B C")
    XCTAssertEqual(lines[3], "up:   D G, E A, F B, G C, A D, B E, C F, D")
    XCTAssertEqual(lines[4], "down: D A, C G, B F, A E, G D, F C, E B, D")
    XCTAssertTrue(result.output.contains("string 6:"), result.output)
    let chord = try woodshed.run(["show", "chord", "C", "--sequence", "thirds"])
    XCTAssertEqual(chord.error, "Error: --sequence is for scales\n")
    let unknown = try woodshed.run(["show", "scale", "C major", "--sequence", "fifths"])
    XCTAssertEqual(
      unknown.error,
      "Error: --sequence is one of thirds, fourths, sixths, groups-of-3, groups-of-4, not \"fifths\"\n"
    )
  }

  /// `--chords`: a seven-note scale's triads and sevenths with Roman numerals, after the notes.
  func testAScalesChords() throws {
    let result = try woodshed.run(["show", "scale", "D dorian", "--chords"])
    XCTAssertEqual(result.status, 0, result.error)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertEqual(lines[3], "triads:   i Dm, ii Em, III F, IV G, v Am, vi° Bdim, VII C")
    XCTAssertEqual(
      lines[4],
      "sevenths: i7 Dm7, ii7 Em7, IIImaj7 Fmaj7, IV7 G7, v7 Am7, viø7 Bm7b5, VIImaj7 Cmaj7")
    let pentatonic = try woodshed.run(["show", "scale", "A minor pentatonic", "--chords"])
    XCTAssertEqual(
      pentatonic.error,
      "Error: --chords is for seven-note scales: A minor pentatonic has 5 notes\n")
  }

  /// `--chords` then draws each triad inside the scale's first position (C major's: frets
  /// 8-13 with the tonic on string 6, drawn from fret 7), its tones on the frets the position
  /// plays, or with
  /// `--sevenths` each seventh chord; a position the scale lacks is one line.
  func testAScalesChordsInsideItsPosition() throws {
    let result = try woodshed.run(["show", "scale", "C major", "--chords", "--glyphs", "ascii"])
    XCTAssertEqual(result.status, 0, result.error)
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    let heading = try XCTUnwrap(lines.firstIndex(of: "triads in position 1, frets 7-13:"))
    XCTAssertEqual(lines[heading + 2], "I C: C E G")
    let ii = try XCTUnwrap(lines.firstIndex(of: "ii Dm: D F A"))
    XCTAssertEqual(lines[ii + 10], "string 6: 10 D (root)")
    XCTAssertEqual(lines[ii + 11], "string 5: 8 F, 12 A")
    XCTAssertEqual(lines[ii + 15], "string 1: 10 D (root), 13 F")
    XCTAssertTrue(lines.contains("vii° Bdim: B D F"), result.output)
    XCTAssertEqual(lines.filter { $0.hasPrefix("string 6:") }.count, 8, "the scale and 7 chords")

    let sevenths = try woodshed.run(
      ["show", "scale", "C major", "--chords", "--sevenths", "--position", "2"])
    XCTAssertEqual(sevenths.status, 0, sevenths.error)
    XCTAssertTrue(sevenths.output.contains("sevenths in position 2, frets 9-15:"), sevenths.output)
    XCTAssertTrue(sevenths.output.contains("viiø7 Bm7b5: B D F A"), sevenths.output)

    let beyond = try woodshed.run(["show", "scale", "C major", "--chords", "--position", "8"])
    XCTAssertEqual(beyond.error, "Error: --position is 1-7 for C major in this tuning, not 8\n")
    let alone = try woodshed.run(["show", "scale", "C major", "--sevenths"])
    XCTAssertEqual(alone.error, "Error: --sevenths and --position go with --chords\n")
  }

  /// A scale's second line says what it is, in the player's language, for the new scales in
  /// any key as for the old.
  func testTheSecondLineDescribesTheScale() throws {
    let hirajoshi = try woodshed.run(["show", "scale", "Eb hirajoshi"])
    XCTAssertEqual(hirajoshi.status, 0, hirajoshi.error)
    XCTAssertEqual(
      hirajoshi.output.split(separator: "\n").prefix(2),
      ["Eb F Gb Bb Cb", "A Japanese pentatonic scale, as the koto is tuned: 1 2 b3 5 b6."])
    let hijaz = try woodshed.run(["show", "scale", "D hijaz"])
    XCTAssertEqual(
      hijaz.output.split(separator: "\n").prefix(2),
      [
        "D Eb F# G A Bb C",
        "The fifth mode of harmonic minor, in flamenco and klezmer; also maqam Hijaz"
          + " approximated in 12-TET.",
      ])
    try woodshed.writeSettings(#"{"language": "es"}"#)
    let wholeTone = try woodshed.run(["show", "scale", "C whole tone"])
    XCTAssertEqual(
      wholeTone.output.split(separator: "\n").prefix(2),
      [
        "C D E F# Ab Bb",
        "Seis notas a un tono, escritas 1 2 3 #4 b6 b7: sobre acordes aumentados y 7#5.",
      ])
    let chord = try woodshed.run(["show", "chord", "C"])
    XCTAssertEqual(chord.output.split(separator: "\n", omittingEmptySubsequences: false)[1], "")
  }

  func testTheNeckShowsEachToneWithItsInterval() throws {
    let result = try woodshed.run(
      ["show", "chord", "F#m7b5", "--frets", "0-7", "--glyphs", "ascii"])
    XCTAssertEqual(result.status, 0, result.error)
    XCTAssertEqual(
      result.output,
      """
      F# A C E

      E  b7 |----+--1-+----+----+-b3-+----+----+
      B     |-b5-+----+----+----+-b7-+----+--1-+
      G     |----+-b3-+----+----+-b5-+----+----+
      D     |----+-b7-+----+--1-+----+----+-b3-+
      A  b3 |----+----+-b5-+----+----+----+-b7-+
      E  b7 |----+--1-+----+----+-b3-+----+----+
                         *         *         *
          0    1    2    3    4    5    6    7

      string 6: 0 E, 2 F# (root), 5 A
      string 5: 0 A, 3 C, 7 E
      string 4: 2 E, 4 F# (root), 7 A
      string 3: 2 A, 5 C
      string 2: 1 C, 5 E, 7 F# (root)
      string 1: 0 E, 2 F# (root), 5 A

      """)
  }

  /// Every place on the neck is also in words, in the player's language and note names, the
  /// root marked: what a screen reader or a braille display reads of the picture.
  func testThePlacesAreNamedInWordsInThePlayersLanguage() throws {
    try woodshed.writeSettings(#"{"language": "es"}"#)
    let result = try woodshed.run(["show", "scale", "A minor pentatonic", "--frets", "5-8"])
    XCTAssertEqual(result.status, 0, result.error)
    let words = result.output.split(separator: "\n").suffix(6)
    XCTAssertEqual(
      words,
      [
        "cuerda 6: 5 A (tónica), 8 C", "cuerda 5: 5 D, 7 E", "cuerda 4: 5 G, 7 A (tónica)",
        "cuerda 3: 5 C, 7 D", "cuerda 2: 5 E, 8 G", "cuerda 1: 5 A (tónica), 8 C",
      ], result.output)

    try woodshed.writeSettings(#"{"language": "es", "noteNaming": "latin"}"#)
    let chord = try woodshed.run(["show", "chord", "F#m7b5", "--frets", "0-3"])
    XCTAssertTrue(
      chord.output.hasSuffix("cuerda 1: 0 Mi, 2 Fa♯ (fundamental)\n"), chord.output)
  }

  /// Without UTF-8 the words are ASCII, and a language ASCII cannot show is English.
  func testWithoutUTF8TheWordsAreASCIIAndInEnglishForRussian() throws {
    try woodshed.writeSettings(#"{"language": "ru"}"#)
    let ascii = try woodshed.run(
      ["show", "arpeggio", "Bb", "--frets", "0-1"],
      environment: woodshed.environment(lang: "C"))
    XCTAssertEqual(ascii.status, 0, ascii.error)
    XCTAssertTrue(ascii.output.hasSuffix("string 1: 1 F\n"), ascii.output)
    XCTAssertTrue(ascii.output.contains("string 5: 1 Bb (root)\n"), ascii.output)
    XCTAssertTrue(ascii.output.allSatisfy(\.isASCII), ascii.output)
    let russian = try woodshed.run(["show", "arpeggio", "Bb", "--frets", "0-1"])
    XCTAssertTrue(russian.output.contains("струна 5: 1 B♭ (основной тон)\n"), russian.output)
  }

  func testTuningWindowAndHandedness() throws {
    let result = try woodshed.run(
      [
        "show", "arpeggio", "G", "--tuning", "drop-d", "--frets", "5-9", "--left", "--glyphs",
        "ascii",
      ])
    XCTAssertEqual(result.status, 0, result.error)
    let lines = result.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.first, "G B D")
    XCTAssertEqual(
      lines.count, 1 + 6 + 2 + 6, "six strings, inlays and fret numbers, a line of words a string"
    )
    XCTAssertTrue(
      lines[8].hasSuffix("5"), "left-handed: fret numbers fall to the right: \(lines)")
    XCTAssertTrue(lines[6].hasSuffix("D"), "the low string is D: \(lines[6])")
    XCTAssertEqual(lines[9], "string 6: 5 G (root), 9 B", "the low D string's frets")
  }

  func testBadInputGivesOneLine() throws {
    for (arguments, message) in [
      (["chord", "Cm13b9"], "unknown chord quality \"m13b9\""),
      (["scale", "D dorain"], "unknown scale type \"dorain\""),
      (["scale", "H major"], "unknown note"),
      (["mode", "C"], "use scale, chord or arpeggio"),
      (["scale", "C major", "--frets", "3-30"], "is not a fret window"),
      (["scale", "C major", "--frets", "-3-5"], "\"-3-5\" is not a fret window"),
      (["chord", "C", "--tuning", "X2 A2"], "\"X2\" is not a note"),
    ] {
      let result = try woodshed.run(["show"] + arguments)
      XCTAssertNotEqual(result.status, 0, "\(arguments)")
      XCTAssertTrue(result.error.contains(message), "\(arguments): \(result.error)")
      XCTAssertEqual(result.error.split(separator: "\n").count, 1, result.error)
    }
  }
}
