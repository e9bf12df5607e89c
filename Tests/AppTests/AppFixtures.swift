import App
import Audio
import DSP
import Foundation
import Storage
import TerminalUI
import TestHelpers
import XCTest

/// A model as the app would build it at start-up, with fixed time, paths and audio so screens
/// are reproducible. Locale tables are the real files from `assets/locales`.
enum AppFixtures {
  static let catalog: LocaleCatalog = {
    do {
      return try LocaleCatalog(assetsFolder: RepositoryPaths.assets)
    } catch {
      fatalError("assets/locales could not be loaded: \(error)")
    }
  }()

  static let paths = StoragePaths(environment: ["HOME": "/home/ana"])

  /// The shipped note packs.
  static let packs = PackLibrary(
    builtIn: RepositoryPaths.assets.appendingPathComponent("packs"),
    user: URL(fileURLWithPath: "/nonexistent")
  ).packs

  /// An instrument profile as `learn` would make it, with round numbers.
  static let profile = InstrumentProfile(
    frequencies: [50, 100, 200], onsetRise: [0.5, 1, 1.5], onsetStrength: 4, noiseStrength: 0.5,
    peakLevel: -9, noteCount: 6)

  static let audio = AudioStatus.available(
    AudioServerInfo(
      serverName: "pulseaudio", serverVersion: "16.1", defaultSink: "woodshed_null",
      sampleRate: 48_000))

  static func model(
    size: Size = Size(width: 80, height: 24), settings: Settings = Settings(),
    glyphs: GlyphSet.Kind = .unicode, notices: [Message] = [], audio: AudioStatus? = audio
  ) -> AppModel {
    var model = AppModel(
      settings: settings, size: size, clock: ClockTime(hour: 9, minute: 5), catalog: catalog,
      paths: paths, detectedGlyphs: glyphs, packs: packs, notices: notices)
    if let audio { _ = model.handle(.audio(audio)) }
    return model
  }
}

extension AppModel {
  /// Presses keys in order and returns every effect they produced.
  @discardableResult
  mutating func press(_ keys: Key...) -> [Effect] {
    keys.flatMap { handle(.key(KeyEvent($0, time: MonotonicInstant(nanoseconds: 0)))) }
  }

  /// Presses one key at `seconds` on the monotonic clock.
  @discardableResult
  mutating func press(_ key: Key, at seconds: Double) -> [Effect] {
    handle(.key(KeyEvent(key, time: MonotonicInstant(nanoseconds: UInt64(seconds * 1e9)))))
  }
}
