import DSP
import Files
import FoundationEssentials
import MusicTheory
import Practice
import Storage
import TerminalUI

/// `woodshed rhythm`: grades a recorded performance (or a list of tap times) of a line of
/// rhythm patterns exactly as the trainer grades one played live. The clicks were at
/// `firstClick + k·60/bpm`, the count-in first, then the line for `bars` bars of 4/4.
public enum HeadlessRhythm {
  public enum Hits: Equatable, Sendable {
    /// A WAV recording: its onsets are the hits, its clicks (the metronome bleeding into the
    /// microphone) are not.
    case recording(path: String)
    /// A text file of tap times in seconds, one per line.
    case taps(path: String)
    /// A Standard MIDI File from pads or a keyboard: every note-on is a hit, at its time.
    case midi(path: String)
  }

  public struct Request: Equatable, Sendable {
    public var hits: Hits
    public var bpm: Double
    /// Pattern ids, one after another, such as "quarter eighths triplet rest" or "half quarter
    /// quarter".
    public var patterns: [String]
    public var bars: Int
    /// Count-in clicks before the line.
    public var countIn: Int
    /// When the first click sounds, in seconds from the start of the file.
    public var firstClick: Double
    public var strictness: RhythmSettings.Strictness

    public init(
      hits: Hits, bpm: Double, patterns: [String], bars: Int, countIn: Int = 4,
      firstClick: Double = 0, strictness: RhythmSettings.Strictness = .relative
    ) {
      self.hits = hits
      self.bpm = bpm
      self.patterns = patterns
      self.bars = bars
      self.countIn = countIn
      self.firstClick = firstClick
      self.strictness = strictness
    }
  }

  static let countInRange = 0...16
  /// A click with no note written this close is one nobody plays on.
  static let aloneDistance = 0.15

  /// The graded performance, or a one-line reason it cannot be graded.
  static func grade(
    _ request: Request, library: RhythmLibrary, strings: Localizer,
    warn: (String) -> Void = { _ in }
  ) throws(Launcher.Failure) -> RhythmReport {
    let tempos = RhythmSettings.bpmRange
    guard request.bpm >= Double(tempos.lowerBound), request.bpm <= Double(tempos.upperBound)
    else {
      throw Launcher.Failure(
        description: "--bpm must be between \(tempos.lowerBound) and \(tempos.upperBound)")
    }
    guard RhythmSettings.barRange.contains(request.bars) else {
      let range = RhythmSettings.barRange
      throw Launcher.Failure(
        description: "--bars must be between \(range.lowerBound) and \(range.upperBound)")
    }
    guard countInRange.contains(request.countIn) else {
      throw Launcher.Failure(
        description:
          "--count-in must be between \(countInRange.lowerBound) and \(countInRange.upperBound) clicks"
      )
    }
    guard (0...86_400).contains(request.firstClick) else {
      throw Launcher.Failure(description: "--first-click must be between 0 and 86400 seconds")
    }
    let line = try line(request.patterns, bars: request.bars, library: library)
    line.fit(strings).forEach(warn)
    let beat = 60 / request.bpm
    let firstBeat = request.firstClick + Double(request.countIn) * beat
    let clicks = (0..<(request.countIn + line.beatCount)).map {
      request.firstClick + Double($0) * beat
    }
    let hits: [Double]
    switch request.hits {
    case .recording(let path):
      let audio = try HeadlessAnalysis.load(path)
      let rate = Double(audio.rate)
      // Nobody plays during the count-in, nor on a rest: the click's sound is learned there,
      // but not where a note written before is still held.
      let notes = line.expectedNotes(firstBeat: firstBeat, bpm: request.bpm).map(\.time)
      let held = line.heldBeats
      let expected = clicks.enumerated().map { beat, time in
        ExpectedClick(
          frame: Int((time * rate).rounded()), sound: beat % RhythmLine.beatsPerBar == 0 ? 0 : 1,
          isAlone: beat < request.countIn
            || (!notes.contains { abs($0 - time) < Self.aloneDistance }
              && !held[beat - request.countIn])
        )
      }
      HeadlessAnalysis.countInWarning(audio, clicks: Array(expected.prefix(request.countIn)))
        .map(warn)
      hits = OnsetDetector.onsets(in: audio.samples, sampleRate: audio.rate, clicks: expected)
        .map { Double($0.frame) / rate }
    case .taps(let path):
      hits = try taps(in: path)
    case .midi(let path):
      hits = try MIDIPerformanceFile.load(path).map(\.seconds)
    }
    let windows: RhythmWindows = request.strictness == .strict ? .strict : .relative
    return RhythmReport(
      results: RhythmGrader(windows: windows).grade(
        line, firstBeat: firstBeat, bpm: request.bpm, hits: hits),
      seconds: Double(request.countIn + line.beatCount) * beat)
  }

  /// The line of the patterns named, from the built-in and the user's rhythm files.
  static func line(_ ids: [String], bars: Int, library: RhythmLibrary)
    throws(Launcher.Failure) -> RhythmLine
  {
    guard RhythmSettings.lineLengthRange.contains(ids.count) else {
      let range = RhythmSettings.lineLengthRange
      throw Launcher.Failure(
        description:
          "--patterns needs \(range.lowerBound) to \(range.upperBound) pattern names")
    }
    var patterns: [RhythmPattern] = []
    for id in ids {
      guard let pattern = library.pattern(id: id) else {
        throw Launcher.Failure(
          description: "no rhythm pattern \"\(id)\"; there are: "
            + library.patterns.map(\.id).joined(separator: ", "))
      }
      patterns.append(pattern)
    }
    // Both lengths were checked before, so the line can always be made.
    return RhythmLine(patterns: patterns, bars: bars)!
  }

  /// Tap times in seconds, one per line; blank lines are skipped.
  static func taps(in path: String) throws(Launcher.Failure) -> [Double] {
    let url = URL(fileURLWithPath: path)
    let text: String
    do throws(FileError) {
      text = String(decoding: try RegularFile.read(url, as: .taps), as: UTF8.self)
    } catch {
      throw Launcher.Failure(description: "cannot read \(url.lastPathComponent): \(error)")
    }
    var times: [Double] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let words = raw.split(whereSeparator: \.isWhitespace)
      guard let first = words.first else { continue }
      let entry = words.joined(separator: " ")
      guard words.count == 1, let time = Double(first), time.isFinite, time >= 0 else {
        throw Launcher.Failure(
          description:
            "\(url.lastPathComponent) line \(index + 1): \"\(entry)\" is not a time in seconds")
      }
      times.append(time)
    }
    return times
  }
}
