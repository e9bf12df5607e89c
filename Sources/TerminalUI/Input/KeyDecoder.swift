/// Turns the bytes a terminal sends into key events. Pure: it never reads or sleeps, so the
/// caller decides when bytes arrived and when the escape timeout has passed.
///
/// Every event is stamped with the time its first byte was fed, so a key whose bytes were split
/// across reads, or an Esc that waited for the timeout, still carries the moment it was pressed.
/// A lone ESC may start a sequence (`ESC [ A`) or be the Esc key; it is held until more bytes
/// decide, or until `escapeTimeout` has passed. Incomplete UTF-8 waits the same way.
public struct KeyDecoder: Sendable {
  /// Terminals send a whole escape sequence in one write, so a gap this long means a human
  /// pressed Esc. Short enough that Esc feels immediate.
  public static let escapeTimeout: Duration = .milliseconds(25)

  private var bytes: [UInt8] = []
  private var arrivals: [MonotonicInstant] = []

  public init() {}

  /// True while bytes are held back waiting for the rest of a key.
  public var hasPendingInput: Bool { !bytes.isEmpty }

  /// When held-back bytes stop waiting and `flush(at:)` turns them into keys.
  public var pendingDeadline: MonotonicInstant? {
    arrivals.first?.advanced(by: Self.escapeTimeout)
  }

  public mutating func feed(_ input: some Collection<UInt8>, at time: MonotonicInstant)
    -> [KeyEvent]
  {
    // Bytes held past the deadline belong to an earlier key press, not to this read.
    var events = flush(at: time)
    bytes.append(contentsOf: input)
    arrivals.append(contentsOf: repeatElement(time, count: input.count))
    events += decode(atEnd: false)
    return events
  }

  /// Gives up waiting once `escapeTimeout` has passed since the held bytes arrived: a lone ESC
  /// becomes `.escape`, a cut-off sequence becomes Esc followed by its characters, and
  /// incomplete UTF-8 is dropped. Before the deadline it returns nothing.
  public mutating func flush(at time: MonotonicInstant) -> [KeyEvent] {
    guard let deadline = pendingDeadline, time >= deadline else { return [] }
    return decode(atEnd: true)
  }

  /// One decoding step at a byte offset.
  enum Step {
    case key(Key, length: Int)
    case scalar(Unicode.Scalar, length: Int)
    /// Bytes that mean nothing to the app: invalid UTF-8, unsupported sequences.
    case skip(Int)
    /// The bytes so far may be the start of something longer.
    case incomplete
  }

  /// Decodes as much as possible. With `atEnd`, nothing more is coming for the held bytes.
  private mutating func decode(atEnd: Bool) -> [KeyEvent] {
    var events: [KeyEvent] = []
    var text = TextRun()
    var index = 0
    scanning: while index < bytes.count {
      switch step(at: index, atEnd: atEnd) {
      case .key(let key, let length):
        text.flush(into: &events)
        events.append(KeyEvent(key, time: arrivals[index]))
        index += length
      case .scalar(let scalar, let length):
        text.append(scalar, time: arrivals[index])
        index += length
      case .skip(let length):
        index += length
      case .incomplete:
        break scanning
      }
    }
    text.flush(into: &events)
    bytes.removeFirst(index)
    arrivals.removeFirst(index)
    return events
  }

  private func step(at index: Int, atEnd: Bool) -> Step {
    let byte = bytes[index]
    switch byte {
    case 0x1B: return EscapeSequence.step(bytes, at: index, atEnd: atEnd)
    case 0x0D, 0x0A: return .key(.enter, length: 1)
    case 0x09: return .key(.tab, length: 1)
    case 0x08, 0x7F: return .key(.backspace, length: 1)
    case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(byte + 0x60))), length: 1)
    case 0x20...0x7E: return .scalar(Unicode.Scalar(byte), length: 1)
    case 0x80...: return utf8Step(at: index, atEnd: atEnd)
    default: return .skip(1)
    }
  }

  /// Decodes one UTF-8 scalar, rejecting overlong forms, surrogates and C1 controls. A bad byte
  /// drops only what came before it, so the key that follows survives.
  private func utf8Step(at index: Int, atEnd: Bool) -> Step {
    let lead = bytes[index]
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
    default: return .skip(1)
    }
    for offset in 1..<length {
      guard index + offset < bytes.count else { return atEnd ? .skip(offset) : .incomplete }
      let byte = bytes[index + offset]
      let allowed: ClosedRange<UInt8> =
        switch (offset, lead) {
        case (1, 0xE0): 0xA0...0xBF
        case (1, 0xED): 0x80...0x9F
        case (1, 0xF0): 0x90...0xBF
        case (1, 0xF4): 0x80...0x8F
        default: 0x80...0xBF
        }
      guard allowed.contains(byte) else { return .skip(offset) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value), !(0x80...0x9F).contains(value) else {
      return .skip(length)
    }
    return .scalar(scalar, length: length)
  }
}

/// Consecutive text scalars, grouped into characters so that a base letter and its combining
/// marks, or an emoji sequence, read together become one key.
private struct TextRun {
  private var scalars = String.UnicodeScalarView()
  private var times: [MonotonicInstant] = []

  mutating func append(_ scalar: Unicode.Scalar, time: MonotonicInstant) {
    scalars.append(scalar)
    times.append(time)
  }

  mutating func flush(into events: inout [KeyEvent]) {
    guard !times.isEmpty else { return }
    var offset = 0
    for character in String(scalars) {
      events.append(KeyEvent(.character(character), time: times[offset]))
      offset += character.unicodeScalars.count
    }
    scalars = String.UnicodeScalarView()
    times = []
  }
}
