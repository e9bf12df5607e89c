import MusicTheory

/// A pattern drawn for print: an A4 page in SVG (millimetres) with its name, the neck in the
/// window of frets the shape needs (string 1 at the top, as in tablature), the dots labelled
/// with intervals or note names, the tonic's filled, then its description and instructions. The
/// texts come in ready-made, in the player's language.
public struct PatternChart: Sendable {
  public struct Dot: Equatable, Sendable {
    public var position: FretPosition
    public var label: String
    public var isTonic: Bool

    public init(_ position: FretPosition, label: String, isTonic: Bool) {
      self.position = position
      self.label = label
      self.isTonic = isTonic
    }
  }

  public var title: String
  public var subtitle: String
  /// The open strings' names, string 1 (the highest) first.
  public var stringNames: [String]
  public var dots: [Dot]
  public var paragraphs: [String]

  public init(
    title: String, subtitle: String, stringNames: [String], dots: [Dot], paragraphs: [String]
  ) {
    self.title = title
    self.subtitle = subtitle
    self.stringNames = stringNames
    self.dots = dots
    self.paragraphs = paragraphs
  }

  static let pageWidth = 210.0
  static let pageHeight = 297.0
  static let margin = 20.0
  /// Characters of the 8 mm title on one line.
  static let titleLength = 34
  static let titleLineHeight = 9.0
  static let stringGap = 8.0
  static let dotRadius = 3.2
  /// A window of at least this many frets, so a small shape still reads as a neck.
  static let fewestFrets = 5
  static let inlays: [Int: Int] = [
    3: 1, 5: 1, 7: 1, 9: 1, 12: 2, 15: 1, 17: 1, 19: 1, 21: 1, 24: 2,
  ]
  /// Characters of 4.2 mm text on one line of the page's width.
  static let lineLength = 78

  /// The fretted columns drawn: from the lowest fretted dot's fret (the first fret when the
  /// shape reaches the nut) for at least `fewestFrets`.
  var frets: ClosedRange<Int> {
    let fretted = dots.map(\.position.fret).filter { $0 > 0 }
    let low = dots.contains { $0.position.fret <= 1 } ? 1 : (fretted.min() ?? 1)
    let high = max(fretted.max() ?? low, low + Self.fewestFrets - 1)
    return low...high
  }

  var hasNut: Bool { frets.lowerBound == 1 }

  /// The page as an SVG document.
  public func svg() -> String {
    let frets = frets
    let neckLeft = Self.margin + 20
    let neckRight = Self.pageWidth - Self.margin
    let spacing = (neckRight - neckLeft) / Double(frets.count)
    let titleRows = Self.wrapped(title, width: Self.titleLength)
    let below = Self.titleLineHeight * Double(max(0, titleRows.count - 1))
    let neckTop = 52 + below
    let neckBottom = neckTop + Self.stringGap * Double(stringNames.count - 1)
    func x(ofFret fret: Int) -> Double {
      fret == 0
        ? neckLeft - 6 : neckLeft + (Double(fret - frets.lowerBound) + 0.5) * spacing
    }
    func y(ofString string: Int) -> Double { neckTop + Self.stringGap * Double(string - 1) }
    var parts: [String] = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297" font-family="DejaVu Sans, sans-serif">"#,
      #"<rect width="210" height="297" fill="white"/>"#,
    ]
    for (index, row) in titleRows.enumerated() {
      parts.append(
        text(
          row, x: Self.margin, y: 30 + Self.titleLineHeight * Double(index), size: 8,
          weight: "bold"))
    }
    parts.append(text(subtitle, x: Self.margin, y: 38 + below, size: 4.5, fill: "#444"))
    for wire in 0...frets.count {
      let wireX = neckLeft + Double(wire) * spacing
      let isNut = wire == 0 && hasNut
      parts.append(
        line(
          wireX, neckTop, wireX, neckBottom, width: isNut ? 1.6 : 0.4,
          stroke: isNut ? "black" : "#555"))
    }
    for (index, name) in stringNames.enumerated() {
      let stringY = y(ofString: index + 1)
      parts.append(line(neckLeft, stringY, neckRight, stringY, width: 0.3, stroke: "#222"))
      parts.append(text(name, x: Self.margin + 3, y: stringY + 1.4, size: 4, anchor: "middle"))
    }
    let middle = (neckTop + neckBottom) / 2
    for fret in frets {
      if let count = Self.inlays[fret] {
        let offsets = count == 1 ? [0.0] : [-Self.stringGap, Self.stringGap]
        for offset in offsets {
          parts.append(circle(x(ofFret: fret), middle + offset, radius: 1.2, fill: "#ccc"))
        }
      }
      parts.append(
        text("\(fret)", x: x(ofFret: fret), y: neckBottom + 8, size: 3.5, anchor: "middle"))
    }
    for dot in dots {
      let center = (x(ofFret: dot.position.fret), y(ofString: dot.position.string))
      parts.append(
        circle(
          center.0, center.1, radius: Self.dotRadius, fill: dot.isTonic ? "black" : "white",
          stroke: "black"))
      parts.append(
        text(
          dot.label, x: center.0, y: center.1 + 1.1, size: dot.label.count > 2 ? 2.6 : 3.2,
          anchor: "middle", fill: dot.isTonic ? "white" : "black", weight: "bold"))
    }
    var lineY = neckBottom + 22
    for paragraph in paragraphs where !paragraph.isEmpty {
      for row in Self.wrapped(paragraph, width: Self.lineLength) {
        parts.append(text(row, x: Self.margin, y: lineY, size: 4.2))
        lineY += 6
      }
      lineY += 3
    }
    parts.append("</svg>")
    return parts.joined(separator: "\n") + "\n"
  }

  /// The page as a self-contained HTML document around the SVG, to open in a browser and print.
  public func html() -> String {
    let drawing = svg().split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      .joined(separator: "\n")
    return """
      <!DOCTYPE html>
      <html>
      <head>
      <meta charset="utf-8">
      <title>\(MarkupText.escaped(title))</title>
      <style>@page { size: A4; margin: 0 } body { margin: 0 } svg { display: block }</style>
      </head>
      <body>
      \(drawing)</body>
      </html>

      """
  }

  /// Words on lines of at most `width` characters; a longer word stands alone.
  static func wrapped(_ text: String, width: Int) -> [String] {
    var rows: [String] = []
    var row = ""
    for word in text.split(whereSeparator: \.isWhitespace) {
      if !row.isEmpty, row.count + 1 + word.count > width {
        rows.append(row)
        row = ""
      }
      row += (row.isEmpty ? "" : " ") + word
    }
    if !row.isEmpty { rows.append(row) }
    return rows
  }

  private static func number(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
  }

  private func text(
    _ content: String, x: Double, y: Double, size: Double, anchor: String = "start",
    fill: String = "black", weight: String = "normal"
  ) -> String {
    let n = Self.number
    return
      #"<text x="\#(n(x))" y="\#(n(y))" font-size="\#(n(size))" text-anchor="\#(anchor)" fill="\#(fill)" font-weight="\#(weight)">\#(MarkupText.escaped(content))</text>"#
  }

  private func line(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, width: Double, stroke: String
  ) -> String {
    let n = Self.number
    return
      #"<line x1="\#(n(x1))" y1="\#(n(y1))" x2="\#(n(x2))" y2="\#(n(y2))" stroke="\#(stroke)" stroke-width="\#(n(width))"/>"#
  }

  private func circle(
    _ x: Double, _ y: Double, radius: Double, fill: String, stroke: String = "none"
  ) -> String {
    let n = Self.number
    return
      #"<circle cx="\#(n(x))" cy="\#(n(y))" r="\#(n(radius))" fill="\#(fill)" stroke="\#(stroke)" stroke-width="0.4"/>"#
  }
}
