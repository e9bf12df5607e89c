import Practice
import XCTest

final class ProtocolBarMapTests: XCTestCase {
  func testCompactFormWithPickupLettersAndTempo() throws {
    let map = try BarMap(compact: "0-245 A=12 B=40 3/4@♩=120")
    XCTAssertEqual(map.count, 246)
    XCTAssertEqual(map.labels.first, "0")
    XCTAssertEqual(map.labels.last, "245")
    XCTAssertEqual(map.span, "0–245")
    XCTAssertEqual(
      map.rehearsalMarks, [.init(name: "A", bar: 12), .init(name: "B", bar: 40)])
    XCTAssertEqual(
      map.sections,
      [.init(firstBar: 0, beatsPerBar: 3, beatUnit: 4, quartersPerMinute: 120)])
  }

  func testSuffixedBarsAndSeveralSections() throws {
    let map = try BarMap(compact: "1-12 12a 13-40 A=12a 3/4@q=120 13:6/8@q=90 B=20")
    XCTAssertEqual(map.count, 41)
    XCTAssertEqual(Array(map.labels[10...13]), ["11", "12", "12a", "13"])
    XCTAssertEqual(map.bar("12a"), 12)
    XCTAssertEqual(map.bar("13"), 13)
    XCTAssertEqual(map.bar("A"), 12)
    XCTAssertEqual(map.bar("B"), 20)
    XCTAssertNil(map.bar("41"))
    XCTAssertNil(map.bar("C"))
    XCTAssertEqual(map.sections.map(\.firstBar), [0, 13])
    XCTAssertEqual(map.sections[1].secondsPerBar, 2, "6/8 is three quarters at ♩=90")
  }

  func testAPrintedLabelWinsOverARehearsalMarkOfTheSameName() throws {
    let map = try BarMap(labels: ["1", "2", "A"], rehearsalMarks: [.init(name: "A", bar: 0)])
    XCTAssertEqual(map.bar("A"), 2)
  }

  func testExplicitLabelsAsFromMusicXML() throws {
    let labels = ["0"] + (1...12).map(String.init) + ["12a"] + (13...20).map(String.init)
    let map = try BarMap(
      labels: labels, rehearsalMarks: [.init(name: "A", bar: 13)],
      sections: [.init(firstBar: 0, beatsPerBar: 4, beatUnit: 4, quartersPerMinute: 60)])
    XCTAssertEqual(map.count, 22)
    XCTAssertEqual(map.bar("A"), map.bar("12a"))
    XCTAssertEqual(map.span, "0–20")
  }

  func testTimeEstimates() throws {
    let map = try BarMap(compact: "1-20 4/4@q=120 11:3/4@q=60")
    XCTAssertEqual(map.seconds(0...0), 2)
    XCTAssertEqual(map.seconds(0...9), 20)
    XCTAssertEqual(map.seconds(9...11), 2 + 3 + 3)
    let late = try BarMap(compact: "1-20 5:4/4@q=120")
    XCTAssertNil(late.seconds(0...5), "bars before any tempo have no known length")
    XCTAssertEqual(late.seconds(4...5), 4)
    XCTAssertNil(try BarMap(compact: "1-4").seconds(0...0))
  }

  func testBadCompactFormsSayWhatIsWrong() {
    let table: [(String, String)] = [
      ("", "give the bars, as mvt 1: 0-245 A=12 3/4@q=120"),
      ("A=12", "give the bars, as mvt 1: 0-245 A=12 3/4@q=120"),
      ("10-5", "\"10-5\" is not a bar range such as 0-245"),
      ("1-x", "\"1-x\" is not a bar range such as 0-245"),
      ("1-10 A=11", "bar 11 is not among the bars listed"),
      ("1-10 A=2 A=3", "rehearsal mark A is given twice"),
      ("1-10 =2", "rehearsal mark \"\" needs a name without spaces or any of - = @ : / \""),
      ("1-10 5-12", "bar 5 is listed twice"),
      ("1-10 3/4@q=0", "a tempo must be above 0"),
      ("1-10 3/4@h=60", "\"3/4@h=60\" is not a meter and tempo such as 3/4@q=120"),
      ("1-10 3/4", "\"3/4\" needs a tempo, as 3/4@q=120"),
      ("1-10 2:3", "\"2:3\" is not a bar range such as 0-245"),
      ("1-10 3@q=60", "\"3@q=60\" is not a meter and tempo such as 3/4@q=120"),
      ("1-10 3/5@q=60", "3/5 is not a meter"),
      ("1-10 0/4@q=60", "0/4 is not a meter"),
      ("1-10 4:3/4@q=60 2:3/4@q=60", "meters and tempos must be given in bar order, one per bar"),
      ("1-10 11:3/4@q=60", "bar 11 is not among the bars listed"),
      ("1-10001", "a movement has at most 10000 bars"),
      ("0-9999 10000", "a movement has at most 10000 bars"),
      ("1-20 10a", "bar 10a is listed after bar 20: list bars in score order, as 1-12 12a 13-20"),
      (
        "1-10 12a 11-20",
        "bar 11 is listed after bar 12a: list bars in score order, as 1-12 12a 13-20"
      ),
      (
        "1-11 12a 12-20",
        "bar 12 is listed after bar 12a: list bars in score order, as 1-12 12a 13-20"
      ),
    ]
    for (text, message) in table {
      XCTAssertThrowsError(try BarMap(compact: text), text) {
        XCTAssertEqual(($0 as? ProtocolError)?.description, message, text)
      }
    }
  }

  func testBadExplicitMapsAreRefused() {
    let plain = " needs a label without spaces or any of - = @ : / \""
    let table: [(() throws -> BarMap, String)] = [
      ({ try BarMap(labels: []) }, "a movement needs at least one bar"),
      ({ try BarMap(labels: ["1", "1"]) }, "bar 1 is listed twice"),
      ({ try BarMap(labels: ["1", "2 a"]) }, "bar \"2 a\"\(plain)"),
      ({ try BarMap(labels: ["1", ""]) }, "bar \"\"\(plain)"),
      ({ try BarMap(labels: ["1", "2-3"]) }, "bar \"2-3\"\(plain)"),
      ({ try BarMap(labels: ["1", "2:3"]) }, "bar \"2:3\"\(plain)"),
      (
        { try BarMap(labels: ["1"], rehearsalMarks: [.init(name: "A=B", bar: 0)]) },
        "rehearsal mark \"A=B\" needs a name without spaces or any of - = @ : / \""
      ),
      (
        { try BarMap(labels: ["1"], rehearsalMarks: [.init(name: "A", bar: 1)]) },
        "rehearsal mark A is on no bar of the movement"
      ),
      (
        {
          try BarMap(
            labels: ["1"],
            sections: [.init(firstBar: 2, beatsPerBar: 4, beatUnit: 4, quartersPerMinute: 60)])
        }, "a meter or tempo starts on no bar of the movement"
      ),
    ]
    for (make, message) in table {
      XCTAssertThrowsError(try make()) {
        XCTAssertEqual(($0 as? ProtocolError)?.description, message)
      }
    }
  }

  func testTheCompactFormReadsBackAsTheSameMap() throws {
    let table: [(String, String)] = [
      ("0-245 A=12 B=40 3/4@♩=120", "0-245 A=12 B=40 3/4@q=120"),
      (
        "1-12 12a 13-40 A=12a 3/4@q=120 13:6/8@q=92.5",
        "1-12 12a 13-40 A=12a 3/4@q=120 13:6/8@q=92.5"
      ),
      ("7", "7"),
      ("1-3 5-6 x y 7", "1-3 5-6 x y 7"),
      ("01 02 1-2", "01 02 1-2"),
      ("1-3 4a 4b 5-8 9bis", "1-3 4a 4b 5-8 9bis"),
    ]
    for (typed, compact) in table {
      let map = try BarMap(compact: typed)
      XCTAssertEqual(map.compactForm, compact, typed)
      XCTAssertEqual(try BarMap(compact: map.compactForm), map, typed)
    }
    let imported = try BarMap(
      labels: ["0", "1", "2", "2a", "3", "X1"], rehearsalMarks: [.init(name: "Coda", bar: 5)],
      sections: [
        .init(firstBar: 1, beatsPerBar: 4, beatUnit: 4, quartersPerMinute: 60),
        .init(firstBar: 3, beatsPerBar: 5, beatUnit: 8, quartersPerMinute: 72),
      ])
    XCTAssertEqual(imported.compactForm, "0-2 2a 3 X1 Coda=X1 1:4/4@q=60 2a:5/8@q=72")
    XCTAssertEqual(try BarMap(compact: imported.compactForm), imported)
  }
}
