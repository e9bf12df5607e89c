import MusicTheory
import Storage
import TerminalUI

/// What `i` says about the open pattern, as a teacher would at the start of a lesson: its
/// intervals from the root and the steps between them, its notes on this root, what it is and
/// where it is played, and for a seven-note scale its chords with their numerals. A pentatonic
/// or another scale of other than seven notes says it has no such chords; an arpeggio or a
/// chord grip has no chords line.
struct ScaleExplanation: Equatable {
  /// A labelled line: "Intervals" and "1 2 ♭3 4 5 ♭6 ♭7"; its text is wrapped at spaces.
  struct Row: Equatable {
    let label: String
    let text: String
  }

  let title: String
  let rows: [Row]

  init(
    _ pattern: FretPattern, root: NoteClass, strings: Localizer, naming: NamingSystem,
    glyphs: GlyphSet
  ) {
    let rootName = naming.name(of: root, glyphs: glyphs.accidentals)
    title = rootName + " " + PatternName(pattern.name).familyText(strings)
    let type = pattern.scaleType
    // The scale type's own spelling, else the pattern's tones once each, from the root up.
    var intervals = type?.intervals ?? []
    if type == nil {
      for interval in pattern.intervals.sorted(by: { $0.semitones % 12 < $1.semitones % 12 })
      where !intervals.contains(where: { $0.semitones % 12 == interval.semitones % 12 }) {
        intervals.append(interval)
      }
    }
    func row(_ key: String, _ text: String) -> Row {
      Row(label: strings.text("fretboard.about." + key), text: text)
    }
    var rows = [
      row("intervals", intervals.map { Self.degree($0, glyphs: glyphs) }.joined(separator: " ")),
      // A leap wider than two tones (a shape of the player's own) is said in semitones.
      row(
        "steps",
        Self.steps(intervals).map { strings.textIfPresent("fretboard.step.\($0)") ?? "\($0)" }
          .joined(separator: "-")),
      row(
        "notes",
        intervals.compactMap { root + $0 }.map { naming.name(of: $0, glyphs: glyphs.accidentals) }
          .joined(separator: " ")),
    ]
    let about = type.map { strings.text($0.summaryKey) } ?? pattern.descriptionText(strings)
    if !about.isEmpty { rows.append(row("what", about)) }
    if let type { rows.append(row("used", strings.text(type.usageKey))) }
    if let scale = pattern.scale(root: root), let triads = scale.diatonicChords(sevenths: false),
      let sevenths = scale.diatonicChords(sevenths: true)
    {
      func line(_ chords: [DiatonicChord]) -> String {
        chords.map {
          Self.numeral($0, glyphs: glyphs) + " " + Self.symbol($0, naming: naming, glyphs: glyphs)
        }
        .joined(separator: ", ")
      }
      rows.append(row("triads", line(triads)))
      rows.append(row("sevenths", line(sevenths)))
    } else if pattern.category == .scale {
      rows.append(
        row("chords", strings.text("fretboard.about.noChords", ["count": "\(intervals.count)"])))
    }
    self.rows = rows
  }

  /// "♭3", "♯4": the degree as the neck labels it, with the accidentals the terminal draws.
  static func degree(_ interval: Interval, glyphs: GlyphSet) -> String {
    interval.degreeName.map { character -> String in
      switch character {
      case "b": glyphs.flat
      case "#": glyphs.sharp
      default: String(character)
      }
    }.joined()
  }

  /// The semitones from each tone to the next, the last to the octave: 2 2 1 2 2 2 1 in major.
  static func steps(_ intervals: [Interval]) -> [Int] {
    let semitones = intervals.map { $0.semitones % 12 } + [12]
    return zip(semitones, semitones.dropFirst()).map { $1 - $0 }
  }

  /// The chord's Roman numeral; in ASCII the half-diminished `ø7` is spelled `m7b5`, as the
  /// one-column stand-in would make it `o7`, the fully diminished seventh.
  static func numeral(_ chord: DiatonicChord, glyphs: GlyphSet) -> String {
    let numeral = chord.numeral
    guard glyphs.kind == .ascii, numeral.hasSuffix("ø7") else { return numeral }
    return numeral.dropLast(2) + "m7b5"
  }

  /// The chord's symbol with its root named as the player names notes ("F♯m", "Rem7"); a
  /// stack of no known quality by its notes.
  static func symbol(_ chord: DiatonicChord, naming: NamingSystem, glyphs: GlyphSet) -> String {
    let names = chord.notes.map { naming.name(of: $0, glyphs: glyphs.accidentals) }
    guard let quality = chord.quality else { return names.joined(separator: "-") }
    return names[0] + quality.symbol
  }

  /// Draws the explanation in a box over `area`, as wide as 76 columns, the labels in a column
  /// and each text wrapped beside its label, then the keys that close it. Returns the row of
  /// its first line, for the screen reader's focus.
  @discardableResult
  func render(closing: String, glyphs: GlyphSet, in area: Rect, on canvas: inout Canvas) -> Int {
    let width = min(area.width, 76)
    let labelWidth = rows.map(\.label.displayWidth).max() ?? 0
    let textWidth = max(1, width - 4 - labelWidth - 2)
    let wrapped = rows.map { $0.text.wrapped(toWidth: textWidth) }
    let closingLines = closing.wrapped(toWidth: max(1, width - 4))
    let height = min(
      area.height, 2 + 1 + wrapped.reduce(0) { $0 + $1.count } + 1 + closingLines.count + 1)
    let frame = area.centered(width: width, height: height)
    canvas.fill(frame)
    Border(title: title, glyphs: glyphs, style: .role(.accent)).render(in: frame, on: &canvas)
    let inside = frame.inset(horizontal: 2, vertical: 1)
    var y = inside.y + 1
    for (row, lines) in zip(rows, wrapped) {
      canvas.write(row.label, x: inside.x, y: y, style: .role(.muted), clip: inside)
      for line in lines where y < inside.maxY {
        canvas.write(
          line, x: inside.x + labelWidth + 2, y: y, style: .role(.text), clip: inside)
        y += 1
      }
    }
    y += 1
    for line in closingLines where y < inside.maxY {
      canvas.write(line, x: inside.x, y: y, style: Style.role(.accent).bold, clip: inside)
      y += 1
    }
    return inside.y + 1
  }
}
