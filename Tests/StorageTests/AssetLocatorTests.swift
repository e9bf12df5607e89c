import Foundation
import Storage
import XCTest

final class AssetLocatorTests: StorageTestCase {
  func testEnvironmentVariableWins() throws {
    try folder.write("{}", to: "repo/assets/locales/en.json")

    let found = AssetLocator.find(
      environment: ["WOODSHED_ASSETS": "/opt/woodshed-assets"],
      executableURL: folder.file("repo/.build/debug/woodshed"))

    XCTAssertEqual(found?.path, "/opt/woodshed-assets")
  }

  func testWalksUpFromADevelopmentBuild() throws {
    try folder.write("{}", to: "repo/assets/locales/en.json")
    let executable = try folder.write("", to: "repo/.build/x86_64-unknown-linux-gnu/debug/woodshed")

    let found = AssetLocator.find(environment: [:], executableURL: executable)

    XCTAssertEqual(found?.standardizedFileURL.path, folder.file("repo/assets").path)
  }

  func testFollowsASymlinkedExecutable() throws {
    try folder.write("{}", to: "repo/assets/locales/en.json")
    let executable = try folder.write("", to: "repo/.build/debug/woodshed")
    let link = folder.file("bin/woodshed")
    try FileManager.default.createDirectory(
      at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: executable)

    let found = AssetLocator.find(environment: [:], executableURL: link)

    XCTAssertEqual(found?.standardizedFileURL.path, folder.file("repo/assets").path)
  }

  func testFallsBackToTheInstalledShareFolder() throws {
    let executable = try folder.write("", to: "prefix/bin/woodshed")
    try FileManager.default.createDirectory(
      at: folder.file("prefix/share/woodshed/assets"), withIntermediateDirectories: true)

    let found = AssetLocator.find(environment: [:], executableURL: executable)

    XCTAssertEqual(
      found?.standardizedFileURL.path, folder.file("prefix/share/woodshed/assets").path)
  }

  func testNothingFoundIsNil() throws {
    let executable = try folder.write("", to: "prefix/bin/woodshed")

    XCTAssertNil(AssetLocator.find(environment: [:], executableURL: executable))
    XCTAssertNil(AssetLocator.find(environment: [:], executableURL: nil))
  }
}
