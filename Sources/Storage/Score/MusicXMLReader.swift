/// Reads the bar map out of a `score-partwise` MusicXML document, from its first part: the
/// parts of a score share their measures, so one part is enough.
///
/// MusicXML has no standard way to put several movements in one file. Woodshed's rule: a
/// measure numbered `0` or `1` after counted measures (not `implicit="yes"`) numbered 1 or
/// higher starts a new movement, titled by the first `<words>` direction of its first measure.
/// A pickup (an implicit measure, such as MuseScore's `X1`) just before it starts the new
/// movement with it, its meter, tempo, marks and words included; a first measure numbered as
/// the measure after it (`1`, then `1`) is the pickup `0`. The first movement is titled by
/// `<movement-title>`, else `<work-title>`, else the first credit's words, else `fallbackTitle`.
struct MusicXMLReader {
  private var movements: [ImportedMovement] = []
  private var path: [String] = []
  private var text = ""
  private var parts = 0
  private var credits = 0
  private var movementTitle: String?
  private var workTitle: String?
  private var creditTitle: String?
  /// A metronome mark being read: its beat unit in quarters, and its tempo.
  private var beatUnit: Double?
  private var perMinute: Double?
  private var beats: Int?
  private var beatType: Int?
  /// Whether the current measure's tempo came from `<sound tempo>`, which is exact and so
  /// wins over a `<metronome>` mark in the same measure.
  private var soundTempoInMeasure = false
  /// Whether the current movement has a counted measure numbered 1 or higher, after which a
  /// measure numbered `0` or `1` starts the next movement.
  private var hasCountedMeasure = false
  /// Whether the current measure is implicit, and its first `<words>`: a pickup that may turn
  /// out to start the next movement, and the title it would give it.
  private var measureIsImplicit = false
  private var wordsInMeasure: String?

  static func read(_ document: [UInt8], fallbackTitle: String) throws(ScoreFormatError)
    -> [ImportedMovement]
  {
    var reader = MusicXMLReader()
    var tokenizer = XMLTokenizer(document)
    while true {
      let token: XMLToken?
      do {
        token = try tokenizer.next()
      } catch {
        throw ScoreFormatError(reason: error.description)
      }
      guard let token else { break }
      try reader.take(token)
      // The titles come before the parts, and the bar map is the first part's: the other
      // parts of a symphony (most of the file) need not be read.
      if reader.hasReadFirstPart { break }
    }
    guard reader.parts > 0 else { throw ScoreFormatError(reason: "the score has no parts") }
    guard !reader.movements.isEmpty else {
      throw ScoreFormatError(reason: "the first part has no measures")
    }
    let title = reader.movementTitle ?? reader.workTitle ?? reader.creditTitle ?? fallbackTitle
    reader.movements[0].title = title
    for index in reader.movements.indices where reader.movements[index].title.isEmpty {
      reader.movements[index].title = "\(title) (\(index + 1))"
    }
    return reader.movements
  }

  private var inFirstPart: Bool { parts == 1 && path.count >= 2 && path[1] == "part" }
  private var hasReadFirstPart: Bool { parts == 1 && path.count == 1 }

  private mutating func take(_ token: XMLToken) throws(ScoreFormatError) {
    switch token {
    case .start(let name, let attributes):
      if path.isEmpty, name != "score-partwise" {
        throw ScoreFormatError(
          reason: name == "score-timewise"
            ? "score-timewise is not supported" : "not a MusicXML score (it starts with <\(name)>)")
      }
      path.append(name)
      text = ""
      try start(name, attributes)
    case .end(let name):
      end(name, text.trimmed)
      path.removeLast()
      text = ""
    case .text(let characters):
      text += characters
    }
  }

  private mutating func start(_ name: String, _ attributes: [String: String])
    throws(ScoreFormatError)
  {
    switch name {
    case "part" where path.count == 2: parts += 1
    case "credit" where path.count == 2: credits += 1
    case "measure" where inFirstPart && path.count == 3:
      guard let number = attributes["number"]?.trimmed, !number.isEmpty else {
        throw ScoreFormatError(reason: "a measure of the first part has no number")
      }
      startMeasure(number, isImplicit: attributes["implicit"] == "yes")
    case "sound" where inFirstPart:
      if let tempo = attributes["tempo"].flatMap(Double.init), tempo > 0 {
        setTempo(tempo)
        soundTempoInMeasure = true
      }
    case "metronome" where inFirstPart:
      beatUnit = nil
      perMinute = nil
    case "beat-unit-dot" where inFirstPart:
      beatUnit = beatUnit.map { $0 * 1.5 }
    case "time" where inFirstPart:
      beats = nil
      beatType = nil
    default: break
    }
  }

  private mutating func end(_ name: String, _ text: String) {
    switch name {
    case "movement-title" where path.count == 2: movementTitle = text.nonEmpty
    case "work-title" where path.count == 3 && path[1] == "work": workTitle = text.nonEmpty
    case "credit-words" where credits == 1 && creditTitle == nil: creditTitle = text.nonEmpty
    case "rehearsal" where inFirstPart && !movements.isEmpty && !text.isEmpty:
      // Each staff of a part may repeat the mark.
      let last = movements.count - 1
      let mark = ImportedMovement.RehearsalMark(
        label: text, measureIndex: movements[last].measures.count - 1)
      if !movements[last].rehearsalMarks.contains(mark) {
        movements[last].rehearsalMarks.append(mark)
      }
    case "words" where inFirstPart && !text.isEmpty:
      if wordsInMeasure == nil { wordsInMeasure = text }
      let last = movements.count - 1
      if last > 0, movements[last].measures.count == 1, movements[last].title.isEmpty {
        movements[last].title = text
      }
    case "beat-unit" where inFirstPart && beatUnit == nil:
      beatUnit = Self.quarters[text]
    case "per-minute" where inFirstPart: perMinute = Double(text)
    case "metronome" where inFirstPart && !soundTempoInMeasure:
      if let beatUnit, let perMinute, perMinute > 0 { setTempo(perMinute * beatUnit) }
    case "beats" where inFirstPart:
      // Additive meters such as 3+2/8 count all their beats.
      let parts = text.split(separator: "+").map { Int($0.trimmed) }
      if !parts.isEmpty, !parts.contains(nil) { beats = parts.reduce(0) { $0 + $1! } }
    case "beat-type" where inFirstPart: beatType = Int(text)
    case "time" where inFirstPart:
      if let beats, let beatType, beats > 0, beatType > 0 { setMeter(beats, beatType) }
    default: break
    }
  }

  /// Beat units in quarter notes.
  private static let quarters: [String: Double] = [
    "whole": 4, "half": 2, "quarter": 1, "eighth": 0.5, "16th": 0.25, "32nd": 0.125,
  ]

  private mutating func startMeasure(_ number: String, isImplicit: Bool) {
    soundTempoInMeasure = false
    let previousIsPickup = measureIsImplicit
    let previousWords = wordsInMeasure
    measureIsImplicit = isImplicit
    wordsInMeasure = nil
    // A movement of one bar numbered as this one is a pickup numbered as the bar after it.
    let followsPickup = movements.last?.measures == [number]
    if movements.isEmpty {
      movements.append(ImportedMovement(title: "", measures: []))
    } else if (number == "0" || number == "1") && hasCountedMeasure && !followsPickup {
      var next = ImportedMovement(title: "", measures: [])
      if previousIsPickup {
        next = movements[movements.count - 1].takingLastMeasure()
        next.title = previousWords ?? ""
      }
      movements.append(next)
      hasCountedMeasure = false
    }
    let last = movements.count - 1
    if followsPickup, number != "0" { movements[last].measures[0] = "0" }
    movements[last].measures.append(number)
    if !isImplicit, (Int(number.prefix(while: \.isNumber)) ?? 0) >= 1 {
      hasCountedMeasure = true
    }
  }

  /// Keeps only changes: every staff of a part repeats the meter in its `<attributes>`.
  private mutating func setMeter(_ beats: Int, _ beatType: Int) {
    guard !movements.isEmpty else { return }
    let last = movements.count - 1
    let index = movements[last].measures.count - 1
    let meter = ImportedMovement.Meter(measureIndex: index, beats: beats, beatType: beatType)
    var meters = movements[last].meters
    if meters.last?.measureIndex == index { meters.removeLast() }
    if meters.last.map({ ($0.beats, $0.beatType) != (beats, beatType) }) ?? true {
      meters.append(meter)
    }
    movements[last].meters = meters
  }

  private mutating func setTempo(_ quartersPerMinute: Double) {
    guard !movements.isEmpty else { return }
    let last = movements.count - 1
    let index = movements[last].measures.count - 1
    var tempos = movements[last].tempos
    if tempos.last?.measureIndex == index { tempos.removeLast() }
    if tempos.last?.quartersPerMinute != quartersPerMinute {
      tempos.append(.init(measureIndex: index, quartersPerMinute: quartersPerMinute))
    }
    movements[last].tempos = tempos
  }
}

extension ImportedMovement {
  /// Takes this movement's last measure, with what starts there, as the first measure of a
  /// new movement.
  fileprivate mutating func takingLastMeasure() -> ImportedMovement {
    let index = measures.count - 1
    let moved = ImportedMovement(
      title: "", measures: [measures.removeLast()],
      rehearsalMarks: rehearsalMarks.filter { $0.measureIndex == index }.map {
        RehearsalMark(label: $0.label, measureIndex: 0)
      },
      meters: meters.filter { $0.measureIndex == index }.map {
        Meter(measureIndex: 0, beats: $0.beats, beatType: $0.beatType)
      },
      tempos: tempos.filter { $0.measureIndex == index }.map {
        Tempo(measureIndex: 0, quartersPerMinute: $0.quartersPerMinute)
      })
    rehearsalMarks.removeAll { $0.measureIndex == index }
    meters.removeAll { $0.measureIndex == index }
    tempos.removeAll { $0.measureIndex == index }
    return moved
  }
}

extension String {
  fileprivate var trimmed: String { String(Substring(self).trimmed) }
  fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}

extension Substring {
  fileprivate var trimmed: Substring {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
    return self[start..<end]
  }
}
