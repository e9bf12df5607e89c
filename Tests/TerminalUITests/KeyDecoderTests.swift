import TerminalUI
import XCTest

final class KeyDecoderTests: XCTestCase {
  private let start = MonotonicInstant(nanoseconds: 5_000_000_000)
  private var soon: MonotonicInstant { start.advanced(by: .milliseconds(1)) }
  private var afterTimeout: MonotonicInstant { start.advanced(by: KeyDecoder.escapeTimeout) }

  private func keys(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(bytes, at: start).map(\.key)
  }

  private func keys(_ text: String) -> [Key] {
    keys(Array(text.utf8))
  }

  func testSpecialKeySequences() {
    let table: [(String, [Key])] = [
      // Arrows: CSI, SS3 (application cursor mode), with modifiers ignored.
      ("\u{1B}[A", [.up]), ("\u{1B}[B", [.down]), ("\u{1B}[C", [.right]), ("\u{1B}[D", [.left]),
      ("\u{1B}OA", [.up]), ("\u{1B}OB", [.down]), ("\u{1B}OC", [.right]), ("\u{1B}OD", [.left]),
      ("\u{1B}[1;5A", [.up]), ("\u{1B}[1;2D", [.left]), ("\u{1B}[1;3C", [.right]),
      ("\u{1B}[1;8B", [.down]),
      // Home and End in xterm, VT220 and rxvt forms.
      ("\u{1B}[H", [.home]), ("\u{1B}[F", [.end]), ("\u{1B}OH", [.home]), ("\u{1B}OF", [.end]),
      ("\u{1B}[1~", [.home]), ("\u{1B}[4~", [.end]), ("\u{1B}[7~", [.home]),
      ("\u{1B}[8~", [.end]), ("\u{1B}[1;5H", [.home]), ("\u{1B}[1;2F", [.end]),
      ("\u{1B}[5~", [.pageUp]), ("\u{1B}[6~", [.pageDown]), ("\u{1B}[5;5~", [.pageUp]),
      ("\u{1B}[2~", [.insert]), ("\u{1B}[3~", [.delete]), ("\u{1B}[3;2~", [.delete]),
      // Function keys: SS3 and xterm-modified F1–F4, VT220 tilde codes, Linux console.
      ("\u{1B}OP", [.function(1)]), ("\u{1B}OQ", [.function(2)]),
      ("\u{1B}OR", [.function(3)]), ("\u{1B}OS", [.function(4)]),
      ("\u{1B}[1;2P", [.function(1)]), ("\u{1B}[1;5S", [.function(4)]),
      ("\u{1B}[11~", [.function(1)]), ("\u{1B}[12~", [.function(2)]),
      ("\u{1B}[13~", [.function(3)]), ("\u{1B}[14~", [.function(4)]),
      ("\u{1B}[15~", [.function(5)]), ("\u{1B}[17~", [.function(6)]),
      ("\u{1B}[18~", [.function(7)]), ("\u{1B}[19~", [.function(8)]),
      ("\u{1B}[20~", [.function(9)]), ("\u{1B}[21~", [.function(10)]),
      ("\u{1B}[23~", [.function(11)]), ("\u{1B}[24~", [.function(12)]),
      ("\u{1B}[15;5~", [.function(5)]), ("\u{1B}[24;2~", [.function(12)]),
      ("\u{1B}[[A", [.function(1)]), ("\u{1B}[[B", [.function(2)]),
      ("\u{1B}[[C", [.function(3)]), ("\u{1B}[[D", [.function(4)]),
      ("\u{1B}[[E", [.function(5)]),
      ("\u{1B}[Z", [.backTab]),
      ("\u{1B}OM", [.enter]),
    ]
    for (input, expected) in table {
      XCTAssertEqual(keys(input), expected, input.debugDescription)
    }
  }

  func testControlBytes() {
    let table: [([UInt8], [Key])] = [
      ([0x0D], [.enter]), ([0x0A], [.enter]), ([0x0D, 0x0A], [.enter, .enter]),
      ([0x7F], [.backspace]), ([0x08], [.backspace]),
      ([0x09], [.tab]),
      ([0x01], [.control("a")]), ([0x03], [.control("c")]), ([0x11], [.control("q")]),
      ([0x17], [.control("w")]), ([0x1A], [.control("z")]),
      // Ctrl-@, Ctrl-\ … Ctrl-_ name no key the app uses.
      ([0x00], []), ([0x1C], []), ([0x1D], []), ([0x1E], []), ([0x1F], []),
    ]
    for (input, expected) in table {
      XCTAssertEqual(keys(input), expected, "\(input)")
    }
  }

  func testTextIncludingMultiByteCharacters() {
    let table: [(String, [Key])] = [
      ("a", [.character("a")]), ("Q", [.character("Q")]), (" ", [.character(" ")]),
      ("~", [.character("~")]), ("[", [.character("[")]),
      ("é", [.character("é")]), ("♯", [.character("♯")]), ("漢", [.character("漢")]),
      ("🎵", [.character("🎵")]),
      ("q1 ", [.character("q"), .character("1"), .character(" ")]),
      // A base letter and its combining mark arriving together are one character.
      ("e\u{301}", [.character("e\u{301}")]),
      ("❤️", [.character("❤️")]),
    ]
    for (input, expected) in table {
      XCTAssertEqual(keys(input), expected, input.debugDescription)
    }
  }

  func testSequencesMixedWithOtherKeysKeepTheirOrder() {
    XCTAssertEqual(
      keys("a\u{1B}[Ab\r\u{1B}[6~漢\u{7F}"),
      [
        .character("a"), .up, .character("b"), .enter, .pageDown, .character("漢"), .backspace,
      ])
  }

  func testAltKeyIsEscapeThenTheKey() {
    XCTAssertEqual(keys("\u{1B}x"), [.escape, .character("x")])
    XCTAssertEqual(keys("\u{1B}é"), [.escape, .character("é")])
    XCTAssertEqual(keys("\u{1B}\r"), [.escape, .enter])
    XCTAssertEqual(keys("\u{1B}\u{1B}[A"), [.escape, .up])
  }

  func testCompleteSequencesThatNameNoKeyAreDropped() {
    let ignored = [
      "\u{1B}[200~", "\u{1B}[I", "\u{1B}[O", "\u{1B}[?1;2c", "\u{1B}[24;80R", "\u{1B}[E",
      "\u{1B}[99~", "\u{1B}[[Z", "\u{1B}Ox", "\u{1B}[<0;3;4M",
    ]
    for input in ignored {
      XCTAssertEqual(keys(input + "k"), [.character("k")], input.debugDescription)
    }
  }

  func testBrokenOffSequenceIsEscapeThenWhatWasTyped() {
    XCTAssertEqual(keys("\u{1B}[1\r"), [.escape, .character("["), .character("1"), .enter])
    let endless = "\u{1B}[" + String(repeating: "1", count: 40)
    let decoded = keys(endless)
    XCTAssertEqual(decoded.first, .escape)
    XCTAssertEqual(decoded.count, 42)
  }

  func testInvalidUTF8IsDroppedWithoutLosingTheNextKey() {
    let table: [([UInt8], [Key])] = [
      ([0xFF, 0x61], [.character("a")]),
      ([0x80, 0x62], [.character("b")]),
      ([0xC3, 0x28], [.character("(")]),
      ([0xE2, 0x99, 0x41], [.character("A")]),
      ([0xC0, 0xAF, 0x61], [.character("a")]),  // overlong "/"
      ([0xE0, 0x80, 0xAF], []),  // overlong
      ([0xED, 0xA0, 0x80, 0x61], [.character("a")]),  // surrogate
      ([0xF4, 0x90, 0x80, 0x80], []),  // beyond U+10FFFF
      ([0xC2, 0x85], []),  // C1 control
      ([0xC3, 0x1B, 0x5B, 0x41], [.up]),
      ([0xF0, 0x9F, 0x8E, 0x0D], [.enter]),
    ]
    for (input, expected) in table {
      XCTAssertEqual(keys(input), expected, "\(input)")
    }
  }

  func testEveryEventCarriesTheTimeItWasFed() {
    var decoder = KeyDecoder()
    let events = decoder.feed(Array("x\u{1B}[Aé\t".utf8), at: start)
    XCTAssertEqual(
      events,
      [
        KeyEvent(.character("x"), time: start), KeyEvent(.up, time: start),
        KeyEvent(.character("é"), time: start), KeyEvent(.tab, time: start),
      ])
    XCTAssertEqual(decoder.feed(Array("z".utf8), at: soon), [KeyEvent(.character("z"), time: soon)])
    XCTAssertFalse(decoder.hasPendingInput)
  }

  func testSplitReadsAtEveryBoundaryDecodeTheSame() {
    let inputs = [
      "\u{1B}[A", "\u{1B}[1;5D", "\u{1B}[15~", "\u{1B}[[B", "\u{1B}OP", "é", "♯", "漢", "🎵",
      "x\u{1B}[6~y",
    ]
    for input in inputs {
      let bytes = Array(input.utf8)
      let whole = keys(bytes)
      for cut in 1..<bytes.count {
        var decoder = KeyDecoder()
        let events = decoder.feed(bytes[..<cut], at: start) + decoder.feed(bytes[cut...], at: soon)
        XCTAssertEqual(events.map(\.key), whole, "\(input.debugDescription) cut at \(cut)")
        // A key is stamped when its first byte arrived.
        XCTAssertEqual(events.first?.time, start, "\(input.debugDescription) cut at \(cut)")
        XCTAssertFalse(decoder.hasPendingInput)
      }
    }
  }

  func testOneByteAtATime() {
    let bytes = Array("a\u{1B}[24~♯\u{1B}OH🎵".utf8)
    var decoder = KeyDecoder()
    var events: [KeyEvent] = []
    for (offset, byte) in bytes.enumerated() {
      events += decoder.feed([byte], at: start.advanced(by: .microseconds(offset)))
    }
    XCTAssertEqual(
      events.map(\.key),
      [.character("a"), .function(12), .character("♯"), .home, .character("🎵")])
    XCTAssertEqual(
      events.map(\.time.nanoseconds),
      [0, 1, 6, 9, 12].map { start.advanced(by: .microseconds($0)).nanoseconds })
  }

  func testLoneEscapeWaitsForTheTimeout() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed([0x1B], at: start), [])
    XCTAssertTrue(decoder.hasPendingInput)
    XCTAssertEqual(decoder.pendingDeadline, afterTimeout)
    XCTAssertEqual(decoder.flush(at: start.advanced(by: .milliseconds(24))), [])
    XCTAssertEqual(decoder.flush(at: afterTimeout), [KeyEvent(.escape, time: start)])
    XCTAssertFalse(decoder.hasPendingInput)
    XCTAssertNil(decoder.pendingDeadline)
    XCTAssertEqual(decoder.flush(at: afterTimeout), [])
  }

  func testEscapeContinuedWithinTheTimeoutIsASequence() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed([0x1B], at: start), [])
    XCTAssertEqual(decoder.feed(Array("[".utf8), at: soon), [])
    XCTAssertEqual(decoder.feed(Array("A".utf8), at: soon), [KeyEvent(.up, time: start)])
  }

  func testEscapeContinuedAfterTheTimeoutIsEscapeThenText() {
    var decoder = KeyDecoder()
    _ = decoder.feed([0x1B], at: start)
    let late = start.advanced(by: .milliseconds(30))
    XCTAssertEqual(
      decoder.feed(Array("[A".utf8), at: late),
      [
        KeyEvent(.escape, time: start), KeyEvent(.character("["), time: late),
        KeyEvent(.character("A"), time: late),
      ])
  }

  func testCutOffSequenceFlushesAsEscapeAndCharacters() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed(Array("\u{1B}[1;".utf8), at: start), [])
    XCTAssertEqual(
      decoder.flush(at: afterTimeout).map(\.key),
      [.escape, .character("["), .character("1"), .character(";")])

    XCTAssertEqual(decoder.feed(Array("\u{1B}O".utf8), at: start), [])
    XCTAssertEqual(decoder.flush(at: afterTimeout).map(\.key), [.escape, .character("O")])
  }

  func testDoubleEscapeGivesOneNowAndOneAfterTheTimeout() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed([0x1B, 0x1B], at: start), [KeyEvent(.escape, time: start)])
    XCTAssertTrue(decoder.hasPendingInput)
    XCTAssertEqual(decoder.flush(at: afterTimeout), [KeyEvent(.escape, time: start)])
  }

  func testIncompleteUTF8IsDroppedAtTheTimeout() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed([0xE6, 0xBC], at: start), [])
    XCTAssertTrue(decoder.hasPendingInput)
    XCTAssertEqual(decoder.flush(at: afterTimeout), [])
    XCTAssertFalse(decoder.hasPendingInput)
    XCTAssertEqual(decoder.feed(Array("a".utf8), at: afterTimeout).map(\.key), [.character("a")])
  }

  func testEmptyFeedChangesNothing() {
    var decoder = KeyDecoder()
    XCTAssertEqual(decoder.feed([UInt8](), at: start), [])
    XCTAssertFalse(decoder.hasPendingInput)
    XCTAssertEqual(decoder.flush(at: afterTimeout), [])
  }
}
