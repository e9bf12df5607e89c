import App
import OSC
import Practice
import XCTest

/// The cues as each DAW's OSC patterns take them, and the DAW's word that it records.
final class DAWStyleTests: XCTestCase {
  private let cues = [
    DAWCue(kind: .takeStart, take: "3", name: "take 3 bar 12"),
    DAWCue(kind: .mark, take: "3", name: "take 3 bars 12–20 ++"),
    DAWCue(kind: .falseStart, take: "3", name: "take 3 false start"),
    DAWCue(kind: .takeEnd, take: "3", name: "take 3 end bar 20"),
  ]

  func testArdourGetsANamedMarkerForEveryCue() {
    XCTAssertEqual(
      DAWStyle.named(.ardour).messages(for: cues),
      cues.map { OSCMessage("/add_marker", [.string($0.name)]) })
  }

  func testReaperGetsTheInsertMarkerActionForEveryCue() {
    XCTAssertEqual(
      DAWStyle.named(.reaper).messages(for: cues),
      Array(repeating: OSCMessage("/action", [.int(40157)]), count: cues.count))
  }

  func testPlainNamesTheKindTheTakeAndTheCue() {
    XCTAssertEqual(
      DAWStyle.named(.plain).messages(for: cues).map(\.description),
      [
        #"/woodshed/take_start ss "3" "take 3 bar 12""#,
        #"/woodshed/mark ss "3" "take 3 bars 12–20 ++""#,
        #"/woodshed/false_start ss "3" "take 3 false start""#,
        #"/woodshed/take_end ss "3" "take 3 end bar 20""#,
      ])
  }

  func testReaperRecordsOnceItsRecordSwitchComesOn() {
    var watch = DAWStyle.named(.reaper).recordWatch()
    let heard = [
      OSCMessage("/record", [.float(0)]), OSCMessage("/play", [.float(1)]),
      OSCMessage("/record", [.float(1)]), OSCMessage("/record", [.float(1)]),
      OSCMessage("/record", [.float(0)]), OSCMessage("/record", [.int(1)]),
      OSCMessage("/record", [.string("1")]), OSCMessage("/record"),
    ].map { watch.heard($0) }
    XCTAssertEqual(heard, [false, false, true, false, false, true, false, false])
  }

  func testArdourRecordsWhenTheTransportRollsWithRecordEnabledInEitherOrder() {
    var watch = DAWStyle.named(.ardour).recordWatch()
    let heard = [
      OSCMessage("/transport_play", [.int(1)]), OSCMessage("/rec_enable_toggle", [.int(1)]),
      OSCMessage("/transport_play", [.int(0)]), OSCMessage("/transport_stop", [.int(1)]),
      OSCMessage("/transport_play", [.int(1)]), OSCMessage("/rec_enable_toggle", [.int(0)]),
      OSCMessage("/rec_enable_toggle", [.int(1)]),
    ].map { watch.heard($0) }
    XCTAssertEqual(heard, [false, true, false, false, true, false, true])
  }
}
