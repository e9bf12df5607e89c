/// A channel message Woodshed acts on. A note-on with velocity 0 is a note-off, as the MIDI
/// specification says, so nothing downstream has to remember that.
public enum MIDIMessage: Equatable, Sendable {
  /// `channel` is 0–15, `key` and `velocity` 0–127; velocity is at least 1.
  case noteOn(channel: Int, key: Int, velocity: Int)
  case noteOff(channel: Int, key: Int)

  /// The message of a status byte and its data bytes, or nil for one Woodshed ignores.
  init?(status: UInt8, data: [UInt8]) {
    let channel = Int(status & 0x0F)
    let data = data.map { $0 & 0x7F }
    switch status & 0xF0 {
    case 0x90 where data.count == 2 && data[1] > 0:
      self = .noteOn(channel: channel, key: Int(data[0]), velocity: Int(data[1]))
    case 0x90 where data.count == 2, 0x80 where data.count == 2:
      self = .noteOff(channel: channel, key: Int(data[0]))
    default:
      return nil
    }
  }

  /// How many data bytes follow a channel status byte (0x80–0xEF).
  static func dataLength(ofStatus status: UInt8) -> Int {
    switch status & 0xF0 {
    case 0xC0, 0xD0: 1
    default: 2
    }
  }
}
