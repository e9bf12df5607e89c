/// The rhythm trainer's line of beats in rhythm notation, the current beat (or pattern)
/// framed, a play-head moving along a time line, and under it a mark for each hit where it
/// landed, so early and late show as left and right of the note. Time runs evenly across each
/// beat's cell (see `BeatGridLayout`). A note longer than a beat is held on with a line
/// through the beats it sounds, and a tied note with a tie to the note it is held on into;
/// both cross the beat's separator on the notes' row. Rows from the top:
///
///     ┌──────3──────┐      top edge of the frame, tuplet numbers
///     │♪    ♪    ♪  │      the notes at their onsets
///     │·    ·  ▲ ·  │      beat separators, a tick per note, the play-head
///     │ ◉     ●     │      hits and missed notes
///     └─────────────┘      bottom edge of the frame
///
/// The widget never reads a clock: the caller moves the play-head and, for a few frames after
/// a hit, marks it fresh, which is the hit's short animation.
public struct BeatGridView: Equatable, Sendable {
  /// A note or a rest, in beats.
  public struct Note: Equatable, Sendable {
    /// From the start of its beat.
    public var onset: Double
    /// As written: a tied note's own length, without the note it is held on into.
    public var length: Double
    public var isRest: Bool
    /// Held on into the next note.
    public var isTied: Bool
    /// Tied into from the note before: held on, not played again.
    public var isHeld: Bool

    public init(
      onset: Double, length: Double, isRest: Bool = false, isTied: Bool = false,
      isHeld: Bool = false
    ) {
      self.onset = onset
      self.length = length
      self.isRest = isRest
      self.isTied = isTied
      self.isHeld = isHeld
    }
  }

  /// The notes and rests that start in one beat. A note or rest longer than a beat starts on
  /// it, and the beats it covers hold none.
  public struct Beat: Equatable, Sendable {
    public var notes: [Note]

    public init(_ notes: [Note]) {
      self.notes = notes
    }
  }

  public enum Grade: Equatable, Sendable {
    case perfect
    case good
    case inaccurate
    case miss
  }

  public struct Hit: Equatable, Sendable {
    /// In beats from the line's first beat; hits a little before or after the line are drawn
    /// at its edges.
    public var position: Double
    /// nil for a hit no note asked for.
    public var grade: Grade?
    /// Just played: drawn reversed and bold.
    public var isFresh: Bool

    public init(position: Double, grade: Grade?, isFresh: Bool = false) {
      self.position = position
      self.grade = grade
      self.isFresh = isFresh
    }
  }

  public var beats: [Beat]
  /// The framed beat, the first of `currentSpan`.
  public var current: Int?
  /// How many beats the frame takes: a pattern longer than a beat is framed whole.
  public var currentSpan: Int
  /// The beats a bar starts on, counted as `beats` are (`beats.count` for a bar line after the
  /// last): their separators are drawn heavier, as bar lines.
  public var barLines: Set<Int>
  /// In beats from the line's first beat; nil, or outside the line, hides it.
  public var playhead: Double?
  public var hits: [Hit]
  /// Where notes no hit was matched to are expected, in beats from the line's first beat.
  public var missed: [Double]
  public var glyphs: GlyphSet

  /// The frame's top edge, the notes, the time line, the hits and the frame's bottom edge.
  public static let height = 5

  static let frameStyle = Style.role(.accent)
  static let lineStyle = Style.role(.muted)
  static let noteStyle = Style.role(.text)
  static let playheadStyle = Style.role(.accent).bold

  public init(
    beats: [Beat], current: Int? = nil, currentSpan: Int = 1, barLines: Set<Int> = [],
    playhead: Double? = nil, hits: [Hit] = [], missed: [Double] = [], glyphs: GlyphSet
  ) {
    self.beats = beats
    self.current = current
    self.currentSpan = currentSpan
    self.barLines = barLines
    self.playhead = playhead
    self.hits = hits
    self.missed = missed
    self.glyphs = glyphs
  }

  /// How a hit is marked: by grade in both glyph and colour (perfect green, good in the accent's
  /// blue), an extra hit as one too many.
  static func mark(for grade: Grade?, in marks: BeatGridGlyphs) -> (Character, ColorRole) {
    switch grade {
    case .perfect: (marks.perfect, .perfect)
    case .good: (marks.good, .accent)
    case .inaccurate: (marks.inaccurate, .inaccurate)
    case .miss: (marks.miss, .miss)
    case nil: (marks.extra, .miss)
    }
  }

  /// Draws from the area's top left. Too narrow an area shows the beats around the current one;
  /// too short a one drops the frame's bottom edge, then its top edge (and tuplet numbers).
  public func render(in area: Rect, on canvas: inout Canvas) {
    guard !area.isEmpty else { return }
    canvas.fill(area)
    let layout = BeatGridLayout(
      beatCount: beats.count, current: current, division: BeatGridLayout.division(of: beats),
      x: area.x, width: area.width)
    guard !layout.shown.isEmpty else { return }
    let rows = Rows(area: area)
    let marks = BeatGridGlyphs.named(glyphs.kind)
    let pen = Pen(area: area)
    for beat in layout.shown {
      drawNotes(of: beat, layout: layout, rows: rows, marks: marks, pen, &canvas)
    }
    for beat in layout.shown.lowerBound...layout.shown.upperBound {
      let separator = barLines.contains(beat) ? marks.barLine : glyphs.vertical
      for y in [rows.notes, rows.timeline, rows.hits] {
        pen.line(separator, layout.separatorX(beat), y, Self.lineStyle, &canvas)
      }
    }
    for beat in layout.shown {
      drawHolds(of: beat, layout: layout, rows: rows, marks: marks, pen, &canvas)
    }
    if let current, layout.shown.contains(current) {
      drawFrame(around: current, layout: layout, rows: rows, pen, &canvas)
    }
    if let playhead, (0..<Double(beats.count)).contains(playhead),
      let x = layout.column(at: playhead)
    {
      pen.line(marks.playhead, x, rows.timeline, Self.playheadStyle, &canvas)
    }
    for position in missed {
      if let x = layout.column(at: position) {
        pen.put(marks.miss, x, rows.hits, .role(.miss), &canvas)
      }
    }
    // Fresh hits last, so the one just played is on top of any it lands on.
    for hit in hits.filter({ !$0.isFresh }) + hits.filter(\.isFresh) {
      guard let x = layout.column(at: hit.position) else { continue }
      let (mark, role) = Self.mark(for: hit.grade, in: marks)
      let style = hit.isFresh ? Style.role(role).bold.reversed : .role(role)
      pen.put(mark, x, rows.hits, style, &canvas)
    }
  }

  /// The beat's notes and rests at their onsets, a tick under each note, and the tuplet number
  /// over the middle of them, as over a tuplet's bracket. The current beat's notes are bold.
  private func drawNotes(
    of beat: Int, layout: BeatGridLayout, rows: Rows, marks: BeatGridGlyphs, _ pen: Pen,
    _ canvas: inout Canvas
  ) {
    let notes = beats[beat].notes
    let tuplet = WrittenValue.tuplet(of: notes.map(\.length))
    let cell = layout.timeColumns(beat)
    let style = isCurrent(beat) ? Self.noteStyle.bold : Self.noteStyle
    let columns = notes.map { layout.column(inBeat: beat, at: $0.onset) }
    for (note, x) in zip(notes, columns) {
      let value = WrittenValue(length: note.length, tuplet: tuplet)
      // A rest, or a note held on rather than played, is drawn faint and gets no tick.
      let isSilent = note.isRest || note.isHeld
      let noteStyle = isSilent ? Self.lineStyle : style
      pen.put(
        note.isRest ? marks.rest(value.shape) : marks.note(value.shape), x, rows.notes, noteStyle,
        &canvas)
      if !isSilent { pen.line(marks.tick, x, rows.timeline, Self.lineStyle, &canvas) }
      if value.isDotted, cell.contains(x + 1) {
        pen.put(marks.dot, x + 1, rows.notes, noteStyle, &canvas)
      }
    }
    if let tuplet, let top = rows.top, let first = columns.first, let last = columns.last {
      pen.write(String(tuplet), (first + last) / 2, top, style, &canvas)
    }
  }

  private func isCurrent(_ beat: Int) -> Bool {
    guard let current else { return false }
    return (current..<current + currentSpan).contains(beat)
  }

  /// The hold line after each note of the beat longer than a beat, up to the separator that
  /// ends it, and the tie after each tied note, up to the note it is held on into; both stop
  /// at the last shown beat.
  private func drawHolds(
    of beat: Int, layout: BeatGridLayout, rows: Rows, marks: BeatGridGlyphs, _ pen: Pen,
    _ canvas: inout Canvas
  ) {
    let notes = beats[beat].notes
    let tuplet = WrittenValue.tuplet(of: notes.map(\.length))
    let style = isCurrent(beat) ? Self.noteStyle.bold : Self.noteStyle
    for note in notes where !note.isRest && (note.isTied || note.length > 1 + .beatTolerance) {
      let isDotted = WrittenValue(length: note.length, tuplet: tuplet).isDotted
      let from = layout.column(inBeat: beat, at: note.onset) + (isDotted ? 2 : 1)
      let end = Double(beat) + note.onset + note.length
      let endBeat = Int(end + .beatTolerance)
      let to =
        endBeat >= layout.shown.upperBound
        ? layout.separatorX(layout.shown.upperBound)
        : note.isTied
          ? layout.column(inBeat: endBeat, at: end - Double(endBeat)) : layout.separatorX(endBeat)
      for x in from..<max(from, to) {
        pen.line(note.isTied ? marks.tie : marks.hold, x, rows.notes, style, &canvas)
      }
    }
  }

  /// Corners joined by the top and bottom edges; the sides are the separators before the first
  /// framed beat and after the last.
  private func drawFrame(
    around beat: Int, layout: BeatGridLayout, rows: Rows, _ pen: Pen, _ canvas: inout Canvas
  ) {
    let last = min(beat + currentSpan, layout.shown.upperBound)
    let (left, right) = (layout.separatorX(beat), layout.separatorX(last))
    // A side on a bar line stays a bar line, in the frame's colour.
    let marks = BeatGridGlyphs.named(glyphs.kind)
    let (leftSide, rightSide) = (
      barLines.contains(beat) ? marks.barLine : glyphs.vertical,
      barLines.contains(last) ? marks.barLine : glyphs.vertical
    )
    for y in [rows.notes, rows.timeline, rows.hits] {
      pen.line(leftSide, left, y, Self.frameStyle, &canvas)
      pen.line(rightSide, right, y, Self.frameStyle, &canvas)
    }
    let edges = [
      (rows.top, glyphs.topLeft, glyphs.topRight),
      (rows.bottom, glyphs.bottomLeft, glyphs.bottomRight),
    ]
    for case (let y?, let leftCorner, let rightCorner) in edges {
      pen.line(leftCorner, left, y, Self.frameStyle, &canvas)
      for x in left + 1..<right where canvas[x, y] == .blank {
        pen.line(glyphs.horizontal, x, y, Self.frameStyle, &canvas)
      }
      pen.line(rightCorner, right, y, Self.frameStyle, &canvas)
    }
  }
}

/// The screen rows of the grid's parts in an area: the frame's edges go first when it is short.
private struct Rows {
  let top: Int?
  let notes: Int
  let timeline: Int
  let hits: Int
  let bottom: Int?

  init(area: Rect) {
    let hasTop = area.height > 3
    top = hasTop ? area.y : nil
    notes = area.y + (hasTop ? 1 : 0)
    timeline = notes + 1
    hits = notes + 2
    bottom = area.height >= BeatGridView.height ? notes + 3 : nil
  }
}

/// Draws clipped to the area, so no part of the grid needs to check its bounds.
private struct Pen {
  let area: Rect

  func put(_ character: Character, _ x: Int, _ y: Int, _ style: Style, _ canvas: inout Canvas) {
    canvas.put(character, x: x, y: y, style: style, clip: area)
  }

  /// A separator, frame, tick, hold or playhead: the grid's lines, a picture.
  func line(_ character: Character, _ x: Int, _ y: Int, _ style: Style, _ canvas: inout Canvas) {
    canvas.put(character, x: x, y: y, style: style, clip: area, picture: true)
  }

  func write(_ text: String, _ x: Int, _ y: Int, _ style: Style, _ canvas: inout Canvas) {
    canvas.write(text, x: x, y: y, style: style, clip: area)
  }
}
