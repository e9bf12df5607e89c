/// Width-aware text helpers: widths are terminal columns, so wide characters count twice.
public enum TextAlignment: Sendable {
  case leading
  case center
  case trailing
}

extension StringProtocol {
  public var displayWidth: Int { DisplayWidth.of(self) }

  /// The text cut to at most `width` columns; when cut, it ends with `ellipsis`.
  public func clipped(toWidth width: Int, ellipsis: String = "") -> String {
    guard width > 0 else { return "" }
    guard displayWidth > width else { return String(self) }
    let marker = ellipsis.displayWidth <= width ? ellipsis : ""
    let budget = width - marker.displayWidth
    var result = ""
    var used = 0
    for character in self {
      let w = DisplayWidth.of(character)
      if used + w > budget { break }
      result.append(character)
      used += w
    }
    // "2 bars …" reads worse than "2 bars…".
    while marker != "", result.last == " " { result.removeLast() }
    return result + marker
  }

  /// The text clipped and padded with spaces to exactly `width` columns.
  public func padded(toWidth width: Int, alignment: TextAlignment = .leading, ellipsis: String = "")
    -> String
  {
    let text = clipped(toWidth: width, ellipsis: ellipsis)
    let gap = Swift.max(0, width - text.displayWidth)
    switch alignment {
    case .leading:
      return text + String(repeating: " ", count: gap)
    case .trailing:
      return String(repeating: " ", count: gap) + text
    case .center:
      let left = gap / 2
      return String(repeating: " ", count: left) + text + String(repeating: " ", count: gap - left)
    }
  }

  /// The text split into lines of at most `width` columns, breaking at spaces where it can.
  public func wrapped(toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in paragraph.split(separator: " ") {
        var word = String(word)
        while word.displayWidth > width && word.count > 1 {
          if !line.isEmpty {
            lines.append(line)
            line = ""
          }
          // A character wider than the line gets a line of its own; taking none never ends.
          let head = word.clipped(toWidth: width)
          let taken = head.isEmpty ? String(word.prefix(1)) : head
          lines.append(taken)
          word = String(word.dropFirst(taken.count))
        }
        if line.isEmpty {
          line = word
        } else if line.displayWidth + 1 + word.displayWidth <= width {
          line += " " + word
        } else {
          lines.append(line)
          line = word
        }
      }
      lines.append(line)
    }
    return lines
  }
}
