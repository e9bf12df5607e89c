import App
import Audio
import AudioModel
import DSP
import Foundation
import MusicTheory
import Practice
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

  /// The day the fixtures' clock reads: the day after the last session of `history`.
  static let today = LocalDay(year: 2026, month: 11, day: 21)

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

  /// Six notes sessions a day apart from 2026-11-15 10:00 UTC, the fourth stopped midway, and
  /// one of a module this version does not know.
  static let history: [SessionRecord] = {
    let scores = [0.4, 0.55, 0.7, 0.5, 0.85, 0.95]
    var records = scores.enumerated().map { day, score in
      let rounds = 20
      let right = Int((score * Double(rounds)).rounded())
      let answers = (0..<rounds).map { index in
        SessionRecord.Answer(
          question: ["C4", "E4", "G4", "B4"][index % 4], context: "treble",
          given: index < right ? ["C", "E", "G", "B"][index % 4] : "A", isCorrect: index < right,
          seconds: 1.5 + Double(day) * 0.1)
      }
      return SessionRecord(
        module: "notes", exercise: day == 4 ? "timed" : "flashcards",
        startedAt: Date(timeIntervalSince1970: 1_794_736_800 + Double(day) * 86_400),
        duration: 95 + Double(day), score: score, figures: ["rounds": Double(rounds)],
        content: ["treble-c4-b4"], answers: answers, isCutShort: day == 3)
    }
    records.insert(
      SessionRecord(
        module: "rhythm", exercise: "steady",
        startedAt: Date(timeIntervalSince1970: 1_794_736_800 + 2.5 * 86_400), duration: 65,
        score: 0.9),
      at: 3)
    return records
  }()

  static let audio = AudioStatus.available(
    AudioServerInfo(
      serverName: "pulseaudio", serverVersion: "16.1", defaultSink: "woodshed_null",
      sampleRate: 48_000))

  static func model(
    size: Size = Size(width: 80, height: 24), settings: Settings = Settings(),
    glyphs: GlyphSet.Kind = .unicode, notices: [Message] = [], audio: AudioStatus? = audio,
    history: [SessionRecord] = [], patterns: [FretPattern]? = nil
  ) -> AppModel {
    var model = AppModel(
      settings: settings, size: size, clock: ClockTime(hour: 9, minute: 5, day: AppFixtures.today),
      catalog: catalog,
      paths: paths, detectedGlyphs: glyphs, packs: packs, patterns: patterns, history: history,
      utcOffset: 3600, notices: notices)
    if let audio { _ = model.handle(.audio(audio)) }
    return model
  }
}

extension AppEvent {
  /// A note played into the microphone: its attack at `seconds`, then `estimates` clear
  /// estimates of `frequency` 50 ms apart.
  static func heardNote(_ frequency: Double, attackAt seconds: Double = 0, estimates: Int = 3)
    -> AppEvent
  {
    func at(_ seconds: Double) -> MonotonicInstant {
      MonotonicInstant(nanoseconds: UInt64((seconds * 1e9).rounded()))
    }
    return .played(
      [PlayedEvent(instant: at(seconds), kind: .attack, source: .microphone)]
        + (0..<estimates).map {
          PlayedEvent(
            instant: at(seconds + 0.05 * Double($0 + 1)),
            kind: .sounding(frequency: frequency, confidence: 0.95), source: .microphone)
        })
  }
}

extension AppModel {
  /// Presses keys in order and returns every effect they produced.
  @discardableResult
  mutating func press(_ keys: Key...) -> [Effect] {
    keys.flatMap { handle(.key(KeyEvent($0, time: MonotonicInstant(nanoseconds: 0)))) }
  }

  /// Opens Settings from the home screen and moves onto `row`.
  mutating func openSetting(_ row: SettingsRow) {
    press(.character("9"))
    for _ in 0..<SettingsRow.allCases.firstIndex(of: row)! { press(.down) }
  }

  /// Walks the Fretboard's cursor onto `place` with the arrows, as a player does.
  mutating func moveFretboardCursor(to place: FretPosition) {
    var cursor: FretPosition? {
      if case .fretboard(let screen) = screen { screen.cursor } else { nil }
    }
    while cursor?.string ?? 0 < place.string { press(.down) }
    while cursor?.string ?? 0 > place.string { press(.up) }
    while cursor?.fret ?? 0 < place.fret { press(.right) }
    while cursor?.fret ?? 0 > place.fret { press(.left) }
  }

  /// Presses one key at `seconds` on the monotonic clock.
  @discardableResult
  mutating func press(_ key: Key, at seconds: Double) -> [Effect] {
    handle(.key(KeyEvent(key, time: MonotonicInstant(nanoseconds: UInt64(seconds * 1e9)))))
  }
}
