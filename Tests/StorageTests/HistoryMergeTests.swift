import DSP
import Foundation
import Storage
import XCTest

final class HistoryMergeTests: XCTestCase {
  private func session(_ exercise: String, at second: Int, _ extra: String = "") -> String {
    let start = Date(timeIntervalSince1970: 1_795_000_000 + Double(second))
    return #"{"module":"notes","exercise":""# + exercise + #"","startedAt":""#
      + start.formatted(.iso8601) + #"","duration":60"# + extra + "}"
  }

  private func history(_ lines: [String]) -> Data {
    Data(lines.map { $0 + "\n" }.joined().utf8)
  }

  private func text(_ data: Data) -> [String] {
    String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  func testTheOthersSessionsGoInWhereTheyHappenedEachOnce() {
    let laptop = history([session("a", at: 0), session("b", at: 20), session("c", at: 40)])
    let desk = history([session("a", at: 0), session("d", at: 10), session("e", at: 50)])
    XCTAssertEqual(
      text(HistoryMerge.merged(laptop, with: desk)),
      [
        session("a", at: 0), session("d", at: 10), session("b", at: 20), session("c", at: 40),
        session("e", at: 50),
      ])
    XCTAssertEqual(
      HistoryMerge.merged(laptop, with: desk), HistoryMerge.merged(desk, with: laptop),
      "whichever machine joins them")
  }

  func testAHistoryThatLacksNothingIsKeptByteForByteWhenItRunsOldestFirst() {
    let odd = Data((session("a", at: 0) + "\n\n" + session("b", at: 9)).utf8)
    XCTAssertEqual(HistoryMerge.merged(odd, with: history([session("b", at: 9)])), odd)
    XCTAssertEqual(HistoryMerge.merged(odd, with: Data()), odd)
    XCTAssertEqual(HistoryMerge.merged(Data(), with: odd), history(text(odd)))
    let backwards = history([session("b", at: 9), session("a", at: 0)])
    XCTAssertEqual(
      text(HistoryMerge.merged(backwards, with: Data())),
      [session("a", at: 0), session("b", at: 9)],
      "put in order, as the other machine holds it")
  }

  func testASessionWrittenOtherwiseIsStillOneSession() {
    let mine = history([session("a", at: 0, #","score":1"#)])
    let respaced = history([
      #"{ "exercise": "a", "module": "notes", "duration": 60, "score": 1, "startedAt": ""#
        + Date(timeIntervalSince1970: 1_795_000_000).formatted(.iso8601) + #"" }"#
    ])
    XCTAssertEqual(HistoryMerge.merged(mine, with: respaced), mine)
    XCTAssertEqual(
      text(HistoryMerge.merged(mine, with: history([session("a", at: 1)]))).count, 2,
      "a second later is another session")
  }

  func testLinesThatAreNoSessionAreKeptOnceByTheirBytes() {
    let damaged = #"{"module":"notes","exer"#
    let old = #"{"module":"metronome","exercise":"click"}"#
    let mine = history([session("a", at: 0), damaged])
    let merged = HistoryMerge.merged(mine, with: history([old, damaged, session("b", at: 5)]))
    XCTAssertEqual(text(merged), [session("a", at: 0), session("b", at: 5), old, damaged])
  }

  /// Two machines practise offline and sync with the server in a random order, each sync
  /// joining the machine's history with the server's and leaving both with the result: after
  /// every sync nothing is lost or doubled, and once each has synced after the other's last
  /// session both hold the same file.
  func testRandomInterleavingsOfTwoMachinesEndTheSame() {
    for seed in 0..<200 {
      var random = SplitMix64(seed: UInt64(seed))
      var machines = [[String](), [String]()]
      var server = Data()
      var played: [Set<String>] = [[], []]
      var clock = 0
      for _ in 0..<Int.random(in: 1...30, using: &random) {
        let machine = Int.random(in: 0...1, using: &random)
        if Bool.random(using: &random) {
          clock += Int.random(in: 0...3, using: &random)
          let line = session(machine == 0 ? "laptop" : "desk", at: clock)
          if !machines[machine].contains(line) {
            machines[machine].append(line)
            played[machine].insert(line)
          }
        } else {
          let joined = HistoryMerge.merged(history(machines[machine]), with: server)
          server = joined
          machines[machine] = text(joined)
          XCTAssertEqual(
            machines[machine].count, Set(machines[machine]).count, "doubled (seed \(seed))")
        }
      }
      for machine in [0, 1, 0] {
        server = HistoryMerge.merged(history(machines[machine]), with: server)
        machines[machine] = text(server)
      }
      XCTAssertEqual(machines[0], machines[1], "seed \(seed)")
      XCTAssertEqual(Set(machines[0]), played[0].union(played[1]), "lost (seed \(seed))")
      let starts = machines[0].map { $0.components(separatedBy: "startedAt").last ?? "" }
      XCTAssertEqual(starts, starts.sorted(), "oldest first (seed \(seed))")
    }
  }
}
