import Audio
import DSP
import FoundationEssentials
import MusicTheory
import Storage

/// `woodshed analyze`: the listening detectors run over a WAV file, for scripts and graders.
public enum HeadlessAnalysis {
  /// One onset time in seconds per line. With `bpm`, clicks at `firstClick + k·60/bpm` are the
  /// metronome bleeding into the recording, not played notes; the first `countIn` are heard
  /// with nothing played, and the click's sound is learned from them. When something else
  /// sounds in the count-in, `warn` is told: the click learned there would be wrong.
  public static func onsets(
    file path: String, bpm: Double?, firstClick: Double, countIn: Int = 4,
    warn: (String) -> Void = { _ in }
  ) throws(Launcher.Failure) -> String {
    let audio = try load(path)
    var clicks: [ExpectedClick] = []
    if let bpm {
      let range = MetronomeSettings.bpmRange
      guard bpm >= Double(range.lowerBound), bpm <= Double(range.upperBound) else {
        throw Launcher.Failure(
          description: "--bpm must be between \(range.lowerBound) and \(range.upperBound)")
      }
      guard (0...86_400).contains(firstClick) else {
        throw Launcher.Failure(description: "--first-click must be between 0 and 86400 seconds")
      }
      guard HeadlessRhythm.countInRange.contains(countIn) else {
        let range = HeadlessRhythm.countInRange
        throw Launcher.Failure(
          description:
            "--count-in must be between \(range.lowerBound) and \(range.upperBound) clicks")
      }
      let rate = Double(audio.rate)
      let duration = Double(audio.samples.count) / rate
      let beats = Int(((duration - firstClick) * bpm / 60).rounded(.down))
      clicks =
        beats < 0
        ? []
        : (0...beats).map { beat in
          ExpectedClick(
            frame: Int(((firstClick + Double(beat) * 60 / bpm) * rate).rounded()),
            sound: beat % 4 == 0 ? 0 : 1, isAlone: beat < countIn)
        }
      countInWarning(audio, clicks: Array(clicks.prefix(countIn))).map(warn)
    }
    let onsets = OnsetDetector.onsets(in: audio.samples, sampleRate: audio.rate, clicks: clicks)
    return onsets.map {
      DecimalText.format(Double($0.frame) / Double(audio.rate), places: 4) + "\n"
    }.joined()
  }

  /// Said when something besides the clicks sounds in the count-in (an onset further than
  /// 30 ms from every count-in click), where the click's sound is learned: it would be learned
  /// wrong, and notes on the click later lost.
  static func countInWarning(_ audio: (samples: [Float], rate: Int), clicks: [ExpectedClick])
    -> String?
  {
    guard let last = clicks.last, clicks.count > 1 else { return nil }
    let beat = last.frame - clicks[clicks.count - 2].frame
    let end = min(audio.samples.count, last.frame + beat / 2)
    guard end > 0 else { return nil }
    let tolerance = audio.rate * 30 / 1000
    let played = OnsetDetector.onsets(in: Array(audio.samples[..<end]), sampleRate: audio.rate)
      .first { onset in !clicks.contains { abs($0.frame - onset.frame) <= tolerance } }
    return played.map {
      "something besides the clicks sounds in the count-in (at "
        + DecimalText.format(Double($0.frame) / Double(audio.rate), places: 3)
        + " s), where the click's sound is learned; give --count-in the clicks heard alone"
    }
  }

  /// `start end note cents` per note, times in seconds, notes against A4 = 440 Hz.
  public static func pitch(file path: String) throws(Launcher.Failure) -> String {
    let audio = try load(path)
    return PitchAnalysis.notes(in: audio.samples, sampleRate: audio.rate).compactMap { note in
      guard let pitch = Pitch(nearestTo: note.frequency) else { return nil }
      let cents = Int(pitch.centsOffset(of: note.frequency).rounded())
      let name = pitch.spelling(preferSharps: true)
      return [
        DecimalText.format(note.start, places: 4), DecimalText.format(note.end, places: 4),
        "\(name)",
        (cents >= 0 ? "+" : "") + "\(cents)",
      ].joined(separator: " ") + "\n"
    }.joined()
  }

  static func load(_ path: String) throws(Launcher.Failure) -> (samples: [Float], rate: Int) {
    let url = URL(fileURLWithPath: path)
    let audio: (samples: [Float], rate: Int, isTruncated: Bool)
    do {
      audio = try WAVFileInput.monoAudio(of: url)
    } catch {
      throw Launcher.Failure(description: error.description)
    }
    guard !audio.isTruncated else {
      throw Launcher.Failure(
        description:
          "\(url.lastPathComponent) is cut short: its header declares more audio than it holds")
    }
    guard !audio.samples.isEmpty else {
      throw Launcher.Failure(description: "\(url.lastPathComponent) holds no audio")
    }
    return (audio.samples, audio.rate)
  }
}
