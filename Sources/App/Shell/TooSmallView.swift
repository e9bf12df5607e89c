import Storage
import TerminalUI

/// Shown instead of any screen while the terminal is smaller than the minimum.
enum TooSmallView {
  static func render(size: Size, strings: Localizer, on canvas: inout Canvas) {
    let lines: [(String, Style)] = [
      (strings.text("tooSmall.needs", ["size": Size.minimum.description]), Style.role(.warn).bold),
      (strings.text("tooSmall.current", ["size": size.description]), .plain),
      (strings.text("tooSmall.hint"), .role(.muted)),
    ]
    let wrapped = lines.flatMap { line, style in
      line.wrapped(toWidth: max(1, size.width)).map { ($0, style) }
    }
    let top = max(0, (size.height - wrapped.count) / 2)
    for (index, (text, style)) in wrapped.enumerated() {
      let x = max(0, (size.width - text.displayWidth) / 2)
      canvas.write(text, x: x, y: top + index, style: style)
    }
  }
}
