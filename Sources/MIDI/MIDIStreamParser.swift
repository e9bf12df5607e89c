/// Reads the byte stream of a MIDI port (a device node such as `/dev/snd/midiC1D0`, a FIFO, a
/// serial line) into messages, one byte at a time, as bytes arrive. It follows running status
/// (a status byte left out when it repeats), lets real-time bytes (clock, active sensing) pass
/// through anywhere, even inside a message, reads MIDI Time Code quarter frames, and skips
/// system-exclusive dumps, other system common messages and stray data.
public struct MIDIStreamParser: Sendable {
  private var status: UInt8?
  private var data: [UInt8] = []
  private var inSystemExclusive = false

  public init() {}

  /// The message `byte` completes, if any.
  public mutating func feed(_ byte: UInt8) -> MIDIMessage? {
    switch byte {
    case 0xF8...0xFF:
      return nil
    case 0xF0:
      inSystemExclusive = true
      status = nil
      return nil
    case MIDIMessage.quarterFrameStatus:
      // Its one data byte follows; running status does not carry over it.
      inSystemExclusive = false
      status = byte
      data.removeAll(keepingCapacity: true)
      return nil
    case 0xF2...0xF7:
      // System common messages end running status; their data bytes are skipped with it.
      inSystemExclusive = false
      status = nil
      return nil
    case 0x80...0xEF:
      inSystemExclusive = false
      status = byte
      data.removeAll(keepingCapacity: true)
      return nil
    default:
      guard !inSystemExclusive, let status else { return nil }
      data.append(byte)
      guard data.count == MIDIMessage.dataLength(ofStatus: status) else { return nil }
      defer {
        data.removeAll(keepingCapacity: true)
        if status == MIDIMessage.quarterFrameStatus { self.status = nil }
      }
      return MIDIMessage(status: status, data: data)
    }
  }

  /// Every message in `bytes`, in order.
  public mutating func messages(in bytes: some Sequence<UInt8>) -> [MIDIMessage] {
    bytes.compactMap { feed($0) }
  }
}
