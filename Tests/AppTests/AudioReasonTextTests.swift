import App
import AudioModel
import Storage
import TerminalUI
import XCTest

/// Why there is no sound is said in the interface's language, not in the box's libc's: the
/// issue saw PulseAudio's "Conexión negada" inside an English interface.
final class AudioReasonTextTests: XCTestCase {
  private func topBar(language: String, reason: String) -> String {
    var settings = Settings()
    settings.language = language
    let model = AppFixtures.model(
      size: Size(width: 120, height: 40), settings: settings,
      audio: .unavailable(reason: reason))
    return AppView.render(model).lines[0]
  }

  func testTheServersFailureIsSaidInTheInterfacesLanguage() {
    let refused = "PulseAudio: Connection refused"
    XCTAssertTrue(
      topBar(language: "en", reason: refused).contains("no audio: PulseAudio: Connection refused"))
    XCTAssertTrue(
      topBar(language: "es", reason: refused).contains("sin audio: PulseAudio: conexión rechazada"),
      topBar(language: "es", reason: refused))
    XCTAssertTrue(
      topBar(language: "ca", reason: "PulseAudio server did not answer in time").contains(
        "el servidor de PulseAudio no ha respost a temps"))
  }

  func testAReasonWithoutWordsOfOurOwnIsShownAsItCame() {
    let reason = "PulseAudio: no sink named \"studio\""
    XCTAssertTrue(topBar(language: "es", reason: reason).contains(reason))
  }

  func testDoctorSaysItInTheUsersLanguage() {
    let report = DoctorReport(
      version: "0.1.0", terminalSize: nil, term: "xterm", locale: "es_ES.UTF-8", isUTF8: true,
      glyphs: .unicode, colorCount: 256, noColor: false, folders: [], settingsNotices: [],
      pulseServer: nil, audio: .unavailable(reason: "PulseAudio: Access denied"))
    let text = report.text(AppFixtures.catalog.localizer(for: "es"))
    XCTAssertTrue(text.contains("sin audio: PulseAudio: acceso denegado"), text)
  }
}
