import Storage
import XCTest

@testable import App

/// The protocols' store's refusals as the player reads them.
final class ProtocolRefusalTests: XCTestCase {
  /// A line refused because a sync joined another machine's lines into the journal meanwhile
  /// is said in the player's language (the room then reads the journal again, whole).
  func testALineRefusedAfterASyncJoinIsSaidInEveryLanguage() throws {
    let failure = Launcher.Failure(
      protocol: "brahms",
      .cannotAppend(file: "brahms", reason: ProtocolStore.joinedMeanwhile))
    XCTAssertEqual(failure.message?.key, "protocol.error.joinedMeanwhile")
    XCTAssertEqual(
      failure.said(in: AppFixtures.catalog.localizer(for: "en")).description,
      "could not add to brahms: lines from another machine were joined into it meanwhile; it is "
        + "read again: enter the line again")
    for language in ["es", "ca", "ru"] {
      let said = failure.said(in: AppFixtures.catalog.localizer(for: language)).description
      XCTAssertTrue(said.contains("brahms") && !said.contains("protocol.error"), said)
    }
  }
}
