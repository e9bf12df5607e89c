import Foundation

/// A metronome the app does not know: a drumstick struck on another (ForzeeStereo's recorded
/// `Stick`, used by no instrument of the evaluation), harder on the downbeat, as a drummer
/// counts.
enum ForeignMetronome {
  private static let files = ["Stick-3", "Stick-1"].map {
    "\(DrumKitInstrument.folder)/ForzeeStereo/\($0).wav"
  }

  /// The accented and the plain sound at `sampleRate`; nil when the kit is not installed.
  static func sounds(sampleRate: Int) -> [[Float]]? {
    let loaded = files.compactMap(DrumKitInstrument.load)
    guard loaded.count == files.count else { return nil }
    return loaded.map { Resampler.resampled($0.samples, from: $0.sampleRate, to: sampleRate) }
  }

  static var isAvailable: Bool { files.allSatisfy { FileManager.default.fileExists(atPath: $0) } }
}
