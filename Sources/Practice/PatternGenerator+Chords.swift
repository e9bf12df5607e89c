import MusicTheory

/// Chords as grips: the whole chord held at once, one note on each string that sounds.
extension PatternGenerator {
  /// Chords played as grips, with the word their ids start with.
  public static let chordQualities: [(quality: ChordQuality, id: String)] = [
    (.major, "major"), (.minor, "minor"), (.diminished, "dim"), (.augmented, "aug"),
    (.suspendedSecond, "sus2"), (.suspendedFourth, "sus4"), (.dominantSeventh, "7"),
    (.majorSeventh, "maj7"), (.minorSeventh, "m7"), (.halfDiminishedSeventh, "m7b5"),
    (.diminishedSeventh, "dim7"), (.majorSixth, "6"), (.minorSixth, "m6"), (.dominantNinth, "9"),
  ]

  /// Frets from a grip's lowest note to its highest: at most 3, so the grip lies within four
  /// frets, one for each finger, as a hand holds a chord without stretching.
  public static let chordSpan = 3

  /// Grips of `quality`: the chord held as one shape, one note on each string that sounds and
  /// none muted between two that do. Every grip holds every chord tone, except that a chord of
  /// five tones may leave out its fifth, as players do, because it adds least to the sound; its
  /// frets lie within `chordSpan`; and a hand can hold it (`fingers(_:)` at most 4).
  ///
  /// Where the strings rise in pitch: one grip with the root on the lowest string, one with it
  /// on the next string and one on the string after (on a guitar roughly the E, A and D shapes),
  /// each sounding the root's string and a run of the strings above it, the root lowest. Of the
  /// grips with the root in one place the best is taken: the most strings, then the smallest
  /// span, the fewest fingers and the lowest frets. A string with no grip (on a bass the root's
  /// string and one more cannot hold a triad) has no shape. Each shape starts on a different
  /// string, so none repeats another.
  ///
  /// Where they do not (the ukulele's high G): grips that sound all the strings, as ukulele
  /// chord charts teach them; for each fret up one octave of the neck, of the grips whose lowest
  /// note lies on it, the one with the fewest fingers, then the lowest frets. A grip's lowest
  /// note need not be the root (A minor is 2000, C on the C string lowest), so its tonic is its
  /// lowest root. A grip the same shape as an earlier one (the augmented and diminished seventh
  /// chords repeat every few frets) is left out.
  public static func chords(_ quality: ChordQuality, id: String, tuning: Tuning)
    -> [FretPattern]
  {
    let chordName = capitalized(quality.name)
    // The sentence every grip's description starts with: the chord, its tones, the frets.
    func held(_ key: String, _ arguments: [String: PatternText.Argument]) -> PatternText.Sentence {
      let chord: [String: PatternText.Argument] = [
        "chord": .word(PatternText.chordKey(quality)), "degrees": degrees(quality.intervals),
        "frets": number(chordSpan + 1),
      ]
      return PatternText.Sentence(key, arguments.merging(chord) { $1 })
    }
    guard stringsRise(tuning) else {
      return gripsOnAllStrings(quality, tuning: tuning).enumerated().map { index, grip in
        let root = grip.first { $0.interval == .P1 }!
        return pattern(
          id: "\(id)-chord-\(index + 1)", name: "\(chordName) chord, position \(index + 1)",
          category: .chord, tuning: tuning, notes: grip,
          description: PatternText(
            [
              held(
                "pattern.about.chordOnAllStrings",
                ["strings": number(tuning.stringCount), "string": number(root.string)])
            ] + leftOut(quality, from: grip)),
          instructions: chordInstructions)
      }
    }
    let lowest = tuning.stringCount
    let grips = stride(from: lowest, to: max(lowest - 3, 0), by: -1).compactMap {
      bestGrip(quality, rootString: $0, tuning: tuning)
    }
    return grips.enumerated().map { index, grip in
      let (root, top) = (grip[0].string, grip[grip.count - 1].string)
      return pattern(
        id: "\(id)-chord-\(index + 1)", name: "\(chordName) chord, root on string \(root)",
        category: .chord, tuning: tuning, notes: grip,
        description: PatternText(
          [held("pattern.about.chord", ["root": number(root), "top": number(top)])]
            + leftOut(quality, from: grip)),
        instructions: chordInstructions)
    }
  }

  private static let chordInstructions = PatternText("pattern.play.chord")

  /// Fingers a grip on adjacent strings takes: the index finger lies across every string at the
  /// lowest fret, and each other finger holds one note, or several at one fret on neighbouring
  /// strings, as the ring finger does across three strings in the A-shape barre.
  private static func fingers(_ grip: [Placed]) -> Int {
    let byString = grip.sorted { $0.string < $1.string }
    let lowest = grip.map(\.fret).min() ?? 0
    let fretted = byString.indices.filter { index in
      byString[index].fret > lowest
        && (index == 0 || byString[index - 1].fret != byString[index].fret)
    }
    return 1 + fretted.count
  }

  /// The best grip with the root on `rootString` (see `chords(_:id:tuning:)`), or nil if none
  /// fits.
  private static func bestGrip(_ quality: ChordQuality, rootString: Int, tuning: Tuning)
    -> [Placed]?
  {
    // The root at fret 12, so every window around it lies on the neck.
    let root = Placed(string: rootString, fret: 12, interval: .P1)
    let rootPitch = tuning.pitch(string: root.string, fret: root.fret)
    var candidates: [[Placed]] = []
    for low in (root.fret - chordSpan)...root.fret {
      for top in stride(from: rootString - 1, through: 1, by: -1) {
        let strings = Array(stride(from: rootString - 1, through: top, by: -1))
        candidates += grips(
          quality, adding: strings, to: [root], frets: low...(low + chordSpan), root: rootPitch,
          tuning: tuning
        ).filter { grip in
          holdsEveryTone(quality, grip)
            && grip.allSatisfy { tuning.pitch(string: $0.string, fret: $0.fret) >= rootPitch }
        }
      }
    }
    func score(_ grip: [Placed]) -> (Int, Int, Int, Int) {
      let frets = grip.map(\.fret)
      return (-grip.count, frets.max()! - frets.min()!, fingers(grip), frets.reduce(0, +))
    }
    return candidates.min { score($0) < score($1) }
  }

  /// The grips on all the strings, lowest first (see `chords(_:id:tuning:)`), each from its
  /// lowest note up.
  private static func gripsOnAllStrings(_ quality: ChordQuality, tuning: Tuning) -> [[Placed]] {
    // Frets counted from the lowest-sounding string's root at fret 12, an octave of windows up.
    let root = tuning.pitch(string: lowestSoundingString(tuning), fret: 12)
    let strings = Array((1...tuning.stringCount).reversed())
    func score(_ grip: [Placed]) -> (Int, Int) {
      (fingers(grip), grip.map(\.fret).reduce(0, +))
    }
    var found: [[Placed]] = []
    for low in 12..<24 {
      let best = grips(
        quality, adding: strings, to: [], frets: low...(low + chordSpan), root: root,
        tuning: tuning
      )
      .filter { $0.map(\.fret).min() == low && holdsEveryTone(quality, $0) }
      .min { score($0) < score($1) }
      if let best, !found.contains(where: { shape($0) == shape(best) }) {
        found.append(best)
      }
    }
    return found.map { byPitch($0, tuning: tuning) }
  }

  /// Every way to add one tone of `quality` on each of `strings` within `frets` to `start`, with
  /// the root sounding `root`, that a hand can hold (`fingers(_:)` at most 4). A grip is dropped
  /// as soon as it needs a fifth finger: a further string never frees one.
  private static func grips(
    _ quality: ChordQuality, adding strings: [Int], to start: [Placed], frets: ClosedRange<Int>,
    root: Pitch, tuning: Tuning
  ) -> [[Placed]] {
    strings.reduce(into: [start]) { grips, string in
      let tones = frets.compactMap { fret in
        tone(among: quality.intervals, semitones: tuning.pitch(string: string, fret: fret) - root)
          .map { Placed(string: string, fret: fret, interval: $0) }
      }
      grips = grips.flatMap { grip in tones.map { grip + [$0] } }.filter { fingers($0) <= 4 }
    }
  }

  /// Whether `grip` holds every tone of the chord, the fifth of a five-tone chord excepted.
  private static func holdsEveryTone(_ quality: ChordQuality, _ grip: [Placed]) -> Bool {
    let tones = quality.intervals
    let required = tones.count < 5 ? tones : tones.filter { $0 != .P5 }
    return Set(required).isSubset(of: grip.map(\.interval))
  }

  /// The sentence saying which tone a grip leaves out, or none when it holds them all.
  private static func leftOut(_ quality: ChordQuality, from grip: [Placed])
    -> [PatternText.Sentence]
  {
    let missing = quality.intervals.filter { tone in !grip.contains { $0.interval == tone } }
    guard !missing.isEmpty else { return [] }
    return [.init("pattern.about.leftOut", ["degree": degrees(missing)])]
  }
}
