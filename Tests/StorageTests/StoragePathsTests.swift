import Foundation
import Storage
import XCTest

final class StoragePathsTests: XCTestCase {
  func testDefaultsLiveUnderHome() {
    let paths = StoragePaths(environment: ["HOME": "/home/ada"])

    XCTAssertEqual(paths.configFolder.path, "/home/ada/.config/woodshed")
    XCTAssertEqual(paths.dataFolder.path, "/home/ada/.local/share/woodshed")
    XCTAssertEqual(paths.stateFolder.path, "/home/ada/.local/state/woodshed")
  }

  func testAbsoluteXDGVariablesAreUsed() {
    let paths = StoragePaths(environment: [
      "HOME": "/home/ada", "XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/srv/data",
      "XDG_STATE_HOME": "/var/state",
    ])

    XCTAssertEqual(paths.configFolder.path, "/cfg/woodshed")
    XCTAssertEqual(paths.dataFolder.path, "/srv/data/woodshed")
    XCTAssertEqual(paths.stateFolder.path, "/var/state/woodshed")
  }

  func testRelativeAndEmptyXDGVariablesAreIgnored() {
    let paths = StoragePaths(environment: [
      "HOME": "/home/ada", "XDG_CONFIG_HOME": "cfg", "XDG_DATA_HOME": "./data",
      "XDG_STATE_HOME": "",
    ])

    XCTAssertEqual(paths.configFolder.path, "/home/ada/.config/woodshed")
    XCTAssertEqual(paths.dataFolder.path, "/home/ada/.local/share/woodshed")
    XCTAssertEqual(paths.stateFolder.path, "/home/ada/.local/state/woodshed")
  }

  func testWoodshedHomeReplacesTheThreeFolders() {
    let paths = StoragePaths(environment: [
      "HOME": "/home/ada", "XDG_CONFIG_HOME": "/cfg", "WOODSHED_HOME": "/tmp/shed",
    ])

    XCTAssertEqual(paths.configFolder.path, "/tmp/shed/config")
    XCTAssertEqual(paths.dataFolder.path, "/tmp/shed/data")
    XCTAssertEqual(paths.stateFolder.path, "/tmp/shed/state")
  }

  func testEmptyWoodshedHomeIsIgnored() {
    let paths = StoragePaths(environment: ["HOME": "/home/ada", "WOODSHED_HOME": ""])

    XCTAssertEqual(paths.configFolder.path, "/home/ada/.config/woodshed")
  }

  func testMissingHomeUsesTheFallback() {
    let paths = StoragePaths(
      environment: [:], fallbackHome: URL(fileURLWithPath: "/root", isDirectory: true))

    XCTAssertEqual(paths.configFolder.path, "/root/.config/woodshed")
  }

  func testFilesInsideTheFolders() {
    let paths = StoragePaths(environment: ["WOODSHED_HOME": "/h"])

    XCTAssertEqual(paths.settingsFile.path, "/h/config/settings.json")
    XCTAssertEqual(paths.historyFile.path, "/h/data/history.jsonl")
    XCTAssertEqual(paths.patternsFolder.path, "/h/data/patterns")
    XCTAssertEqual(paths.rhythmsFolder.path, "/h/data/rhythms")
    XCTAssertEqual(paths.protocolsFolder.path, "/h/data/protocols")
    XCTAssertEqual(paths.logFile.path, "/h/state/woodshed.log")
  }
}
