import MusicTheory
import Practice
import XCTest

final class PatternGeneratorTests: XCTestCase {
  private let library = PatternGenerator.library(for: .guitarStandard)

  /// The tones as played: from the highest-numbered string to string 1, up each string.
  private func playingOrder(_ pattern: FretPattern) -> [(
    tone: FretPattern.Tone, interval: Interval
  )] {
    zip(pattern.tones, pattern.intervals)
      .map { (tone: $0, interval: $1) }
      .sorted { ($1.tone.string, $0.tone.offset) < ($0.tone.string, $1.tone.offset) }
  }

  private func pitch(_ tone: FretPattern.Tone, in pattern: FretPattern) -> Pitch {
    pattern.tuning.pitch(string: tone.string, fret: 24 + tone.offset)
  }

  func testTheMajorScalesSevenPositionsEachWalkTheSevenDegreesUpwardsThreeToAString() {
    let positions = PatternGenerator.threeNotesPerString(.major, tuning: .guitarStandard)
    XCTAssertEqual(positions.map(\.id), (1...7).map { "major-\($0)" })
    let degrees = ScaleType.major.intervals
    for (index, pattern) in positions.enumerated() {
      let played = playingOrder(pattern)
      XCTAssertEqual(played.count, 18, pattern.id)
      XCTAssertEqual(
        played.map(\.interval), (0..<18).map { degrees[(index + $0) % 7] }, pattern.id)
      let pitches = played.map { pitch($0.tone, in: pattern) }
      XCTAssertEqual(pitches, pitches.sorted(), pattern.id)
      XCTAssertEqual(Set(pitches).count, pitches.count, pattern.id)
      for string in 1...6 {
        XCTAssertEqual(played.filter { $0.tone.string == string }.count, 3, pattern.id)
      }
    }
  }

  /// The scales walked from each degree in turn: each walk plays its scale upwards with the
  /// same number of notes on every string, and a symmetric scale keeps each shape once (the
  /// diminished scales walk two shapes from their eight degrees).
  func testWalkedScalesKeepEachShapeOnceAndRiseStringByString() {
    let expected: [ScaleType: Int] = [
      .hungarianMinor: 7, .doubleHarmonic: 7, .todi: 7, .purvi: 7, .marwa: 7, .hirajoshi: 5,
      .in: 5, .yo: 5, .kumoi: 5, .diminishedHalfWhole: 2,
      .diminishedWholeHalf: 2, .bebopDominant: 8,
    ]
    XCTAssertEqual(Set(PatternGenerator.walkedScales.map(\.scale)), Set(expected.keys))
    for (scale, notesPerString) in PatternGenerator.walkedScales {
      let walks = PatternGenerator.walks(
        scale, notesPerString: notesPerString, tuning: .guitarStandard)
      XCTAssertEqual(walks.count, expected[scale], scale.name)
      XCTAssertEqual(
        walks.map(\.id), (1...walks.count).map { "\(scale.name.replacing(" ", with: "-"))-\($0)" })
      for pattern in walks {
        let played = playingOrder(pattern)
        XCTAssertEqual(played.count, 6 * notesPerString, pattern.id)
        let pitches = played.map { pitch($0.tone, in: pattern) }
        XCTAssertEqual(pitches, pitches.sorted(), pattern.id)
        XCTAssertEqual(Set(pitches).count, pitches.count, pattern.id)
        XCTAssertEqual(
          pattern.proposedName.components(separatedBy: ", ").first,
          pattern.name.components(separatedBy: ", ").first, pattern.id)
      }
    }
    let wholeTone = library.filter { $0.id.hasPrefix("whole-tone-") }
    XCTAssertEqual(wholeTone.map(\.name), ["Whole tone, position 1"], "one box from every degree")
    XCTAssertEqual(
      wholeTone.first.map { Set($0.intervals.map(\.shortName)) },
      ["P1", "M2", "M3", "A4", "m6", "m7"])
    XCTAssertEqual(wholeTone.first?.tones.count, 12, "two notes on each string")
  }

  func testTheTonicComesFirstAndIsTheLowestRoot() {
    for pattern in library {
      let roots = playingOrder(pattern).filter { $0.interval == .P1 }
      XCTAssertEqual(pattern.tones.first, roots.first?.tone, pattern.id)
      XCTAssertEqual(pattern.tones.first?.offset, 0, pattern.id)
    }
  }

  func testMinorPentatonicPositionOneInAIsTheFamiliarBox() throws {
    let box = try XCTUnwrap(library.first { $0.id == "minor-pentatonic-1" })
    XCTAssertEqual(box.name, "Minor pentatonic, position 1")
    let places = box.positions(tonicFret: 5).map { "\($0.string):\($0.fret)" }
    XCTAssertEqual(
      places, ["6:5", "6:8", "5:5", "5:7", "4:5", "4:7", "3:5", "3:7", "2:5", "2:8", "1:5", "1:8"])
  }

  func testBluesBoxOneAddsTheFlatFiveOnStringsFiveAndThree() throws {
    let box = try XCTUnwrap(library.first { $0.id == "blues-1" })
    let flatFives = zip(box.positions(tonicFret: 5), box.intervals).filter { $1 == .d5 }
    XCTAssertEqual(flatFives.map(\.0), [.init(string: 5, fret: 6), .init(string: 3, fret: 8)])
  }

  /// Each scale and chord's patterns hold all of its intervals, spelled its way, and no others.
  func testEveryPatternPlaysExactlyItsScaleOrChord() {
    var families: [(patterns: [FretPattern], intervals: [Interval])] = []
    for scale in PatternGenerator.threeNotesPerStringScales {
      families.append(
        (PatternGenerator.threeNotesPerString(scale, tuning: .guitarStandard), scale.intervals))
    }
    for scale in PatternGenerator.pentatonicScales {
      families.append(
        (PatternGenerator.pentatonic(scale, tuning: .guitarStandard), scale.intervals))
    }
    for (scale, pentatonic) in PatternGenerator.bluesScales {
      let boxes = PatternGenerator.blues(scale, from: pentatonic, tuning: .guitarStandard)
      families.append((boxes, scale.intervals))
    }
    for (scale, notesPerString) in PatternGenerator.walkedScales {
      let walks = PatternGenerator.walks(
        scale, notesPerString: notesPerString, tuning: .guitarStandard)
      families.append((walks, scale.intervals))
    }
    for scale in PatternGenerator.boxedScales {
      families.append((PatternGenerator.boxes(scale, tuning: .guitarStandard), scale.intervals))
    }
    for (quality, id) in PatternGenerator.arpeggioQualities {
      let shapes = PatternGenerator.arpeggios(quality, id: id, tuning: .guitarStandard)
      XCTAssertTrue((4...8).contains(shapes.count), "\(id): \(shapes.count) arpeggios")
      families.append((shapes, quality.intervals))
    }
    let chords = PatternGenerator.chordQualities.flatMap {
      PatternGenerator.chords($0.quality, id: $0.id, tuning: .guitarStandard)
    }
    XCTAssertEqual(families.flatMap(\.patterns) + chords, library)
    for (patterns, intervals) in families {
      for pattern in patterns {
        XCTAssertEqual(Set(pattern.intervals), Set(intervals), pattern.id)
      }
    }
  }

  /// A grip: the root lowest, one note on each of a run of adjacent strings, every chord tone
  /// (a ninth chord may leave out its fifth) and nothing else, within four frets.
  func testEveryChordIsAGripOfItsToneWithTheRootLowest() {
    for tuning in [Tuning.guitarStandard, .dropD, .dadgad, .openG, .sevenString, .bass] {
      for (quality, id) in PatternGenerator.chordQualities {
        let grips = PatternGenerator.chords(quality, id: id, tuning: tuning)
        XCTAssertEqual(grips.map(\.id), grips.indices.map { "\(id)-chord-\($0 + 1)" })
        for grip in grips {
          let name = "\(tuning.id) \(grip.id)"
          XCTAssertEqual(grip.category, .chord, name)
          let pitches = grip.tones.map { pitch($0, in: grip) }
          XCTAssertEqual(pitches.min(), pitches.first, "the tonic is the lowest note: \(name)")
          let tones = Set(grip.intervals)
          XCTAssertTrue(tones.isSubset(of: quality.intervals), name)
          let optional: Set<Interval> = quality.intervals.count == 5 ? [.P5] : []
          XCTAssertTrue(Set(quality.intervals).subtracting(optional).isSubset(of: tones), name)
          let strings = grip.tones.map(\.string).sorted()
          XCTAssertEqual(strings, Array(strings[0]...strings[strings.count - 1]), name)
          let offsets = grip.tones.map(\.offset)
          XCTAssertLessThanOrEqual(offsets.max()! - offsets.min()!, 3, name)
        }
      }
    }
  }

  func testGuitarChordsHaveTheirRootOnTheThreeLowestStrings() {
    func frets(_ quality: ChordQuality, _ id: String) -> [String] {
      PatternGenerator.chords(quality, id: id, tuning: .guitarStandard).map { grip in
        // C: fret 8 on string 6, 3 on string 5, 10 on string 4.
        let tonicFret = [6: 8, 5: 3, 4: 10][grip.tones[0].string]!
        let places = Dictionary(
          uniqueKeysWithValues: grip.positions(tonicFret: tonicFret).map { ($0.string, $0.fret) })
        return (1...6).reversed().map { places[$0].map(String.init) ?? "x" }
          .joined(separator: " ")
      }
    }
    XCTAssertEqual(frets(.major, "major"), ["8 10 10 9 8 8", "x 3 5 5 5 3", "x x 10 9 8 8"])
    XCTAssertEqual(frets(.minor, "minor"), ["8 10 10 8 8 8", "x 3 5 5 4 3", "x x 10 8 8 8"])
    XCTAssertEqual(
      frets(.dominantSeventh, "7"), ["8 10 8 9 8 8", "x 3 5 3 5 3", "x x 10 12 11 12"])
    XCTAssertEqual(
      frets(.dominantNinth, "9"), ["8 7 8 7 8 8", "x 3 2 3 3 3", "x x 10 9 11 10"])
    let aShape = PatternGenerator.chords(.major, id: "major", tuning: .guitarStandard)[1]
    XCTAssertEqual(aShape.name, "Major chord, root on string 5")
    XCTAssertEqual(aShape.intervals, [.P1, .P5, .P1, .M3, .P5])
  }

  func testANinthChordSaysItLeavesOutTheFifth() throws {
    let ninths = PatternGenerator.chords(.dominantNinth, id: "9", tuning: .guitarStandard)
    let withoutFifth = try XCTUnwrap(ninths.first { !$0.intervals.contains(.P5) })
    let sentence = "The 5 is left out, as players do: it adds least to the sound."
    XCTAssertTrue(withoutFifth.description.hasSuffix(sentence), withoutFifth.description)
    XCTAssertTrue(ninths.allSatisfy { $0.intervals.contains(.M9) })
  }

  func testABassGetsTheChordsItsFourStringsCanHold() {
    let major = PatternGenerator.chords(.major, id: "major", tuning: .bass)
    XCTAssertEqual(major.map { $0.tones[0].string }, [4, 3], "strings 2 and 1 hold no triad")
    let sevenths = PatternGenerator.chords(.dominantSeventh, id: "7", tuning: .bass)
    XCTAssertEqual(sevenths.map(\.tones.count), [4], "four tones need all four strings")
  }

  func testUnusualSpellingsAreKeptAndUsualOnesLeftOut() throws {
    func spellings(_ id: String) throws -> [Interval] {
      try XCTUnwrap(library.first { $0.id == id }).tones.compactMap(\.spelling)
    }
    XCTAssertEqual(Set(try spellings("lydian-1")), [.A4])
    XCTAssertEqual(Set(try spellings("dim7-arpeggio-1")), [.d7])
    XCTAssertEqual(Set(try spellings("aug-arpeggio-1")), [.A5])
    XCTAssertEqual(try spellings("blues-1"), [], "the blues b5 is the usual name")
    XCTAssertEqual(try spellings("locrian-1"), [])
    XCTAssertEqual(Set(try spellings("9-chord-1")), [.M9])
  }

  func testArpeggiosStartFromEachChordToneOnTheLowestStringFirst() {
    for (quality, id) in PatternGenerator.arpeggioQualities {
      let shapes = PatternGenerator.arpeggios(quality, id: id, tuning: .guitarStandard)
      let starts = shapes.map { playingOrder($0)[0] }
      XCTAssertEqual(
        starts.prefix(quality.intervals.count).map(\.interval), quality.intervals, id)
      XCTAssertTrue(starts.prefix(quality.intervals.count).allSatisfy { $0.tone.string == 6 }, id)
      XCTAssertTrue(
        starts.dropFirst(quality.intervals.count).allSatisfy { $0.tone.string == 5 }, id)
    }
    let first = PatternGenerator.arpeggios(.majorSeventh, id: "maj7", tuning: .guitarStandard)[1]
    XCTAssertEqual(first.id, "maj7-arpeggio-2")
    XCTAssertEqual(first.name, "Major seventh arpeggio, position 2 (from the 3 on string 6)")
  }

  /// A later shape whose every note is in an earlier one, an octave apart or not, teaches nothing
  /// new.
  func testNoArpeggioLiesInsideAnEarlierOne() {
    for (quality, id) in PatternGenerator.arpeggioQualities {
      let shapes = PatternGenerator.arpeggios(quality, id: id, tuning: .guitarStandard)
      // With the tonic at fret 12, shapes an octave apart share their frets modulo 12.
      let places = shapes.map { shape in
        Set(shape.positions(tonicFret: 12).map { "\($0.string):\($0.fret % 12)" })
      }
      for (index, later) in places.enumerated() {
        for earlier in places[..<index] {
          XCTAssertFalse(later.isSubset(of: earlier), "\(shapes[index].id) adds nothing")
        }
      }
    }
  }

  /// Each string's notes lie within 5 frets; a whole box within 5, a three-notes-per-string
  /// position within 7. With the tonic as low as it goes, the lowest note is on the nut.
  func testEveryShapeIsPlayable() {
    for tuning in [Tuning.guitarStandard, .sevenString, .bass] {
      for pattern in PatternGenerator.library(for: tuning) {
        let frets = pattern.positions(tonicFret: pattern.lowestTonicFret)
        XCTAssertEqual(frets.map(\.fret).min(), 0, pattern.id)
        let threePerString = pattern.name.hasSuffix("(3 notes per string)")
        // The steps between a scale's neighbouring degrees, round the octave.
        let semitones =
          ScaleType(named: pattern.name.components(separatedBy: ", ")[0])?
          .intervals.map(\.semitones) ?? []
        let steps = zip(semitones, semitones.dropFirst() + [12]).map { $1 - $0 }
        // Three notes on a string span two steps: an augmented second beside a whole step
        // (Todi's b2 b3 #4) takes six frets. Two notes a major third apart (the Japanese
        // pentatonics) take five on a string and widen the box by one.
        let twoSteps = zip(steps, steps.dropFirst() + steps.prefix(1)).map { $0 + $1 }
        let onOneString = threePerString ? max(4, twoSteps.max() ?? 4) : 4
        for string in 1...tuning.stringCount {
          let onString = frets.filter { $0.string == string }.map(\.fret)
          XCTAssertLessThanOrEqual(
            (onString.max() ?? 0) - (onString.min() ?? 0), onOneString, pattern.id)
        }
        let span = frets.map(\.fret).max()! - frets.map(\.fret).min()!
        let widest = threePerString ? 6 : (steps.contains(4) ? 5 : 4)
        XCTAssertLessThanOrEqual(span, widest, "\(tuning.id) \(pattern.id)")
      }
    }
  }

  func testOtherTuningsGetTheirOwnShapes() {
    let bass = PatternGenerator.library(for: .bass)
    XCTAssertTrue(bass.allSatisfy { $0.tuning == .bass })
    let dorian = bass.first { $0.id == "dorian-1" }
    XCTAssertEqual(dorian?.tones.count, 12, "three notes on each of four strings")
    XCTAssertEqual(Set(dorian?.intervals ?? []), Set(ScaleType.dorian.intervals))
  }

  /// Every box spans four frets from its degree on the C string and holds every place in them
  /// whose note is in the scale, on every string.
  func testUkuleleScalesComeInBoxesOfFourFrets() {
    for scale in PatternGenerator.boxScales {
      let boxes = PatternGenerator.boxes(scale, tuning: .ukulele)
      // A symmetric scale gives its box once for each of its different starting steps.
      let expected = [ScaleType.wholeTone: 1, .diminishedHalfWhole: 2, .diminishedWholeHalf: 2]
      XCTAssertEqual(boxes.count, expected[scale] ?? scale.intervals.count, scale.name)
      for box in boxes {
        XCTAssertEqual(Set(box.intervals), Set(scale.intervals), box.id)
        let places = box.positions(tonicFret: 12)
        let first = places.map(\.fret).min()!
        XCTAssertEqual(places.map(\.fret).max()! - first, 3, box.id)
        let tonic = Tuning.ukulele.pitch(string: box.tones[0].string, fret: 12)
        for string in 1...4 {
          for fret in first...(first + 3) {
            let semitones = (Tuning.ukulele.pitch(string: string, fret: fret) - tonic + 120) % 12
            XCTAssertEqual(
              places.contains(FretPosition(string: string, fret: fret)),
              scale.intervals.contains { $0.semitones % 12 == semitones },
              "\(box.id) string \(string) fret \(fret)")
          }
        }
      }
    }
    let major = PatternGenerator.boxes(.major, tuning: .ukulele)
    XCTAssertEqual(major.map(\.id), (1...7).map { "major-\($0)" })
    XCTAssertEqual(major[0].name, "Major, position 1")
  }

  /// The open G and the E string's third fret are one note; a run up the box plays it once.
  func testAUkuleleBoxPlaysAsARunStrictlyUpwards() throws {
    let box = try XCTUnwrap(PatternGenerator.library(for: .ukulele).first { $0.id == "major-1" })
    let places = box.positions(tonicFret: 0)
    XCTAssertEqual(places.map(\.fret).min(), 0, "the C box in open position")
    let pitches = places.map { Tuning.ukulele.pitch(string: $0.string, fret: $0.fret) }
    let run = ScaleRun(positions: places, pitches: pitches, direction: .ascending).expected
    XCTAssertEqual(run.map(\.pitch).map(\.midiNumber), [60, 62, 64, 65, 67, 69, 71, 72])
    XCTAssertLessThan(run.count, places.count, "G4 and A4 lie on two strings each")
  }

  func testUkuleleArpeggiosAreBoxesOfChordTones() {
    for (quality, id) in PatternGenerator.arpeggioQualities {
      let boxes = PatternGenerator.boxArpeggios(quality, id: id, tuning: .ukulele)
      let symmetric = [.augmented, .diminishedSeventh].contains(quality)
      XCTAssertEqual(
        boxes.count, symmetric ? 1 : quality.intervals.count, "\(id): symmetric chords repeat")
      for box in boxes {
        XCTAssertEqual(Set(box.intervals), Set(quality.intervals), box.id)
        let offsets = box.tones.map(\.offset)
        XCTAssertLessThanOrEqual(offsets.max()! - offsets.min()!, 3, box.id)
      }
    }
  }

  /// Frets from string 4 to string 1, the lowest moved to fret 0.
  private func grips(_ quality: ChordQuality, _ id: String) -> [String] {
    PatternGenerator.chords(quality, id: id, tuning: .ukulele).map { grip in
      let places = grip.positions(tonicFret: grip.lowestTonicFret).sorted { $0.string > $1.string }
      XCTAssertEqual(places.map(\.string), [4, 3, 2, 1], grip.id)
      return places.map { String($0.fret) }.joined()
    }
  }

  func testUkuleleChordsIncludeTheFirstGripsPlayersLearn() {
    let major = grips(.major, "major")
    XCTAssertEqual(major.first, "0003", "C")
    XCTAssertTrue(major.contains("2010"), "F")
    XCTAssertTrue(grips(.minor, "minor").contains("2000"), "Am")
    XCTAssertTrue(grips(.dominantSeventh, "7").contains("0212"), "G7")
    XCTAssertEqual(grips(.diminishedSeventh, "dim7"), ["0101"], "one shape, every three frets")
  }

  func testEveryUkuleleChordSoundsAllFourStrings() {
    for (quality, id) in PatternGenerator.chordQualities {
      let grips = PatternGenerator.chords(quality, id: id, tuning: .ukulele)
      XCTAssertFalse(grips.isEmpty, id)
      for grip in grips {
        XCTAssertEqual(grip.tones.map(\.string).sorted(), [1, 2, 3, 4], grip.id)
        let offsets = grip.tones.map(\.offset)
        XCTAssertLessThanOrEqual(offsets.max()! - offsets.min()!, 3, grip.id)
        let optional: Set<Interval> = quality.intervals.count == 5 ? [.P5] : []
        let tones = Set(grip.intervals)
        XCTAssertTrue(Set(quality.intervals).subtracting(optional).isSubset(of: tones), grip.id)
        let roots = zip(grip.tones, grip.intervals).filter { $0.1 == .P1 }
          .map { pitch($0.0, in: grip) }
        XCTAssertEqual(pitch(grip.tones[0], in: grip), roots.min(), "the lowest root: \(grip.id)")
      }
    }
    let c = PatternGenerator.chords(.major, id: "major", tuning: .ukulele)[0]
    XCTAssertEqual(c.name, "Major chord, position 1")
    XCTAssertEqual(c.tones[0].string, 3, "C on the C string")
  }

  func testEveryTuningGetsALibraryWithUniqueIds() {
    for tuning in Tuning.presets {
      let library = PatternGenerator.library(for: tuning)
      XCTAssertFalse(library.isEmpty, tuning.id)
      XCTAssertEqual(Set(library.map(\.id)).count, library.count, tuning.id)
    }
    let ukulele = PatternGenerator.library(for: .ukulele)
    XCTAssertEqual(
      Set(ukulele.map(\.category)), [.scale, .arpeggio, .chord], "scales, arpeggios and chords")
  }

  /// A diddley bow, strings a semitone or an octave apart, a twelve-string's octave courses: a
  /// shape that cannot be made is left out, never a crash.
  func testOddTuningsGetWhatShapesFit() {
    let tunings = [
      "C4", "C2 C#2 D2 D#2 E2 F2", "C2 C3 C4 C5 C6", "E3 E2 A3 A2 D4 D3 G4 G3 B3 B3 E4 E4",
    ]
    for text in tunings {
      let library = PatternGenerator.library(for: Tuning(parsing: text)!)
      XCTAssertFalse(library.isEmpty, text)
      XCTAssertEqual(Set(library.map(\.id)).count, library.count, text)
    }
  }

  func testIdsAreUniqueAndReadable() {
    XCTAssertEqual(Set(library.map(\.id)).count, library.count)
    for pattern in library {
      XCTAssertTrue(
        pattern.id.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") },
        pattern.id)
      XCTAssertFalse(pattern.description.isEmpty, pattern.id)
      XCTAssertFalse(pattern.instructions.isEmpty, pattern.id)
    }
    let ids = Set(library.map(\.id))
    for id in ["dorian-3", "natural-minor-7", "minor-pentatonic-1", "blues-5", "maj7-arpeggio-2"] {
      XCTAssertTrue(ids.contains(id), id)
    }
    XCTAssertEqual(
      library.first { $0.id == "dorian-3" }?.name, "Dorian, position 3 (3 notes per string)")
  }
}
