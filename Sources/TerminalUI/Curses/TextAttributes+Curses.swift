import CNcursesw

extension TextAttributes {
  /// The matching curses attribute bits. curses.h builds A_BOLD and friends with the
  /// NCURSES_BITS macro, which Swift cannot import; each is `1 << (bit + NCURSES_ATTR_SHIFT)`.
  var cursesAttributes: attr_t {
    var bits: attr_t = 0
    if contains(.underline) { bits |= Self.cursesBit(9) }
    if contains(.reverse) { bits |= Self.cursesBit(10) }
    if contains(.dim) { bits |= Self.cursesBit(12) }
    if contains(.bold) { bits |= Self.cursesBit(13) }
    return bits
  }

  private static func cursesBit(_ bit: attr_t) -> attr_t {
    1 << (bit + attr_t(NCURSES_ATTR_SHIFT))
  }
}
