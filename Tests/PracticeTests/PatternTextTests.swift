import MusicTheory
import Practice
import XCTest

/// The library's texts as templates and arguments: the English the files hold, read back into
/// the same sentences, and any other text left alone.
final class PatternTextTests: XCTestCase {
  private let library = PatternGenerator.library(for: .guitarStandard)

  private func pattern(_ id: String) throws -> FretPattern {
    try XCTUnwrap(library.first { $0.id == id })
  }

  func testEveryTextTheGeneratorWritesIsReadBack() {
    let patterns = Tuning.presets.flatMap { PatternGenerator.library(for: $0) }
    for text in Set(patterns.flatMap { [$0.description, $0.instructions] }) {
      XCTAssertEqual(PatternText(english: text)?.english, text)
    }
  }

  func testAScaleIsReadAsItsTemplateWithWordsAndValues() throws {
    let major = try pattern("major-1")
    XCTAssertEqual(
      PatternText(english: major.description),
      PatternText(
        "pattern.about.threePerString",
        [
          "scale": .word("pattern.scale.major"), "degrees": .value("1 2 3 4 5 6 7"),
          "degree": .word("pattern.root"), "string": .value("6"),
        ]))
    XCTAssertEqual(PatternText(english: major.instructions), PatternText("pattern.play.scale"))
  }

  func testAChordLeavingOutItsFifthIsTwoSentences() throws {
    let ninth = try pattern("9-chord-3")
    let text = try XCTUnwrap(PatternText(english: ninth.description))
    XCTAssertEqual(text.sentences.map(\.key), ["pattern.about.chord", "pattern.about.leftOut"])
    XCTAssertEqual(text.sentences[0].arguments["chord"], .word("pattern.chord.dominant-ninth"))
    XCTAssertEqual(text.sentences[1].arguments, ["degree": .value("5")])
  }

  func testATextTheTemplatesDoNotMakeIsNotRead() throws {
    let major = try pattern("major-1").description
    let edited = [
      "", "My favourite box: slow, then fast.",
      major.replacing("three notes", with: "3 notes"),
      major + " Then the next one.", "Tip: " + major, major + " ",
      major.replacing("The major scale", with: "The bebop scale"),
    ]
    for text in edited {
      XCTAssertNil(PatternText(english: text), text)
    }
  }

  func testItIsSaidWithTheTextsGiven() throws {
    let blues = try XCTUnwrap(PatternText(english: pattern("blues-2").description))
    let texts = [
      "pattern.about.blues": "{scale} [{degrees}] {pentatonic} {n} +{added}",
      "pattern.scale.blues": "Blues", "pattern.pentatonic.minor-pentatonic": "pentatonic",
    ]
    XCTAssertEqual(blues.rendered { texts[$0] ?? $0 }, "Blues [1 b3 4 b5 5 b7] pentatonic 2 +b5")
  }
}
