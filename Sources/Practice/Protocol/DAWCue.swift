import FoundationEssentials

/// A moment of the session a DAW can mark on its timeline while it records: a take started or
/// ended, a false start, a mark. What a line added to the protocol changed, seen by comparing
/// the session before and after it (`changes(from:to:)`), so every way of adding lines —
/// typed, quick keys, `protocol add`, another writer's lines read on — gives the same cues.
public struct DAWCue: Equatable, Sendable {
  public enum Kind: String, CaseIterable, Sendable {
    case takeStart, takeEnd, falseStart, mark
  }

  public let kind: Kind
  /// The take's name, such as `3` or `2/3`.
  public let take: String
  /// A short name for a marker: `take 3 bar 12`, `take 3 bars 12–20 vla ++ i G`.
  public let name: String

  public init(kind: Kind, take: String, name: String) {
    self.kind = kind
    self.take = take
    self.name = name
  }

  /// The cues for what `new` has that `old` had not: takes started, `end` lines, false starts
  /// and marks made, in the order of the takes. A mark made anew (`#7 …`) or a line undone
  /// gives none: a DAW's marker cannot be taken back by a message every DAW reads.
  public static func changes(from old: ProtocolSession, to new: ProtocolSession) -> [DAWCue] {
    let before = Dictionary(
      old.takes.map { (TakeKey($0), $0) }, uniquingKeysWith: { _, latest in latest })
    return new.takes.flatMap { take -> [DAWCue] in
      guard let map = new.movement(take.movement)?.bars else { return [] }
      let earlier = before[TakeKey(take)]
      var cues: [DAWCue] = []
      if earlier == nil {
        cues.append(
          DAWCue(
            kind: .takeStart, take: take.name,
            name: "take \(take.name) bar \(map.labels[take.startBar])"))
      }
      if earlier?.endLineAt == nil, take.endLineAt != nil {
        let end = take.endBar.map { " bar \(map.labels[$0])" } ?? ""
        cues.append(DAWCue(kind: .takeEnd, take: take.name, name: "take \(take.name) end\(end)"))
      }
      if earlier?.isFalseStart != true, take.isFalseStart {
        cues.append(
          DAWCue(kind: .falseStart, take: take.name, name: "take \(take.name) false start"))
      }
      let known = Set(earlier?.marks.map(\.id) ?? [])
      for mark in take.marks where !known.contains(mark.id) {
        cues.append(
          DAWCue(kind: .mark, take: take.name, name: "take \(take.name) " + mark.summary(in: map)))
      }
      return cues
    }
  }

  /// A take is the same take in two sessions when its name and its `take` line's time agree.
  private struct TakeKey: Hashable {
    let name: String
    let startedAt: Double

    init(_ take: Take) {
      name = take.name
      startedAt = take.startedAt.timeIntervalSinceReferenceDate
    }
  }
}
