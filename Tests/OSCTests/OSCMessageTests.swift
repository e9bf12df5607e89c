import Dispatch
import OSC
import Synchronization
import XCTest

final class OSCMessageTests: XCTestCase {
  /// The OSC 1.0 specification's own example, byte for byte.
  func testAMessageIsWrittenAsTheSpecificationsExample() {
    let message = OSCMessage("/oscillator/4/frequency", [.float(440)])
    let expected: [UInt8] =
      Array("/oscillator/4/frequency".utf8) + [0] + Array(",f".utf8) + [0, 0]
      + [0x43, 0xDC, 0x00, 0x00]
    XCTAssertEqual(message.bytes, expected)
    XCTAssertEqual(message.bytes.count % 4, 0)
  }

  func testStringsAndIntegersArePaddedToFourBytesAndReadBack() throws {
    let message = OSCMessage("/add_marker", [.string("take 3 bar 12"), .int(-40157)])
    XCTAssertEqual(message.bytes.count % 4, 0)
    XCTAssertEqual(try OSCMessage(decoding: message.bytes), message)
    XCTAssertEqual(message.description, "/add_marker si \"take 3 bar 12\" -40157")
    // A string whose length is a multiple of four still ends with four zero bytes.
    let four = OSCMessage("/abc", [.string("abcd")])
    XCTAssertEqual(Array(four.bytes[16..<20]), [0, 0, 0, 0])
    XCTAssertEqual(try OSCMessage(decoding: four.bytes), four)
  }

  func testWhatIsNotAMessageIsRefused() {
    let good = OSCMessage("/record", [.float(1)]).bytes
    for packet in [
      [], Array(good.dropLast()), Array("#bundle".utf8) + [0], Array("record".utf8) + [0, 0],
      Array("/x".utf8) + [0, 0] + Array(",b".utf8) + [0, 0] + [0, 0, 0, 0],
    ] {
      XCTAssertThrowsError(try OSCMessage(decoding: packet), "\(packet)")
    }
  }

  func testAnEndpointIsHostColonPortOrAPortOnTheLoopback() {
    XCTAssertEqual(OSCEndpoint("192.168.1.20:8000")?.description, "192.168.1.20:8000")
    XCTAssertEqual(OSCEndpoint("9000")?.description, "127.0.0.1:9000")
    XCTAssertEqual(OSCEndpoint("[::1]:9000")?.host, "::1")
    XCTAssertEqual(OSCEndpoint("[::1]:9000")?.description, "[::1]:9000")
    for wrong in ["", "host:", ":80", "host:0", "host:70000", "host:port", "a b:80"] {
      XCTAssertNil(OSCEndpoint(wrong), wrong)
    }
  }

  func testWhatIsSentToAReceiverArrivesInOrder() throws {
    let heard = Mutex<[OSCMessage]>([])
    let arrived = DispatchSemaphore(value: 0)
    var receiver: OSCReceiver?
    for port in UInt16(47_000)...47_050 where receiver == nil {
      receiver = try? OSCReceiver(on: OSCEndpoint("127.0.0.1:\(port)")!) { message in
        heard.withLock { $0.append(message) }
        arrived.signal()
      }
    }
    let listening = try XCTUnwrap(receiver)
    defer { listening.stop() }
    let sender = try OSCSender(to: listening.endpoint)
    let messages = (1...5).map { OSCMessage("/woodshed/mark", [.string("take \($0)")]) }
    try sender.send(messages)
    for _ in messages { XCTAssertEqual(arrived.wait(timeout: .now() + 2), .success) }
    XCTAssertEqual(heard.withLock { $0 }, messages)
  }

  func testAPortInUseOrAHostThatDoesNotResolveIsSaidInOneLine() throws {
    var receiver: OSCReceiver?
    for port in 47_100...47_150 where receiver == nil {
      receiver = try? OSCReceiver(on: OSCEndpoint("127.0.0.1:\(port)")!) { _ in }
    }
    let first = try XCTUnwrap(receiver)
    defer { first.stop() }
    XCTAssertThrowsError(try OSCReceiver(on: first.endpoint) { _ in }) { error in
      XCTAssertTrue("\(error)".contains("bind"), "\(error)")
      XCTAssertFalse("\(error)".contains("\n"))
    }
    XCTAssertThrowsError(try OSCSender(to: OSCEndpoint("no-such-host.invalid:9000")!)) { error in
      XCTAssertTrue("\(error)".hasPrefix("no-such-host.invalid:9000: "), "\(error)")
    }
  }
}
