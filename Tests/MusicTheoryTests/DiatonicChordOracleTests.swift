import Foundation
import MusicTheory
import TerminalHarness
import XCTest

/// The triads and seventh chords on every degree of the seven-note scales, on all 21 tonics,
/// as music21 spells and names them. The script `Oracle/music21_chords.py` runs music21 where
/// it is installed (`python3` on the path, or the interpreter `MUSIC21_PYTHON` names) and its
/// answers must then also match the ones recorded beside it; elsewhere the recorded answers
/// stand in.
final class DiatonicChordOracleTests: XCTestCase {
  private static let oracle = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Oracle")

  /// music21's names for the qualities the app has; a stack it names otherwise ("Italian
  /// augmented sixth chord", "augmented major tetrachord", an enharmonic equivalent) is one
  /// the app gives no quality, and shows by its notes.
  private static let qualities: [String: ChordQuality] = [
    "major triad": .major, "minor triad": .minor, "diminished triad": .diminished,
    "augmented triad": .augmented, "dominant seventh chord": .dominantSeventh,
    "major seventh chord": .majorSeventh, "minor seventh chord": .minorSeventh,
    "half-diminished seventh chord": .halfDiminishedSeventh,
    "diminished seventh chord": .diminishedSeventh,
    "minor-augmented tetrachord": .minorMajorSeventh,
  ]

  private static func recorded() throws -> String {
    try String(contentsOf: oracle.appendingPathComponent("music21_chords.txt"), encoding: .utf8)
  }

  /// music21's answers, or nil when no interpreter here imports it.
  private static func live() throws -> String? {
    let python = ProcessInfo.processInfo.environment["MUSIC21_PYTHON"] ?? "python3"
    guard try run(python, ["-c", "import music21"]) != nil else { return nil }
    return try run(python, [oracle.appendingPathComponent("music21_chords.py").path])
  }

  /// The standard output of a successful run; nil when the program fails or is not there.
  private static func run(_ program: String, _ arguments: [String]) throws -> String? {
    let result = try CommandRun.run(
      "/usr/bin/env", [program] + arguments, environment: ProcessInfo.processInfo.environment)
    return result.status == 0 ? result.output : nil
  }

  func testEveryDiatonicChordIsSpelledAndNamedAsMusic21Does() throws {
    var answers = try Self.recorded()
    if let live = try Self.live() {
      XCTAssertEqual(live, answers, "music21 now answers otherwise: record its answers again")
      answers = live
    }
    let lines = answers.split(separator: "\n")
    let sevenNoteTypes = ScaleType.all.filter { $0.intervals.count == 7 }
    XCTAssertEqual(
      Set(lines.compactMap { ScaleType(named: String($0.split(separator: "|")[0])) }),
      Set(sevenNoteTypes), "every seven-note scale type")
    let spellable = sevenNoteTypes.flatMap { type in
      SpellingOracle.tonics.compactMap { Scale(tonic: $0, type: type) }
    }
    XCTAssertEqual(lines.count, spellable.count, "the scales the app spells, and no others")
    for line in lines {
      let fields = line.split(separator: "|").map(String.init)
      guard fields.count == 4, let type = ScaleType(named: fields[0]),
        let tonic = NoteClass(parsing: fields[1]), let scale = Scale(tonic: tonic, type: type)
      else {
        XCTFail("unreadable or unspellable oracle line \"\(line)\"")
        continue
      }
      for (sevenths, field) in [(false, fields[2]), (true, fields[3])] {
        let chords = try XCTUnwrap(scale.diatonicChords(sevenths: sevenths))
        let theirs = field.components(separatedBy: ", ")
        XCTAssertEqual(theirs.count, 7, String(line))
        for (chord, answer) in zip(chords, theirs) {
          let parts = answer.split(separator: "=", maxSplits: 1).map(String.init)
          let context = "\(scale) \(chord.numeral): music21 says \(answer)"
          XCTAssertEqual(chord.notes.map(\.description).joined(separator: " "), parts[0], context)
          XCTAssertEqual(chord.quality, Self.qualities[parts[1]], context)
        }
      }
    }
  }
}
