import MIDI
import Practice

extension TimecodeTrack.Frame {
  /// MIDI Time Code frames are placed in microseconds: fine enough to tell a drift of one part
  /// per million over a few minutes.
  static let midiTimecodeUnitsPerSecond = 1_000_000

  /// A frame as read from MIDI Time Code, placed in `unitsPerSecond` of the clock its
  /// messages were stamped by.
  init(_ read: MIDITimecodeDecoder.Frame, unitsPerSecond: Int = midiTimecodeUnitsPerSecond) {
    let unit = Double(unitsPerSecond)
    self.init(
      hours: read.hours, minutes: read.minutes, seconds: read.seconds, frames: read.frames,
      isDropFrame: read.rate == .fps2997DropFrame, sample: Int64((read.start * unit).rounded()),
      end: Int64((read.end * unit).rounded()) - 1)
  }

  /// The frames the quarter frames among `events` name, in order.
  static func frames(inMIDITimecode events: [StandardMIDIFile.Event]) -> [Self] {
    var decoder = MIDITimecodeDecoder()
    return events.flatMap { event -> [Self] in
      guard case .timecodeQuarterFrame(let piece, let value) = event.message else { return [] }
      return decoder.add(piece: piece, value: value, at: event.seconds).map { Self($0) }
    }
  }
}
