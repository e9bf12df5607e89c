import Audio
import AudioModel
import DSP
import Foundation
import Glibc
import XCTest

final class UserSoundsTests: XCTestCase {
  private let defaults = MetronomeVoices(
    accent: [1], normal: [2], subdivision: [3], countIn: [4], target: [5])
  private var root: URL!
  private var sounds: URL { root.appendingPathComponent("sounds") }

  override func setUpWithError() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("woodshed-sounds-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try FileManager.default.removeItem(at: root)
  }

  private func put(_ name: String, _ samples: [Float], rate: Int = 48_000, channels: Int = 1)
    throws
  {
    let audio = WAVAudio(sampleRate: rate, channels: channels, samples: samples)
    try WAVCodec.encode(audio, as: .float32).write(to: sounds.appendingPathComponent(name))
  }

  private func loaded() -> UserSounds {
    UserSounds.load(from: sounds, over: defaults)
  }

  /// A click that is at full strength on its first sample and dies away.
  private func click(peak: Float = 0.8, count: Int = 4_800, rate: Int = 48_000) -> [Float] {
    (0..<count).map { frame in
      let time = Double(frame) / Double(rate)
      return peak * Float(cos(2 * .pi * 2_000 * time) * exp(-time / 0.02))
    }
  }

  func testWithoutAFolderTheBuiltInSoundsStandAndNothingIsSaid() {
    let sounds = UserSounds.load(from: root.appendingPathComponent("nowhere"), over: defaults)
    XCTAssertEqual(sounds, UserSounds(voices: defaults))
  }

  func testEachFileReplacesOnlyItsOwnSound() throws {
    try put("click.wav", click())
    try put("instrument.wav", click(peak: 0.5))
    let sounds = loaded()
    XCTAssertEqual(sounds.notices, [])
    XCTAssertEqual(sounds.voices.normal.count, 4_800)
    XCTAssertEqual(sounds.voices.normal[0], 0.8)
    XCTAssertEqual(sounds.voices.accent, defaults.accent)
    XCTAssertEqual(sounds.voices.subdivision, defaults.subdivision)
    XCTAssertEqual(sounds.voices.countIn, defaults.countIn)
    XCTAssertEqual(sounds.instrument?.first, 0.5)

    try put("accent.wav", click())
    try put("subdivision.wav", click())
    try put("countin.wav", click())
    let all = loaded().voices
    XCTAssertEqual([all.accent, all.subdivision, all.countIn].map(\.count), [4_800, 4_800, 4_800])
  }

  func testLeadingSilenceAndNoiseAreTrimmedSoTheOnsetIsAtSampleZero() throws {
    // Hiss at 1 % of the peak is under the 2 % threshold.
    let hiss = (0..<300).map { Float($0 % 2 == 0 ? 0.008 : -0.008) }
    try put("click.wav", [Float](repeating: 0, count: 500) + hiss + click())
    let voice = loaded().voices.normal
    XCTAssertEqual(voice.count, 4_800)
    XCTAssertEqual(Array(voice.prefix(100)), Array(click().prefix(100)))
  }

  func testAtOtherRatesTheOnsetStillLandsOnSampleZero() throws {
    let clickAt44 = click(count: 4_410, rate: 44_100)
    try put("click.wav", [Float](repeating: 0, count: 441) + clickAt44, rate: 44_100)
    let voice = loaded().voices.normal
    XCTAssertEqual(voice.count, 4_800)
    XCTAssertGreaterThan(voice[0], 0.6, "the first sample is the click, not ringing before it")
    XCTAssertEqual(voice.map(abs).max() ?? 0, 0.8, accuracy: 0.08)
  }

  func testLoudSoundsAreBroughtDownToNinetyPercentAndQuietOnesLeftAlone() throws {
    try put("accent.wav", click(peak: 1.5))
    try put("click.wav", click(peak: 0.5))
    let voices = loaded().voices
    XCTAssertEqual(voices.accent.map(abs).max() ?? 0, 0.9, accuracy: 1e-6)
    XCTAssertEqual(voices.normal.map(abs).max() ?? 0, 0.5, accuracy: 1e-6)
  }

  func testTheSoundFadesToExactlyZeroOverItsLastTwoMilliseconds() throws {
    try put("click.wav", [Float](repeating: 0.5, count: 4_800))
    let voice = loaded().voices.normal
    XCTAssertEqual(voice.last, 0)
    XCTAssertEqual(Array(voice.prefix(4_800 - 96)), [Float](repeating: 0.5, count: 4_800 - 96))
    let fade = voice.suffix(97)
    XCTAssertEqual(Array(fade), fade.sorted(by: >), "the fade only falls")
  }

  func testLongSoundsAreCutToTwoSeconds() throws {
    try put("countin.wav", [Float](repeating: 0.5, count: 5 * 48_000))
    let voice = loaded().voices.countIn
    XCTAssertEqual(voice.count, 2 * 48_000)
    XCTAssertEqual(voice.last, 0)
  }

  func testStereoIsAveraged() throws {
    try put("click.wav", (0..<4_800).flatMap { _ in [Float(0.6), Float(0.2)] }, channels: 2)
    let voice = loaded().voices.normal
    XCTAssertEqual(voice.count, 4_800)
    XCTAssertEqual(voice[1_000], 0.4, accuracy: 1e-6)
  }

  func testAFileThatCannotBeUsedKeepsTheBuiltInSoundAndSaysSoInOneLine() throws {
    try Data("not audio\n".utf8).write(to: sounds.appendingPathComponent("click.wav"))
    try put("subdivision.wav", [Float](repeating: 0, count: 4_800))
    try put("accent.wav", click())
    let loaded = loaded()
    XCTAssertEqual(loaded.voices.normal, defaults.normal)
    XCTAssertEqual(loaded.voices.subdivision, defaults.subdivision)
    XCTAssertEqual(loaded.voices.accent.count, 4_800)
    XCTAssertEqual(
      loaded.notices,
      [
        "sounds/click.wav: not a WAV file (no RIFF header); using the built-in click",
        "sounds/subdivision.wav is silent; using the built-in subdivision tick",
      ])
  }

  /// A recording of minutes under a metronome sound's name is refused before it is read.
  func testAHugeFileOrAFIFOIsRefusedBeforeItIsRead() throws {
    try put("countin.wav", [Float](repeating: 0.5, count: 3 * 1_048_576))
    XCTAssertEqual(mkfifo(sounds.appendingPathComponent("click.wav").path, 0o600), 0)
    let loaded = loaded()
    XCTAssertEqual(loaded.voices.countIn, defaults.countIn)
    XCTAssertEqual(loaded.voices.normal, defaults.normal)
    XCTAssertEqual(
      loaded.notices,
      [
        "sounds/click.wav: it is a FIFO, not a regular file; using the built-in click",
        "sounds/countin.wav: it is 12 MB; a metronome sound may be at most 8 MB; using the built-in count-in sound",
      ])
  }
}
