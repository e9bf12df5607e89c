import DSP
import Foundation
import XCTest

@testable import App

/// A recorder's folder on disk: its Broadcast WAV files by name, and one line for each `.wav`
/// that cannot be placed in time.
final class RecorderFolderTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("recorder-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(at: folder)
  }

  /// One second of 8 kHz audio, then, unless `bextSeconds` is nil, a `bext` chunk whose time
  /// reference is that many seconds after midnight of 2027-01-15.
  private func write(_ name: String, bextSeconds: UInt64?) throws {
    var file = WAVCodec.encode(
      WAVAudio(sampleRate: 8_000, channels: 1, samples: Array(repeating: 0, count: 8_000)),
      as: .int16)
    if let seconds = bextSeconds {
      func le(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8((value >> (8 * UInt64($0))) & 0xFF) }
      }
      var body = [UInt8](repeating: 0, count: 320) + Array("2027-01-1512:00:00".utf8)
      body += le(seconds * 8_000, 8) + le(1, 2)
      file.append(contentsOf: Array("bext".utf8) + le(UInt64(body.count), 4) + body)
      file.replaceSubrange(4..<8, with: le(UInt64(file.count - 8), 4))
    }
    try file.write(to: folder.appendingPathComponent(name))
  }

  func testItReadsTheBroadcastWAVsByNameAndSaysWhyOthersAreLeftOut() throws {
    try write("B.wav", bextSeconds: 43_200)
    try write("A.WAV", bextSeconds: 36_000)
    try write("plain.wav", bextSeconds: nil)
    try write(".hidden.WAV", bextSeconds: 1)
    try write("take\n2.wav", bextSeconds: 1)
    try write("notes.txt", bextSeconds: 1)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("old.wav"), withIntermediateDirectories: true)
    let read = try RecorderFolder.read(folder)
    XCTAssertEqual(
      read.files,
      [
        .init(name: "A.WAV", day: 20_833, startSecondsOfDay: 36_000, duration: 1),
        .init(name: "B.wav", day: 20_833, startSecondsOfDay: 43_200, duration: 1),
      ])
    XCTAssertEqual(
      read.problems,
      [
        "old.wav: Is a directory",
        "plain.wav: no bext chunk, so no time of day (not a Broadcast WAV file)",
        "\"take\\n2.wav\": a name with control characters",
      ])
  }
}
