import CZlib
import Foundation
import XCTest

@testable import Storage

/// MusicXML bar maps: the XML tokenizer, text encodings, `.mxl` archives and broken files.
final class ScoreImportTests: StorageTestCase {
  // MARK: Tokenizer

  private func tokens(_ text: String) throws -> [XMLToken] {
    var tokenizer = XMLTokenizer(text)
    var tokens: [XMLToken] = []
    while let token = try tokenizer.next() { tokens.append(token) }
    return tokens
  }

  private func tokenizerError(_ text: String) -> String? {
    var tokenizer = XMLTokenizer(text)
    do {
      while try tokenizer.next() != nil {}
      return nil
    } catch {
      return error.description
    }
  }

  func testTokenizerReadsTagsAttributesEntitiesAndCDATA() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN"
        "http://www.musicxml.org/dtds/partwise.dtd" [ <!ENTITY x "y"> ]>
      <!-- a comment with <tags> -->
      <a one="1" two='t&apos;wo &amp; &#233;'><b/>x &lt;&#x41;&gt; &quot;<![CDATA[<raw>&amp;]]></a>
      """
    XCTAssertEqual(
      try tokens(text).filter { $0 != .text("\n") },
      [
        .start(name: "a", attributes: ["one": "1", "two": "t'wo & é"]),
        .start(name: "b", attributes: [:]), .end(name: "b"),
        .text("x <A> \""), .text("<raw>&amp;"), .end(name: "a"),
      ])
  }

  func testTokenizerErrorsNameTheLine() {
    XCTAssertEqual(tokenizerError("<a>\n<b>\n</a>"), "line 3: </a> where </b> was expected")
    XCTAssertEqual(tokenizerError("<a>\n<b></b>\n"), "line 3: <a> is never closed")
    XCTAssertEqual(
      tokenizerError("<a>\n\n<b x=1/></a>"), "line 3: the value of attribute x of <b> needs quotes")
    XCTAssertEqual(tokenizerError("<a>&nbsp;</a>"), "line 1: unknown entity &nbsp;")
    XCTAssertEqual(tokenizerError("<a>\n<!-- open </a>"), "line 2: the comment is never closed")
    XCTAssertEqual(tokenizerError("</a>"), "line 1: </a> closes nothing")
    XCTAssertEqual(tokenizerError("<a><b"), "line 1: the file ends inside <b>")
  }

  // MARK: Encodings

  func testUTF16WithAByteOrderMarkAndUTF8WithOne() throws {
    let text = "<a>é♩</a>"
    XCTAssertEqual(try ScoreText.decode(Self.utf16(text, bigEndian: false)), Array(text.utf8))
    XCTAssertEqual(try ScoreText.decode(Self.utf16(text, bigEndian: true)), Array(text.utf8))
    XCTAssertEqual(try ScoreText.decode([0xEF, 0xBB, 0xBF] + Array(text.utf8)), Array(text.utf8))
    XCTAssertThrowsError(try ScoreText.decode([0x3C, 0xC3, 0x28]))
  }

  /// `text` in UTF-16 with a byte order mark.
  static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
    let units = [0xFEFF] + Array(text.utf16)
    return units.flatMap { unit -> [UInt8] in
      let high = UInt8(unit >> 8)
      let low = UInt8(unit & 0xFF)
      return bigEndian ? [high, low] : [low, high]
    }
  }

  // MARK: MusicXML

  /// A pickup 0, bars 1–12 and an extra 12a; A at 5; 3/4, then 4/4 at 9; ♩=120, then 96.
  static let fixture = """
    <?xml version="1.0" encoding="UTF-8" standalone="no"?>
    <!DOCTYPE score-partwise PUBLIC "-//Recordare//DTD MusicXML 4.0 Partwise//EN" \
    "http://www.musicxml.org/dtds/partwise.dtd">
    <score-partwise version="4.0">
      <work><work-title>Sonata</work-title></work>
      <movement-title>Allegro &amp; Presto</movement-title>
      <part-list><score-part id="P1"><part-name>Violin</part-name></score-part></part-list>
      <part id="P1">
        <measure number="0" implicit="yes">
          <attributes><divisions>1</divisions><time><beats>3</beats><beat-type>4</beat-type></time></attributes>
          <direction><direction-type><metronome><beat-unit>quarter</beat-unit><per-minute>120</per-minute></metronome></direction-type><sound tempo="120"/></direction>
          <note><rest/><duration>1</duration></note>
        </measure>
    \((1...12).map { measure($0) }.joined(separator: "\n"))
        <measure number="12a"><note><rest/><duration>3</duration></note></measure>
      </part>
      <part id="P2">
        <measure number="99"><direction><direction-type><rehearsal>Z</rehearsal></direction-type></direction></measure>
      </part>
    </score-partwise>
    """

  private static func measure(_ number: Int) -> String {
    var content = ""
    if number == 5 {
      content += "<direction><direction-type><rehearsal>A</rehearsal></direction-type></direction>"
    }
    if number == 9 {
      // Two staves repeat the meter; the tempo is a dotted half at 32, ♩=96.
      content += """
        <attributes><time><beats>4</beats><beat-type>4</beat-type></time>\
        <time><beats>4</beats><beat-type>4</beat-type></time></attributes>\
        <direction><direction-type><metronome><beat-unit>half</beat-unit><beat-unit-dot/>\
        <per-minute>32</per-minute></metronome></direction-type></direction>
        """
    }
    return "    <measure number=\"\(number)\">\(content)<note><rest/></note></measure>"
  }

  static let expected = ImportedMovement(
    title: "Allegro & Presto", measures: ["0"] + (1...12).map(String.init) + ["12a"],
    rehearsalMarks: [.init(label: "A", measureIndex: 5)],
    meters: [
      .init(measureIndex: 0, beats: 3, beatType: 4), .init(measureIndex: 9, beats: 4, beatType: 4),
    ],
    tempos: [
      .init(measureIndex: 0, quartersPerMinute: 120), .init(measureIndex: 9, quartersPerMinute: 96),
    ])

  func testAPartwiseScoreGivesItsBarMapFromTheFirstPart() throws {
    let url = try folder.write(Self.fixture, to: "sonata.musicxml")
    let movements = try ScoreImport.read(url)
    XCTAssertEqual(movements, [Self.expected])
    XCTAssertEqual(
      movements[0].line(number: 1),
      "movement 1 \"Allegro & Presto\": 0–12a (14 bars), A=5, 3/4, 4/4 from 9, ♩=120, ♩=96 from 9")
    XCTAssertEqual(
      movements[0].json,
      .object([
        "title": .string("Allegro & Presto"), "firstMeasure": .string("0"),
        "lastMeasure": .string("12a"), "measureCount": .number(14),
        "rehearsalMarks": .array([.object(["label": .string("A"), "measure": .string("5")])]),
      ]))
  }

  func testTitlesFallBackToTheWorkTheCreditAndTheFileName() throws {
    func title(_ header: String) throws -> String {
      let text =
        "<score-partwise>\(header)<part id=\"P1\"><measure number=\"1\"/></part></score-partwise>"
      return try ScoreImport.read(folder.write(text, to: "Etude_3.xml"))[0].title
    }
    XCTAssertEqual(try title("<work><work-title>Sonata</work-title></work>"), "Sonata")
    XCTAssertEqual(
      try title(
        "<credit page=\"1\"><credit-words>Étude</credit-words></credit><credit><credit-words>x</credit-words></credit>"
      ),
      "Étude")
    XCTAssertEqual(try title(""), "Etude_3")
  }

  func testMeasureNumbersStartingAgainStartANewMovement() throws {
    let text = """
      <score-partwise><movement-title>Suite</movement-title><part id="P1">
      <measure number="1"/><measure number="2"/>
      <measure number="0"><direction><direction-type><words>Menuet</words></direction-type></direction></measure>
      <measure number="1"/><measure number="2"><direction><direction-type><words>dolce</words></direction-type></direction></measure>
      <measure number="1"/>
      </part></score-partwise>
      """
    let movements = try ScoreImport.read(folder.write(text, to: "suite.xml"))
    XCTAssertEqual(movements.map(\.title), ["Suite", "Menuet", "Suite (3)"])
    XCTAssertEqual(movements.map(\.measures), [["1", "2"], ["0", "1", "2"], ["1"]])
    XCTAssertEqual(movements[2].line(number: 3), "movement 3 \"Suite (3)\": 1–1 (1 bar)")
  }

  /// A pickup belongs to the movement it leads into: MuseScore writes one left out of the
  /// count as an implicit `X1`, with the new movement's meter, tempo, mark and title in it;
  /// another tool numbers the first pickup as the bar after it, an implicit `1` before `1`.
  func testAPickupBelongsToTheMovementItLeadsInto() throws {
    let text = """
      <score-partwise><movement-title>Suite</movement-title><part id="P1">
      <measure number="1" implicit="yes"><attributes><time><beats>3</beats><beat-type>4</beat-type></time></attributes><sound tempo="90"/></measure>
      <measure number="1"/><measure number="2"/>
      <measure number="X1" implicit="yes"><attributes><time><beats>6</beats><beat-type>8</beat-type></time></attributes>
      <direction><direction-type><words>Gigue</words></direction-type></direction>
      <direction><direction-type><rehearsal>A</rehearsal></direction-type></direction><sound tempo="120"/></measure>
      <measure number="1"/><measure number="2"><direction><direction-type><words>dolce</words></direction-type></direction></measure>
      </part></score-partwise>
      """
    let movements = try ScoreImport.read(folder.write(text, to: "suite.xml"))
    XCTAssertEqual(movements.map(\.title), ["Suite", "Gigue"])
    XCTAssertEqual(movements.map(\.measures), [["0", "1", "2"], ["X1", "1", "2"]])
    XCTAssertEqual(movements[0].meters, [.init(measureIndex: 0, beats: 3, beatType: 4)])
    XCTAssertEqual(movements[0].tempos, [.init(measureIndex: 0, quartersPerMinute: 90)])
    XCTAssertEqual(movements[0].rehearsalMarks, [])
    XCTAssertEqual(movements[1].meters, [.init(measureIndex: 0, beats: 6, beatType: 8)])
    XCTAssertEqual(movements[1].tempos, [.init(measureIndex: 0, quartersPerMinute: 120)])
    XCTAssertEqual(movements[1].rehearsalMarks, [.init(label: "A", measureIndex: 0)])
    let unmarked = """
      <score-partwise><part id="P1"><measure number="1"/><measure number="1"/><measure number="2"/>
      <measure number="1"/></part></score-partwise>
      """
    XCTAssertEqual(
      try ScoreImport.read(folder.write(unmarked, to: "duo.xml")).map(\.measures),
      [["0", "1", "2"], ["1"]], "a pickup numbered 1 without implicit=\"yes\" too")
  }

  func testUTF16FileIsRead() throws {
    for bigEndian in [false, true] {
      let data = Data(Self.utf16(Self.fixture, bigEndian: bigEndian))
      XCTAssertEqual(try ScoreImport.read(folder.write(data, to: "sonata.xml")), [Self.expected])
    }
  }

  // MARK: .mxl

  private static let container = """
    <?xml version="1.0" encoding="UTF-8"?>
    <container><rootfiles><rootfile full-path="score/sonata.musicxml" media-type="application/vnd.recordare.musicxml+xml"/></rootfiles></container>
    """

  func testCompressedScoresWithStoredAndDeflatedEntries() throws {
    let decoy = "<score-partwise><part id=\"P\"><measure number=\"7\"/></part></score-partwise>"
    let archive = Self.zip([
      ("mimetype", Array("application/vnd.recordare.musicxml".utf8), false),
      ("META-INF/container.xml", Array(Self.container.utf8), false),
      ("decoy.xml", Array(decoy.utf8), true),
      ("score/sonata.musicxml", Array(Self.fixture.utf8), true),
    ])
    XCTAssertEqual(
      try ScoreImport.read(folder.write(Data(archive), to: "sonata.mxl")), [Self.expected])
    // Without a container, the first MusicXML file outside META-INF.
    let plain = Self.zip([("a/b.musicxml", Array(Self.fixture.utf8), false)])
    XCTAssertEqual(try ScoreImport.read(folder.write(Data(plain), to: "b.mxl")), [Self.expected])
  }

  func testBrokenFilesAreRefusedInOneLine() throws {
    let archive = Self.zip([("s.musicxml", Array(Self.fixture.utf8), true)])
    var badCRC = archive
    // The CRC that counts is the central directory's.
    let central = archive.count - 22 - 46 - "s.musicxml".utf8.count
    badCRC[central + 16] ^= 0xFF
    var huge = archive
    // The uncompressed size, claimed as 2 GB.
    huge.replaceSubrange((central + 24)..<(central + 28), with: [0xFF, 0xFF, 0xFF, 0x7F])
    let cases: [(String, Data, String)] = [
      (
        "cut.mxl", Data(archive.prefix(archive.count / 2)),
        "not a ZIP archive, or cut short (no central directory)"
      ),
      ("crc.mxl", Data(badCRC), "s.musicxml fails its CRC check"),
      ("huge.mxl", Data(huge), "s.musicxml claims 2047 MB, more than a score holds"),
      ("notes.xml", Data("just some notes".utf8), "line 1: text outside the root element"),
      ("html.xml", Data("<html></html>".utf8), "not a MusicXML score (it starts with <html>)"),
      ("time.xml", Data("<score-timewise/>".utf8), "score-timewise is not supported"),
      (
        "empty.xml", Data("<score-partwise><part id=\"P\"/></score-partwise>".utf8),
        "the first part has no measures"
      ),
      (
        "latin1.xml", Data([0x3C, 0x61, 0x3E, 0xE9, 0x3C, 0x2F, 0x61, 0x3E]),
        "not UTF-8 or UTF-16 text"
      ),
    ]
    for (name, data, reason) in cases {
      let url = try folder.write(data, to: name)
      XCTAssertThrowsError(try ScoreImport.read(url), name) { error in
        XCTAssertEqual(error as? StorageError, .malformed(file: name, reason: reason))
        XCTAssertFalse("\(error)".contains("\n"))
      }
    }
    XCTAssertThrowsError(try ScoreImport.read(folder.file("missing.xml"))) { error in
      XCTAssertEqual("\(error)", "could not read missing.xml: No such file or directory")
    }
  }

  /// Hostile documents meet limits far beyond any score, each refused in one line.
  func testNestingAttributesAndSizeHaveLimits() throws {
    let deep = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
    let attributes =
      "<score-partwise " + (1...65).map { "a\($0)=\"1\"" }.joined(separator: " ") + "/>"
    let cases: [(String, String)] = [
      ("<score-partwise>\(deep)</score-partwise>", "<a> is nested more than 256 elements deep"),
      (attributes, "<score-partwise> has more than 64 attributes"),
    ]
    for (text, reason) in cases {
      XCTAssertThrowsError(try ScoreImport.movements(in: Array(text.utf8), fallbackTitle: "x")) {
        XCTAssertTrue(($0 as? ScoreFormatError)?.reason.hasSuffix(reason) == true, "\($0)")
      }
    }
    let crowded = "<score-partwise><part id=\"P\">" + String(repeating: "<b/>", count: 1_000_000)
    XCTAssertThrowsError(try ScoreImport.movements(in: Array(crowded.utf8), fallbackTitle: "x")) {
      XCTAssertEqual(
        ($0 as? ScoreFormatError)?.reason,
        "line 1: more than 1000000 elements, more than a score holds")
    }
    // An archive of a few kilobytes that would inflate past a score's 64 MB is refused unread.
    let zeros = [UInt8](repeating: 0x20, count: 65 << 20)
    let bomb = Self.zip([("s.musicxml", zeros, true)])
    XCTAssertLessThan(bomb.count, 100 << 10)
    XCTAssertThrowsError(try ScoreImport.movements(in: bomb, fallbackTitle: "x")) {
      XCTAssertEqual(
        ($0 as? ScoreFormatError)?.reason, "s.musicxml claims 65 MB, more than a score holds")
    }
  }

  /// Only the first part makes the bar map: what follows it is not read at all.
  func testReadingStopsAfterTheFirstPart() throws {
    let text = Self.fixture.replacingOccurrences(
      of: "<part id=\"P2\">", with: "<part id=\"P2\"><unclosed><")
    XCTAssertEqual(
      try ScoreImport.movements(in: Array(text.utf8), fallbackTitle: "x"), [Self.expected])
  }

  /// A ZIP archive written by hand: entries stored, or deflated with zlib.
  static func zip(_ entries: [(name: String, contents: [UInt8], deflate: Bool)]) -> [UInt8] {
    func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
    var archive: [UInt8] = []
    var directory: [UInt8] = []
    for entry in entries {
      let crc = entry.contents.withUnsafeBufferPointer {
        UInt32(crc32(0, $0.baseAddress, UInt32($0.count)))
      }
      let data = entry.deflate ? rawDeflate(entry.contents) : entry.contents
      let name = Array(entry.name.utf8)
      let common =
        le16(20) + le16(0) + le16(entry.deflate ? 8 : 0) + le16(0) + le16(0) + le32(crc)
        + le32(UInt32(data.count)) + le32(UInt32(entry.contents.count)) + le16(name.count) + le16(0)
      directory +=
        le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0)
        + le32(0) + le32(UInt32(archive.count)) + name
      archive += le32(0x0403_4B50) + common + name + data
    }
    let offset = archive.count
    archive += directory
    archive +=
      le32(0x0605_4B50) + le16(0) + le16(0) + le16(entries.count) + le16(entries.count)
      + le32(UInt32(directory.count)) + le32(UInt32(offset)) + le16(0)
    return archive
  }

  /// zlib's `compress2` output without its 2-byte header and 4-byte Adler-32 trailer.
  private static func rawDeflate(_ bytes: [UInt8]) -> [UInt8] {
    var size = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(size))
    _ = compress2(&output, &size, bytes, uLong(bytes.count), 9)
    return Array(output[2..<Int(size) - 4])
  }
}
