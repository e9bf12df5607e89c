import Audio
import DSP
import FoundationEssentials
import MusicTheory
import Storage

/// `woodshed analyze`: the listening detectors run over a WAV file, for scripts and graders.
public enum HeadlessAnalysis {
  /// One onset time in seconds per line. With `bpm`, clicks at `firstClick + k·60/bpm` are the
  /// metronome bleeding into the recording, not played notes; the first `countIn` are heard
  /// with nothing played, and the click's sound is learned from them.
  public static func onsets(file path: String, bpm: Double?, firstClick: Double, countIn: Int = 4)
    throws(Launcher.Failure) -> String
  {
    let audio = try load(path)
    var clicks: [ExpectedClick] = []
    if let bpm {
      let range = MetronomeSettings.bpmRange
      guard bpm >= Double(range.lowerBound), bpm <= Double(range.upperBound) else {
        throw Launcher.Failure(
          description: "--bpm must be between \(range.lowerBound) and \(range.upperBound)")
      }
      guard firstClick >= 0 else {
        throw Launcher.Failure(description: "--first-click must be 0 seconds or later")
      }
      guard HeadlessRhythm.countInRange.contains(countIn) else {
        let range = HeadlessRhythm.countInRange
        throw Launcher.Failure(
          description: "--count-in must be between \(range.lowerBound) and \(range.upperBound) clicks")
      }
      let rate = Double(audio.rate)
      let duration = Double(audio.samples.count) / rate
      let beats = Int(((duration - firstClick) * bpm / 60).rounded(.down))
      clicks = beats < 0 ? [] : (0...beats).map { beat in
        ExpectedClick(
          frame: Int(((firstClick + Double(beat) * 60 / bpm) * rate).rounded()),
          sound: beat % 4 == 0 ? 0 : 1, isAlone: beat < countIn)
      }
    }
    let onsets = OnsetDetector.onsets(in: audio.samples, sampleRate: audio.rate, clicks: clicks)
    return onsets.map { DecimalText.format(Double($0.frame) / Double(audio.rate), places: 4) + "\n" }.joined()
  }

  /// `start end note cents` per note, times in seconds, notes against A4 = 440 Hz.
  public static func pitch(file path: String) throws(Launcher.Failure) -> String {
    let audio = try load(path)
    return PitchAnalysis.notes(in: audio.samples, sampleRate: audio.rate).compactMap { note in
      guard let pitch = Pitch(nearestTo: note.frequency) else { return nil }
      let cents = Int(pitch.centsOffset(of: note.frequency).rounded())
      let name = pitch.spelling(preferSharps: true)
      return [
        DecimalText.format(note.start, places: 4), DecimalText.format(note.end, places: 4), "\(name)",
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
        description: "\(url.lastPathComponent) is cut short: its header declares more audio than it holds")
    }
    guard !audio.samples.isEmpty else {
      throw Launcher.Failure(description: "\(url.lastPathComponent) holds no audio")
    }
    return (audio.samples, audio.rate)
  }
}
