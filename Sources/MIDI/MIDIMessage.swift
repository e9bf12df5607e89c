/// A message Woodshed acts on: a note, or a piece of a recorder's MIDI Time Code. A note-on
/// with velocity 0 is a note-off, as the MIDI specification says, so nothing downstream has to
/// remember that.
public enum MIDIMessage: Equatable, Sendable {
  /// `channel` is 0–15, `key` and `velocity` 0–127; velocity is at least 1.
  case noteOn(channel: Int, key: Int, velocity: Int)
  case noteOff(channel: Int, key: Int)
  /// A MIDI Time Code quarter frame (status 0xF1): `piece` 0–7 of the running timecode, and
  /// that piece's four bits.
  case timecodeQuarterFrame(piece: Int, value: Int)

  /// The message of a status byte and its data bytes, or nil for one Woodshed ignores.
  init?(status: UInt8, data: [UInt8]) {
    let channel = Int(status & 0x0F)
    let data = data.map { $0 & 0x7F }
    switch status & 0xF0 {
    case 0x90 where data.count == 2 && data[1] > 0:
      self = .noteOn(channel: channel, key: Int(data[0]), velocity: Int(data[1]))
    case 0x90 where data.count == 2, 0x80 where data.count == 2:
      self = .noteOff(channel: channel, key: Int(data[0]))
    case 0xF0 where status == Self.quarterFrameStatus && data.count == 1:
      self = .timecodeQuarterFrame(piece: Int(data[0] >> 4), value: Int(data[0] & 0x0F))
    default:
      return nil
    }
  }

  static let quarterFrameStatus: UInt8 = 0xF1

  /// How many data bytes follow a channel status byte (0x80–0xEF) or a quarter frame's.
  static func dataLength(ofStatus status: UInt8) -> Int {
    switch status & 0xF0 {
    case 0xC0, 0xD0: 1
    case 0xF0 where status == quarterFrameStatus: 1
    default: 2
    }
  }
}
