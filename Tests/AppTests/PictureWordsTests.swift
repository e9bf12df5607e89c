import AudioModel
import MusicTheory
import Storage
import TerminalUI
import TestHelpers
import XCTest

@testable import App

/// The words every picture carries, on every screen and in every mode, for a screen reader or
/// a braille display: the note's place on the staff, the lit beat, the marked frets.
final class PictureWordsTests: XCTestCase {
  func testTheStaffPlaceIsCountedAsMusiciansCountIt() {
    let strings = AppFixtures.model().strings
    let treble = StaffView(clef: .treble, glyphs: .unicode)
    func place(_ note: Note, on staff: StaffView = treble) -> String {
      StaffPlaceText.text(of: note, on: staff, strings)
    }
    XCTAssertEqual(place(Note(.E, octave: 4)), "Note on line 1, treble clef")
    XCTAssertEqual(place(Note(.G, octave: 4)), "Note on line 2, treble clef")
    XCTAssertEqual(place(Note(.F, octave: 4)), "Note in space 1, treble clef")
    XCTAssertEqual(place(Note(.E, octave: 5)), "Note in space 4, treble clef")
    XCTAssertEqual(place(Note(.D, octave: 4)), "Note in the space below the staff, treble clef")
    XCTAssertEqual(place(Note(.C, octave: 4)), "Note on ledger line 1 below the staff, treble clef")
    XCTAssertEqual(
      place(Note(.B, octave: 3)),
      "Note in the space under ledger line 1 below the staff, treble clef")
    XCTAssertEqual(place(Note(.G, octave: 5)), "Note in the space above the staff, treble clef")
    XCTAssertEqual(place(Note(.C, octave: 6)), "Note on ledger line 2 above the staff, treble clef")
    XCTAssertEqual(
      place(Note(.F, .sharp, octave: 4)), "Note in space 1, treble clef, with a sharp")
    XCTAssertEqual(
      place(Note(.C, octave: 8)),
      "Note on ledger line 2 above the staff, treble clef, marked 15ma")
    XCTAssertEqual(
      place(Note(.A, octave: 3), on: StaffView(clef: .bass, glyphs: .unicode)),
      "Note on line 5, bass clef")
  }

  func testTheNotesCardGivesThePlaceNotTheNameUntilAnswered() throws {
    var settings = Settings()
    settings.notes.packs = ["treble-staff"]
    var model = AppFixtures.model(settings: settings)
    model.press(.character("3"), at: 1)
    model.press(.enter, at: 2)
    guard case .notes(let notes) = model.screen, let card = notes.quiz?.card else {
      return XCTFail("no card")
    }
    let asked = AppView.render(model).lines
    let place = try XCTUnwrap(asked.first { $0.contains("Note ") }, asked.joined(separator: "\n"))
    XCTAssertTrue(place.contains("treble clef"), place)
    XCTAssertFalse(place.contains(card.note.description), "the name is the answer: \(place)")
    model.press(.character(Character("\(card.choices.firstIndex(of: card.answer)! + 1)")), at: 3)
    let answered = AppView.render(model).lines
    XCTAssertTrue(answered.contains { $0.contains("Right: " + card.note.description) })
    XCTAssertTrue(answered.contains(place), "the place stays")
  }

  func testTheLitBeatInWords() {
    let strings = AppFixtures.model().strings
    func beat(_ index: Int, countIn: Bool = false, muted: Bool = false) -> BeatDisplay {
      BeatDisplay(
        bar: 2, beatInBar: index, isCountIn: countIn, isMuted: muted, bpm: 90, elapsed: .zero,
        audibleAt: MonotonicInstant(nanoseconds: 0))
    }
    let accents: [BeatAccent] = [.accent, .normal, .silent, .normal]
    XCTAssertEqual(
      MetronomeView.beatWords(beat(0), accents: accents, strings: strings),
      "bar 3, beat 1 of 4, accent")
    XCTAssertEqual(
      MetronomeView.beatWords(beat(2), accents: accents, strings: strings),
      "bar 3, beat 3 of 4, silent")
    XCTAssertEqual(
      MetronomeView.beatWords(beat(1, muted: true), accents: accents, strings: strings),
      "bar 3, beat 2 of 4, gap bar, not heard")
    XCTAssertEqual(
      MetronomeView.beatWords(beat(3, countIn: true), accents: accents, strings: strings),
      "count-in, beat 4 of 4")
  }

  func testMarkedFretsInWordsFromTheLowestString() {
    let strings = AppFixtures.model().strings
    let dots = [
      FretboardView.Dot(FretPosition(string: 1, fret: 5), label: "1"),
      FretboardView.Dot(FretPosition(string: 6, fret: 8), label: "b3"),
      FretboardView.Dot(FretPosition(string: 6, fret: 5), label: "1"),
      FretboardView.Dot(FretPosition(string: 4, fret: 7)),
    ]
    XCTAssertEqual(
      FretWords.places(dots, strings), "string 6: 5 (1), 8 (b3); string 4: 7; string 1: 5 (1)")
    XCTAssertEqual(
      FretWords.text(
        cursor: FretPosition(string: 3, fret: 2), places: Array(dots.prefix(1)),
        key: "fretboard.words.marked", strings),
      "At string 3, fret 2. Marked: string 1: 5 (1).")
  }
}
