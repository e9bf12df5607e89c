import MusicTheory
import Practice
import Storage
import TerminalUI

/// `woodshed show scale|chord|arpeggio NAME`: the notes, correctly spelled, on the first line,
/// and where they lie on the neck below.
public enum HeadlessShow {
  public enum Kind: String, CaseIterable, Sendable {
    case scale
    case chord
    case arpeggio
  }

  /// What is shown: the tonic or root, and each tone's interval from it, in order, and for a
  /// scale the locale key of its line of description.
  struct Tones {
    let root: NoteClass
    let noteClasses: [NoteClass]
    let intervals: [Interval]
    var summaryKey: String?
  }

  static func tones(_ kind: Kind, _ name: String) throws(Launcher.Failure) -> Tones {
    let text = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    switch kind {
    case .scale:
      switch Scale.parse(text) {
      case .success(let scale):
        return Tones(
          root: scale.tonic, noteClasses: scale.noteClasses, intervals: scale.type.intervals,
          summaryKey: scale.type.summaryKey)
      case .failure(let error):
        throw Launcher.Failure(description: error.description)
      }
    case .chord, .arpeggio:
      switch Chord.parse(text.filter { $0 != " " }) {
      case .success(let chord):
        return Tones(
          root: chord.root, noteClasses: chord.noteClasses, intervals: chord.quality.intervals)
      case .failure(let error):
        throw Launcher.Failure(description: error.description)
      }
    }
  }

  /// The spelled notes, space-separated with ASCII accidentals so scripts can read them, a
  /// scale's line of description under them, a scale's `sequence` (`ScaleSequence`) up and down
  /// after that, then every place they lie in the fret window, labelled with their interval from
  /// the root, then the same places in words in the language of `strings`, the notes named in
  /// `naming`; with `chords`, last, each triad (or with `sevenths` each seventh chord) lit
  /// inside the scale's `position` (`chordNecks`).
  public static func render(
    _ kind: Kind, _ name: String, tuning tuningText: String = "standard",
    frets fretsText: String = "0-12", leftHanded: Bool = false, sequence: String? = nil,
    chords: Bool = false, sevenths: Bool = false, position: Int = 1, glyphs: GlyphSet.Kind,
    strings: Localizer, naming: NamingSystem = .english
  ) throws(Launcher.Failure) -> String {
    guard chords || (!sevenths && position == 1) else {
      throw Launcher.Failure(description: "--sevenths and --position go with --chords")
    }
    let tones = try tones(kind, name)
    let sequenceLines =
      try self.sequenceLines(sequence, kind: kind, name: name)
      + (chords ? try chordLines(kind: kind, name: name) : [])
    guard let tuning = Tuning(parsing: tuningText) else {
      throw Launcher.Failure(
        description: Tuning.problem(parsing: tuningText) ?? "unknown tuning \"\(tuningText)\"")
    }
    let frets = try fretRange(fretsText)
    var dots: [FretboardView.Dot] = []
    var places: [Place] = []
    for (index, tone) in tones.noteClasses.enumerated() {
      let style = index == 0 ? FretboardView.Dot.tonicStyle : FretboardView.Dot.toneStyle
      for position in tuning.positions(of: tone.semitonesFromC, frets: frets) {
        dots.append(
          FretboardView.Dot(position, label: tones.intervals[index].degreeName, style: style))
        places.append(Place(position: position, noteClass: tone, isRoot: index == 0))
      }
    }
    let view = FretboardView(
      tuning: tuning, frets: frets, dots: dots, isLeftHanded: leftHanded,
      glyphs: GlyphSet.named(glyphs))
    var canvas = Canvas(width: view.width, height: view.height)
    view.render(in: canvas.bounds, on: &canvas)
    let words = self.words(
      places, root: strings.text(kind == .scale ? "show.words.tonic" : "show.words.root"),
      strings: strings, naming: naming, glyphs: GlyphSet.named(glyphs))
    let chordNecks =
      chords
      ? try self.chordNecks(
        name, tuning: tuning, position: position, sevenths: sevenths, leftHanded: leftHanded,
        glyphs: GlyphSet.named(glyphs), strings: strings, naming: naming) : ""
    return tones.noteClasses.map(\.description).joined(separator: " ") + "\n"
      + (tones.summaryKey.map { strings.text($0) + "\n" } ?? "")
      + sequenceLines.map { "\n" + $0 }.joined() + "\n" + canvas.plainText
      + "\n" + words.map { $0 + "\n" }.joined() + chordNecks
  }

  /// A seven-note scale's chords inside one of its positions, the shipped shape of that
  /// number for the tuning (`PatternGenerator`) with its tonic where the Fretboard room puts
  /// it: a heading naming the position and its frets, then per chord its numeral, symbol and
  /// notes over a small neck of the position's frets with the chord's tones lit on the frets
  /// the position already plays, labelled with their degree in the chord, and the same in
  /// words. Only the position's own places are lit, as a player holding the position finds
  /// the chord without moving the hand.
  static func chordNecks(
    _ name: String, tuning: Tuning, position: Int, sevenths: Bool, leftHanded: Bool,
    glyphs: GlyphSet, strings: Localizer, naming: NamingSystem
  ) throws(Launcher.Failure) -> String {
    guard case .success(let scale) = Scale.parse(name),
      let chords = scale.diatonicChords(sevenths: sevenths)
    else { return "" }
    let shapes = PatternGenerator.library(for: tuning).filter {
      $0.category == .scale && $0.holds(scale.type)
    }
    guard shapes.indices.contains(position - 1) else {
      throw Launcher.Failure(
        description: shapes.isEmpty
          ? "\(scale) has no positions in this tuning"
          : "--position is 1-\(shapes.count) for \(scale) in this tuning, not \(position)")
    }
    let pattern = shapes[position - 1]
    let places = FretboardModel.placement(of: pattern, root: scale.tonic)
    let noteClasses = pattern.intervals.map { scale.tonic + $0 }
    let placed = places.map(\.fret)
    let frets = max(0, (placed.min() ?? 0) - 1)...(placed.max() ?? 0)
    var text =
      "\n" + (sevenths ? "sevenths" : "triads")
      + " in position \(position), frets \(frets.lowerBound)-\(frets.upperBound):\n"
    for chord in chords {
      let tones = chord.tones(among: noteClasses)
      let dots = tones.map { tone in
        FretboardView.Dot(
          places[tone.index], label: tone.degree,
          style: tone.degree == "1" ? FretboardView.Dot.tonicStyle : FretboardView.Dot.toneStyle)
      }
      let view = FretboardView(
        tuning: tuning, frets: frets, dots: dots, isLeftHanded: leftHanded, glyphs: glyphs)
      var canvas = Canvas(width: view.width, height: view.height)
      view.render(in: canvas.bounds, on: &canvas)
      let lit: [Place] = tones.compactMap { tone in
        noteClasses[tone.index].map {
          Place(position: places[tone.index], noteClass: $0, isRoot: tone.degree == "1")
        }
      }
      let words = self.words(
        lit, root: strings.text("show.words.root"), strings: strings, naming: naming,
        glyphs: glyphs)
      let notes = chord.notes.map(\.description).joined(separator: " ")
      text += "\n\(chord.numeral) \(chord.symbol): \(notes)\n" + canvas.plainText + "\n"
      text += words.map { $0 + "\n" }.joined()
    }
    return text
  }

  /// A scale's sequence as two lines, "up:   C E, D F, … C" and "down: C A, B G, … C"; none
  /// without `--sequence`.
  static func sequenceLines(_ typed: String?, kind: Kind, name: String) throws(Launcher.Failure)
    -> [String]
  {
    guard let typed else { return [] }
    guard let sequence = ScaleSequence(rawValue: typed) else {
      throw Launcher.Failure(
        description: "--sequence is one of "
          + ScaleSequence.allCases.map(\.rawValue).joined(separator: ", ") + ", not \"\(typed)\"")
    }
    guard kind == .scale, case .success(let scale) = Scale.parse(name) else {
      throw Launcher.Failure(description: "--sequence is for scales")
    }
    let (up, down) = sequence.notes(of: scale)
    func line(_ figures: [[NoteClass]]) -> String {
      figures.map { $0.map(\.description).joined(separator: " ") }.joined(separator: ", ")
    }
    return ["up:   " + line(up), "down: " + line(down)]
  }

  /// A seven-note scale's chords, as "triads:   I C, ii Dm, …" and "sevenths: Imaj7 Cmaj7, …".
  static func chordLines(kind: Kind, name: String) throws(Launcher.Failure) -> [String] {
    guard kind == .scale, case .success(let scale) = Scale.parse(name) else {
      throw Launcher.Failure(description: "--chords is for scales")
    }
    guard let triads = scale.diatonicChords(sevenths: false),
      let sevenths = scale.diatonicChords(sevenths: true)
    else {
      throw Launcher.Failure(
        description:
          "--chords is for seven-note scales: \(scale) has \(scale.noteClasses.count) notes")
    }
    func line(_ chords: [DiatonicChord]) -> String {
      chords.map { "\($0.numeral) \($0.symbol)" }.joined(separator: ", ")
    }
    return ["triads:   " + line(triads), "sevenths: " + line(sevenths)]
  }

  /// A tone's place on the neck.
  struct Place {
    let position: FretPosition
    let noteClass: NoteClass
    let isRoot: Bool
  }

  /// The places in words, a line per string from the lowest, each fret with its note's name
  /// and the root marked: "string 6: 0 E, 3 G, 5 A (root)". What the picture shows, for a
  /// screen reader or a braille display; in ASCII where the locale cannot show more.
  static func words(
    _ places: [Place], root: String, strings: Localizer, naming: NamingSystem, glyphs: GlyphSet
  ) -> [String] {
    let byString = Dictionary(grouping: places, by: \.position.string)
    return byString.keys.sorted(by: >).map { string in
      let notes = byString[string, default: []].sorted { $0.position.fret < $1.position.fret }
        .map { place in
          let name = naming.name(of: place.noteClass, glyphs: glyphs.accidentals)
          return "\(place.position.fret) \(name)" + (place.isRoot ? " (\(root))" : "")
        }
      let line = strings.text(
        "fretboard.words.string", ["string": "\(string)", "frets": notes.joined(separator: ", ")])
      return glyphs.kind == .ascii ? String(line.map(ASCIIFallback.character)) : line
    }
  }

  /// "0-12", "5-9" or "7" (frets 0 to 7); within the neck, at most 24 frets.
  static func fretRange(_ text: String) throws(Launcher.Failure) -> ClosedRange<Int> {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
    let last = FretboardView.lastFret
    let bounds: (Int, Int)? =
      switch parts.count {
      case 1: parts[0].map { (0, $0) }
      case 2: parts[0].flatMap { first in parts[1].map { (first, $0) } }
      default: nil
      }
    guard let (first, end) = bounds, 0 <= first, first < end, end <= last else {
      throw Launcher.Failure(
        description:
          "\"\(text)\" is not a fret window: write FIRST-LAST within 0-\(last), such as 0-12 or 5-9"
      )
    }
    return first...end
  }
}
