import AudioModel
import XCTest

final class AudioServerInfoTests: XCTestCase {
  func testPulseAudioKeepsTheNameAndVersionItReports() {
    let info = AudioServerInfo(
      reportedName: "pulseaudio", reportedVersion: "16.1", defaultSink: "speakers",
      sampleRate: 44_100)
    XCTAssertEqual(info.serverName, "pulseaudio")
    XCTAssertEqual(info.serverVersion, "16.1")
    XCTAssertEqual(info.defaultSink, "speakers")
    XCTAssertEqual(info.sampleRate, 44_100)
  }

  func testPipeWiresPulseAudioServiceIsNamedWithPipeWiresVersion() {
    let info = AudioServerInfo(
      reportedName: "PulseAudio (on PipeWire 1.2.7)", reportedVersion: "15.0.0",
      defaultSink: "box", sampleRate: 48_000)
    XCTAssertEqual(info.serverName, "pipewire-pulse")
    XCTAssertEqual(info.serverVersion, "1.2.7")
    XCTAssertEqual(info.defaultSink, "box")
  }
}
