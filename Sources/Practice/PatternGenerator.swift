import MusicTheory

/// Builds the movable shapes the fretboard module ships (scales in positions, arpeggios, chords)
/// for any tuning, from the interval tables in `ScaleType` and `ChordQuality`. The same tuning
/// always gives the same patterns in the same order, so the files in `assets/patterns` can be
/// checked against it and never drift from the theory.
///
/// Every scale and arpeggio walks strictly upwards, string by string from the lowest; a chord is
/// one grip (`chords(_:id:tuning:)`). A shape's tonic is its first root, from the lowest string
/// up; the tonic is stored first and the frets are counted from it, as `FretPattern` wants. An
/// interval whose usual name is not the scale's own (lydian's #4, usually b5) is kept as the
/// tone's spelling. "Upwards string by string" assumes the strings rise in pitch from the
/// highest-numbered one, as on every preset but the re-entrant ukulele; it gets boxes
/// (`boxes(_:tuning:)`) instead, whose tonic is their lowest root.
public enum PatternGenerator {
  /// Seven-note scales, played three notes per string in seven positions.
  public static let threeNotesPerStringScales: [ScaleType] = [
    .major, .dorian, .phrygian, .lydian, .mixolydian, .naturalMinor, .locrian, .harmonicMinor,
    .melodicMinor, .phrygianDominant, .lydianDominant,
  ]
  /// Five-note scales, played two notes per string in five positions (the familiar boxes).
  public static let pentatonicScales: [ScaleType] = [.minorPentatonic, .majorPentatonic]
  /// Six-note scales played as the boxes of a pentatonic scale with the one extra note (the
  /// blue note) added where it falls inside the box.
  public static let bluesScales: [(scale: ScaleType, pentatonic: ScaleType)] = [
    (.blues, .minorPentatonic), (.majorBlues, .majorPentatonic),
  ]
  /// Scales from beyond the church modes and the pentatonics, each walked the way its size
  /// suits, `notesPerString` notes to a string from each degree in turn (`walks`): seven-note
  /// scales in three-note positions, five-note scales in two-note boxes, the eight-note scales
  /// three to a string. Todi, Purvi and Marwa put an augmented second beside a whole step on
  /// some string (b2 3 #4), a stretch over six frets; the Japanese pentatonics' major thirds
  /// widen their boxes to six frets.
  public static let walkedScales: [(scale: ScaleType, notesPerString: Int)] = [
    (.hungarianMinor, 3), (.doubleHarmonic, 3), (.todi, 3), (.purvi, 3), (.marwa, 3),
    (.hirajoshi, 2), (.in, 2), (.yo, 2), (.kumoi, 2), (.diminishedHalfWhole, 3),
    (.diminishedWholeHalf, 3), (.bebopDominant, 3),
  ]
  /// Scales played in boxes of four frets (`boxes(_:tuning:)`) on every tuning: the whole-tone
  /// scale, whose walk three to a string climbs ten frets, is one box with two notes on each
  /// string, the same from every degree.
  public static let boxedScales: [ScaleType] = [.wholeTone]
  /// Chords played as arpeggios, with the word their ids start with.
  public static let arpeggioQualities: [(quality: ChordQuality, id: String)] = [
    (.major, "major"), (.minor, "minor"), (.diminished, "dim"), (.augmented, "aug"),
    (.dominantSeventh, "7"), (.majorSeventh, "maj7"), (.minorSeventh, "m7"),
    (.halfDiminishedSeventh, "m7b5"), (.diminishedSeventh, "dim7"),
  ]

  /// Frets an arpeggio spans, from one below its first note: the hand's four fingers plus the
  /// index finger's reach back.
  public static let arpeggioSpan = 5

  /// Every pattern, in the order of the tables above. A tuning whose strings do not rise in
  /// pitch (the ukulele's high G) gets its scales and arpeggios in boxes instead, and its chords
  /// on all its strings; so does one of fewer than three strings, too few for a walk three notes
  /// to a string to reach every degree of a seven-note scale.
  public static func library(for tuning: Tuning) -> [FretPattern] {
    guard stringsRise(tuning), tuning.stringCount >= 3 else {
      return boxScales.flatMap { boxes($0, tuning: tuning) }
        + arpeggioQualities.flatMap { boxArpeggios($0.quality, id: $0.id, tuning: tuning) }
        + chordQualities.flatMap { chords($0.quality, id: $0.id, tuning: tuning) }
    }
    let scales: [FretPattern] =
      threeNotesPerStringScales.flatMap { threeNotesPerString($0, tuning: tuning) }
      + pentatonicScales.flatMap { pentatonic($0, tuning: tuning) }
      + bluesScales.flatMap { blues($0.scale, from: $0.pentatonic, tuning: tuning) }
      + walkedScales.flatMap { walks($0.scale, notesPerString: $0.notesPerString, tuning: tuning) }
      + boxedScales.flatMap { boxes($0, tuning: tuning) }
    return scales + arpeggioQualities.flatMap { arpeggios($0.quality, id: $0.id, tuning: tuning) }
      + chordQualities.flatMap { chords($0.quality, id: $0.id, tuning: tuning) }
  }

  /// Whether every string sounds higher than the one before it across the neck, which the walks
  /// string by string need and a re-entrant tuning (the ukulele's high G) breaks.
  static func stringsRise(_ tuning: Tuning) -> Bool {
    zip(tuning.openStrings, tuning.openStrings.dropFirst()).allSatisfy { $0.pitch < $1.pitch }
  }

  /// One position per degree: position k starts from degree k on the lowest string. Each string
  /// holds three notes within 5 frets, but the whole shape reaches over 6 or 7 frets, because
  /// every string starts a little higher than the last; the hand shifts rather than stretches.
  public static func threeNotesPerString(_ scale: ScaleType, tuning: Tuning) -> [FretPattern] {
    positions(of: scale, notesPerString: 3, tuning: tuning).enumerated().map { index, notes in
      pattern(
        id: "\(idWord(scale.name))-\(index + 1)",
        name: "\(capitalized(scale.name)), position \(index + 1) (3 notes per string)",
        category: .scale, tuning: tuning, notes: notes,
        description: PatternText(
          "pattern.about.threePerString",
          [
            "scale": .word(PatternText.scaleKey(scale)), "degrees": degrees(scale.intervals),
            "degree": degree(notes[0].interval), "string": number(notes[0].string),
          ]),
        instructions: scaleInstructions)
    }
  }

  /// The five boxes: position k starts from degree k on the lowest string, two notes per string.
  public static func pentatonic(_ scale: ScaleType, tuning: Tuning) -> [FretPattern] {
    positions(of: scale, notesPerString: 2, tuning: tuning).enumerated().map { index, notes in
      pattern(
        id: "\(idWord(scale.name))-\(index + 1)",
        name: "\(capitalized(scale.name)), position \(index + 1)",
        category: .scale, tuning: tuning, notes: notes,
        description: PatternText(
          "pattern.about.twoPerString",
          [
            "scale": .word(PatternText.scaleKey(scale)), "degrees": degrees(scale.intervals),
            "degree": degree(notes[0].interval), "string": number(notes[0].string),
          ]),
        instructions: scaleInstructions)
    }
  }

  /// One position from each degree on the lowest string, `notesPerString` (2 or 3) notes to a
  /// string, numbered in that order. A symmetric scale walks the same shape from several
  /// degrees (a diminished scale from every other one): the shape is kept once, from the first
  /// degree that gives it.
  public static func walks(_ scale: ScaleType, notesPerString: Int, tuning: Tuning)
    -> [FretPattern]
  {
    var walks: [[Placed]] = []
    for notes in positions(of: scale, notesPerString: notesPerString, tuning: tuning)
    where !walks.contains(where: { shape($0) == shape(notes) }) {
      walks.append(notes)
    }
    let threePerString = notesPerString == 3
    return walks.enumerated().map { index, notes in
      pattern(
        id: "\(idWord(scale.name))-\(index + 1)",
        name: "\(capitalized(scale.name)), position \(index + 1)"
          + (threePerString ? " (3 notes per string)" : ""),
        category: .scale, tuning: tuning, notes: notes,
        description: PatternText(
          threePerString ? "pattern.about.threePerString" : "pattern.about.twoPerString",
          [
            "scale": .word(PatternText.scaleKey(scale)), "degrees": degrees(scale.intervals),
            "degree": degree(notes[0].interval), "string": number(notes[0].string),
          ]),
        instructions: scaleInstructions)
    }
  }

  /// The boxes of `pentatonic` with the note `scale` adds, wherever it lies between its two
  /// neighbours on a string and within the frets the box already covers. A blue note that would
  /// need a stretch out of the box is left out of that box.
  public static func blues(_ scale: ScaleType, from pentatonic: ScaleType, tuning: Tuning)
    -> [FretPattern]
  {
    let added = scale.intervals.filter { !pentatonic.intervals.contains($0) }
    precondition(added.count == 1, "\(scale) is not \(pentatonic) and one more note")
    let blue = added[0]
    let boxes = positions(of: pentatonic, notesPerString: 2, tuning: tuning)
    return boxes.enumerated().map { index, box in
      let frets = box.map(\.fret).sorted()
      let inBox = frets[0]...frets[frets.count - 1]
      var notes: [Placed] = []
      for (note, next) in zip(box, box.dropFirst()) {
        notes.append(note)
        guard note.interval.semitones < blue.semitones, blue.semitones < next.interval.semitones
        else { continue }
        let candidates = [
          Placed(
            string: note.string, fret: note.fret + blue.semitones - note.interval.semitones,
            interval: blue),
          Placed(
            string: next.string, fret: next.fret - next.interval.semitones + blue.semitones,
            interval: blue),
        ]
        if let fitting = candidates.first(where: { inBox.contains($0.fret) }) {
          notes.append(fitting)
        }
      }
      notes.append(box[box.count - 1])
      return pattern(
        id: "\(idWord(scale.name))-\(index + 1)",
        name: "\(capitalized(scale.name)), position \(index + 1)",
        category: .scale, tuning: tuning, notes: notes,
        description: PatternText(
          "pattern.about.blues",
          [
            "scale": .word(PatternText.scaleKey(scale)), "degrees": degrees(scale.intervals),
            "pentatonic": .word(PatternText.pentatonicKey(pentatonic)), "n": number(index + 1),
            "added": degrees([blue]),
          ]),
        instructions: scaleInstructions)
    }
  }

  /// Shapes from each chord tone on the lowest string, then from each chord tone on the next
  /// string up, each within `arpeggioSpan` frets from one fret below its first note and taking
  /// every chord tone there, lowest first. A shape that adds nothing to an earlier one (from the
  /// root on the fifth string lies inside the one from the fifth on the sixth) is left out, and
  /// so is one without a root, which strings tuned close together (or octaves apart) can give.
  public static func arpeggios(_ quality: ChordQuality, id: String, tuning: Tuning)
    -> [FretPattern]
  {
    let lowest = tuning.stringCount
    // One frame for all shapes, starting notes from fret 12 up, so no fret is negative.
    let root = tuning.pitch(string: lowest, fret: 12)
    var shapes: [[Placed]] = []
    for string in [lowest, lowest - 1] where string >= 1 {
      let open = tuning.pitch(string: string, fret: 0)
      for interval in quality.intervals {
        // The fret from 12 to 23 where this chord tone sounds on `string`.
        let fret = 12 + withinOctave(root + interval.semitones - (open + 12))
        var notes: [Placed] = []
        var highest = tuning.pitch(string: string, fret: fret) - 1
        for current in stride(from: string, through: 1, by: -1) {
          for place in (fret - 1)..<(fret - 1 + arpeggioSpan) {
            let pitch = tuning.pitch(string: current, fret: place)
            guard pitch > highest,
              let tone = quality.intervals.first(where: {
                $0.semitones == withinOctave(pitch - root)
              })
            else { continue }
            notes.append(Placed(string: current, fret: place, interval: tone))
            highest = pitch
          }
        }
        let places = Set(notes.map(\.placeInOctave))
        if notes.contains(where: { $0.interval == .P1 }),
          !shapes.contains(where: { places.isSubset(of: $0.map(\.placeInOctave)) })
        {
          shapes.append(notes)
        }
      }
    }
    let chordName = capitalized(quality.name)
    return shapes.enumerated().map { index, notes in
      let start = notes[0]
      let from = degreeWord(start.interval)
      return pattern(
        id: "\(id)-arpeggio-\(index + 1)",
        name: "\(chordName) arpeggio, position \(index + 1) (from the \(from) on string "
          + "\(start.string))",
        category: .arpeggio, tuning: tuning, notes: notes,
        description: PatternText(
          "pattern.about.arpeggio",
          [
            "chord": .word(PatternText.chordKey(quality)), "degrees": degrees(quality.intervals),
            "degree": degree(start.interval), "string": number(start.string),
            "frets": number(arpeggioSpan),
          ]),
        instructions: arpeggioInstructions)
    }
  }

  static let scaleInstructions = PatternText("pattern.play.scale")
  static let arpeggioInstructions = PatternText("pattern.play.arpeggio")

  /// A note of a shape being built: where it lies, with frets counted from wherever the shape
  /// was started, and which interval of the scale or chord it plays.
  struct Placed {
    var string: Int
    var fret: Int
    var interval: Interval

    /// Where the note lies with frets taken modulo 12, so a shape matches the same shape an
    /// octave up.
    var placeInOctave: FretPosition { FretPosition(string: string, fret: fret % 12) }
  }

  /// The walks of `scale` up the neck, `notesPerString` notes on each string, one walk starting
  /// from each degree on the lowest string.
  private static func positions(of scale: ScaleType, notesPerString: Int, tuning: Tuning)
    -> [[Placed]]
  {
    let intervals = scale.intervals
    let lowest = tuning.stringCount
    return intervals.indices.map { start in
      // The starting degree lies on the open lowest string; only differences matter.
      let tonic = tuning.pitch(string: lowest, fret: 0) - intervals[start].semitones
      return (0..<(tuning.stringCount * notesPerString)).map { step in
        let degree = start + step
        let interval = intervals[degree % intervals.count]
        let pitch = tonic + interval.semitones + 12 * (degree / intervals.count)
        let string = lowest - step / notesPerString
        return Placed(
          string: string, fret: pitch - tuning.pitch(string: string, fret: 0), interval: interval)
      }
    }
  }

  /// The pattern of `notes` (in playing order): the first root moves to the front as the tonic,
  /// frets are counted from it, and spellings are kept where the usual name would differ. Its
  /// texts are written in English, as the files hold them.
  static func pattern(
    id: String, name: String, category: FretPattern.Category, tuning: Tuning, notes: [Placed],
    description: PatternText, instructions: PatternText
  ) -> FretPattern {
    guard let tonicIndex = notes.firstIndex(where: { $0.interval == .P1 }) else {
      preconditionFailure("\(id) has no root")
    }
    var ordered = notes
    let tonic = ordered.remove(at: tonicIndex)
    ordered.insert(tonic, at: 0)
    var pattern = FretPattern(
      id: id, name: name, category: category, tuning: tuning,
      tones: ordered.map { FretPattern.Tone(string: $0.string, offset: $0.fret - tonic.fret) },
      description: description.english, instructions: instructions.english)
    let usual = pattern.intervals
    for index in ordered.indices where usual[index] != ordered[index].interval {
      pattern.tones[index].spelling = ordered[index].interval
    }
    return pattern
  }

  /// The one of `tones` that lies `semitones` above the root, give or take octaves.
  static func tone(among tones: [Interval], semitones: Int) -> Interval? {
    tones.first { withinOctave($0.semitones) == withinOctave(semitones) }
  }

  /// The string with the lowest open note (the first across the neck if several share it): the
  /// C string of a ukulele, where its boxes and its chords' frame start.
  static func lowestSoundingString(_ tuning: Tuning) -> Int {
    let lowest = tuning.openStrings.map(\.pitch).min()!
    return tuning.stringCount - tuning.openStrings.firstIndex { $0.pitch == lowest }!
  }

  /// `notes` from the lowest pitch up, across the neck where two sound the same: the playing
  /// order on strings that do not rise in pitch.
  static func byPitch(_ notes: [Placed], tuning: Tuning) -> [Placed] {
    notes.sorted { lhs, rhs in
      let (left, right) = (
        tuning.pitch(string: lhs.string, fret: lhs.fret),
        tuning.pitch(string: rhs.string, fret: rhs.fret)
      )
      return left != right ? left < right : lhs.string > rhs.string
    }
  }

  /// Where `notes` lie, moved so the lowest fret is 0: two shapes with the same places are the
  /// same thing to learn, wherever on the neck they sit.
  static func shape(_ notes: [Placed]) -> Set<FretPosition> {
    let lowest = notes.map(\.fret).min() ?? 0
    return Set(notes.map { FretPosition(string: $0.string, fret: $0.fret - lowest) })
  }

  /// Semitones folded into one octave, 0 through 11, below zero too.
  static func withinOctave(_ semitones: Int) -> Int {
    (semitones % 12 + 12) % 12
  }

  /// "natural minor" becomes "natural-minor".
  static func idWord(_ name: String) -> String {
    name.split(separator: " ").joined(separator: "-")
  }

  static func capitalized(_ name: String) -> String {
    name.prefix(1).uppercased() + name.dropFirst()
  }

  /// "root" for the unison, otherwise the degree as guitarists say it ("b3").
  static func degreeWord(_ interval: Interval) -> String {
    interval == .P1 ? "root" : interval.degreeName
  }

  /// `degreeWord(_:)` in a text: "root" is a word of each language, a degree is written the
  /// same in all.
  static func degree(_ interval: Interval) -> PatternText.Argument {
    interval == .P1 ? .word("pattern.root") : .value(interval.degreeName)
  }

  /// "1 b3 5", as written in every language.
  static func degrees(_ intervals: [Interval]) -> PatternText.Argument {
    .value(intervals.map(\.degreeName).joined(separator: " "))
  }

  static func number(_ value: Int) -> PatternText.Argument {
    .value("\(value)")
  }
}
