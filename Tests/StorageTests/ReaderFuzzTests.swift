import Foundation
import MusicTheory
import Practice
import TestHelpers
import XCTest

@testable import Storage

/// Every reader of a user's file gets random bytes and damaged copies of real files for a fixed
/// time: it may refuse them, but never crash, never take more than 5 s on one, and never grow
/// the process by more than 200 MB. A failure prints the seed that reproduces it.
final class ReaderFuzzTests: StorageTestCase {
  private let seconds = 1.5

  private func sample(_ folder: String, _ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: RepositoryPaths.assets.appendingPathComponent("\(folder)/\(name)")))
  }

  private func assertWellBehaved(
    _ report: Fuzzer.Report, seed: UInt64, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertGreaterThan(report.runs, 100, "seed \(seed): \(report)", file: file, line: line)
    XCTAssertLessThan(
      report.slowest, .seconds(5), "seed \(seed): \(report)", file: file, line: line)
    XCTAssertLessThan(
      report.memoryGrowth, 200 << 20, "seed \(seed): \(report)", file: file, line: line)
  }

  func testJSONFilesOfEveryKind() throws {
    let samples = [
      try sample("packs", "alto-staff.json"), try sample("patterns", "6-chord-1.json"),
      try sample("rhythms", "eighths.json"), try sample("locales", "en.json"),
      Array(#"{"language": "de", "metronome": {"bpm": 96}, "volumes": {"master": 80}}"#.utf8),
    ]
    var fuzzer = Fuzzer(tokens: [
      "1e400", "-0", "[", "{\"a\":", "\\ud800", "null", "99999999999999999999", "\u{1B}[2J",
    ])
    let report = fuzzer.run(seconds: seconds, samples: samples) { bytes in
      guard let document = try? JSONValue(parsing: Data(bytes)) else { return }
      _ = Settings.decoded(from: document)
      _ = try? NotePack(json: document)
      _ = try? FretPattern(json: document)
      _ = try? document.serialized()
    }
    assertWellBehaved(report, seed: fuzzer.seed)
  }

  func testScoresPlainAndCompressed() throws {
    let xml = Array(ScoreImportTests.fixture.utf8)
    let samples = [
      xml, ScoreImportTests.zip([("score.musicxml", xml, true)]),
      ScoreImportTests.zip([
        (
          "META-INF/container.xml",
          Array(
            #"<container><rootfiles><rootfile full-path="s.xml"/></rootfiles></container>"#.utf8),
          false
        ), ("s.xml", xml, false),
      ]),
    ]
    var fuzzer = Fuzzer(tokens: [
      "<measure number=\"1\">", "<!DOCTYPE", "&amp;", "<![CDATA[", "</", "<beats>99999</beats>",
      "PK\u{03}\u{04}",
    ])
    let report = fuzzer.run(seconds: seconds, samples: samples) { bytes in
      _ = try? ScoreImport.movements(in: bytes, fallbackTitle: "fuzz")
    }
    assertWellBehaved(report, seed: fuzzer.seed)
  }

  func testHistoryAndJournalLines() throws {
    let history =
      Array(
        #"{"date":"2026-11-20T09:00:00Z","module":"rhythm","exercise":"steady","duration":65,"score":0.9}"#
          .utf8) + [0x0A]
    let journal = Array("take\n1-20 ++\nnote slow ending\nend 40\n".utf8)
    let file = folder.file("history.jsonl")
    var fuzzer = Fuzzer(tokens: [
      "\n", "take @", "mvt 1: 1-9999999", "17-28 +", "\"duration\":-5", "1e400",
    ])
    let report = fuzzer.run(seconds: seconds, samples: [history + history, journal]) { bytes in
      FileManager.default.createFile(atPath: file.path, contents: Data(bytes))
      _ = HistoryLog(file: file).readAll(as: JSONValue.self)
      var session = ProtocolSession()
      for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n").prefix(200) {
        try? session.apply(String(line), at: Date(timeIntervalSince1970: 1_800_000_000))
      }
    }
    assertWellBehaved(report, seed: fuzzer.seed)
  }

  /// The journal as `ProtocolStore` reads it (its own line reader first, JSONDecoder after),
  /// replayed with authors, joined lines (the files `protocol link` names), undos, stamps to the
  /// millisecond and offsets from UTC.
  func testProtocolJournals() throws {
    let store = ProtocolStore(folder: folder.url)
    try store.create("fuzz", at: Date(timeIntervalSince1970: 1_800_000_000))
    let file = folder.url.appendingPathComponent("fuzz/journal.jsonl")
    let lines = [
      #"{"at":"2026-11-27T12:00:00Z","by":"anna","line":"mvt 1: 1-40 A=12"}"#,
      #"{"at":"2026-11-27T12:00:01Z","by":"anna","line":"take @A"}"#,
      #"{"at":"2026-11-27T12:00:02Z","by":"ben","line":"note late \u00e9\"x\""}"#,
      #"{"at":"2026-11-27T12:00:03Z","by":"anna","line":"false"}"#,
      #"{"at":"2026-11-27T12:00:03Z","by":"anna","joinsPrevious":true,"line":"take"}"#,
      #"{"at":"2026-11-27T12:00:04Z","line":"12-20 ++"}"#,
      #"{"at":"2026-11-27T12:00:05Z","by":"anna","line":"undo"}"#,
      #"{"at":"2026-11-27T12:00:06.125Z","by":"ben","line":"fps 29.97df","utcOffset":"+01:00"}"#,
      #"{"at":"2026-11-27T12:00:06.250Z","by":"ben","line":"tc 10:00:00;00","utcOffset":"-03:30"}"#,
      #"{"at":"2026-11-27T12:00:06.999Z","by":"ben","line":"take","utcOffset":"+01:00"}"#,
      #"{"at":"2026-11-27T12:00:07Z","by":"link","line":"file T1.WAV take 1"}"#,
      #"{"at":"2026-11-27T12:00:07Z","by":"link","joinsPrevious":true,"line":"file \"a take 2\" take 2"}"#,
      #"{"at":"2026-11-27T12:00:08Z","by":"link","line":"undo"}"#,
      #"{"at":"2026-11-27T12:00:09Z","by":"anna","line":"day 2 — Tuesday restart"}"#,
      #"{"at":"2026-11-27T12:00:10Z","by":"anna","line":"take"}"#,
      #"{"at":"2026-11-27T12:00:11Z","by":"ben","line":"T1/2 file T2.WAV"}"#,
      #"{"at":"2026-11-27T12:00:12Z","by":"link","line":"file T3.WAV take 1/1"}"#,
    ]
    let journal = Array((lines.joined(separator: "\n") + "\n").utf8)
    var fuzzer = Fuzzer(tokens: [
      "\n", #"","by":""#, #","joinsPrevious":true"#, #""line":"undo"}"#, "\\u0000", "\"",
      "2026-02-29T24:00:00Z", "é", ".999Z", #","utcOffset":"+14:00""#, "file ", " take 1",
      "T1 ", "/2", "day restart",
    ])
    let report = fuzzer.run(seconds: seconds, samples: [journal, journal + journal]) { bytes in
      FileManager.default.createFile(atPath: file.path, contents: Data(bytes))
      guard let tail = try? store.read("fuzz", from: ProtocolStore.Position()) else { return }
      var session = ProtocolSession()
      _ = session.replay(
        tail.entries.map {
          ProtocolSession.Line($0.line, at: $0.at, by: $0.by, joinsPrevious: $0.joinsPrevious)
        })
    }
    assertWellBehaved(report, seed: fuzzer.seed)
  }
}
