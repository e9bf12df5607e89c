/// The whole screen as a plain value: a grid of cells. Views draw into a canvas; backends copy
/// it to a terminal; tests compare canvases. Drawing outside the canvas (or outside a clip
/// rectangle) is silently clipped, so widgets never need to check bounds themselves.
public struct Canvas: Equatable, Sendable {
  public private(set) var size: Size
  private var cells: [Cell]
  /// The row a view names as the one that tells what just happened (a verdict, the item
  /// chosen): screen-reader mode puts the cursor there and reads it out when it changes.
  public var focusLine: Int?
  /// Rows whose change in this frame is not to be read out (a beat the player chose not to
  /// hear, a clock ticking): screen-reader mode does not move the cursor for them, though
  /// their words stay on the screen for a braille display.
  public var quietLines: Set<Int> = []
  /// Where the terminal's cursor stands, shown; nil hides it.
  public var cursor: Position?

  public init(size: Size, fill: Cell = .blank) {
    self.size = Size(width: max(0, size.width), height: max(0, size.height))
    self.cells = Array(repeating: fill, count: self.size.width * self.size.height)
  }

  public init(width: Int, height: Int, fill: Cell = .blank) {
    self.init(size: Size(width: width, height: height), fill: fill)
  }

  public var bounds: Rect { Rect(size: size) }

  public subscript(x: Int, y: Int) -> Cell {
    guard bounds.contains(x: x, y: y) else { return .blank }
    return cells[y * size.width + x]
  }

  /// Places one character at a column, keeping wide characters whole: a wide character that
  /// does not fit inside `clip` becomes a space, and overwriting half of a wide character
  /// blanks its other half. `picture` marks it as part of a picture (`Cell.isPicture`).
  /// Returns the columns advanced.
  @discardableResult
  public mutating func put(
    _ character: Character, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil,
    picture: Bool = false
  ) -> Int {
    let area = (clip ?? bounds).intersection(bounds)
    let width = DisplayWidth.of(character)
    guard width > 0 else { return 0 }
    guard area.contains(x: x, y: y) else { return width }
    if width == 2 && !area.contains(x: x + 1, y: y) {
      store(Cell(" ", style: style), x: x, y: y)
      return width
    }
    store(Cell(character, width: UInt8(width), style: style, isPicture: picture), x: x, y: y)
    if width == 2 {
      store(.continuation(style: style), x: x + 1, y: y, ownerAt: x)
    }
    return width
  }

  /// Writes text on one row from `x`, clipped to `clip`. Control characters are dropped.
  /// Returns the columns the text occupies (including clipped ones).
  @discardableResult
  public mutating func write(
    _ text: some StringProtocol, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil,
    picture: Bool = false
  ) -> Int {
    var column = x
    let limit = (clip ?? bounds).maxX
    for character in text {
      if column >= limit { break }
      column += put(character, x: column, y: y, style: style, clip: clip, picture: picture)
    }
    return column - x
  }

  public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for y in area.y..<area.maxY {
      var x = area.x
      while x < area.maxX {
        x += max(1, put(character, x: x, y: y, style: style, clip: area))
      }
    }
  }

  /// Changes the style of every cell in `rect`, keeping the characters.
  public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
    let area = rect.intersection(bounds)
    guard !area.isEmpty else { return }
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX {
        cells[y * size.width + x].style = transform(cells[y * size.width + x].style)
      }
    }
  }

  /// Replaces the character of every one-column cell by `transform`'s, which must also take
  /// one column, keeping styles and layout.
  public mutating func replaceCharacters(_ transform: (Character) -> Character) {
    for index in cells.indices where cells[index].width == 1 {
      cells[index].grapheme = transform(cells[index].grapheme)
    }
  }

  /// Blanks every cell drawn as part of a picture, keeping its style.
  public mutating func blankPictures() {
    for index in cells.indices where cells[index].isPicture && cells[index].width == 1 {
      cells[index].grapheme = " "
    }
  }

  /// Cells that differ from `previous`, row by row. Everything changes when the size did.
  public func changes(since previous: Canvas?) -> [CellChange] {
    var result: [CellChange] = []
    let compareAll = previous?.size != size
    for index in cells.indices where compareAll || cells[index] != previous!.cells[index] {
      result.append(CellChange(x: index % size.width, y: index / size.width, cell: cells[index]))
    }
    return result
  }

  /// The characters of each row, wide characters once, continuation cells skipped.
  /// The characters as plain text for printing: each line without its trailing spaces, ending
  /// in a newline.
  public var plainText: String {
    lines.map { String($0.reversed().drop { $0 == " " }.reversed()) + "\n" }.joined()
  }

  public var lines: [String] {
    (0..<size.height).map { y in
      var line = ""
      for x in 0..<size.width where !self[x, y].isContinuation {
        line.append(self[x, y].grapheme)
      }
      return line
    }
  }

  /// Stores a cell, blanking the other half of any wide character it splits. `ownerAt` is the
  /// column of the wide character a continuation cell belongs to, which must not be blanked.
  private mutating func store(_ cell: Cell, x: Int, y: Int, ownerAt owner: Int? = nil) {
    let index = y * size.width + x
    if cells[index].isContinuation, x > 0, owner != x - 1 {
      cells[index - 1] = Cell(" ", style: cells[index - 1].style)
    }
    if cells[index].width == 2, x + 1 < size.width, cell.width != 2 {
      cells[index + 1] = Cell(" ", style: cells[index + 1].style)
    }
    cells[index] = cell
  }
}

public struct CellChange: Equatable, Sendable {
  public var x: Int
  public var y: Int
  public var cell: Cell
}

/// A cell's column and row.
public struct Position: Equatable, Sendable {
  public var x: Int
  public var y: Int

  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}
