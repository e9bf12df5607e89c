/// A named setup of the metronome: tempo, meter, accents and subdivision, recalled in one key;
/// the presets in their saved order are also a setlist, played one after another.
public struct MetronomePreset: Codable, Equatable, Sendable {
  /// Names the player types; the longest fits the list at 80 columns.
  public static let nameLength = 1...24
  /// More would not be a setlist anyone plays through.
  public static let mostPresets = 40

  public var name: String
  public var bpm: Int
  public var meter: String
  public var accents: String
  public var subdivision: Int

  public init(name: String, bpm: Int, meter: String, accents: String, subdivision: Int) {
    self.name = name
    self.bpm = bpm
    self.meter = meter
    self.accents = accents
    self.subdivision = subdivision
  }

  /// The preset of what the metronome is set to now.
  public init(name: String, _ settings: MetronomeSettings) {
    self.init(
      name: name, bpm: settings.bpm, meter: settings.meter, accents: settings.accents,
      subdivision: settings.subdivision)
  }

  /// `settings` set as this preset says, their other choices kept.
  public func applied(to settings: MetronomeSettings) -> MetronomeSettings {
    var settings = settings
    settings.bpm = bpm
    settings.meter = meter
    settings.accents = accents
    settings.subdivision = subdivision
    return settings
  }

  var isWellFormed: Bool {
    Self.nameLength.contains(name.count) && MetronomeSettings.bpmRange.contains(bpm)
      && MetronomeSettings.isValidMeter(meter) && MetronomeSettings.isValidAccents(accents)
      && MetronomeSettings.subdivisionRange.contains(subdivision)
  }

  static func isValidList(_ presets: [MetronomePreset]) -> Bool {
    presets.count <= mostPresets && presets.allSatisfy(\.isWellFormed)
      && Set(presets.map(\.name)).count == presets.count
  }
}

extension MetronomePreset: CodableSetting {}
