/// A time signature: how many beats make a bar and which note value gets a beat. The metronome
/// clicks once per beat unit, so 6/8 at 180 BPM clicks 180 eighth notes a minute.
public struct Meter: Hashable, Sendable, CustomStringConvertible {
  public static let beatsPerBarRange = 1...16
  public static let beatUnits = [2, 4, 8, 16]

  public let beatsPerBar: Int
  public let beatUnit: Int

  public init(beatsPerBar: Int, beatUnit: Int) throws(MetronomeError) {
    guard Self.beatsPerBarRange.contains(beatsPerBar) else {
      throw .beatsPerBarOutOfRange(beatsPerBar)
    }
    guard Self.beatUnits.contains(beatUnit) else { throw .unsupportedBeatUnit(beatUnit) }
    self.init(validBeatsPerBar: beatsPerBar, beatUnit: beatUnit)
  }

  /// Reads a time signature as musicians write it: "7/8", spaces allowed around the slash.
  public init(parsing text: String) throws(MetronomeError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let beats = Self.number(parts[0]), let unit = Self.number(parts[1])
    else { throw .malformedMeter(text) }
    try self.init(beatsPerBar: beats, beatUnit: unit)
  }

  init(validBeatsPerBar beatsPerBar: Int, beatUnit: Int) {
    self.beatsPerBar = beatsPerBar
    self.beatUnit = beatUnit
  }

  public var description: String { "\(beatsPerBar)/\(beatUnit)" }

  private static func number(_ text: Substring) -> Int? {
    let words = text.split(separator: " ")
    return words.count == 1 ? Int(words[0]) : nil
  }
}
