import MusicTheory

/// A fretted neck drawn the way players read tab and chord charts: one row per string with
/// string 1 (the highest) at the top, frets as columns of `fretWidth` cells, the open strings
/// left of the nut, position markers and fret numbers under the neck. Notes are dots with a
/// short caller-given label (an interval, a note name, a degree), so one widget serves scale
/// shapes, arpeggios and quizzes. A left-handed neck is the right-handed drawing mirrored: the
/// nut on the right, fret numbers growing to the left, labels still read left to right.
public struct FretboardView: Equatable, Sendable {
  /// A marked place on the neck.
  public struct Dot: Equatable, Sendable {
    public var position: FretPosition
    /// Shown instead of a plain dot, cut to `maxLabelWidth` columns; empty draws the dot.
    public var label: String
    public var style: Style

    /// The tonic stands out in colour and, for the mono theme, in weight.
    public static let tonicStyle = Style.role(.accent).bold
    public static let toneStyle = Style.role(.text)

    public init(_ position: FretPosition, label: String = "", style: Style = toneStyle) {
      self.position = position
      self.label = label
      self.style = style
    }
  }

  public var tuning: Tuning
  /// The frets shown, kept within 0...the tuning's last fret; fret 0 brings the open strings
  /// and the nut.
  public var frets: ClosedRange<Int>
  public var dots: [Dot]
  /// Drawn on a selection background, so it shows on an empty fret and over a dot alike.
  public var cursor: FretPosition?
  public var isLeftHanded: Bool
  /// How the string names beside the neck are spelled.
  public var naming: NamingSystem
  public var glyphs: GlyphSet

  /// The most frets any neck has, as on most electric guitars.
  public static let lastFret = 24
  /// Cells per fret: the space between two wires, then the wire.
  public static let fretWidth = FretboardLayout.fretWidth
  /// The space between two wires, wide enough to centre the common two-character labels
  /// ("b3", "C#") on the string.
  public static let maxLabelWidth = FretboardLayout.spaceWidth
  /// Where necks carry position markers, and how many: two at each octave.
  static let inlays: [Int: Int] = [
    3: 1, 5: 1, 7: 1, 9: 1, 12: 2, 15: 1, 17: 1, 19: 1, 21: 1, 24: 2,
  ]
  static let lineStyle = Style.role(.muted)
  static let nutStyle = Style.role(.text).bold
  static let nameStyle = Style.role(.text)

  public init(
    tuning: Tuning, frets: ClosedRange<Int> = 0...12, dots: [Dot] = [],
    cursor: FretPosition? = nil, isLeftHanded: Bool = false, naming: NamingSystem = .english,
    glyphs: GlyphSet
  ) {
    self.tuning = tuning
    self.frets = frets
    self.dots = dots
    self.cursor = cursor
    self.isLeftHanded = isLeftHanded
    self.naming = naming
    self.glyphs = glyphs
  }

  /// One row per string, one of position markers and one of fret numbers.
  public var height: Int { tuning.stringCount + 2 }

  /// The columns the whole drawing needs: string names, a gap, the neck.
  public var width: Int { layout.width }

  /// The longest window starting at `first` whose drawing fits `width` columns (never less
  /// than `first` alone), so a caller can keep the cursor in view on a narrow screen.
  public func window(startingAt first: Int, fitting width: Int) -> ClosedRange<Int> {
    var single = self
    single.frets = first...first
    let start = single.layout.shownFrets.lowerBound
    let extra = max(0, width - single.width) / Self.fretWidth
    return start...min(tuning.lastFret, start + extra)
  }

  /// Draws from the area's left edge (its right edge when left-handed) and clips what does not
  /// fit: the far frets first, then the fret numbers, markers and lowest strings.
  public func render(in area: Rect, on canvas: inout Canvas) {
    guard !area.isEmpty else { return }
    canvas.fill(area)
    let layout = layout
    let neck = FretboardGlyphs.named(glyphs.kind)
    let pen = Pen(area: area, isMirrored: isLeftHanded)
    let line = Self.lineStyle
    for (index, name) in layout.names.enumerated() {
      let y = area.y + index
      pen.write(
        name, at: layout.nameWidth - name.displayWidth, y: y, style: Self.nameStyle, &canvas)
      if layout.hasNut {
        pen.put(neck.nut, at: layout.openingWireX, y: y, style: Self.nutStyle, &canvas)
      } else {
        pen.put(neck.firstWire, at: layout.openingWireX, y: y, style: line, &canvas)
      }
      for fret in layout.frettedFrets {
        let x = layout.spaceX(fret)
        for offset in 0..<FretboardLayout.spaceWidth {
          pen.put(neck.string, at: x + offset, y: y, style: line, &canvas)
        }
        let wire = fret == layout.shownFrets.upperBound ? neck.lastWire : neck.wire
        pen.put(wire, at: x + FretboardLayout.spaceWidth, y: y, style: line, &canvas)
      }
    }
    let markersY = area.y + height - 2
    for fret in layout.shownFrets {
      if let count = Self.inlays[fret] {
        let marks = String(repeating: neck.inlay, count: count)
        pen.write(
          marks, at: layout.labelX(fret, marks), y: markersY, style: line, picture: true,
          &canvas)
      }
      let number = String(fret)
      pen.write(number, at: layout.labelX(fret, number), y: markersY + 1, style: line, &canvas)
    }
    for dot in dots where layout.isShown(dot.position) {
      let label =
        dot.label.isEmpty ? String(neck.dot) : dot.label.clipped(toWidth: Self.maxLabelWidth)
      let y = area.y + dot.position.string - 1
      pen.write(label, at: layout.labelX(dot.position.fret, label), y: y, style: dot.style, &canvas)
    }
    if let cursor, layout.isShown(cursor) {
      let (x, y) = (layout.spaceX(cursor.fret), area.y + cursor.string - 1)
      pen.restyle(at: x, width: FretboardLayout.spaceWidth, y: y, &canvas) { $0.on(.selection) }
    }
  }

  private var layout: FretboardLayout {
    FretboardLayout(
      tuning: tuning, frets: frets, lastFret: tuning.lastFret, naming: naming, glyphs: glyphs)
  }
}

/// Draws at layout columns, turned into screen columns from the area's left edge, or from its
/// right edge on a mirrored neck; text keeps reading left to right. Everything is clipped to
/// the area. Single characters are the neck's strings, wires and nut: a picture.
private struct Pen {
  let area: Rect
  let isMirrored: Bool

  func put(_ character: Character, at column: Int, y: Int, style: Style, _ canvas: inout Canvas) {
    let drawn = isMirrored ? FretboardGlyphs.mirrored(character) : character
    canvas.put(drawn, x: x(column, width: 1), y: y, style: style, clip: area, picture: true)
  }

  func write(
    _ text: String, at column: Int, y: Int, style: Style, picture: Bool = false,
    _ canvas: inout Canvas
  ) {
    canvas.write(
      text, x: x(column, width: text.displayWidth), y: y, style: style, clip: area,
      picture: picture)
  }

  func restyle(
    at column: Int, width: Int, y: Int, _ canvas: inout Canvas, _ transform: (Style) -> Style
  ) {
    let cells = Rect(x: x(column, width: width), y: y, width: width, height: 1)
    canvas.restyle(cells.intersection(area), transform)
  }

  /// The screen column of the leftmost cell of a run of `width` cells starting at `column`.
  private func x(_ column: Int, width: Int) -> Int {
    isMirrored ? area.maxX - column - width : area.x + column
  }
}
