import FoundationEssentials
import Practice
import Storage

extension ProtocolExport {
  /// The whole protocol as pretty-printed JSON with sorted keys, for scripts:
  ///
  /// `{"protocol", "frameRate", "numbering", "tags": [{"letter", "name"}], "days": [{"number",
  /// "title", "started", "utcOffset", "restartsNumbering"}], "works": [{"name", "movements":
  /// [{"number", "title", "bars", "notes", "takes", "pins", "plan"}]}]}`
  ///
  /// `bars` is the bar map in the compact form the entry line `mvt K: …` reads. A take is
  /// `{"label", "name", "day", "number", "from", "to", "clockStart", "clockEnd", "duration",
  /// "falseStart", "started", "ended", "utcOffset", "timecode", "endTimecode", "marks",
  /// "editPoints", "notes", "file"}`, a mark `{"from", "to", "rating", "tags", "timecode"}`
  /// with the rating as typed (`x`, `+-`, `ok`, `+`, `++`) and the tags by name. Bars are
  /// printed labels and takes their labels, both strings (`"12a"`, `"A3"`); times are UTC ISO
  /// 8601 to the millisecond, with the local clock's offset where the take was logged
  /// (`"+01:00"`); what is not known is `null`. `frameRate` is the rate timecodes are written
  /// at; a take's `endTimecode` and a mark's `timecode` are the recorder's when its `end` line
  /// or the mark's line was entered, where the line was stamped with it. `clockStart` and
  /// `clockEnd` are the take's clock times (see `Take.clockEnd`) on the
  /// local clock where it was logged, ISO 8601 with the offset
  /// (`"2027-01-15T09:00:10.000+01:00"`), and `duration` the seconds between them, to the
  /// millisecond. `day` is the number of the take's recording day (see
  /// `ProtocolSession.dayNumber(of:)`), `null` in a session without days; `name` is the label, with the day before it once numbering started again with a day
  /// (`"2/3"`), and names the take in `pins` and `plan`, the editing plan's segments,
  /// `{"take", "from", "to"}`, a gap's take `null`.
  func json() -> String {
    let works = session.works.indices.map { work in
      JSONValue.object([
        "name": .string(session.works[work].name),
        "movements": .array(
          plan.movements.filter { $0.movement.work == work }.map(movementJSON)),
      ])
    }
    let value = JSONValue.object([
      "protocol": .string(name),
      "frameRate": .string(frameRate.rawValue),
      "numbering": .string(session.numbering.rawValue),
      "tags": .array(
        session.tags.map {
          .object(["letter": .string(String($0.letter)), "name": .string($0.name)])
        }),
      "days": .array(
        session.days.map { day in
          .object([
            "number": .number(Double(day.number)),
            "title": day.title.map(JSONValue.string) ?? .null,
            "started": .string(UTCTimestamp(day.startedAt).extendedMilliseconds),
            "utcOffset": day.utcOffset.map { .string(ProtocolStore.Entry.offsetText($0)) } ?? .null,
            "restartsNumbering": .bool(day.restartsNumbering),
          ])
        }),
      "works": .array(works),
    ])
    // Strings, finite numbers, booleans and nulls always encode.
    return String(decoding: try! value.serialized(), as: UTF8.self) + "\n"
  }

  /// `2027-01-15T09:00:10.000+01:00`: `date` on the clock where `take` was logged.
  private func localTimestamp(_ date: Date, of take: Take) -> String {
    let offset = utcOffset(of: take)
    let local = UTCTimestamp(date.addingTimeInterval(Double(offset))).extendedMilliseconds
    return String(local.dropLast()) + ProtocolStore.Entry.offsetText(offset)
  }

  private func movementJSON(_ movementPlan: EditingPlan.MovementPlan) -> JSONValue {
    let id = movementPlan.movement
    let movement = session.movement(id)!
    let map = movement.bars
    func bar(_ position: Int) -> JSONValue { .string(map.labels[position]) }
    func segment(_ take: Int?, _ bars: ClosedRange<Int>) -> JSONValue {
      .object([
        "take": take.map { .string(session.takes[$0].name) } ?? .null,
        "from": bar(bars.lowerBound), "to": bar(bars.upperBound),
      ])
    }
    let takes = session.takes.filter { $0.movement == id }.map { take in
      JSONValue.object([
        "label": .string(take.label),
        "name": .string(take.name),
        "day": session.dayNumber(of: take).map { .number(Double($0)) } ?? .null,
        "number": .number(Double(take.number)),
        "from": bar(take.startBar),
        "to": take.endBar.map(bar) ?? .null,
        "falseStart": .bool(take.isFalseStart),
        "circled": .bool(take.isKept),
        "noGood": .bool(take.isNoGood),
        "started": .string(UTCTimestamp(take.startedAt).extendedMilliseconds),
        "ended": take.endedAt.map { .string(UTCTimestamp($0).extendedMilliseconds) } ?? .null,
        "utcOffset": take.utcOffset.map { .string(ProtocolStore.Entry.offsetText($0)) } ?? .null,
        "timecode": timecode(of: take).map { .string($0.description) } ?? .null,
        "endTimecode": take.endTimecode.map { .string($0.converted(to: frameRate).description) }
          ?? .null,
        "clockStart": .string(localTimestamp(take.startedAt, of: take)),
        "clockEnd": .string(localTimestamp(take.clockEnd, of: take)),
        "duration": .number((take.duration * 1000).rounded() / 1000),
        "marks": .array(
          take.marks.map { mark in
            .object([
              "id": .number(Double(mark.id)),
              "from": bar(mark.bars.lowerBound), "to": bar(mark.bars.upperBound),
              "fromBeat": mark.firstBeat.map { .number(Double($0)) } ?? .null,
              "toBeat": mark.lastBeat.map { .number(Double($0)) } ?? .null,
              "rating": mark.rating.map { .string($0.ascii) } ?? .null,
              "tags": .array(mark.tags.map { .string($0.name) }),
              "part": mark.part.map(JSONValue.string) ?? .null,
              "note": mark.note.map(JSONValue.string) ?? .null,
              "timecode": mark.timecode.map { .string($0.converted(to: frameRate).description) }
                ?? .null,
            ])
          }),
        "editPoints": .array(take.editPoints.map(bar)),
        "notes": .array(take.notes.map(JSONValue.string)),
        "file": take.file.map(JSONValue.string) ?? .null,
      ])
    }
    return .object([
      "number": .number(Double(id.number)),
      "title": movement.title.map(JSONValue.string) ?? .null,
      "bars": .string(map.compactForm),
      "notes": .array(movement.notes.map(JSONValue.string)),
      "takes": .array(takes),
      "pins": .array(
        session.pins.filter { $0.movement == id }.map { segment($0.take, $0.bars) }),
      "plan": .array(movementPlan.segments.map { segment($0.take, $0.bars) }),
    ])
  }
}
