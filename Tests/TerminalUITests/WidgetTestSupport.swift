import TerminalUI
import XCTest

/// A canvas full of a character no widget draws, so cells a widget touched (or forgot) show up.
enum Sentinel {
  static let cell = Cell("¤", style: .role(.bad))
  static let size = Size(width: 40, height: 16)
  static let inner = Rect(x: 5, y: 3, width: 24, height: 8)

  static var canvas: Canvas { Canvas(size: size, fill: cell) }

  /// Areas a widget must survive: a roomy one, tiny ones, and one hanging off the canvas.
  static let areas: [Rect] = [
    inner,
    Rect(x: 5, y: 3, width: 1, height: 1),
    Rect(x: 5, y: 3, width: 2, height: 1),
    Rect(x: 5, y: 3, width: 1, height: 6),
    Rect(x: 5, y: 3, width: 3, height: 3),
    Rect(x: 5, y: 3, width: 7, height: 2),
    Rect(x: 34, y: 12, width: 10, height: 8),
  ]
}

/// Renders into each of `Sentinel.areas` on a sentinel canvas and fails for any cell changed
/// outside the area; rendering into empty rectangles must change nothing at all.
func assertDrawsOnlyInside(
  file: StaticString = #filePath, line: UInt = #line,
  _ render: (Rect, inout Canvas) -> Void
) {
  for area in Sentinel.areas {
    var canvas = Sentinel.canvas
    render(area, &canvas)
    var escaped: [String] = []
    for y in 0..<Sentinel.size.height {
      for x in 0..<Sentinel.size.width where !area.contains(x: x, y: y) {
        if canvas[x, y] != Sentinel.cell { escaped.append("(\(x),\(y))") }
      }
    }
    XCTAssertEqual(escaped, [], "drew outside \(area)", file: file, line: line)
  }
  let empties = [
    Rect.zero, Rect(x: 5, y: 3, width: 0, height: 4), Rect(x: 5, y: 3, width: 9, height: 0),
  ]
  for empty in empties {
    var canvas = Sentinel.canvas
    render(empty, &canvas)
    XCTAssertEqual(canvas, Sentinel.canvas, "drew into empty \(empty)", file: file, line: line)
  }
}

extension Canvas {
  /// The characters of columns `x..<x+width` on row `y`, continuation cells skipped.
  func text(row y: Int, from x: Int = 0, width: Int? = nil) -> String {
    let end = width.map { x + $0 } ?? size.width
    var result = ""
    for column in x..<end where !self[column, y].isContinuation {
      result.append(self[column, y].grapheme)
    }
    return result
  }
}
