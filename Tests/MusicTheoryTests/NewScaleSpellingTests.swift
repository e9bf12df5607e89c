import Foundation
import MusicTheory
import TerminalHarness
import XCTest

/// The scale types added for issue 24 spelled on all 21 tonics as music21 spells them. The
/// script `Oracle/music21_scales.py` runs music21 where it is installed (`python3` on the path,
/// or the interpreter `MUSIC21_PYTHON` names) and its answers must then also match the ones
/// recorded beside it; elsewhere the recorded answers stand in.
final class NewScaleSpellingTests: XCTestCase {
  private static let oracle = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Oracle")

  private static func recorded() throws -> String {
    try String(
      contentsOf: oracle.appendingPathComponent("music21_scales.txt"), encoding: .utf8)
  }

  /// music21's answers, or nil when no interpreter here imports it.
  private static func live() throws -> String? {
    let python = ProcessInfo.processInfo.environment["MUSIC21_PYTHON"] ?? "python3"
    guard try run(python, ["-c", "import music21"]) != nil else { return nil }
    return try run(python, [oracle.appendingPathComponent("music21_scales.py").path])
  }

  /// The standard output of a successful run; nil when the program fails or is not there.
  private static func run(_ program: String, _ arguments: [String]) throws -> String? {
    let result = try CommandRun.run(
      "/usr/bin/env", [program] + arguments, environment: ProcessInfo.processInfo.environment)
    return result.status == 0 ? result.output : nil
  }

  func testEveryNewScaleIsSpelledAsMusic21SpellsIt() throws {
    var answers = try Self.recorded()
    if let live = try Self.live() {
      XCTAssertEqual(live, answers, "music21 now answers otherwise: record its answers again")
      answers = live
    }
    let lines = answers.split(separator: "\n")
    XCTAssertEqual(lines.count, 17 * SpellingOracle.tonics.count, "17 names on 21 tonics")
    for line in lines {
      let fields = line.split(separator: "|").map(String.init)
      guard fields.count == 3, let type = ScaleType(named: fields[0]),
        let tonic = NoteClass(parsing: fields[1])
      else {
        XCTFail("unreadable oracle line \"\(line)\"")
        continue
      }
      let scale = Scale(tonic: tonic, type: type)
      XCTAssertEqual(
        scale?.noteClasses.map(\.description).joined(separator: " "), fields[2],
        "\(fields[1]) \(fields[0])")
    }
  }

  /// Every type the oracle spells is one of the new ones or an alias of an older type.
  func testTheOracleCoversEveryNewType() throws {
    let named = Set(
      try Self.recorded().split(separator: "\n").compactMap {
        ScaleType(named: String($0.split(separator: "|")[0]))
      })
    let new = ScaleType.all.dropFirst(15)
    XCTAssertEqual(new.count, 13)
    XCTAssertTrue(Set(new).isSubset(of: named), "\(Set(new).subtracting(named))")
  }
}
