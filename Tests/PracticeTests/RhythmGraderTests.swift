import MusicTheory
import Practice
import XCTest

final class RhythmGraderTests: XCTestCase {
  private let grader = RhythmGrader()

  private func line(_ patterns: [RhythmPattern], bars: Int = 1) -> RhythmLine {
    RhythmLine(patterns: patterns, bars: bars)!
  }

  /// The grade of each note and the extra hits, for tables.
  private func summary(_ results: RhythmResults) -> ([RhythmGrade], [Double]) {
    (results.notes.map(\.grade), results.extraHits)
  }

  /// The hits of every note of `line`, on time, at `bpm` from `firstBeat`.
  private func onTime(_ line: RhythmLine, firstBeat: Double = 0, bpm: Double = 60) -> [Double] {
    line.expectedNotes(firstBeat: firstBeat, bpm: bpm).map(\.time)
  }

  func testHitsOnTimeAreAllPerfect() {
    let played = line([.quarter, .eighths, .triplet, .sixteenths], bars: 2)
    let hits = onTime(played, firstBeat: 7.3, bpm: 97)
    let results = grader.grade(played, firstBeat: 7.3, bpm: 97, hits: hits)
    XCTAssertEqual(results.count(of: .perfect), 2 * (1 + 2 + 3 + 4))
    XCTAssertEqual(results.notes.map(\.hit), hits)
    XCTAssertEqual(results.extraHits, [])
    XCTAssertEqual(results.accuracy, 100)
  }

  func testOnlyTheLineIsJudged() {
    // One bar of quarters at 60 BPM from 4 s: a count-in before, the next bar after.
    let played = line([.quarter])
    let countIn = [0.0, 1, 2, 3]
    let afterwards = [8.0, 8.5, 9]
    let results = grader.grade(
      played, firstBeat: 4, bpm: 60,
      hits: countIn + onTime(played, firstBeat: 4) + [6.5]
        + afterwards)
    XCTAssertEqual(results.count(of: .perfect), 4)
    XCTAssertEqual(results.extraHits, [6.5], "only the hit between two notes of the line")
    XCTAssertEqual(results.accuracy, 80)
  }

  func testEveryRelativeWindowEdgeThroughTheGrader() {
    // An offbeat eighth at 100 BPM lasts 300 ms and has no note near it: the first is at
    // 12.345 + 0.3 s, the next two beats later.
    let played = line([.offbeatEighth, .rest])
    let note = 12.345 + 0.3
    let base = 0.3
    let cases: [(Double, RhythmGrade)] = [
      (0.15, .perfect), (0.1501, .good), (0.30, .good), (0.3001, .inaccurate), (0.50, .inaccurate),
      (0.5001, .miss),
    ]
    for (share, grade) in cases {
      for sign in [1.0, -1.0] {
        let hit = note + sign * share * base
        let results = grader.grade(played, firstBeat: 12.345, bpm: 100, hits: [hit])
        XCTAssertEqual(results.notes[0].grade, grade, "\(sign * share)")
        XCTAssertEqual(results.extraHits, grade == .miss ? [hit] : [], "\(sign * share)")
      }
    }
  }

  func testHalfwayBetweenTwoEvenNotesIsTheEarlierNotesLateHit() {
    // The windows of two eighths meet halfway; a hit there is inaccurate for both, and on that
    // tie it goes to the earlier note. Just either side, it goes to the nearer one.
    let played = line([.eighths])
    let cases: [(Double, [RhythmGrade])] = [
      (0.25, [.inaccurate, .miss]), (0.2499, [.inaccurate, .miss]), (0.2501, [.miss, .inaccurate]),
    ]
    for (hit, grades) in cases {
      let results = grader.grade(played, firstBeat: 0, bpm: 60, hits: [hit])
      XCTAssertEqual(Array(results.notes.prefix(2).map(\.grade)), grades, "\(hit)")
      XCTAssertEqual(results.extraHits, [], "\(hit)")
    }
  }

  func testAHalfNoteIsJudgedOnItsOnsetAsAQuarterIs() {
    // Quarter, half, quarter at 60 BPM: the half note at 1 s is 2 s long, but its windows are a
    // quarter's (150, 300 and 500 ms), so a hit 600 ms late is extra rather than good, and a
    // second hit 450 ms after the quarter is extra rather than an inaccurate, early half note.
    // (On its written 2 s the half note's windows would be 300, 600 and 1000 ms.)
    let played = line([.quarter, .half, .quarter])
    let cases: [(Double, RhythmGrade)] = [
      (1.15, .perfect), (0.7, .good), (1.3, .good), (1.5, .inaccurate), (0.5, .inaccurate),
      (1.6, .miss), (0.45, .miss),
    ]
    for (hit, grade) in cases {
      let results = grader.grade(played, firstBeat: 0, bpm: 60, hits: [0, hit, 3])
      XCTAssertEqual(results.notes.map(\.grade), [.perfect, grade, .perfect], "\(hit)")
      XCTAssertEqual(results.extraHits, grade == .miss ? [hit] : [], "\(hit)")
    }
  }

  func testATiedIntoBeatIsHeldNotPlayed() {
    // Eighth, quarter tied over the beat, eighth at 60 BPM: notes at 0, 0.5 and 1.5 s. A hit
    // on beat 2 (1 s) is one too many, however near the tied note's late edge it falls.
    let played = line([.tiedSyncopation, .halfRest])
    XCTAssertEqual(onTime(played), [0, 0.5, 1.5])
    let results = grader.grade(played, firstBeat: 0, bpm: 60, hits: [0, 0.5, 1, 1.5])
    XCTAssertEqual(summary(results).0, [.perfect, .perfect, .perfect])
    XCTAssertEqual(summary(results).1, [1])
    XCTAssertEqual(results.accuracy, 75)
  }

  func testEveryStrictWindowEdgeThroughTheGrader() {
    let strict = RhythmGrader(windows: .strict)
    let played = line([.quarter])
    let cases: [(Double, RhythmGrade)] = [
      (0.020, .perfect), (0.0201, .good), (0.040, .good), (0.0401, .inaccurate),
      (0.080, .inaccurate), (0.0801, .miss),
    ]
    for (offset, grade) in cases {
      for sign in [1.0, -1.0] {
        let hit = 3.1 + 2 + sign * offset
        let results = strict.grade(played, firstBeat: 3.1, bpm: 60, hits: [hit])
        XCTAssertEqual(results.notes[2].grade, grade, "\(sign * offset)")
      }
    }
    // The same hit 100 ms late is still perfect in the relative windows of a quarter at 60 BPM.
    XCTAssertEqual(
      grader.grade(played, firstBeat: 0, bpm: 60, hits: [0.1]).notes[0].grade, .perfect)
  }

  func testADoubleHitOnOneNote() {
    // Eighths at 60 BPM: notes every 0.5 s, windows ±0.25 s.
    let played = line([.eighths])
    let cases: [([Double], [RhythmGrade], [Double])] = [
      // The second hit is in no window: an extra hit, and the next note is still to be played.
      ([0, 0.05, 0.5], [.perfect, .perfect, .miss, .miss, .miss, .miss, .miss, .miss], [0.05]),
      // The better of two hits on one note is the note's, even the later one.
      ([-0.06, 0, 0.5], [.perfect, .perfect, .miss, .miss, .miss, .miss, .miss, .miss], [-0.06]),
      // The second hit lies in the next note's window: that note's early hit.
      ([0, 0.3], [.perfect, .inaccurate, .miss, .miss, .miss, .miss, .miss, .miss], []),
      // ... unless that note is played as well: then the better hit is the note's.
      ([0, 0.3, 0.5], [.perfect, .perfect, .miss, .miss, .miss, .miss, .miss, .miss], [0.3]),
    ]
    for (hits, grades, extra) in cases {
      let (graded, extraHits) = summary(grader.grade(played, firstBeat: 0, bpm: 60, hits: hits))
      XCTAssertEqual(graded, grades, "\(hits)")
      XCTAssertEqual(extraHits, extra, "\(hits)")
    }
  }

  func testAnEarlyHitOfTheNextNote() {
    // Quarters at 60 BPM: a hit at 0.6 s is 400 ms early for the note at 1 s (inaccurate) and
    // 600 ms late for the note at 0, outside its window.
    let played = line([.quarter])
    let alone = grader.grade(played, firstBeat: 0, bpm: 60, hits: [0.6])
    XCTAssertEqual(alone.notes.map(\.grade), [.miss, .inaccurate, .miss, .miss])
    XCTAssertEqual(alone.notes[1].offsetMilliseconds ?? 0, -400, accuracy: 1e-9)
    let withTheFirst = grader.grade(played, firstBeat: 0, bpm: 60, hits: [0, 0.6, 2, 3])
    XCTAssertEqual(withTheFirst.notes.map(\.grade), [.perfect, .inaccurate, .perfect, .perfect])
    XCTAssertEqual(withTheFirst.extraHits, [])
  }

  func testAHitOnARestIsExtra() {
    let cases: [([RhythmPattern], [Double], [RhythmGrade], [Double])] = [
      // On the rest's beat, and late in it: not a late hit of the quarter before.
      ([.quarter, .rest], [0, 1, 2, 3], [.perfect, .perfect], [1, 3]),
      ([.quarter, .rest], [0, 1.45, 2], [.perfect, .perfect], [1.45]),
      // The downbeat of an offbeat eighth is its rest.
      (
        [.offbeatEighth], [0, 0.5, 1, 1.5, 2.5, 3.5], [.perfect, .perfect, .perfect, .perfect],
        [0, 1]
      ),
    ]
    for (patterns, hits, grades, extra) in cases {
      let played = line(patterns)
      let (graded, extraHits) = summary(grader.grade(played, firstBeat: 0, bpm: 60, hits: hits))
      XCTAssertEqual(graded, grades, "\(patterns.map(\.id)) \(hits)")
      XCTAssertEqual(extraHits, extra, "\(patterns.map(\.id)) \(hits)")
    }
  }

  func testEighthsPlayedAgainstATripletLine() {
    // The off-beat eighth lies exactly halfway between the second and third triplet notes:
    // inaccurate for either (50 % of a third of a beat); on that tie it goes to the earlier
    // note, and the third is missed.
    let played = line([.triplet])
    let eighths: [Double] = (0..<4).flatMap { beat in [Double(beat), Double(beat) + 0.5] }
    let hits = eighths.map { 5.2 + $0 * 0.75 }
    let results = grader.grade(played, firstBeat: 5.2, bpm: 80, hits: hits)
    XCTAssertEqual(
      results.notes.map(\.grade),
      Array(repeating: [RhythmGrade.perfect, .inaccurate, .miss], count: 4).flatMap { $0 })
    XCTAssertEqual(results.notes[1].offsetMilliseconds ?? 0, 125, accuracy: 1e-6)
    XCTAssertEqual(results.extraHits, [])
    XCTAssertEqual(results.accuracy, 50, "4 perfect against 4 missed")
  }

  func testTripletsPlayedAgainstAnEighthsLine() {
    // Each triplet note after the beat is a sixth of a beat from the off-beat eighth, a third
    // of its length: inaccurate. The earlier one is matched, the later one is extra.
    let played = line([.eighths])
    let hits: [Double] = (0..<4).flatMap { beat in (0..<3).map { Double(beat) + Double($0) / 3 } }
    let results = grader.grade(played, firstBeat: 0, bpm: 60, hits: hits)
    XCTAssertEqual(
      results.notes.map(\.grade),
      Array(repeating: [RhythmGrade.perfect, .inaccurate], count: 4).flatMap { $0 })
    XCTAssertEqual(results.extraHits, (0..<4).map { Double($0) + 2.0 / 3 })
    XCTAssertEqual(results.accuracy, 50, "4 perfect against 4 extra")
  }

  func testTripletsAgainstTripletsAndEighthsAgainstEighthsAreClean() {
    for pattern in [RhythmPattern.triplet, .eighths] {
      let played = line([pattern], bars: 4)
      let results = grader.grade(
        played, firstBeat: 1, bpm: 133, hits: onTime(played, firstBeat: 1, bpm: 133))
      XCTAssertEqual(results.accuracy, 100, pattern.id)
    }
  }

  func testOneEarlyHitNeverShiftsTheLaterJudgements() {
    // Four bars of eighths at 120 BPM (250 ms each) played on time, with one stray hit 100 ms
    // before the fourth note. Paired in turn, every later note would get the hit before its
    // own; matched over the whole line, only the stray hit is extra.
    let played = line([.eighths], bars: 4)
    let hits = onTime(played, bpm: 120)
    let stray = hits[3] - 0.1
    let results = grader.grade(played, firstBeat: 0, bpm: 120, hits: hits + [stray])
    XCTAssertEqual(results.count(of: .perfect), 32)
    XCTAssertEqual(results.extraHits, [stray])
    XCTAssertEqual(results.notes.map(\.hit), hits)

    // The fourth note played early instead of on time: only it is judged differently.
    var early = hits
    early[3] = stray
    let rushed = grader.grade(played, firstBeat: 0, bpm: 120, hits: early)
    XCTAssertEqual(rushed.notes[3].grade, .inaccurate)
    XCTAssertEqual(rushed.count(of: .perfect), 31)
    XCTAssertEqual(rushed.extraHits, [])
  }

  func testTheBestMatchingOverTheLineNotTheFirstThatFits() {
    // A sixteenth and a dotted eighth at 60 BPM: the dotted eighth's window (±375 ms around
    // 0.25 s) holds the whole sixteenth's. The player doubles every sixteenth 50 ms later. A
    // matcher that gave each hit to the first open note whose window holds it would give the
    // doubled hit to the dotted eighth (good, 200 ms early) and call its own hit extra, in
    // every beat.
    let played = line([.sixteenthDottedEighth])
    let hits: [Double] = (0..<4).flatMap { beat in [0, 0.05, 0.25].map { Double(beat) + $0 } }
    let results = grader.grade(played, firstBeat: 0, bpm: 60, hits: hits)
    XCTAssertEqual(results.count(of: .perfect), 8)
    XCTAssertEqual(results.extraHits, (0..<4).map { Double($0) + 0.05 })
  }

  func testMoreMatchedHitsBeatBetterGrades() {
    // Sixteenth then dotted eighth: a hit 100 ms early could be the sixteenth's (inaccurate)
    // or the dotted eighth's (inaccurate, 350 ms early). With one more hit at 0.01 s, matching
    // both is best, even though 0.01 s alone would be a perfect sixteenth.
    let played = line([.sixteenthDottedEighth])
    let results = grader.grade(played, firstBeat: 0, bpm: 60, hits: [-0.1, 0.01])
    XCTAssertEqual(results.notes.prefix(2).map(\.grade), [.inaccurate, .inaccurate])
    XCTAssertEqual(results.notes.prefix(2).map(\.hit), [-0.1, 0.01])
    XCTAssertEqual(results.extraHits, [])
  }

  func testNothingPlayedOrNothingToPlay() {
    let played = line([.eighths])
    let silent = grader.grade(played, firstBeat: 0, bpm: 60, hits: [])
    XCTAssertEqual(silent.count(of: .miss), 8)
    XCTAssertEqual(silent.accuracy, 0)
    let resting = grader.grade(line([.rest]), firstBeat: 0, bpm: 60, hits: [0.5, 2])
    XCTAssertEqual(resting.notes, [])
    XCTAssertEqual(resting.extraHits, [0.5, 2])
    XCTAssertEqual(resting.accuracy, 0)
    XCTAssertEqual(grader.grade(line([.rest]), firstBeat: 0, bpm: 60, hits: []).accuracy, 0)
  }

  func testHitsMayComeInAnyOrderAndNonNumbersAreLeftOut() {
    let played = line([.quarter])
    let results = grader.grade(
      played, firstBeat: 0, bpm: 60, hits: [3, .nan, 1, 0, .infinity, 2])
    XCTAssertEqual(results.notes.map(\.hit), [0, 1, 2, 3])
    XCTAssertEqual(results.extraHits, [])
  }

  func testGradingIsDeterministic() {
    let played = line([.syncopation, .triplet, .dottedEighthSixteenth, .offbeatEighth], bars: 3)
    var generator = SplitMix(seed: 7)
    let wobbly = onTime(played, bpm: 110).map {
      $0 + Double.random(in: -0.08...0.08, using: &generator)
    }
    let stray = (0..<5).map { _ in Double.random(in: 0...6.5, using: &generator) }
    let hits = wobbly + stray
    let first = grader.grade(played, firstBeat: 0, bpm: 110, hits: hits)
    XCTAssertEqual(grader.grade(played, firstBeat: 0, bpm: 110, hits: hits.reversed()), first)
    XCTAssertEqual(
      first.notes.count, played.notes.count, "one result per note, in the notes' order")
    XCTAssertEqual(
      first.notes.compactMap(\.hit).count + first.extraHits.count, hits.count,
      "every hit is matched or extra")
  }
}

/// A small seeded generator, so the hits of the determinism test are the same on every run.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
