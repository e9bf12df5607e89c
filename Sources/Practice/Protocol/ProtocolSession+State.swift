import FoundationEssentials

/// A session written as bytes and read back equal, without the actions in effect (see
/// `forgettingActions`): what `woodshed protocol add` saves next to a journal so that it need
/// not replay the lines before. Every stored field of the session and of what it holds is
/// written; `ProtocolStateTests` fails when one is added and not written here.
extension ProtocolSession {
  /// Changes whenever what is written changes, so a state written before is not misread.
  static let stateVersion = 5

  public func encodeState(into writer: inout StateWriter) {
    writer.int(Self.stateVersion)
    writer.list(works) { writer, work in
      writer.string(work.name)
      writer.list(work.movements) { writer, movement in
        writer.movementID(movement.id)
        writer.optional(movement.title) { $0.string($1) }
        writer.barMap(movement.bars)
        writer.list(movement.notes) { $0.string($1) }
      }
    }
    writer.list(takes) { $0.take($1) }
    writer.list(pins) { writer, pin in
      writer.movementID(pin.movement)
      writer.int(pin.take)
      writer.range(pin.bars)
    }
    writer.list(tags) { $0.tag($1) }
    writer.string(numbering.rawValue)
    writer.int(startNumber)
    writer.string(frameRate.rawValue)
    writer.optional(currentWork) { $0.int($1) }
    writer.optional(currentMovement) { $0.movementID($1) }
    writer.optional(declaredStatus) { $0.string($1.rawValue) }
    writer.list(days) { writer, day in
      writer.int(day.number)
      writer.optional(day.title) { $0.string($1) }
      writer.date(day.startedAt)
      writer.optional(day.utcOffset) { $0.int($1) }
      writer.bool(day.restartsNumbering)
    }
    writer.optional(timecodeOffset) { writer, offset in
      writer.timecode(offset.timecode)
      writer.date(offset.setAt)
    }
    writer.list(Array(nextNumbers)) { writer, next in
      switch next.key {
      case .session: writer.int(0)
      case .work(let work):
        writer.int(1)
        writer.int(work)
      case .movement(let movement):
        writer.int(2)
        writer.movementID(movement)
      }
      writer.int(next.value)
    }
    writer.int(numberingRun)
    writer.int(nextMarkID)
    writer.list(parts) { $0.string($1) }
  }

  /// The session `encodeState` wrote, as `forgettingActions` leaves it.
  public init(state reader: inout StateReader) throws {
    guard try reader.int() == Self.stateVersion else { throw StateReader.Damaged() }
    self.init()
    works = try reader.list { reader in
      var work = Work(name: try reader.string())
      work.movements = try reader.list { reader in
        var movement = Movement(
          id: try reader.movementID(), title: try reader.optional { try $0.string() },
          bars: try reader.barMap())
        movement.notes = try reader.list { try $0.string() }
        return movement
      }
      return work
    }
    takes = try reader.list { try $0.take() }
    pins = try reader.list { reader in
      Pin(movement: try reader.movementID(), take: try reader.int(), bars: try reader.range())
    }
    tags = try reader.list { try $0.tag() }
    numbering = try reader.raw(NumberingScheme.self)
    startNumber = try reader.int()
    frameRate = try reader.raw(FrameRate.self)
    currentWork = try reader.optional { try $0.int() }
    currentMovement = try reader.optional { try $0.movementID() }
    declaredStatus = try reader.optional { try $0.raw(ProtocolStatus.self) }
    days = try reader.list { reader in
      RecordingDay(
        number: try reader.int(), title: try reader.optional { try $0.string() },
        startedAt: try reader.date(), utcOffset: try reader.optional { try $0.int() },
        restartsNumbering: try reader.bool())
    }
    timecodeOffset = try reader.optional { reader in
      TimecodeOffset(timecode: try reader.timecode(), setAt: try reader.date())
    }
    let numbers = try reader.list { reader in
      let scope: NumberingScope =
        switch try reader.int() {
        case 0: .session
        case 1: .work(try reader.int())
        case 2: .movement(try reader.movementID())
        default: throw StateReader.Damaged()
        }
      return (scope, try reader.int())
    }
    nextNumbers = Dictionary(numbers) { _, last in last }
    numberingRun = try reader.int()
    nextMarkID = try reader.int()
    parts = try reader.list { try $0.string() }
    try checkReferences()
    self = forgettingActions()
  }

  /// The positions a saved state holds point into it, so a state damaged in a way no checksum
  /// caught still cannot make the session index out of bounds.
  private func checkReferences() throws {
    for (index, work) in works.enumerated() {
      let numbers = work.movements.map(\.id.number)
      guard work.movements.allSatisfy({ $0.id.work == index }), Set(numbers).count == numbers.count
      else { throw StateReader.Damaged() }
    }
    func isWithin(_ bars: ClosedRange<Int>, of id: MovementID) -> Bool {
      guard let movement = movement(id) else { return false }
      return movement.bars.labels.indices.contains(bars.lowerBound)
        && movement.bars.labels.indices.contains(bars.upperBound)
    }
    for take in takes {
      let bars =
        [
          take.startBar...take.startBar,
          (take.endBar ?? take.startBar)...(take.endBar ?? take.startBar),
        ]
        + take.marks.map(\.bars) + take.editPoints.map { $0...$0 }
      guard bars.allSatisfy({ isWithin($0, of: take.movement) }) else {
        throw StateReader.Damaged()
      }
    }
    let marks = takes.flatMap(\.marks)
    guard marks.allSatisfy({ $0.part.map(parts.contains) ?? true }) else {
      throw StateReader.Damaged()
    }
    let ids = marks.map(\.id)
    guard Set(ids).count == ids.count, ids.allSatisfy({ (1..<nextMarkID).contains($0) }) else {
      throw StateReader.Damaged()
    }
    for pin in pins {
      guard takes.indices.contains(pin.take), isWithin(pin.bars, of: pin.movement) else {
        throw StateReader.Damaged()
      }
    }
    guard currentWork.map(works.indices.contains) ?? true,
      currentMovement.map({ movement($0) != nil }) ?? true
    else { throw StateReader.Damaged() }
  }
}

extension StateWriter {
  fileprivate mutating func movementID(_ id: MovementID) {
    int(id.work)
    int(id.number)
  }

  fileprivate mutating func range(_ range: ClosedRange<Int>) {
    int(range.lowerBound)
    int(range.upperBound)
  }

  fileprivate mutating func tag(_ tag: ProblemTag) {
    string(String(tag.letter))
    string(tag.name)
  }

  fileprivate mutating func timecode(_ timecode: Timecode) {
    int(timecode.frameCount)
    string(timecode.rate.rawValue)
  }

  fileprivate mutating func barMap(_ map: BarMap) {
    list(map.labels) { $0.string($1) }
    list(map.rehearsalMarks) { writer, mark in
      writer.string(mark.name)
      writer.int(mark.bar)
    }
    list(map.sections) { writer, section in
      writer.int(section.firstBar)
      writer.int(section.beatsPerBar)
      writer.int(section.beatUnit)
      writer.double(section.quartersPerMinute)
    }
  }

  fileprivate mutating func take(_ take: Take) {
    int(take.number)
    string(take.label)
    movementID(take.movement)
    optional(take.day) { $0.int($1) }
    int(take.numberingRun)
    int(take.startBar)
    optional(take.endBar) { $0.int($1) }
    date(take.startedAt)
    optional(take.utcOffset) { $0.int($1) }
    optional(take.endedAt) { $0.date($1) }
    optional(take.endLineAt) { $0.date($1) }
    date(take.lastLineAt)
    optional(take.timecode) { $0.timecode($1) }
    optional(take.endTimecode) { $0.timecode($1) }
    bool(take.isFalseStart)
    bool(take.isNoGood)
    bool(take.isKept)
    list(take.marks) { writer, mark in
      writer.int(mark.id)
      writer.range(mark.bars)
      writer.optional(mark.firstBeat) { $0.int($1) }
      writer.optional(mark.lastBeat) { $0.int($1) }
      writer.optional(mark.rating) { $0.int($1.rawValue) }
      writer.list(mark.tags) { $0.tag($1) }
      writer.optional(mark.part) { $0.string($1) }
      writer.optional(mark.note) { $0.string($1) }
      writer.optional(mark.timecode) { $0.timecode($1) }
    }
    list(take.editPoints) { $0.int($1) }
    list(take.notes) { $0.string($1) }
    optional(take.file) { $0.string($1) }
  }
}

extension StateReader {
  fileprivate mutating func movementID() throws -> MovementID {
    MovementID(work: try int(), number: try int())
  }

  fileprivate mutating func range() throws -> ClosedRange<Int> {
    let lower = try int()
    let upper = try int()
    guard lower <= upper else { throw Damaged() }
    return lower...upper
  }

  fileprivate mutating func tag() throws -> ProblemTag {
    let letter = try string()
    guard letter.count == 1, let first = letter.first else { throw Damaged() }
    return ProblemTag(letter: first, name: try string())
  }

  fileprivate mutating func timecode() throws -> Timecode {
    Timecode(frameCount: try int(), rate: try raw(FrameRate.self))
  }

  fileprivate mutating func barMap() throws -> BarMap {
    let labels = try list { try $0.string() }
    let marks = try list { reader in
      BarMap.RehearsalMark(name: try reader.string(), bar: try reader.int())
    }
    let sections = try list { reader in
      BarMap.Section(
        firstBar: try reader.int(), beatsPerBar: try reader.int(), beatUnit: try reader.int(),
        quartersPerMinute: try reader.double())
    }
    do {
      return try BarMap(labels: labels, rehearsalMarks: marks, sections: sections)
    } catch {
      throw Damaged()
    }
  }

  fileprivate mutating func take() throws -> Take {
    let number = try int()
    let label = try string()
    let movement = try movementID()
    let day = try optional { try $0.int() }
    let numberingRun = try int()
    let startBar = try int()
    let endBar = try optional { try $0.int() }
    let startedAt = try date()
    let utcOffset = try optional { try $0.int() }
    let endedAt = try optional { try $0.date() }
    let endLineAt = try optional { try $0.date() }
    let lastLineAt = try date()
    let timecode = try optional { try $0.timecode() }
    var take = Take(
      number: number, label: label, movement: movement, startBar: startBar,
      startedAt: startedAt, utcOffset: utcOffset, timecode: timecode, day: day,
      numberingRun: numberingRun)
    take.endBar = endBar
    take.endedAt = endedAt
    take.endLineAt = endLineAt
    take.endTimecode = try optional { try $0.timecode() }
    take.lastLineAt = lastLineAt
    take.isFalseStart = try bool()
    take.isNoGood = try bool()
    take.isKept = try bool()
    take.marks = try list { reader in
      let id = try reader.int()
      let bars = try reader.range()
      let firstBeat = try reader.optional { try $0.int() }
      let lastBeat = try reader.optional { try $0.int() }
      let rating = try reader.optional { reader in
        guard let rating = Rating(rawValue: try reader.int()) else { throw Damaged() }
        return rating
      }
      return Mark(
        id: id, bars: bars, firstBeat: firstBeat, lastBeat: lastBeat, rating: rating,
        tags: try reader.list { try $0.tag() },
        part: try reader.optional { try $0.string() },
        note: try reader.optional { try $0.string() },
        timecode: try reader.optional { try $0.timecode() })
    }
    take.editPoints = try list { try $0.int() }
    take.notes = try list { try $0.string() }
    take.file = try optional { try $0.string() }
    return take
  }
}
