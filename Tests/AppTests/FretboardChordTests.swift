import App
import MusicTheory
import Practice
import Storage
import TerminalUI
import TestHelpers
import XCTest

/// A scale's chords inside its position: `c` on a scale's neck lights each diatonic chord's
/// tones where the position plays them, with its numeral and symbol in the title.
final class FretboardChordTests: XCTestCase {
  private func model(
    _ patterns: [FretPattern] = [FretboardSequenceTests.major], root: String = "C",
    size: Size = Size(width: 80, height: 24)
  ) -> AppModel {
    var settings = Settings()
    settings.fretboard.root = root
    return AppModel(
      settings: settings, size: size, clock: ClockTime(hour: 9, minute: 5, day: AppFixtures.today),
      catalog: AppFixtures.catalog, paths: AppFixtures.paths, detectedGlyphs: .unicode,
      patterns: patterns, history: [])
  }

  private func screen(_ model: AppModel) -> FretboardModel? {
    if case .fretboard(let screen) = model.screen { return screen }
    XCTFail("the fretboard screen is not on top")
    return nil
  }

  private func text(_ model: AppModel) -> String {
    AppView.render(model).lines.joined(separator: "\n")
  }

  /// Every seven-note scale position of the library, on every tonic it can be spelled on:
  /// the chords are the scale's `DiatonicChord`s, every place lit holds a tone of the chord
  /// (the root marked 1), every place of the position that holds one is lit, and each of the
  /// chord's tones is somewhere in the position.
  func testTheChordTonesInsideEveryPositionInEveryKey() throws {
    let positions = PatternGenerator.library(for: .guitarStandard).filter {
      $0.scaleType?.intervals.count == 7
    }
    XCTAssertGreaterThan(positions.count, 100)
    let tonics = Letter.allCases.flatMap { letter in
      [Accidental.flat, .natural, .sharp].map { NoteClass(letter, $0) }
    }
    var checked = 0
    for pattern in positions {
      for tonic in tonics {
        guard let scale = pattern.scale(root: tonic) else { continue }
        let chords = try XCTUnwrap(FretboardModel.chords(of: pattern, root: tonic))
        XCTAssertEqual(
          chords,
          try XCTUnwrap(scale.diatonicChords(sevenths: false))
            + XCTUnwrap(scale.diatonicChords(sevenths: true)))
        let noteClasses = pattern.intervals.map { tonic + $0 }
        for chord in chords {
          let tones = Set(chord.notes.map(\.semitonesFromC))
          let lit = chord.tones(among: noteClasses)
          let context = "\(pattern.id) on \(tonic), \(chord.numeral)"
          for (index, degree) in lit {
            let note = try XCTUnwrap(noteClasses[index])
            XCTAssertTrue(tones.contains(note.semitonesFromC), context)
            XCTAssertEqual(degree == "1", note.semitonesFromC == chord.notes[0].semitonesFromC)
          }
          let holding = noteClasses.indices.filter {
            noteClasses[$0].map { tones.contains($0.semitonesFromC) } ?? false
          }
          XCTAssertEqual(lit.map(\.index), holding, context)
          XCTAssertEqual(
            Set(lit.compactMap { noteClasses[$0.index]?.semitonesFromC }), tones, context)
          checked += 1
        }
      }
    }
    XCTAssertGreaterThan(checked, 10_000)
  }

  func testCStepsThroughTheTriadsThenTheSeventhsThenBackToTheScale() throws {
    var model = model()
    model.press(.character("4"), .enter)
    XCTAssertNil(screen(model)?.chordStep)
    model.press(.character("c"))
    XCTAssertTrue(text(model).contains("I C in Major, position 1"), text(model))
    XCTAssertTrue(text(model).contains("C  E  G"), text(model))
    model.press(.character("c"))
    // D minor in C major position 1: D at string 6 fret 10 is its root, F on string 5.
    let lines = AppView.render(model).lines
    XCTAssertTrue(text(model).contains("ii Dm in Major"), text(model))
    XCTAssertTrue(text(model).contains("string 6: 10 (1); string 5: 8 (b3), 12 (5)"), text(model))
    XCTAssertTrue(lines.contains { $0.contains("D  F  A") }, text(model))
    for _ in 0..<6 { model.press(.character("c")) }
    XCTAssertTrue(text(model).contains("Imaj7 Cmaj7 in Major"), text(model))
    for _ in 0..<6 { model.press(.character("c")) }
    XCTAssertTrue(text(model).contains("viiø7 Bm7b5 in Major"), text(model))
    model.press(.character("c"))
    XCTAssertNil(screen(model)?.chordStep, "after the last chord, the scale again")
    model.press(.character("c"), .character("c"))
    model.press(.escape)
    XCTAssertNil(screen(model)?.chordStep, "Esc goes back to the scale")
    XCTAssertEqual(screen(model)?.phase, .exploring, "and stays on the neck")
  }

  func testSpelledInTheKeyAndNamedAsThePlayerNamesNotes() {
    var model = model(root: "F#")
    model.press(.character("4"), .enter, .character("c"), .character("c"), .character("c"))
    XCTAssertTrue(text(model).contains("iii A♯m in Major"), text(model))
    XCTAssertTrue(text(model).contains("A♯  C♯  E♯"), text(model))
  }

  func testAPentatonicHasNoSuchChords() {
    var model = model([FretboardScreenTests.minorPentatonic], root: "A")
    model.press(.character("4"), .enter, .character("c"))
    XCTAssertNil(screen(model)?.chordStep)
    XCTAssertTrue(text(model).contains("holds no seven-note scale"), text(model))
  }

  func testSnapshots() {
    for size in [Size(width: 80, height: 24), Size(width: 120, height: 40)] {
      var model = model(size: size)
      model.press(.character("4"), .enter, .character("c"), .character("c"))
      assertCanvasSnapshot(
        AppView.render(model), named: "chord.ii.\(size.width)x\(size.height)")
    }
  }
}
