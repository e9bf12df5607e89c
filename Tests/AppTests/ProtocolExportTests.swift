import Foundation
import Practice
import XCTest

@testable import App

/// A session of Brahms's first movement, 44 bars of 4/4 at ♩=120 (2 s a bar), logged from
/// 2027-01-15 08:00:00 UTC with the recorder at 10:00:00:00 at 25 fps. Take 1 is excellent to
/// bar 20 and usable after; take 2 is good from A (bar 12) to 30; take 3 excellent from 30 to
/// 40, circled; take 4 is a false start. Nothing plays bars 41–44.
enum ExportFixture {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)

  static let entries: [(second: Double, line: String)] = [
    (0, "work Brahms op. 38"), (0, "mvt 1 \"Allegro\": 1-44 A=12 4/4@q=120"), (0, "fps 25"),
    (0, "tc 10:00:00:00"),
    (10, "take"), (11, "1-20 ++"), (12, "21-40 ok"), (13, "15 i"), (14, "25 i w"),
    (15, "note slow, \"rushed\" ending"), (16, "end 40"),
    (100, "take @A"), (101, "12-30 +"), (102, "end 30"),
    (200, "take @30"), (201, "30-40 ++"), (202, "33 n"), (203, "end 40"), (204, "keep"),
    (300, "take @1"), (301, "false"), (302, "mnote page turn noise at 24"),
  ]

  static func session(_ entries: [(second: Double, line: String)] = entries) throws
    -> ProtocolSession
  {
    var session = ProtocolSession()
    for entry in entries {
      try session.apply(entry.line, at: start.addingTimeInterval(entry.second))
    }
    return session
  }

  static func export(_ format: ProtocolExport.Format, frameRate: FrameRate? = nil) throws
    -> String
  {
    ProtocolExport(name: "brahms", session: try session(), frameRate: frameRate).text(format)
  }
}

final class ProtocolExportTests: XCTestCase {
  func testCSVHasARowPerMarkAndPerTakeWithoutMarksQuotedForASpreadsheet() throws {
    let take1 = "Brahms op. 38,1,1,1,40,false,false,false,2027-01-15T08:00:10.000Z,10:00:10:00"
    let note = "\"slow, \"\"rushed\"\" ending\""
    let clock1 = ",,,,2027-01-15 08:00:10,2027-01-15 08:00:16,0:00:06"
    XCTAssertEqual(
      try ExportFixture.export(.csv).components(separatedBy: "\r\n"),
      [
        "work,movement,take,start_bar,end_bar,false_start,circled,no_good,started,timecode,"
          + "from_bar,to_bar,"
          + "rating,tags,notes,file,day,day_title,began_local,ended_local,duration,mark,part,note,"
          + "end_timecode,mark_timecode",
        "\(take1),1,20,4,,\(note)\(clock1),#1,,,,",
        "\(take1),21,40,2,,\(note)\(clock1),#2,,,,",
        "\(take1),15,15,,intonation,\(note)\(clock1),#3,,,,",
        "\(take1),25,25,,intonation;wrong note,\(note)\(clock1),#4,,,,",
        "Brahms op. 38,1,2,12,30,false,false,false,2027-01-15T08:01:40.000Z,10:01:40:00,12,30,3,,,,,,"
          + "2027-01-15 08:01:40,2027-01-15 08:01:42,0:00:02,#5,,,,",
        "Brahms op. 38,1,3,30,40,false,true,false,2027-01-15T08:03:20.000Z,10:03:20:00,30,40,4,,,,,,"
          + "2027-01-15 08:03:20,2027-01-15 08:03:23,0:00:03,#6,,,,",
        "Brahms op. 38,1,3,30,40,false,true,false,2027-01-15T08:03:20.000Z,10:03:20:00,33,33,,noise,,,,,"
          + "2027-01-15 08:03:20,2027-01-15 08:03:23,0:00:03,#7,,,,",
        "Brahms op. 38,1,4,1,,true,false,false,2027-01-15T08:05:00.000Z,10:05:00:00,,,,,,,,,"
          + "2027-01-15 08:05:00,2027-01-15 08:05:01,0:00:01,,,,,",
        "",
      ])
  }

  /// Text the producer typed that begins as a formula would (a note `+3 dB on the cello`,
  /// `=SUM(1)`, a work or a tag name) is written as text, with the leading `'` OWASP
  /// recommends, quoted.
  func testCSVNeverHandsASpreadsheetAFormula() throws {
    let session = try ExportFixture.session([
      (0, "work =HYPERLINK(\"http://x\")"), (0, "mvt 1: 1-8"), (0, "tag p -6 dB"), (5, "take"),
      (6, "3 p"), (7, "note +3 dB on the cello"), (8, "note =SUM(1)"),
      (9, "take"), (10, "note @cello"),
    ])
    let rows = ProtocolExport(name: "x", session: session).text(.csv)
      .components(separatedBy: "\r\n")
    let work = "\"'=HYPERLINK(\"\"http://x\"\")\""
    XCTAssertEqual(
      rows[1],
      "\(work),1,1,1,,false,false,false,2027-01-15T08:00:05.000Z,,3,3,,\"'-6 dB\",\"'+3 dB on the cello; =SUM(1)\",,,,"
        + "2027-01-15 08:00:05,2027-01-15 08:00:09,0:00:04,#1,,,,"
    )
    XCTAssertEqual(
      rows[2],
      "\(work),1,2,1,,false,false,false,2027-01-15T08:00:09.000Z,,,,,,\"'@cello\",,,,"
        + "2027-01-15 08:00:09,2027-01-15 08:00:10,0:00:01,,,,,")
    XCTAssertEqual(CSVCell.spreadsheet("3 + 4"), "3 + 4", "only a first character")
    XCTAssertEqual(CSVCell.spreadsheet("-"), "\"'-\"")
    XCTAssertEqual(CSVCell.spreadsheet("\r=1"), "\"'\r=1\"")
    XCTAssertEqual(CSVCell.spreadsheet("\t=1"), "\"'\t=1\"")
  }

  /// Issue 19's case: 01:00:00:20 at 25 fps is 01:00:00:24 at 30, the same instant, in every
  /// export that writes timecode; the others place takes in seconds.
  func testAFrameRateConvertsTimecodesInEveryExportThatWritesThem() throws {
    let session = try ExportFixture.session([
      (0, "mvt 1: 1-8 4/4@q=120"), (0, "fps 25"), (0, "tc 01:00:00:20"), (0, "take"),
      (1, "1-8 +"), (2, "end 8"),
    ])
    for format in ProtocolExport.Format.withTimecode {
      let at25 = ProtocolExport(name: "b", session: session).text(format)
      let at30 = ProtocolExport(name: "b", session: session, frameRate: .fps30).text(format)
      XCTAssertTrue(at25.contains("01:00:00:20"), "\(format): \(at25)")
      XCTAssertTrue(at30.contains("01:00:00:24"), "\(format): \(at30)")
      XCTAssertFalse(at30.contains("01:00:00:20"), "\(format): \(at30)")
    }
    let edl = ProtocolExport(name: "b", session: session, frameRate: .fps30).text(.edl)
    XCTAssertTrue(
      edl.contains("001  TAKE1    A     C        01:00:00:24 01:00:16:24 00:00:00:00 00:00:16:00"),
      edl)
    let json = ProtocolExport(name: "b", session: session, frameRate: .fps2997DropFrame)
    XCTAssertTrue(json.text(.json).contains("\"frameRate\" : \"29.97df\""), json.text(.json))
    XCTAssertEqual(
      ProtocolExport.Format.allCases.filter { !ProtocolExport.Format.withTimecode.contains($0) },
      [.audacity, .reaper, .reaperCSV])
  }

  /// From every rate to every rate, the timecode the CSV writes is the frame under way at the
  /// take's instant: never after it, less than a frame before.
  func testTimecodesWrittenAtAnotherRateAreTheSameInstantWithinAFrame() throws {
    for from in FrameRate.allCases {
      let session = try ExportFixture.session([
        (0, "mvt 1: 1-8"), (0, "fps \(from.rawValue)"), (0, "tc 07:23:41:11"), (0.537, "take"),
      ])
      let original = try XCTUnwrap(session.takes[0].timecode)
      for to in FrameRate.allCases {
        let csv = ProtocolExport(name: "b", session: session, frameRate: to).text(.csv)
        let row = csv.split(separator: "\r\n")[1].split(
          separator: ",", omittingEmptySubsequences: false)
        let cell = row[ProtocolExport.csvHeader.firstIndex(of: "timecode")!]
        let written = try XCTUnwrap(Timecode(cell, rate: to), "\(cell) at \(to)")
        let (f1, s1) = from.speed
        let (f2, s2) = to.speed
        let instant = original.frameCount * s1 * f2
        XCTAssertLessThanOrEqual(written.frameCount * s2 * f1, instant, "\(from) to \(to)")
        XCTAssertLessThan(instant, (written.frameCount + 1) * s2 * f1, "\(from) to \(to)")
      }
    }
  }

  func testEveryExportSaysTheMarksPartAndNote() throws {
    let session = try ExportFixture.session([
      (0, "mvt 1: 1-60"), (0, "parts vn1 vla"), (5, "take"), (6, "47 vla i G"), (7, "end 60"),
    ])
    let export = ProtocolExport(name: "x", session: session)
    XCTAssertTrue(export.text(.csv).contains(",#1,vla,G,,\r\n"), export.text(.csv))
    XCTAssertTrue(export.text(.json).contains(#""part" : "vla""#), export.text(.json))
    XCTAssertTrue(export.text(.json).contains(#""note" : "G""#), export.text(.json))
    XCTAssertTrue(export.text(.md).contains("47 vla intonation G"), export.text(.md))
    XCTAssertTrue(export.text(.edl).contains("RED vla G: intonation"), export.text(.edl))
    XCTAssertTrue(export.text(.audacity).contains("take 1 bar 47 vla i G"), export.text(.audacity))
  }

  func testAMarkOnABeatIsPlacedAtItsOwnTime() throws {
    // Two seconds a bar of 4/4 at 120: beat 3 of bar 3 is 5 s into a take from bar 1.
    let session = try ExportFixture.session([
      (0, "mvt 1: 1-8 4/4@q=120"), (5, "take"), (6, "3.3-4.1 i"), (7, "end 8"),
    ])
    let export = ProtocolExport(name: "x", session: session)
    let labels = export.text(.audacity).split(separator: "\n")
    XCTAssertEqual(labels.last, "5.000000\t5.000000\ttake 1 bars 3.3–4.1 i", export.text(.audacity))
    XCTAssertTrue(export.text(.md).contains("3.3–4.1 intonation"), export.text(.md))
    XCTAssertTrue(export.text(.csv).contains(",3.3,4.1,,intonation,"), export.text(.csv))
    XCTAssertTrue(export.text(.json).contains(#""fromBeat" : 3"#), export.text(.json))
  }

  func testCSVLeavesOutWhatIsNotKnown() throws {
    let session = try ExportFixture.session([(0, "mvt 1: 0-8"), (5, "take")])
    XCTAssertEqual(
      ProtocolExport(name: "x", session: session).text(.csv).components(separatedBy: "\r\n")[1],
      ",1,1,0,,false,false,false,2027-01-15T08:00:05.000Z,,,,,,,,,,"
        + "2027-01-15 08:00:05,2027-01-15 08:00:05,0:00:00,,,,,")
  }

  func testJSONHoldsTheWholeProtocol() throws {
    let text = try ExportFixture.export(.json)
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    XCTAssertEqual(object["protocol"] as? String, "brahms")
    XCTAssertEqual(object["frameRate"] as? String, "25")
    XCTAssertEqual(object["numbering"] as? String, "continuous")
    let tags = try XCTUnwrap(object["tags"] as? [[String: String]])
    XCTAssertEqual(tags.first, ["letter": "i", "name": "intonation"])
    let works = try XCTUnwrap(object["works"] as? [[String: Any]])
    XCTAssertEqual(works.map { $0["name"] as? String }, ["Brahms op. 38"])
    let movement = try XCTUnwrap((works[0]["movements"] as? [[String: Any]])?.first)
    XCTAssertEqual(movement["number"] as? Int, 1)
    XCTAssertEqual(movement["title"] as? String, "Allegro")
    XCTAssertEqual(movement["bars"] as? String, "1-44 A=12 4/4@q=120")
    XCTAssertEqual(movement["notes"] as? [String], ["page turn noise at 24"])
    XCTAssertEqual(movement["pins"] as? [[String: String]], [])

    let takes = try XCTUnwrap(movement["takes"] as? [[String: Any]])
    XCTAssertEqual(takes.map { $0["label"] as? String }, ["1", "2", "3", "4"])
    XCTAssertEqual(takes.map { $0["number"] as? Int }, [1, 2, 3, 4])
    XCTAssertEqual(takes.map { $0["from"] as? String }, ["1", "12", "30", "1"])
    XCTAssertEqual(takes.map { $0["to"] as? String }, ["40", "30", "40", nil])
    XCTAssertEqual(takes.map { $0["falseStart"] as? Bool }, [false, false, false, true])
    XCTAssertEqual(takes.map { $0["circled"] as? Bool }, [false, false, true, false])
    XCTAssertEqual(takes.map { $0["noGood"] as? Bool }, [false, false, false, false])
    XCTAssertEqual(takes[0]["started"] as? String, "2027-01-15T08:00:10.000Z")
    XCTAssertEqual(takes[0]["ended"] as? String, "2027-01-15T08:01:40.000Z")
    XCTAssertTrue(takes[3]["ended"] is NSNull, "the last take has not ended")
    XCTAssertEqual(takes[1]["timecode"] as? String, "10:01:40:00")
    XCTAssertEqual(takes[0]["notes"] as? [String], ["slow, \"rushed\" ending"])
    XCTAssertEqual(takes[0]["editPoints"] as? [String], [])
    let marks = try XCTUnwrap(takes[0]["marks"] as? [[String: Any]])
    XCTAssertEqual(marks.count, 4)
    XCTAssertEqual(marks[0]["from"] as? String, "1")
    XCTAssertEqual(marks[0]["to"] as? String, "20")
    XCTAssertEqual(marks[0]["rating"] as? String, "++")
    XCTAssertEqual(marks[0]["tags"] as? [String], [])
    XCTAssertTrue(marks[3]["rating"] is NSNull)
    XCTAssertEqual(marks[3]["tags"] as? [String], ["intonation", "wrong note"])

    let plan = try XCTUnwrap(movement["plan"] as? [[String: Any]])
    XCTAssertEqual(plan.map { $0["take"] as? String }, ["1", "2", "3", nil])
    XCTAssertEqual(plan.map { $0["from"] as? String }, ["1", "21", "30", "41"])
    XCTAssertEqual(plan.map { $0["to"] as? String }, ["20", "29", "40", "44"])
  }

  func testJSONWritesWholeNumbersAndPinsAsTheyAre() throws {
    var entries = ExportFixture.entries
    entries.append((400, "pin 2 21-29"))
    let text = ProtocolExport(name: "brahms", session: try ExportFixture.session(entries))
      .text(.json)
    XCTAssertTrue(text.contains("\"number\" : 1,"), text)
    XCTAssertTrue(text.contains("\"take\" : \"2\""), text)
    XCTAssertTrue(text.hasSuffix("}\n"))
  }
}

extension ProtocolExportTests {
  func testTheTakeSheetHasATablePerMovementWithNotesCoverageAndPlan() throws {
    XCTAssertEqual(
      try ExportFixture.export(.md),
      """
      # Take sheet: brahms

      ## Brahms op. 38, movement 1: Allegro

      | Take | Bars | Began | Ended | Length | Timecode | Verdict | Ratings and tags | Notes | File |
      |---|---|---|---|---|---|---|---|---|---|
      | 1 | 1–40 | 08:00:10 | 08:00:16 | 0:06 | 10:00:10:00 |  | 1–20 ++; 15 intonation; 21–40 ok; 25 intonation, wrong note | slow, "rushed" ending |  |
      | 2 | 12–30 | 08:01:40 | 08:01:42 | 0:02 | 10:01:40:00 |  | 12–30 + |  |  |
      | 3 | 30–40 | 08:03:20 | 08:03:23 | 0:03 | 10:03:20:00 | circled | 30–40 ++; 33 noise |  |  |
      | 4 | from 1 | 08:05:00 | 08:05:01 | 0:01 | 10:05:00:00 | false start |  |  |  |

      Notes:

      - page turn noise at 24

      Coverage:

      - bars 1–20: best ++
      - bars 21–29: best +
      - bars 30–40: best ++
      - bars 41–44: no take

      Editing plan:

      - take 1: bars 1–20
      - take 2: bars 21–29
      - take 3: bars 30–40
      - no take: bars 41–44

      """)
  }

  func testThePrintableTakeSheetHasAPagePerMovementWithTakesTimesMarksAndThePlan() throws {
    let session = try ExportFixture.session(
      ExportFixture.entries + [
        (400, "mvt 2 \"Andante <con moto>\": 1-8 4/4@q=60"), (401, "take"), (402, "1-8 +"),
        (403, "edit 5"), (404, "note <b>cello</b> & bass"),
      ])
    let page = ProtocolExport(name: "brahms", session: session, utcOffset: 3600).text(.html)
    XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"), page)
    XCTAssertTrue(page.contains("<title>Take sheet: brahms</title>"), page)
    XCTAssertTrue(page.contains("@page { size: A4 landscape; margin: 12mm; }"), page)
    XCTAssertTrue(page.contains("section { break-after: page; page-break-after: always; }"), page)
    XCTAssertEqual(page.components(separatedBy: "<section>").count - 1, 2, "a page per movement")
    XCTAssertTrue(page.hasSuffix("</section>\n</body>\n</html>\n"), page)
    XCTAssertTrue(page.contains("<p>brahms · Brahms op. 38</p>\n<h1>movement 1 Allegro</h1>"), page)
    XCTAssertTrue(
      page.contains(
        "<tr><td>1</td><td>1–40</td><td>09:00:10</td><td>09:00:16</td><td>0:06</td>"
          + "<td>10:00:10:00</td>"
          + "<td>1–20 ++<br>15 intonation<br>21–40 ok<br>25 intonation, wrong note</td><td></td>"
          + "<td>slow, &quot;rushed&quot; ending</td><td></td></tr>"), page)
    XCTAssertTrue(
      page.contains(
        "<tr class=\"false-start\"><td>4</td><td>from 1, false start</td><td>09:05:00</td>"),
      page)
    XCTAssertTrue(page.contains("<tr><td>3</td><td>30–40, circled</td>"), page)
    XCTAssertTrue(page.contains("<li>page turn noise at 24</li>"), page)
    XCTAssertTrue(page.contains("<li class=\"retake\">bars 41–44: no take</li>"), page)
    XCTAssertTrue(
      page.contains(
        "<ol>\n<li>take 1: bars 1–20</li>\n<li>take 2: bars 21–29</li>\n"
          + "<li>take 3: bars 30–40</li>\n<li>no take: bars 41–44</li>\n</ol>"), page)
    XCTAssertTrue(page.contains("<h1>movement 2 Andante &lt;con moto&gt;</h1>"), page)
    XCTAssertTrue(
      page.contains("<td>5</td><td>&lt;b&gt;cello&lt;/b&gt; &amp; bass</td><td></td></tr>"), page)
    XCTAssertFalse(page.contains("<b>"), "typed text never becomes markup")
  }

  /// A take's clock time is where it was logged, at the offset its line recorded; takes from
  /// journals without offsets take the export's.
  func testTheTakeSheetShowsEachTakesClockTimeWhereItWasLogged() throws {
    var session = try ExportFixture.session()
    try session.apply(
      ProtocolSession.Line(
        "take", at: ExportFixture.start.addingTimeInterval(400.25), utcOffset: -18_000))
    let export = ProtocolExport(name: "brahms", session: session, utcOffset: 3600)
    let page = export.text(.html)
    XCTAssertTrue(page.contains("<tr><td>5</td><td>from 1</td><td>03:06:40</td>"), page)
    XCTAssertTrue(page.contains("<td>1</td><td>1–40</td><td>09:00:10</td>"), page)
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(export.text(.json).utf8)) as? [String: Any])
    let works = try XCTUnwrap(json["works"] as? [[String: Any]])
    let movements = try XCTUnwrap(works[0]["movements"] as? [[String: Any]])
    let takes = try XCTUnwrap(movements[0]["takes"] as? [[String: Any]])
    XCTAssertEqual(takes[4]["utcOffset"] as? String, "-05:00")
    XCTAssertEqual(takes[4]["started"] as? String, "2027-01-15T08:06:40.250Z")
    XCTAssertTrue(takes[0]["utcOffset"] is NSNull)
  }

  func testTheTakeSheetSaysWhatNeedsARetakeAndKeepsCellsWhole() throws {
    let session = try ExportFixture.session([
      (0, "mvt 1: 1-8"), (0, "mvt 2 \"Adagio\": 1-4"), (1, "mvt 1"), (1, "take"),
      (2, "1-4 x"), (3, "5 ± n"), (4, "6-8 i"), (5, "note a | b\nc"), (6, "mnote page\r\nturn"),
    ])
    let text = ProtocolExport(name: "x", session: session).text(.md)
    XCTAssertTrue(
      text.contains(
        "| 1 | from 1 | 08:00:01 | 08:00:05 | 0:04 |  |  | 1–4 ✗; 5 ± noise; 6–8 intonation | a \\| b c |"
      ),
      text)
    XCTAssertTrue(text.contains("\n- page turn\n"), text)
    XCTAssertTrue(
      text.contains(
        """
        - bars 1–4: nothing better than ✗
        - bar 5: nothing better than ±
        - bars 6–8: played, not rated
        """), text)
    XCTAssertTrue(text.contains("## movement 2: Adagio\n\nNo takes.\n\nCoverage:\n"), text)
  }
}

extension ProtocolExportTests {
  func testTheEDLHasAnEventPerPlannedSegmentWithClipNamesLocatorsAndGaps() throws {
    XCTAssertEqual(
      try ExportFixture.export(.edl),
      """
      TITLE: brahms
      FCM: NON-DROP FRAME
      001  TAKE1    A     C        10:00:10:00 10:00:50:00 00:00:00:00 00:00:40:00
      * FROM CLIP NAME: TAKE 1 BARS 1-20
      * LOC: 00:00:28:00 RED intonation
      002  TAKE2    A     C        10:01:58:00 10:02:16:00 00:00:40:00 00:00:58:00
      * FROM CLIP NAME: TAKE 2 BARS 21-29
      003  TAKE3    A     C        10:03:20:00 10:03:42:00 00:00:58:00 00:01:20:00
      * FROM CLIP NAME: TAKE 3 BARS 30-40
      * LOC: 00:01:04:00 RED noise
      * GAP: BARS 41-44

      """)
  }

  func testTheEDLCountsFramesAtTheRateChosen() throws {
    let lines = try ExportFixture.export(.edl, frameRate: .fps2997).split(separator: "\n")
    // Take 1 began 36 010 s after 00:00:00:00 (10:00:10:00 at 25 fps): 1 079 220.8 frames at
    // 29.97, whose non-drop labels run behind the clock; 40 s of music are 1198.8 frames.
    XCTAssertEqual(
      lines[2], "001  TAKE1    A     C        09:59:34:00 10:00:13:29 00:00:00:00 00:00:39:29")
    XCTAssertEqual(
      lines[5], "002  TAKE2    A     C        10:01:21:27 10:01:39:27 00:00:39:29 00:00:57:29")
  }

  /// CMX3600's drop-frame: the header says so and every time has its `;`.
  func testTheEDLMarksDropFrame() throws {
    let lines = try ExportFixture.export(.edl, frameRate: .fps2997DropFrame)
      .split(separator: "\n")
    XCTAssertEqual(lines[1], "FCM: DROP FRAME")
    XCTAssertEqual(
      lines[2], "001  TAKE1    A     C        10:00:10;00 10:00:49;29 00:00:00;00 00:00:39;29")
    XCTAssertEqual(try ExportFixture.export(.edl).split(separator: "\n")[1], "FCM: NON-DROP FRAME")
  }

  func testTheEDLSaysWhatItHadToGuess() throws {
    let session = try ExportFixture.session([
      (0, "numbering movement start 100000"), (0, "mvt 1: 1-12 12a 13-20"), (5, "take"),
      (6, "10-14 + i"), (7, "1-9 ok"), (8, "15-20 ++"), (9, "end 20"), (10, "take @12a"),
      (11, "12a-20 ++"), (12, "end 20"),
    ])
    XCTAssertEqual(
      ProtocolExport(name: "x", session: session).text(.edl),
      """
      TITLE: x
      FCM: NON-DROP FRAME
      * NO TEMPO FOR BARS 1-20 OF MOVEMENT 1: 2 S A BAR ASSUMED
      001  A100000  A     C        00:00:00:00 00:00:24:00 00:00:00:00 00:00:24:00
      * FROM CLIP NAME: TAKE A100000 BARS 1-12
      * TAKE A100000 HAS NO TIMECODE: SOURCE TIMES FROM 00:00:00:00
      * LOC: 00:00:18:00 RED intonation
      002  A100001  A     C        00:00:00:00 00:00:18:00 00:00:24:00 00:00:42:00
      * FROM CLIP NAME: TAKE A100001 BARS 12a-20
      * TAKE A100001 HAS NO TIMECODE: SOURCE TIMES FROM 00:00:00:00

      """)
  }

  func testReelNamesAreTakeLabelsInEightCharacters() throws {
    let session = try ExportFixture.session([
      (0, "numbering movement start 1234"), (0, "mvt 2: 1-8"), (1, "take"), (2, "take 123456"),
      (0, "numbering continuous start 1234"), (3, "take"), (4, "take 12345"),
    ])
    XCTAssertEqual(session.takes.map(\.label), ["B1234", "B123456", "1234", "12345"])
    XCTAssertEqual(
      ProtocolExport.reels(session.takes), ["B1234", "B123456", "TAKE1234", "12345"],
      "TAKE and the label where that fits in 8 characters, else the label")
  }

  /// With numbering by work, each work's takes count from 1: their reels still differ, as a
  /// conform finds a take's recording by its reel, and each names its work.
  func testReelNamesDifferAcrossWorksThatNumberTheirTakesApart() throws {
    let session = try ExportFixture.session([
      (0, "numbering work"), (0, "work Brahms"), (0, "mvt 1: 1-8 4/4@q=120"), (1, "take"),
      (2, "1-8 ++"), (3, "end 8"), (4, "take"), (0, "work Fauré"), (0, "mvt 1: 1-8 4/4@q=120"),
      (5, "take"), (6, "1-8 ++"), (7, "end 8"),
    ])
    XCTAssertEqual(session.takes.map(\.label), ["1", "2", "1"])
    XCTAssertEqual(ProtocolExport.reels(session.takes), ["W1T1", "W1T2", "W2T1"])
    let events = ProtocolExport(name: "x", session: session).text(.edl).split(separator: "\n")
      .filter { $0.hasPrefix("00") }
    XCTAssertEqual(events.map { $0.split(separator: " ")[1] }, ["W1T1", "W2T1"])
  }
}

extension ProtocolExportTests {
  func testAudacityLabelsSpanTakesFromTheFirstTakesStartAndPointAtMarks() throws {
    XCTAssertEqual(
      try ExportFixture.export(.audacity).split(separator: "\n", omittingEmptySubsequences: false),
      [
        "0.000000\t80.000000\ttake 1 bars 1–40",
        "0.000000\t0.000000\ttake 1 bars 1–20 ++",
        "28.000000\t28.000000\ttake 1 bar 15 i",
        "40.000000\t40.000000\ttake 1 bars 21–40 ok",
        "48.000000\t48.000000\ttake 1 bar 25 i w",
        "90.000000\t128.000000\ttake 2 bars 12–30",
        "90.000000\t90.000000\ttake 2 bars 12–30 +",
        "190.000000\t212.000000\ttake 3 bars 30–40",
        "190.000000\t190.000000\ttake 3 bars 30–40 ++",
        "196.000000\t196.000000\ttake 3 bar 33 n",
        "290.000000\t292.000000\ttake 4 bar 1, false start",
        "",
      ])
  }

  func testAudacityLabelsKeepSixDecimalsAndOpenTakesEndAtTheirLastMark() throws {
    // 3/4 at ♩=70 lasts 18/7 s a bar.
    let session = try ExportFixture.session([
      (0, "mvt 1: 1-8 3/4@q=70"), (0, "take"), (1, "3 ± t"), (2.25, "take @2"),
    ])
    XCTAssertEqual(
      ProtocolExport(name: "x", session: session).text(.audacity),
      """
      0.000000\t7.714286\ttake 1 bars 1–3
      5.142857\t5.142857\ttake 1 bar 3 ± t
      2.250000\t4.821429\ttake 2 bar 2

      """)
  }

  func testREAPERGetsAProjectWithARegionPerTakeAndAMarkerPerProblem() throws {
    XCTAssertEqual(
      try ExportFixture.export(.reaper),
      """
      <REAPER_PROJECT 0.1 "6.0/woodshed" 0
        SAMPLERATE 48000 0 0
        TEMPO 120 4 4
        MARKER 1 0.000000 "take 1 bars 1–40" 1
        MARKER 1 80.000000 "" 1
        MARKER 1 28.000000 "take 1 bar 15 i" 0
        MARKER 2 48.000000 "take 1 bar 25 i w" 0
        MARKER 2 90.000000 "take 2 bars 12–30" 1
        MARKER 2 128.000000 "" 1
        MARKER 3 190.000000 "take 3 bars 30–40" 1
        MARKER 3 212.000000 "" 1
        MARKER 3 196.000000 "take 3 bar 33 n" 0
        MARKER 4 290.000000 "take 4 bar 1, false start" 1
        MARKER 4 292.000000 "" 1
        <TRACK
          NAME "brahms"
        >
      >

      """)
  }

  func testREAPERRegionAndMarkerListAsItsManagerExportsIt() throws {
    XCTAssertEqual(
      try ExportFixture.export(.reaperCSV),
      """
      #,Name,Start,End,Length
      R1,take 1 bars 1–40,0:00.000,1:20.000,1:20.000
      M1,take 1 bar 15 i,0:28.000,,
      M2,take 1 bar 25 i w,0:48.000,,
      R2,take 2 bars 12–30,1:30.000,2:08.000,0:38.000
      R3,take 3 bars 30–40,3:10.000,3:32.000,0:22.000
      M3,take 3 bar 33 n,3:16.000,,
      R4,"take 4 bar 1, false start",4:50.000,4:52.000,0:02.000

      """)
    XCTAssertEqual(ProtocolExport.reaperTime(3725.2504), "1:02:05.250")
    XCTAssertEqual(ProtocolExport.reaperTime(59.9996), "1:00.000")
  }

  /// The recorder's file of a take (`file NAME`) goes into every export: the CSV's column
  /// after the notes (never a formula), JSON, both take sheets, the EDL's clip name and source file, and the
  /// REAPER and Audacity names.
  func testEveryExportNamesTheRecordersFile() throws {
    let session = try ExportFixture.session(
      ExportFixture.entries + [
        (400, "file T002.WAV take 2"), (401, "file T003 \"b\".WAV take 3"),
        (402, "file =1.wav take 1"),
      ])
    let export = ProtocolExport(name: "brahms", session: session)
    XCTAssertEqual(session.takes.map(\.file), ["=1.wav", "T002.WAV", "T003 \"b\".WAV", nil])
    let rows = export.text(.csv).components(separatedBy: "\r\n")
    let clock = ",,,2027-01-15 08:0"
    XCTAssertTrue(
      rows[1].contains(",\"slow, \"\"rushed\"\" ending\",\"'=1.wav\"\(clock)0:10,"), rows[1])
    XCTAssertTrue(rows[5].contains(",3,,,T002.WAV\(clock)1:40,"), rows[5])
    XCTAssertTrue(rows[6].contains(",\"T003 \"\"b\"\".WAV\"\(clock)3:20,"), rows[6])
    XCTAssertTrue(rows[8].contains(",10:05:00:00,,,,,,\(clock)5:00,"), rows[8])

    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(export.text(.json).utf8)) as? [String: Any])
    let works = try XCTUnwrap(object["works"] as? [[String: Any]])
    let movement = try XCTUnwrap((works[0]["movements"] as? [[String: Any]])?.first)
    let takes = try XCTUnwrap(movement["takes"] as? [[String: Any]])
    XCTAssertEqual(
      takes.map { $0["file"] as? String }, ["=1.wav", "T002.WAV", "T003 \"b\".WAV", nil])
    XCTAssertTrue(takes[3]["file"] is NSNull)

    XCTAssertTrue(
      export.text(.md).contains(
        "| 2 | 12–30 | 08:01:40 | 08:01:42 | 0:02 | 10:01:40:00 |  | 12–30 + |  | T002.WAV |"))
    XCTAssertTrue(
      export.text(.html).contains("<td></td><td>T003 &quot;b&quot;.WAV</td></tr>"),
      export.text(.html))

    let edl = export.text(.edl).components(separatedBy: "\n")
    XCTAssertEqual(
      Array(edl[8..<14]),
      [
        "002  TAKE2    A     C        10:01:58:00 10:02:16:00 00:00:40:00 00:00:58:00",
        "* FROM CLIP NAME: T002.WAV", "* SOURCE FILE: T002.WAV", "* FROM FILE: T002.WAV",
        "* TAKE 2 BARS 21-29",
        "003  TAKE3    A     C        10:03:20:00 10:03:42:00 00:00:58:00 00:01:20:00",
      ], "reels stay one per take; the clip is named after the file")

    XCTAssertTrue(
      export.text(.reaper).contains("MARKER 3 190.000000 \"take 3 bars 30–40 [T003 'b'.WAV]\" 1"),
      export.text(.reaper))
    XCTAssertTrue(
      export.text(.reaperCSV).contains("R2,take 2 bars 12–30 [T002.WAV],1:30.000,"),
      export.text(.reaperCSV))
    XCTAssertTrue(
      export.text(.audacity).contains("\ttake 1 bars 1–40 [=1.wav]\n"), export.text(.audacity))
  }

  func testASessionWithoutTakesExportsEmptyTimelines() throws {
    let export = ProtocolExport(name: "x", session: try ExportFixture.session([(0, "mvt 1: 1-8")]))
    XCTAssertEqual(export.text(.audacity), "")
    XCTAssertFalse(export.text(.reaper).contains("MARKER"))
    XCTAssertEqual(export.text(.reaperCSV), "#,Name,Start,End,Length\n")
  }
}
