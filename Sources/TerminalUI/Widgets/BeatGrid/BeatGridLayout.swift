/// Where a line of beats goes across an area's columns. Each shown beat gets a cell of equal
/// width: a separator column, then the beat's time spread evenly over the remaining columns,
/// so a note, the play-head and a hit at the same moment share a column, and a hit a little
/// late lands a column or two to the right of its note. Separators belong to no moment, so
/// nothing but the separator and the frame is ever drawn on them.
struct BeatGridLayout: Equatable, Sendable {
  /// Narrower cells cannot space four sixteenths apart; a narrow area shows fewer beats.
  static let minimumCellWidth = 8

  let beatCount: Int
  /// The beats drawn: all that fit at the minimum width, around the current one.
  let shown: Range<Int>
  /// Columns per beat, its separator included.
  let cellWidth: Int
  /// The screen column of the first shown beat's separator.
  let originX: Int

  /// Lays out `beatCount` beats centred in `width` columns from `x`, keeping beat `current` in
  /// view with as many beats before it as after it; a final separator closes the last cell.
  /// A beat's time columns are a multiple of `division`, the number of equal parts the line's
  /// notes fall on, so that four sixteenths or a triplet come out evenly spaced; when that
  /// does not fit, a multiple of its power-of-two part, as sixteenths are commoner than
  /// triplets.
  init(beatCount: Int, current: Int?, division: Int, x: Int, width: Int) {
    self.beatCount = beatCount
    let count = min(beatCount, max(1, (width - 1) / Self.minimumCellWidth))
    let room = count > 0 ? (width - 1) / count - 1 : 0
    // `n & -n` is the largest power of two dividing n.
    let unit = [division, division & -division].first { $0 <= room } ?? 1
    cellWidth = room - room % unit + 1
    // A cell needs a separator and at least one column of time.
    guard count > 0, cellWidth >= 2 else {
      shown = 0..<0
      originX = x
      return
    }
    let first = min(max(0, (current ?? 0) - (count - 1) / 2), beatCount - count)
    shown = first..<first + count
    originX = x + (width - count * cellWidth - 1) / 2
  }

  /// The number of equal parts of a beat that every onset of `beats` falls on. Capped wider
  /// than any screen, which keeps the arithmetic small; a division that large is never used.
  static func division(of beats: [BeatGridView.Beat]) -> Int {
    beats.flatMap(\.notes).reduce(1) { min(lcm($0, $1.onset.beatDenominator), 1 << 12) }
  }

  private static func lcm(_ a: Int, _ b: Int) -> Int {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return a / x * b
  }

  /// Columns of time per beat.
  var timeWidth: Int { cellWidth - 1 }

  /// The separator before `beat`; `shown.upperBound` gives the closing one.
  func separatorX(_ beat: Int) -> Int {
    originX + (beat - shown.lowerBound) * cellWidth
  }

  /// The columns of time of `beat`, between its separators.
  func timeColumns(_ beat: Int) -> Range<Int> {
    separatorX(beat) + 1..<separatorX(beat) + cellWidth
  }

  /// The column of a moment `position` beats from the line's first beat, or nil when its beat
  /// is not shown. Moments before the line or after its end are kept at its edges, so an early
  /// hit on the first note or a late one on the last still shows.
  func column(at position: Double) -> Int? {
    let clamped = min(max(position, 0), Double(beatCount))
    // Positions are sums of fractions; a hair under a whole beat is that beat.
    let beat = min(Int(clamped + .beatTolerance), beatCount - 1)
    guard shown.contains(beat) else { return nil }
    return column(inBeat: beat, at: clamped - Double(beat))
  }

  /// The column of a moment `fraction` of a beat into `beat`, kept inside its cell.
  func column(inBeat beat: Int, at fraction: Double) -> Int {
    let time = Int(fraction * Double(timeWidth) + .beatTolerance)
    return timeColumns(beat).lowerBound + min(timeWidth - 1, max(0, time))
  }
}
