import MusicTheory

/// Scales and arpeggios in boxes, for a tuning whose strings do not rise in pitch string by
/// string (the ukulele's G string is tuned above its C string), where a walk up the strings
/// would turn back down.
extension PatternGenerator {
  /// Every scale the walks have, in the same order, played in boxes.
  public static let boxScales: [ScaleType] =
    threeNotesPerStringScales + pentatonicScales + bluesScales.map(\.scale)
    + walkedScales.map(\.scale) + boxedScales

  /// Frets from a box's first fret to its last: 3, four frets, one for each finger, as ukulele
  /// players learn scales in position.
  public static let boxSpan = 3

  /// One box from each degree on the lowest-sounding string (a ukulele's C string): four frets
  /// from the fret where that degree lies, taking every place in them, on every string, whose
  /// note is in the scale. Two strings may sound the same note (a ukulele's open G and the E
  /// string's third fret); a run up the box plays it once.
  public static func boxes(_ scale: ScaleType, tuning: Tuning) -> [FretPattern] {
    let home = lowestSoundingString(tuning)
    return boxes(of: scale.intervals, tuning: tuning).enumerated().map { index, notes in
      let start = notes.first { $0.string == home }!
      return pattern(
        id: "\(idWord(scale.name))-\(index + 1)",
        name: "\(capitalized(scale.name)), position \(index + 1)",
        category: .scale, tuning: tuning, notes: notes,
        description: PatternText(
          "pattern.about.scaleBox",
          [
            "scale": .word(PatternText.scaleKey(scale)), "degrees": degrees(scale.intervals),
            "frets": number(boxSpan + 1), "degree": degree(start.interval),
            "string": number(home),
          ]),
        instructions: scaleInstructions)
    }
  }

  /// Boxes like `boxes(_:tuning:)`, one from each chord tone on the lowest-sounding string,
  /// taking the chord tones.
  public static func boxArpeggios(_ quality: ChordQuality, id: String, tuning: Tuning)
    -> [FretPattern]
  {
    let home = lowestSoundingString(tuning)
    let chordName = capitalized(quality.name)
    return boxes(of: quality.intervals, tuning: tuning).enumerated().map { index, notes in
      let start = notes.first { $0.string == home }!.interval
      let from = degreeWord(start)
      return pattern(
        id: "\(id)-arpeggio-\(index + 1)",
        name: "\(chordName) arpeggio, position \(index + 1) (from the \(from) on string \(home))",
        category: .arpeggio, tuning: tuning, notes: notes,
        description: PatternText(
          "pattern.about.arpeggioBox",
          [
            "chord": .word(PatternText.chordKey(quality)), "degrees": degrees(quality.intervals),
            "frets": number(boxSpan + 1), "degree": degree(start), "string": number(home),
          ]),
        instructions: arpeggioInstructions)
    }
  }

  /// The boxes of `tones` from each tone on the lowest-sounding string, each from its lowest
  /// note up. A box that holds no root (on a tuning whose strings leave gaps) or has the same
  /// shape as an earlier one (a symmetric chord such as the diminished seventh) is left out.
  private static func boxes(of tones: [Interval], tuning: Tuning) -> [[Placed]] {
    let home = lowestSoundingString(tuning)
    // The root at fret 12 on the home string, so every box lies on the neck.
    let root = tuning.pitch(string: home, fret: 12)
    var boxes: [[Placed]] = []
    for start in tones {
      let first = 12 + withinOctave(start.semitones)
      let notes = (1...tuning.stringCount).flatMap { string in
        (first...(first + boxSpan)).compactMap { fret in
          tone(among: tones, semitones: tuning.pitch(string: string, fret: fret) - root)
            .map { Placed(string: string, fret: fret, interval: $0) }
        }
      }
      guard notes.contains(where: { $0.interval == .P1 }),
        !boxes.contains(where: { shape($0) == shape(notes) })
      else { continue }
      boxes.append(byPitch(notes, tuning: tuning))
    }
    return boxes
  }
}
