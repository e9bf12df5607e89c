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

  /// One grip with the root on the lowest string, one with it on the next string and one on the
  /// string after (on a guitar roughly the E, A and D shapes). A grip sounds the root's string
  /// and a run of the strings above it, one note on each and none muted between; the root is its
  /// lowest note; it holds every chord tone, except that a chord of five tones may leave out its
  /// fifth, as players do, because it adds least to the sound; its frets lie within `chordSpan`;
  /// and a hand can hold it (`fingers(_:)` at most 4). Of the grips with the root in one place
  /// the best is taken: the most strings, then the smallest span, the fewest fingers and the
  /// lowest frets. A string with no grip (on a bass the root's string and one more cannot hold
  /// a triad) has no shape. Each shape starts on a different string, so none repeats another.
  public static func chords(_ quality: ChordQuality, id: String, tuning: Tuning)
    -> [FretPattern]
  {
    let lowest = tuning.stringCount
    let grips = stride(from: lowest, to: max(lowest - 3, 0), by: -1).compactMap {
      bestGrip(quality, rootString: $0, tuning: tuning)
    }
    let chordName = capitalized(quality.name)
    return grips.enumerated().map { index, grip in
      let (root, top) = (grip[0].string, grip[grip.count - 1].string)
      return pattern(
        id: "\(id)-chord-\(index + 1)", name: "\(chordName) chord, root on string \(root)",
        category: .chord, tuning: tuning, notes: grip,
        description: "The \(quality.name) chord (\(degrees(quality.intervals))) held as one "
          + "grip: the root on string \(root) is the lowest note, then one note on each string "
          + "up to string \(top), within \(chordSpan + 1) frets."
          + leftOut(quality, from: grip),
        instructions: chordInstructions)
    }
  }

  static let chordInstructions =
    "Fret the whole shape and strum it, every string ringing; then pick it one string at a time "
    + "from the lowest, naming each interval as it sounds. Then move it to another root and "
    + "play it again."

  /// Fingers a grip on adjacent strings takes: the index finger lies across every string at the
  /// lowest fret, and each other finger holds one note, or several at one fret on neighbouring
  /// strings, as the ring finger does across three strings in the A-shape barre.
  static func fingers(_ grip: [Placed]) -> Int {
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
        let frets = low...(low + chordSpan)
        candidates += grips(quality, on: strings, frets: frets, root: rootPitch, tuning: tuning)
          .map { [root] + $0 }
          .filter { grip in
            holds(quality, grip)
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

  /// Every way to play one tone of `quality` on each of `strings` within `frets`, with the root
  /// sounding `root`.
  private static func grips(
    _ quality: ChordQuality, on strings: [Int], frets: ClosedRange<Int>, root: Pitch,
    tuning: Tuning
  ) -> [[Placed]] {
    strings.reduce(into: [[]]) { grips, string in
      let tones = frets.compactMap { fret -> Placed? in
        let semitones = withinOctave(tuning.pitch(string: string, fret: fret) - root)
        return quality.intervals.first { withinOctave($0.semitones) == semitones }.map {
          Placed(string: string, fret: fret, interval: $0)
        }
      }
      grips = grips.flatMap { grip in tones.map { grip + [$0] } }
    }
  }

  /// Whether `grip` holds the chord (every tone, the fifth of a five-tone chord excepted) with
  /// four fingers.
  private static func holds(_ quality: ChordQuality, _ grip: [Placed]) -> Bool {
    Set(requiredTones(quality)).isSubset(of: grip.map(\.interval)) && fingers(grip) <= 4
  }

  private static func requiredTones(_ quality: ChordQuality) -> [Interval] {
    quality.intervals.count < 5 ? quality.intervals : quality.intervals.filter { $0 != .P5 }
  }

  /// The sentence saying which tone a grip leaves out, or nothing when it holds them all.
  private static func leftOut(_ quality: ChordQuality, from grip: [Placed]) -> String {
    let missing = quality.intervals.filter { tone in !grip.contains { $0.interval == tone } }
    guard !missing.isEmpty else { return "" }
    return " The \(degrees(missing)) is left out, as players do: it adds least to the sound."
  }
}
