/// The escape sequences terminals send for special keys: CSI (`ESC [`) in the xterm, VT220 and
/// rxvt forms, the Linux console's `ESC [ [ A` for F1–F5, and SS3 (`ESC O`) as sent in
/// application cursor mode. Modifiers (`ESC [ 1 ; 5 A`) are ignored: Ctrl-Up is Up.
enum EscapeSequence {
  /// Longer sequences are not keys; give up instead of waiting for a final byte forever.
  static let maximumLength = 32

  static func step(_ bytes: [UInt8], at index: Int, atEnd: Bool) -> KeyDecoder.Step {
    let next = index + 1
    guard next < bytes.count else { return atEnd ? .key(.escape, length: 1) : .incomplete }
    switch bytes[next] {
    case UInt8(ascii: "["):
      if next + 1 < bytes.count, bytes[next + 1] == UInt8(ascii: "[") {
        return linuxConsoleStep(bytes, at: index, atEnd: atEnd)
      }
      return controlSequenceStep(bytes, at: index, atEnd: atEnd, key: csiKey)
    case UInt8(ascii: "O"):
      return controlSequenceStep(bytes, at: index, atEnd: atEnd, key: ss3Key)
    default:
      // Alt+key: the terminal sends ESC, then the key on its own.
      return .key(.escape, length: 1)
    }
  }

  /// `ESC [ [ A` … `ESC [ [ E`: F1–F5 on the Linux console.
  private static func linuxConsoleStep(_ bytes: [UInt8], at index: Int, atEnd: Bool)
    -> KeyDecoder.Step
  {
    guard index + 3 < bytes.count else { return atEnd ? .key(.escape, length: 1) : .incomplete }
    let final = bytes[index + 3]
    guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final) else { return .skip(4) }
    return .key(.function(Int(final - UInt8(ascii: "A")) + 1), length: 4)
  }

  /// Parameter bytes up to a final byte, per ECMA-48. A sequence that breaks off (a control
  /// byte, too long, or nothing more coming) was not a sequence: it is Esc and then whatever
  /// was typed. A complete sequence that names no key is dropped whole.
  private static func controlSequenceStep(
    _ bytes: [UInt8], at index: Int, atEnd: Bool,
    key: (_ parameters: ArraySlice<UInt8>, _ final: UInt8) -> Key?
  ) -> KeyDecoder.Step {
    let start = index + 2
    var cursor = start
    while cursor < bytes.count, cursor - index < maximumLength {
      let byte = bytes[cursor]
      switch byte {
      case 0x20...0x3F:
        cursor += 1
      case 0x40...0x7E:
        let length = cursor + 1 - index
        guard let found = key(bytes[start..<cursor], byte) else { return .skip(length) }
        return .key(found, length: length)
      default:
        return .key(.escape, length: 1)
      }
    }
    return atEnd || cursor - index >= maximumLength ? .key(.escape, length: 1) : .incomplete
  }

  private static func csiKey(_ parameters: ArraySlice<UInt8>, _ final: UInt8) -> Key? {
    let first = leadingNumber(parameters)
    switch Unicode.Scalar(final) {
    case "A": return .up
    case "B": return .down
    case "C": return .right
    case "D": return .left
    case "H": return .home
    case "F": return .end
    case "Z": return .backTab
    case "P", "Q", "R", "S":
      // Only with no first parameter or 1: `ESC [ 24 ; 80 R` is a cursor position report.
      guard first == nil || first == 1 else { return nil }
      return .function(Int(final - UInt8(ascii: "P")) + 1)
    case "~": return first.flatMap(tildeKey)
    default: return nil
    }
  }

  /// VT220-style `ESC [ n ~` keys; 7 and 8 are rxvt's Home and End.
  private static func tildeKey(_ number: Int) -> Key? {
    switch number {
    case 1, 7: .home
    case 2: .insert
    case 3: .delete
    case 4, 8: .end
    case 5: .pageUp
    case 6: .pageDown
    case 11...15: .function(number - 10)
    case 17...21: .function(number - 11)
    case 23, 24: .function(number - 12)
    default: nil
    }
  }

  private static func ss3Key(_ parameters: ArraySlice<UInt8>, _ final: UInt8) -> Key? {
    switch Unicode.Scalar(final) {
    case "A": .up
    case "B": .down
    case "C": .right
    case "D": .left
    case "H": .home
    case "F": .end
    case "M": .enter
    case "P", "Q", "R", "S": .function(Int(final - UInt8(ascii: "P")) + 1)
    default: nil
    }
  }

  /// The first parameter as a number; nil when it is empty or private (`?`, `<`, `>`).
  private static func leadingNumber(_ parameters: ArraySlice<UInt8>) -> Int? {
    let digits = parameters.prefix { $0 != UInt8(ascii: ";") }
    guard !digits.isEmpty, digits.count < 6,
      digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
  }
}
