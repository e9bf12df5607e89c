import MusicTheory
import XCTest

final class PatternDraftTests: XCTestCase {
  private func place(_ string: Int, _ fret: Int) -> FretPosition {
    FretPosition(string: string, fret: fret)
  }

  func testTheFirstNoteIsTheTonicAndIntervalsFollowThePlaces() {
    var draft = PatternDraft(tuning: .guitarStandard)
    draft.toggle(place(6, 5))
    draft.toggle(place(6, 8))
    draft.toggle(place(5, 7))
    XCTAssertEqual(draft.tonic, place(6, 5))
    XCTAssertEqual(draft.interval(at: place(6, 5))?.degreeName, "1")
    XCTAssertEqual(draft.interval(at: place(6, 8))?.degreeName, "b3")
    XCTAssertEqual(draft.interval(at: place(5, 7))?.degreeName, "5")
    XCTAssertNil(draft.interval(at: place(1, 1)), "not in the draft")
  }

  func testEnterOnANoteCyclesItsOtherNameThenRemovesIt() {
    var draft = PatternDraft(tuning: .guitarStandard)
    draft.toggle(place(6, 5))
    draft.toggle(place(5, 6))  // Eb above A: b5
    XCTAssertEqual(draft.interval(at: place(5, 6))?.degreeName, "b5")
    draft.toggle(place(5, 6))
    XCTAssertEqual(draft.interval(at: place(5, 6))?.degreeName, "#4")
    draft.toggle(place(5, 6))
    XCTAssertNil(draft.interval(at: place(5, 6)))
    draft.toggle(place(5, 7))  // E: a fifth has no other common name
    draft.toggle(place(5, 7))
    XCTAssertNil(draft.interval(at: place(5, 7)), "removed at once")
  }

  func testRemovingTheTonicMakesTheNextNoteTheTonic() {
    var draft = PatternDraft(tuning: .guitarStandard)
    draft.toggle(place(6, 5))
    draft.toggle(place(5, 5))
    draft.toggle(place(5, 6))
    draft.toggle(place(5, 6))  // renamed #4
    draft.toggle(place(6, 5))
    XCTAssertEqual(draft.tonic, place(5, 5))
    XCTAssertEqual(draft.interval(at: place(5, 5))?.degreeName, "1")
    XCTAssertEqual(draft.interval(at: place(5, 6))?.degreeName, "b2", "the old renaming is dropped")
  }

  func testADraftBecomesAPatternRelativeToItsTonicAndBack() throws {
    var draft = PatternDraft(tuning: .guitarStandard)
    draft.toggle(place(5, 3))  // C3
    draft.toggle(place(6, 7))  // B2, the leading note below
    draft.toggle(place(4, 4))  // F#3
    draft.toggle(place(4, 4))  // #4 instead of b5
    let pattern = try XCTUnwrap(draft.pattern(id: "mine", name: "Mine", category: .scale))
    XCTAssertEqual(pattern.tones.map(\.offset), [0, 4, 1])
    XCTAssertEqual(pattern.intervals.map(\.degreeName), ["1", "7", "#4"])
    XCTAssertEqual(PatternDraft(pattern, tonicFret: 3), draft)
    XCTAssertNil(
      PatternDraft(tuning: .guitarStandard).pattern(id: "x", name: "x", category: .scale))
  }
}
