import DSP
import ListeningEval
import XCTest

/// Metronome clicks heard by the microphone are not hits, when the detector knows when they
/// sound; a hit played on a click is. The click's sound is learned at the count-in, where
/// nobody plays.
final class OnsetBleedTests: XCTestCase {
  private static let sampleRate = 48_000
  private static let plain = MetronomeVoice.click.samples(sampleRate: sampleRate)
  private static let accent = MetronomeVoice.accentClick.samples(sampleRate: sampleRate)
  /// Four bars of 4/4 at 120 bpm, the downbeats accented.
  private static let frames = (0..<16).map { Int((0.3 + 0.5 * Double($0)) * Double(sampleRate)) }

  /// The schedule, the first bar a count-in.
  private static func schedule(countIn: Int = 4) -> [ExpectedClick] {
    frames.enumerated().map {
      ExpectedClick(frame: $1, sound: $0 % 4 == 0 ? 0 : 1, isAlone: $0 < countIn)
    }
  }

  /// The clicks (`accent` and `plain`, or none) at a fifth of full scale over a quiet room,
  /// and claps at `claps`.
  private func recording(
    claps: [Int] = [], clicks: (accent: [Float], plain: [Float])? = (accent, plain)
  ) -> [Float] {
    var generator = SplitMix64(seed: 21)
    var samples = PinkNoise.samples(count: 9 * Self.sampleRate, using: &generator).map {
      $0 * 0.001
    }
    func add(_ sound: [Float], at start: Int, gain: Float) {
      for (offset, sample) in sound.enumerated() { samples[start + offset] += gain * sample }
    }
    if let clicks {
      for (beat, click) in Self.frames.enumerated() {
        add(beat % 4 == 0 ? clicks.accent : clicks.plain, at: click, gain: 0.2)
      }
    }
    for clap in claps {
      add(
        SynthesizedInstrument.clap(sampleRate: Self.sampleRate, using: &generator), at: clap,
        gain: 0.5)
    }
    return samples
  }

  private func detect(_ samples: [Float], clicks: [ExpectedClick]) -> [Onset] {
    OnsetDetector.onsets(in: samples, sampleRate: Self.sampleRate, clicks: clicks)
  }

  func testClicksWithoutTheirScheduleAreFound() {
    XCTAssertEqual(detect(recording(), clicks: []).count, Self.frames.count)
  }

  func testClicksWithTheirScheduleAreNotHits() {
    XCTAssertEqual(detect(recording(), clicks: Self.schedule()), [])
  }

  func testClicksWithoutACountInAreLearnedAmongTheNotes() {
    let claps = [Self.frames[5] + 4_000, Self.frames[9], Self.frames[12] - 3_000]
    let onsets = detect(recording(claps: claps), clicks: Self.schedule(countIn: 0))
    XCTAssertEqual(onsets.map(\.frame), claps, accuracy: 48)
  }

  /// Claps on every click after the count-in, some exactly on it: each is found where it was
  /// played, within 5 ms: a clap's first burst under a louder click cannot be told from it.
  func testClapsOnTheClicksAreFoundWhereTheyWerePlayed() {
    let offsets = [0, 240, -300, 0, 480, 0, -150, 100, 0, -480, 0, 200]
    let claps = zip(Self.frames.dropFirst(4), offsets).map { $0 + $1 }
    let onsets = detect(recording(claps: claps), clicks: Self.schedule())
    XCTAssertEqual(onsets.map(\.frame), claps, accuracy: 240)
  }

  /// A metronome the app does not know, such as a drummer's: its sound is learned from the
  /// count-in all the same.
  func testAForeignClickIsLearnedFromTheCountIn() {
    let woodblock = MetronomeVoice.woodblock.samples(sampleRate: Self.sampleRate)
    let beep = MetronomeVoice.beep.samples(sampleRate: Self.sampleRate)
    let claps = [Self.frames[6], Self.frames[10] + 300]
    let onsets = detect(
      recording(claps: claps, clicks: (woodblock, beep)), clicks: Self.schedule())
    XCTAssertEqual(onsets.map(\.frame), claps, accuracy: 48)
  }

  /// With no click in the recording, giving the schedule changes nothing.
  func testAScheduleWithoutClicksCostsNothing() {
    let offsets = [0, 240, -300, 0, 480, 0, -150, 100, 0, -480, 0, 200]
    let claps = zip(Self.frames.dropFirst(4), offsets).map { $0 + $1 }
    let samples = recording(claps: claps, clicks: nil)
    XCTAssertEqual(detect(samples, clicks: Self.schedule()), detect(samples, clicks: []))
  }

  /// A click sound heard alone only on rests where the notes before still ring out is heard
  /// against the quietest of those rests, not a middling one: judged against the rings, it
  /// would seem absent from the recording and never be taken out.
  func testAClickHeardAloneOnlyOverRingingNotesIsStillTakenOut() {
    let rate = Self.sampleRate
    let frames = (0..<22).map { Int(0.3 * Double(rate)) + $0 * rate / 2 }
    let played = [4, 8, 12]
    var generator = SplitMix64(seed: 5)
    var samples = PinkNoise.samples(count: 12 * rate, using: &generator).map { $0 * 0.0003 }
    let woodblock = MetronomeVoice.woodblock.samples(sampleRate: rate)
    for (beat, frame) in frames.enumerated() {
      let click = beat < 4 ? woodblock : Self.plain
      for (offset, sample) in click.enumerated() { samples[frame + offset] += 0.02 * sample }
    }
    // Held for 0.3 s, then ringing out over seconds.
    for beat in played {
      for offset in 0..<(5 * rate) {
        let time = Double(offset) / Double(rate)
        let level = min(1, time / 0.005) * (time < 0.3 ? 1 : exp(-(time - 0.3) / 0.8))
        let phase = 2 * Double.pi * 220 * time
        samples[frames[beat] + offset] += Float(0.25 * level * (sin(phase) + 0.5 * sin(2 * phase)))
      }
    }
    let clicks = frames.enumerated().map {
      ExpectedClick(frame: $1, sound: $0 < 4 ? 0 : 1, isAlone: !played.contains($0))
    }
    let onsets = detect(samples, clicks: clicks)
    XCTAssertEqual(onsets.count, played.count, "\(onsets.map(\.frame))")
    for (onset, beat) in zip(onsets, played) {
      XCTAssertEqual(onset.frame, frames[beat], accuracy: rate / 100)
    }
  }

  func testAClickAnnouncedJustAfterItsAudioIsStillTakenOut() {
    let samples = recording()
    let detector = OnsetDetector(sampleRate: Self.sampleRate)
    let clicks = Self.schedule()
    let lateness = Int(OnsetDetector.clickAnnouncementSeconds * Double(Self.sampleRate)) / 2
    var onsets: [Onset] = []
    var announced = 0
    let block = 240
    samples.withUnsafeBufferPointer { samples in
      for start in stride(from: 0, to: samples.count, by: block) {
        let end = min(samples.count, start + block)
        onsets += detector.process(UnsafeBufferPointer(rebasing: samples[start..<end]))
        while announced < clicks.count, clicks[announced].frame + lateness <= end {
          let click = clicks[announced]
          detector.expectClick(atFrame: click.frame, sound: click.sound, isAlone: click.isAlone)
          announced += 1
        }
      }
    }
    XCTAssertEqual(onsets + detector.finish(), [])
  }
}

private func XCTAssertEqual(
  _ found: [Int], _ expected: [Int], accuracy: Int, file: StaticString = #filePath,
  line: UInt = #line
) {
  XCTAssertEqual(
    found.count, expected.count, "\(found) against \(expected)", file: file, line: line)
  for (found, expected) in zip(found, expected) {
    XCTAssertEqual(found, expected, accuracy: accuracy, file: file, line: line)
  }
}
