/// One movement's bar map as a MusicXML score prints it, before the protocol checks it.
/// Positions (`measureIndex`) count from 0 for the first measure, a pickup included.
public struct ImportedMovement: Equatable, Sendable {
  public struct RehearsalMark: Equatable, Sendable {
    public var label: String
    public var measureIndex: Int
  }

  public struct Meter: Equatable, Sendable {
    public var measureIndex: Int
    public var beats: Int
    public var beatType: Int
  }

  public struct Tempo: Equatable, Sendable {
    public var measureIndex: Int
    public var quartersPerMinute: Double
  }

  public var title: String
  /// The measure numbers as printed, such as `0`, `1`, …, `12`, `12a`.
  public var measures: [String]
  public var rehearsalMarks: [RehearsalMark] = []
  /// Changes of meter only, in measure order.
  public var meters: [Meter] = []
  /// Changes of tempo only, in measure order.
  public var tempos: [Tempo] = []

  public init(
    title: String, measures: [String], rehearsalMarks: [RehearsalMark] = [],
    meters: [Meter] = [], tempos: [Tempo] = []
  ) {
    self.title = title
    self.measures = measures
    self.rehearsalMarks = rehearsalMarks
    self.meters = meters
    self.tempos = tempos
  }
}

extension ImportedMovement {
  /// What `woodshed protocol import-score --json` prints for each movement: measure numbers
  /// as printed, so strings, and a count that includes a pickup.
  public var json: JSONValue {
    .object([
      "title": .string(title),
      "firstMeasure": .string(measures.first ?? ""),
      "lastMeasure": .string(measures.last ?? ""),
      "measureCount": .number(Double(measures.count)),
      "rehearsalMarks": .array(
        rehearsalMarks.map {
          .object(["label": .string($0.label), "measure": .string(measures[$0.measureIndex])])
        }),
    ])
  }

  /// One line, such as `movement 1 "Allegro": 0–245, A=12 B=40, 3/4 ♩=120, 4/4 from 41`.
  public func line(number: Int) -> String {
    var parts = [
      "\(measures.first ?? "")–\(measures.last ?? "") (\(measures.count) \(measures.count == 1 ? "bar" : "bars"))"
    ]
    if !rehearsalMarks.isEmpty {
      parts.append(
        rehearsalMarks.map { "\($0.label)=\(measures[$0.measureIndex])" }.joined(separator: " "))
    }
    parts += meters.map { "\($0.beats)/\($0.beatType)" + from($0.measureIndex) }
    parts += tempos.map { tempo in
      let bpm = tempo.quartersPerMinute
      return "♩=\(bpm == bpm.rounded() ? String(Int(bpm)) : String(bpm))"
        + from(tempo.measureIndex)
    }
    return "movement \(number) \"\(title)\": " + parts.joined(separator: ", ")
  }

  private func from(_ index: Int) -> String {
    index == 0 ? "" : " from \(measures[index])"
  }
}
