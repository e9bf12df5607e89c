import Glibc

/// Turns a stream of pitch estimates into notes. A note is a run of voiced estimates each
/// within half a semitone of the one before. It ends
///
/// - when estimates at another pitch agree with each other for `shortestNote`: the next note
///   has begun, and it began with the first of them;
/// - or when nothing has continued it for `longestBreak`: silence, or a break it cannot
///   survive.
///
/// A metronome click over a note, or a scrape, leaves up to about 90 ms of unvoiced or
/// scattered estimates, because every analysis frame that holds the click is disturbed; the
/// note lives through that. A stretch an octave or a twelfth away is the detector slipping
/// onto a harmonic or a subharmonic far more often than a real leap without a break, so it
/// too may last up to `longestBreak` before it counts as a new note. The cost: two notes of the
/// same pitch are told apart only by a break longer than `longestBreak` between them, not by a
/// fresh attack (which is the onset detector's job).
///
/// The note's frequency is the median of its estimates. Its times are the centres of its first
/// and last estimates: the detector reports a frame as voiced only once the sound fills it
/// about evenly, so those centres fall close to where the sound really starts and stops.
public struct NoteSegmenter: Sendable {
  public let sampleRate: Int
  /// In samples.
  private let longestBreak: Int
  private let shortestNote: Int

  /// Half a semitone.
  private static let samePitchCents = 50.0
  /// Octave and twelfth, up and down: what the detector's slips look like.
  private static let slipRatios = [2.0, 3, 1 / 2.0, 1 / 3.0]

  /// The note sounding, if any.
  private var note: Run?
  /// Since the note's last estimate: the voiced estimates that agree with each other, which
  /// may be the next note.
  private var newcomer: Run?

  private struct Run {
    var start: Int
    var last: Int
    var frequencies: [Double]

    init(_ estimate: PitchEstimate) {
      start = estimate.frame
      last = estimate.frame
      frequencies = [estimate.frequency]
    }

    func continues(with estimate: PitchEstimate) -> Bool {
      estimate.isVoiced && NoteSegmenter.samePitch(estimate.frequency, frequencies.last!)
    }

    mutating func append(_ estimate: PitchEstimate) {
      last = estimate.frame
      frequencies.append(estimate.frequency)
    }
  }

  public init(sampleRate: Int, longestBreak: Double = 0.1, shortestNote: Double = 0.04) {
    self.sampleRate = sampleRate
    self.longestBreak = Int(longestBreak * Double(sampleRate))
    self.shortestNote = Int(shortestNote * Double(sampleRate))
  }

  /// Feeds the next estimate (in stream order); returns the notes that have just ended.
  public mutating func add(_ estimate: PitchEstimate) -> [NoteEvent] {
    if let current = note, current.continues(with: estimate) {
      note!.append(estimate)
      newcomer = nil
      return []
    }
    if let candidate = newcomer, candidate.continues(with: estimate) {
      newcomer!.append(estimate)
    } else {
      newcomer = estimate.isVoiced ? Run(estimate) : nil
    }
    guard let current = note else {
      note = newcomer
      newcomer = nil
      return []
    }
    guard estimate.frame - current.last > longestBreak || newcomerHasTakenOver(from: current)
    else { return [] }
    note = newcomer
    newcomer = nil
    return event(for: current)
  }

  /// Ends the stream: returns the note still sounding, if it is long enough.
  public mutating func finish() -> [NoteEvent] {
    defer {
      note = nil
      newcomer = nil
    }
    return note.map(event(for:)) ?? []
  }

  private func newcomerHasTakenOver(from current: Run) -> Bool {
    guard let candidate = newcomer, candidate.last - candidate.start >= shortestNote else {
      return false
    }
    let pitch = candidate.frequencies.last!
    let reference = current.frequencies.last!
    return !Self.slipRatios.contains { Self.samePitch(pitch, reference * $0) }
  }

  private func event(for run: Run) -> [NoteEvent] {
    guard run.last - run.start >= shortestNote else { return [] }
    let sorted = run.frequencies.sorted()
    let rate = Double(sampleRate)
    return [
      NoteEvent(
        start: Double(run.start) / rate, end: Double(run.last) / rate,
        frequency: sorted[sorted.count / 2])
    ]
  }

  private static func samePitch(_ frequency: Double, _ reference: Double) -> Bool {
    abs(1200 * log2(frequency / reference)) <= samePitchCents
  }
}
