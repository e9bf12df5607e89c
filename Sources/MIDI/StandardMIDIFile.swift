/// A Standard MIDI File (format 0 or 1) as the note and time code messages it plays, each at its
/// time in seconds from the start, through the file's tempo map or its SMPTE time code.
public struct StandardMIDIFile: Equatable, Sendable {
  public struct Event: Equatable, Sendable {
    public var seconds: Double
    public var message: MIDIMessage

    public init(seconds: Double, message: MIDIMessage) {
      self.seconds = seconds
      self.message = message
    }
  }

  /// In time order; events at the same time keep the order of their tracks.
  public let events: [Event]

  /// The note-ons alone: what a performance played, and when.
  public var noteOns: [Event] {
    events.filter { if case .noteOn = $0.message { true } else { false } }
  }

  public init(bytes: [UInt8]) throws(MIDIFileError) {
    var reader = ChunkReader(bytes: bytes)
    guard let header = try reader.next(), header.type == "MThd" else { throw .notMIDI }
    guard header.body.count >= 6 else { throw .truncated(offset: bytes.count) }
    let fields = Array(bytes[header.body.prefix(6)])
    let format = Int(fields[0]) << 8 | Int(fields[1])
    guard format <= 1 else { throw .unsupportedFormat(format) }
    let clock = try Clock(division: UInt16(fields[4]) << 8 | UInt16(fields[5]))

    var timed: [(tick: Int, order: Int, message: MIDIMessage)] = []
    var tempos: [(tick: Int, microsecondsPerQuarter: Int)] = []
    while let chunk = try reader.next() {
      guard chunk.type == "MTrk" else { continue }
      var track = TrackReader(bytes: bytes, range: chunk.body)
      while let event = try track.next() {
        switch event.kind {
        case .message(let message):
          timed.append((event.tick, timed.count, message))
        case .tempo(let microseconds):
          tempos.append((event.tick, microseconds))
        }
      }
    }
    timed.sort { ($0.tick, $0.order) < ($1.tick, $1.order) }
    tempos.sort { $0.tick < $1.tick }
    var map = TempoMap(clock: clock, changes: tempos)
    events = timed.map { Event(seconds: map.seconds(atTick: $0.tick), message: $0.message) }
  }
}

extension StandardMIDIFile {
  /// How ticks become seconds: per quarter note under the tempo, or per frame of time code.
  enum Clock {
    case ticksPerQuarter(Int)
    case ticksPerSecond(Double)

    init(division: UInt16) throws(MIDIFileError) {
      if division & 0x8000 == 0 {
        guard division > 0 else { throw .badDivision }
        self = .ticksPerQuarter(Int(division))
      } else {
        let frames = -Int(Int8(bitPattern: UInt8(division >> 8)))
        let ticksPerFrame = Int(division & 0xFF)
        let rates: [Int: Double] = [24: 24, 25: 25, 29: 30_000 / 1001, 30: 30]
        guard let rate = rates[frames], ticksPerFrame > 0 else { throw .badDivision }
        self = .ticksPerSecond(rate * Double(ticksPerFrame))
      }
    }
  }

  /// Walks the tempo changes forward as the ticks asked for grow, which they do in order.
  struct TempoMap {
    let clock: Clock
    let changes: [(tick: Int, microsecondsPerQuarter: Int)]
    private var next = 0
    private var segmentTick = 0
    private var segmentSeconds = 0.0
    private var microsecondsPerQuarter = 500_000

    init(clock: Clock, changes: [(tick: Int, microsecondsPerQuarter: Int)]) {
      self.clock = clock
      self.changes = changes
    }

    mutating func seconds(atTick tick: Int) -> Double {
      switch clock {
      case .ticksPerSecond(let rate):
        return Double(tick) / rate
      case .ticksPerQuarter(let division):
        while next < changes.count, changes[next].tick <= tick {
          segmentSeconds += span(changes[next].tick - segmentTick, division: division)
          segmentTick = changes[next].tick
          microsecondsPerQuarter = changes[next].microsecondsPerQuarter
          next += 1
        }
        return segmentSeconds + span(tick - segmentTick, division: division)
      }
    }

    private func span(_ ticks: Int, division: Int) -> Double {
      Double(ticks) * Double(microsecondsPerQuarter) / 1e6 / Double(division)
    }
  }

  /// The chunks of the file: a four-letter type and a body; a last chunk cut short is read to
  /// the end of the file, as players do.
  struct ChunkReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func next() throws(MIDIFileError) -> (type: String, body: Range<Int>)? {
      guard offset + 8 <= bytes.count else {
        if offset == 0 { throw .notMIDI }
        return nil
      }
      let type = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      let length = bytes[offset + 4..<offset + 8].reduce(0) { $0 << 8 | Int($1) }
      let start = offset + 8
      let end = min(start + length, bytes.count)
      offset = end
      return (type, start..<end)
    }
  }

  /// One track's events with their absolute ticks.
  struct TrackReader {
    enum Kind {
      case message(MIDIMessage)
      case tempo(microsecondsPerQuarter: Int)
    }

    let bytes: [UInt8]
    let range: Range<Int>
    private var offset: Int
    private var tick = 0
    private var runningStatus: UInt8?

    init(bytes: [UInt8], range: Range<Int>) {
      self.bytes = bytes
      self.range = range
      offset = range.lowerBound
    }

    mutating func next() throws(MIDIFileError) -> (tick: Int, kind: Kind)? {
      while offset < range.upperBound {
        tick += try variableLength()
        let status = try byte()
        switch status {
        // The standard says meta and system-exclusive events end running status; some
        // writers carry it over them, and reading it on costs nothing, so it is kept.
        case 0xFF:
          let type = try byte()
          let body = try span(try variableLength())
          if type == 0x2F { return nil }
          if type == 0x51, body.count == 3 {
            let microseconds = body.reduce(0) { $0 << 8 | Int(bytes[$1]) }
            if microseconds > 0 { return (tick, .tempo(microsecondsPerQuarter: microseconds)) }
          }
        case 0xF7:
          // An escape: bytes sent as they are, such as a MIDI Time Code quarter frame.
          let body = try span(try variableLength())
          if body.count == 2, bytes[body.lowerBound] == MIDIMessage.quarterFrameStatus,
            let message = MIDIMessage(
              status: MIDIMessage.quarterFrameStatus, data: [bytes[body.lowerBound + 1]])
          {
            return (tick, .message(message))
          }
        case 0xF0:
          _ = try span(try variableLength())
        case 0x80...0xEF:
          runningStatus = status
          if let message = try message(status: status, first: try byte()) {
            return (tick, .message(message))
          }
        default:
          guard let running = runningStatus else {
            throw .dataWithoutStatus(offset: offset - 1)
          }
          if let message = try message(status: running, first: status) {
            return (tick, .message(message))
          }
        }
      }
      return nil
    }

    private mutating func message(status: UInt8, first: UInt8) throws(MIDIFileError)
      -> MIDIMessage?
    {
      var data = [first]
      if MIDIMessage.dataLength(ofStatus: status) == 2 { data.append(try byte()) }
      return MIDIMessage(status: status, data: data)
    }

    private mutating func byte() throws(MIDIFileError) -> UInt8 {
      guard offset < range.upperBound else { throw .truncated(offset: offset) }
      defer { offset += 1 }
      return bytes[offset]
    }

    private mutating func span(_ length: Int) throws(MIDIFileError) -> Range<Int> {
      guard length <= range.upperBound - offset else { throw .truncated(offset: range.upperBound) }
      defer { offset += length }
      return offset..<offset + length
    }

    private mutating func variableLength() throws(MIDIFileError) -> Int {
      var value = 0
      for _ in 0..<4 {
        let next = try byte()
        value = value << 7 | Int(next & 0x7F)
        if next & 0x80 == 0 { return value }
      }
      throw .overlongNumber(offset: offset - 1)
    }
  }
}
