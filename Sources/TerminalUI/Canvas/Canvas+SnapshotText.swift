extension Canvas {
  /// A reviewable text picture of the canvas: the character layer between `|` edges (so
  /// trailing spaces show), then a style layer with one code per cell, then a legend naming
  /// each code's style. Codes are given in order of first appearance; `.` is the plain style.
  public var snapshotText: String {
    var codes: [Style: Character] = [.plain: "."]
    var legend: [(Character, Style)] = []
    var alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
      .makeIterator()
    var styleRows: [String] = []
    for y in 0..<size.height {
      var row = ""
      for x in 0..<size.width {
        let style = self[x, y].style
        if codes[style] == nil {
          let code = alphabet.next() ?? "?"
          codes[style] = code
          legend.append((code, style))
        }
        row.append(codes[style]!)
      }
      styleRows.append(row)
    }
    var out = lines.map { "|\($0)|" }
    out.append("--- styles")
    out += styleRows.map { "|\($0)|" }
    out.append("--- legend")
    out.append(". plain")
    out += legend.map { "\($0.0) \($0.1.legendDescription)" }
    return out.joined(separator: "\n") + "\n"
  }
}

extension Style {
  var legendDescription: String {
    var parts: [String] = []
    if let foreground { parts.append("fg=\(foreground.rawValue)") }
    if let background { parts.append("bg=\(background.rawValue)") }
    let names: [(TextAttributes, String)] = [
      (.bold, "bold"), (.dim, "dim"), (.underline, "underline"), (.reverse, "reverse"),
    ]
    let set = names.filter { attributes.contains($0.0) }.map(\.1)
    if !set.isEmpty { parts.append(set.joined(separator: ",")) }
    return parts.isEmpty ? "plain" : parts.joined(separator: " ")
  }
}
