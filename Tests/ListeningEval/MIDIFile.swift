/// A Standard MIDI File of one track, written with one tick per millisecond (480 ticks per
/// quarter at 125 bpm), so note times stay exact.
public struct MIDIFile {
  public struct Note {
    public var millisecond: Int
    public var length: Int
    public var key: Int
    public var velocity: Int

    public init(millisecond: Int, length: Int, key: Int, velocity: Int) {
      self.millisecond = millisecond
      self.length = length
      self.key = key
      self.velocity = velocity
    }
  }

  public var channel: Int
  /// General MIDI program; ignored on the percussion channel (10, index 9).
  public var program: Int
  public var notes: [Note]

  public init(channel: Int, program: Int, notes: [Note]) {
    self.channel = channel
    self.program = program
    self.notes = notes
  }

  private static let ticksPerQuarter = 480
  private static let microsecondsPerQuarter = 480_000

  public var bytes: [UInt8] {
    var events: [(tick: Int, order: Int, bytes: [UInt8])] = []
    for note in notes {
      events.append(
        (note.millisecond, 1, [0x90 | UInt8(channel), UInt8(note.key), UInt8(note.velocity)]))
      // A note-off sorts before a note-on at the same tick, so a repeated key restarts.
      events.append(
        (note.millisecond + note.length, 0, [0x80 | UInt8(channel), UInt8(note.key), 0]))
    }
    events.sort { ($0.tick, $0.order) < ($1.tick, $1.order) }

    let tempo = Self.microsecondsPerQuarter
    var track: [UInt8] = [
      0x00, 0xFF, 0x51, 0x03, UInt8(tempo >> 16), UInt8((tempo >> 8) & 0xFF), UInt8(tempo & 0xFF),
    ]
    track += [0x00, 0xC0 | UInt8(channel), UInt8(program)]
    var now = 0
    for event in events {
      track += Self.variableLength(event.tick - now) + event.bytes
      now = event.tick
    }
    track += [0x00, 0xFF, 0x2F, 0x00]

    var file = Array("MThd".utf8) + Self.bigEndian(6, width: 4)
    file += Self.bigEndian(0, width: 2) + Self.bigEndian(1, width: 2)
    file += Self.bigEndian(Self.ticksPerQuarter, width: 2)
    file += Array("MTrk".utf8) + Self.bigEndian(track.count, width: 4) + track
    return file
  }

  /// `value` as a MIDI file's variable-length quantity: seven bits a byte, the first first.
  static func variableLength(_ value: Int) -> [UInt8] {
    var groups = [UInt8(value & 0x7F)]
    var rest = value >> 7
    while rest > 0 {
      groups.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
      rest >>= 7
    }
    return groups
  }

  private static func bigEndian(_ value: Int, width: Int) -> [UInt8] {
    (0..<width).reversed().map { UInt8((value >> (8 * $0)) & 0xFF) }
  }
}
