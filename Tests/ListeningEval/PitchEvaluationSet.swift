import DSP
import Foundation

/// The pitch evaluation on recorded samples: each instrument plays every note of its range
/// at two loudnesses (velocities 100 and 45), as separate notes in a shuffled order with rests
/// between, then legato figures (steps, and leaps of a fourth, a fifth and an octave, with no
/// rest between notes) and notes repeated after short rests, low, middle and high in its
/// range. It plays the same part from every soundfont.
public enum PitchEvaluationSet {
  public struct Instrument: Sendable {
    public var name: String
    /// General MIDI program.
    public var program: Int
    /// The instrument's real range, as far as the detector reaches (40 Hz to 2 kHz, E1 to B6).
    public var range: ClosedRange<Int>
  }

  public static let instruments: [Instrument] = [
    // Classical guitar, 19 frets: E2–B5.
    Instrument(name: "nylon guitar", program: 24, range: 40...83),
    // Steel-string guitar, 20 frets: E2–C6.
    Instrument(name: "steel guitar", program: 25, range: 40...84),
    // Double bass and bass guitar: E1–G4.
    Instrument(name: "acoustic bass", program: 32, range: 28...67),
    // A0–C8 on the keyboard; E1–B6 of it within reach.
    Instrument(name: "piano", program: 0, range: 28...95),
    // G3 up; to B6 within reach.
    Instrument(name: "violin", program: 40, range: 55...95),
    // C4 up; to B6 within reach.
    Instrument(name: "flute", program: 73, range: 60...95),
    // Bass to soprano, E2–C6: a choir on "ah" and a voice on "oo".
    Instrument(name: "voice aahs", program: 52, range: 40...84),
    Instrument(name: "voice oohs", program: 53, range: 40...84),
  ]

  public static let sampleRate = 48_000
  private static let loud = 100
  private static let soft = 45
  private static let phrase = 80

  /// The instruments played from `soundFont`: all it has, but on a tuning soundfont none whose
  /// recordings a held-out one plays too.
  public static func played(from soundFont: SoundFont) -> [Instrument] {
    instruments.filter { instrument in
      soundFont.plays(instrument.program)
        && !(soundFont.part == .tuning
          && SoundFont.heldOut.contains {
            soundFont.sharesRecordings(of: instrument.program, with: $0)
          })
    }
  }

  /// One clip per instrument played from `soundFont`; empty when its synthesizer or the
  /// soundfont is missing.
  public static func clips(from soundFont: SoundFont) -> [PitchClip] {
    guard soundFont.isAvailable else { return [] }
    let folder = ExternalTool.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    return instruments.enumerated().compactMap { index, instrument in
      guard played(from: soundFont).contains(where: { $0.name == instrument.name }) else {
        return nil
      }
      let notes = part(
        in: soundFont.keys(of: instrument.range, on: instrument.program),
        seed: UInt64(300 + index))
      let length = Double(notes.map { $0.millisecond + $0.length }.max()! + 1_500) / 1000
      guard
        let samples = soundFont.render(
          notes, program: instrument.program, length: length, sampleRate: sampleRate, in: folder)
      else { return nil }
      return PitchClip(
        instrument: instrument.name, soundFont: soundFont, sampleRate: sampleRate,
        samples: samples,
        notes: notes.map {
          PitchClip.Note(
            midi: $0.key, start: Double($0.millisecond) / 1000,
            end: Double($0.millisecond + $0.length) / 1000)
        })
    }
  }

  /// The notes to play, in time order, on a millisecond grid.
  static func part(in range: ClosedRange<Int>, seed: UInt64) -> [MIDIFile.Note] {
    var generator = SplitMix64(seed: seed)
    var notes: [MIDIFile.Note] = []
    var time = 300
    func play(_ key: Int, for length: Int, velocity: Int, then rest: Int) {
      notes.append(MIDIFile.Note(millisecond: time, length: length, key: key, velocity: velocity))
      time += length + rest
    }
    let separate = range.flatMap { [($0, loud), ($0, soft)] }.shuffled(using: &generator)
    for (key, velocity) in separate {
      play(
        key, for: Int.random(in: 300...1_000, using: &generator), velocity: velocity,
        then: Int.random(in: 300...600, using: &generator))
    }
    // Low, middle and high in the range.
    let bases = [
      range.lowerBound, (range.lowerBound + range.upperBound - 12) / 2, range.upperBound - 12,
    ]
    let figure = [0, 2, 4, 5, 7, 12, 0, 12, 7, 0]
    for base in bases {
      for step in figure.dropLast() { play(base + step, for: 350, velocity: phrase, then: 0) }
      play(base + figure.last!, for: 350, velocity: phrase, then: 600)
    }
    // A quarter of a second is a rest the sound of most instruments rings through.
    for base in bases {
      for _ in 0..<2 { play(base + 5, for: 400, velocity: phrase, then: 250) }
      play(base + 5, for: 400, velocity: phrase, then: 600)
    }
    return notes
  }
}
