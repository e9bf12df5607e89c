import Glibc

/// Turns a stream of pitch estimates into notes. A note is a run of voiced estimates each
/// within half a semitone of the run's mean pitch so far; it counts only if at some point
/// `shortestNote` of them come one after the other, without a break. It ends
///
/// - when estimates at another pitch agree with each other for `shortestNote`: the next note
///   has begun, and it began with the first of them, or, when the note so far lasted no longer
///   than `longestPassage` and glided towards the next one, with the note (a singer's scoop,
///   or the passage from one legato note to the next);
/// - when it is struck again: its power jumps ten times (10 dB) within a fiftieth of a second,
///   to within 20 dB of its loudest;
/// - when it is sung or bowed again after a short rest that it rang through: its power dips
///   12 dB below where it was, rises 6 dB in 50 ms and comes back within 150 ms to within 8 dB
///   of its loudest. The next note starts at the bottom of the dip;
/// - in either case only when it took 120 ms or more to fall into that dip (`shortestFall`):
///   a string rings down, and a voice let go fades into the room, for that long, while the
///   voices of a section, a few cents apart, beat, and their sum dips as deep and comes back
///   as fast, but mostly falls into the dip sooner;
/// - or when nothing has continued it for `longestBreak`: silence, or a break it cannot
///   survive.
///
/// Measuring against the mean, not the estimate before, matters in legato: from one note to
/// the next the estimates glide, each a few cents from the one before. The run without a break
/// keeps the half-periodic first moments of a plucked note, whose estimates scatter between
/// unvoiced frames, from making notes; a note whose first estimates are scattered by a click
/// still starts with them. The power tells a note struck again, with no silence since the one
/// before rang out, from a swell or a bow change, which rise more slowly, and from a high
/// piano note coming back from a dip as its strings beat, which stays quiet.
///
/// A metronome click over a note, or a scrape, leaves up to about 90 ms of unvoiced or
/// scattered estimates, because every analysis frame that holds the click is disturbed; the
/// note lives through that. It lives, for as long as they last, through frames too blurred to
/// be voiced that are still most like its period and about as loud: a choir's low notes blur
/// for up to a fifth of a second. A run not yet established does not, or the scattered attack
/// of a low note would make a note of its own. Whatever its pitch, a sound 20 dB below the
/// note's loudest and no louder than the note was last is the note fading, for as long as it
/// sounds: heard an octave off, or pulled towards another note still ringing in the room as
/// its own dies away. A new note is louder than that. A note that has sounded longer than
/// `longestPassage` is fading too where it goes on, without a break and no louder, an octave,
/// a twelfth or two octaves up, in frames that still repeat more exactly over a longer period:
/// a steel string whose fundamental and odd partials die away before its octave, heard up
/// there over its own lower partials. A note played over a lower one let ring often dies away
/// faster than it, and that one is heard again: a pitch of one of the last three notes before
/// (without a break), lower than the note, 9 dB below its loudest and no louder than it was
/// last, is that note ringing on. A stretch an octave, a twelfth or two octaves away is
/// the detector slipping onto a harmonic or a subharmonic far more often than a real leap
/// without a break, and one further away than a twelfth (`widestLeap`) the detector reading a
/// formant, so either may last up to `longestBreak` before it counts as a new note; and even
/// then a slip is not one
///
/// - when it came first and lasted less than `longestBreak`: the note's attack, where a thump
///   below the note can be as strong as its fundamental;
/// - or when it lies below the notes before and after it, both a slip away and different from
///   each other, and lasts no longer than `longestPassage`: a frame that holds the end of one
///   note and the start of the next, a fourth or a fifth away, is periodic at their common
///   subharmonic, a twelfth or two octaves below the higher.
///
/// The cost: a leap of an octave, a twelfth or more is found only when both notes last more
/// than `longestBreak`, and the second is not much quieter than the first; and a note
/// that follows another without a break is found only when it comes in louder than that one's
/// fading tail.
///
/// The note's frequency is the median of its estimates. Its times are the centres of its first
/// and last estimates: the detector reports a frame as voiced only once the sound fills it
/// about evenly, so those centres fall close to where the sound really starts and stops.
public struct NoteSegmenter: Sendable {
  public let sampleRate: Int
  /// In samples.
  private let longestBreak: Int
  private let shortestNote: Int
  /// Twice `longestBreak`.
  private let longestPassage: Int
  /// A note sung again comes back within this many samples (150 ms) of the lowest point of
  /// its dip...
  private let againWindow: Int
  /// ...which lies `againDip` below the loudest of this many samples (300 ms) before...
  private let againLookBack: Int
  /// ...and from which it rises by `againRise` within this many samples (50 ms).
  private let againRiseTime: Int
  /// A note struck or sung again fell into the dip before it for at least this many samples
  /// (120 ms): from as loud as it comes back to when struck, from within `againReach` of its
  /// loudest when sung.
  private let shortestFall: Int

  /// Half a semitone.
  private static let samePitchCents = 50.0
  /// Octave, twelfth and double octave, up and down: what the detector's slips look like.
  private static let slipRatios = [2.0, 3, 4, 1 / 2.0, 1 / 3.0, 1 / 4.0]
  /// A stretch further away than a twelfth (and half a semitone), in octaves, takes over from
  /// the note only as a slip does: a section singing "aah" on a low note blurs it, and the
  /// detector reads its formant, two octaves and a third or more above, for up to 60 ms.
  private static let widestLeap = 19.5 / 12
  /// A note struck again rises by this factor in power (10 dB) over its last four estimates (a
  /// fiftieth of a second)...
  private static let attackRise = 10.0
  /// ...to within this factor (20 dB) of its loudest.
  private static let attackReach = 100.0
  /// A run that moves this far towards the next is a glide into it.
  private static let glideCents = 30.0
  /// Another pitch this far (20 dB) below the note's loudest is the note fading.
  private static let tailDepth = 100.0
  /// An unvoiced estimate at least this periodic, most like the note's pitch and no more than
  /// `blurDepth` (6 dB) below its last estimates, is the note with its period blurred: the
  /// voices of a choir, each a few cents off the others, and the breath in them blur a low
  /// note's period for up to a fifth of a second at a time. A note let go of falls further
  /// than that, so a rest it rings through still ends it.
  private static let blurredClarity = 0.5
  private static let blurDepth = 4.0
  /// An estimate whose frame repeats this much more exactly over some longer period than over
  /// its own has partials sounding below its own...
  private static let undertone = 0.02
  /// ...and one no more than this factor (1 dB) louder than the note was last is no new note.
  private static let ringingRise = 1.26
  /// A note ringing on under a later one is heard again this far (9 dB) below that one's
  /// loudest...
  private static let resurfaceDepth = 8.0
  /// ...for up to this many notes after it.
  private static let ringingNotes = 3
  /// A note sung again after a short rest that it rang through dips this far (12 dB) below
  /// where it was just before...
  private static let againDip = 16.0
  /// ...and comes back, within `againWindow`, to within this factor (8 dB) of its loudest,
  /// rising at first by this factor (6 dB) within `againRiseTime`: faster than a swell.
  private static let againReach = 6.3
  private static let againRise = 4.0
  /// 1.28 s of estimates at the detector's 5 ms hop: more than `againWindow` and
  /// `againLookBack` together.
  private static let historyKept = 256

  /// The note sounding, if any.
  private var note: Run?
  /// Since the note's last estimate: the voiced estimates that agree with each other, which
  /// may be the next note.
  private var newcomer: Run?
  /// The frame of the estimate before, to tell whether a run's estimates follow each other.
  private var previousFrame: Int?

  private struct Run {
    var start: Int
    var last: Int
    var frequencies: [Double]
    /// Σ log2(frequency): the run's mean pitch is `logSum / frequencies.count`.
    var logSum: Double
    var loudest: Double
    /// The frames and powers of the latest estimates, oldest first: at least the last
    /// `historyKept`.
    var history: [(frame: Int, power: Double)]
    /// The powers of the last four estimates (the first one's, four times, to begin with).
    var recentPowers: SIMD4<Double>
    /// Where the run's estimates last began to come one after the other, with nothing between.
    var streakStart: Int
    /// The run has had `shortestNote` of estimates one after the other.
    var isEstablished = false
    /// The pitch of the note it took over from, without a break.
    var predecessor: Double?
    /// The pitches of the notes before it since the last break, latest first: they may ring on
    /// under it.
    var ringingUnder: [Double] = []

    init(_ estimate: PitchEstimate) {
      start = estimate.frame
      last = estimate.frame
      frequencies = [estimate.frequency]
      logSum = log2(estimate.frequency)
      loudest = estimate.power
      history = [(estimate.frame, estimate.power)]
      recentPowers = SIMD4(repeating: estimate.power)
      streakStart = estimate.frame
    }

    var duration: Int { last - start }
    /// In octaves above 1 Hz.
    var pitch: Double { logSum / Double(frequencies.count) }

    func holds(_ estimate: PitchEstimate) -> Bool {
      estimate.isVoiced
        && abs(1200 * (log2(estimate.frequency) - pitch)) <= NoteSegmenter.samePitchCents
    }

    /// Whether `estimate`, at another pitch, is `tailDepth` below the loudest and no louder
    /// than the run was last: the run fading.
    func fadesInto(_ estimate: PitchEstimate) -> Bool {
      estimate.isVoiced && estimate.power * NoteSegmenter.tailDepth <= loudest
        && estimate.power <= recentPowers.max()
    }

    /// Whether `estimate` is one of the notes before, lower than the run, ringing on under it
    /// and heard again as the run dies away faster: at its pitch, `resurfaceDepth` below the
    /// run's loudest and no louder than the run was last.
    func hearsRingingUnder(_ estimate: PitchEstimate) -> Bool {
      guard estimate.isVoiced, estimate.power * NoteSegmenter.resurfaceDepth <= loudest,
        estimate.power <= NoteSegmenter.ringingRise * recentPowers.max()
      else { return false }
      let heard = log2(estimate.frequency)
      return heard < pitch
        && ringingUnder.contains { NoteSegmenter.isSlip(heard - $0, ratios: [1]) }
    }

    /// Whether `estimate`, unvoiced, can be the run, established, with its period blurred: it
    /// is still fairly periodic, most like the run's pitch, and no more than `blurDepth` below
    /// the run's last estimates.
    func soundsOn(blurred estimate: PitchEstimate) -> Bool {
      isEstablished && !estimate.isVoiced && estimate.confidence >= NoteSegmenter.blurredClarity
        && estimate.power * NoteSegmenter.blurDepth >= recentPowers.min()
        && abs(1200 * (log2(estimate.likeliestFrequency) - pitch))
          <= NoteSegmenter.samePitchCents
    }

    /// Whether the run's estimates moved at least `glideCents` towards `next`, ending within a
    /// semitone of it.
    func glides(into next: Run) -> Bool {
      let moved = 1200 * log2(frequencies.last! / frequencies.first!)
      let remaining = 1200 * (next.pitch - log2(frequencies.last!))
      return abs(moved) >= NoteSegmenter.glideCents && moved * remaining > 0
        && abs(remaining) <= 100
    }

    func isStruckAgain(by estimate: PitchEstimate, shortestFall: Int) -> Bool {
      guard estimate.power >= NoteSegmenter.attackRise * recentPowers.min(),
        estimate.power * NoteSegmenter.attackReach >= loudest
      else { return false }
      let recent = history.indices.suffix(4)
      let trough = recent.min { history[$0].power < history[$1].power }!
      return fellLong(from: estimate.power, to: trough, shortestFall: shortestFall)
    }

    /// Whether the run, before falling to `history[trough]`, was last at `level` or louder at
    /// least `shortestFall` earlier (or never since its first estimate kept): a note let go,
    /// not a section's voices beating.
    func fellLong(from level: Double, to trough: Int, shortestFall: Int) -> Bool {
      var index = trough
      while index > 0, history[index].power < level { index -= 1 }
      return history[trough].frame - history[index].frame >= shortestFall
    }

    /// Where the run was sung again, if `estimate` completes that: the index in `history` of
    /// the lowest estimate within `window` before it, which lies `againDip` below the
    /// loudest of the `lookBack` before that, while `estimate` is back within `againReach` of
    /// the run's loudest, having risen `againRise` in the first `riseTime`. A vibrato does not
    /// dip that deep, a swell does not rise that fast, and the beating of a decaying string or
    /// the bump in a release does not come back that far.
    func repeatStart(
      before estimate: PitchEstimate, window: Int, lookBack: Int, riseTime: Int,
      shortestFall: Int
    ) -> Int? {
      guard estimate.power * NoteSegmenter.againReach >= loudest, var index = history.indices.last
      else { return nil }
      var trough = index
      while index > 0, history[index - 1].frame >= estimate.frame - window {
        index -= 1
        if history[index].power < history[trough].power { trough = index }
      }
      var peak = 0.0
      index = trough
      while index > 0, history[index - 1].frame >= history[trough].frame - lookBack {
        index -= 1
        peak = max(peak, history[index].power)
      }
      let riseEnd = history[trough].frame + riseTime
      var risen = estimate.frame <= riseEnd ? estimate.power : 0
      index = trough
      while index < history.count, history[index].frame <= riseEnd {
        risen = max(risen, history[index].power)
        index += 1
      }
      guard peak >= NoteSegmenter.againDip * history[trough].power,
        risen >= NoteSegmenter.againRise * history[trough].power,
        fellLong(
          from: loudest / NoteSegmenter.againReach, to: trough, shortestFall: shortestFall)
      else { return nil }
      return trough
    }

    /// `unbroken`: the estimate before this one in the stream was the run's.
    mutating func append(_ estimate: PitchEstimate, unbroken: Bool, shortestNote: Int) {
      if !unbroken { streakStart = estimate.frame }
      last = estimate.frame
      isEstablished = isEstablished || last - streakStart >= shortestNote
      frequencies.append(estimate.frequency)
      logSum += log2(estimate.frequency)
      loudest = max(loudest, estimate.power)
      history.append((estimate.frame, estimate.power))
      // Dropped in batches, so that it costs little per estimate.
      if history.count >= 2 * NoteSegmenter.historyKept {
        history.removeFirst(history.count - NoteSegmenter.historyKept)
      }
      recentPowers = SIMD4(recentPowers[1], recentPowers[2], recentPowers[3], estimate.power)
    }
  }

  public init(sampleRate: Int, longestBreak: Double = 0.1, shortestNote: Double = 0.04) {
    self.sampleRate = sampleRate
    self.longestBreak = Int(longestBreak * Double(sampleRate))
    self.shortestNote = Int(shortestNote * Double(sampleRate))
    longestPassage = 2 * self.longestBreak
    againWindow = Int(0.15 * Double(sampleRate))
    againLookBack = Int(0.3 * Double(sampleRate))
    againRiseTime = Int(0.05 * Double(sampleRate))
    shortestFall = Int(0.12 * Double(sampleRate))
  }

  /// Feeds the next estimate (in stream order); returns the notes that have just ended.
  public mutating func add(_ estimate: PitchEstimate) -> [NoteEvent] {
    defer { previousFrame = estimate.frame }
    if let current = note, current.holds(estimate) {
      newcomer = nil
      if current.isStruckAgain(by: estimate, shortestFall: shortestFall) {
        note = Run(estimate)
        return event(for: current)
      }
      if let trough = current.repeatStart(
        before: estimate, window: againWindow, lookBack: againLookBack, riseTime: againRiseTime,
        shortestFall: shortestFall)
      {
        var ended = current
        ended.last = current.history[trough - 1].frame
        note = Run(estimate)
        note!.start = current.history[trough].frame
        note!.streakStart = note!.start
        return event(for: ended)
      }
      note!.append(
        estimate, unbroken: current.last == previousFrame, shortestNote: shortestNote)
      return []
    }
    if let current = note,
      current.fadesInto(estimate) || current.soundsOn(blurred: estimate)
        || isRinging(current, under: estimate) || current.hearsRingingUnder(estimate)
    {
      // It sounds on, but its pitch does not count.
      note!.last = estimate.frame
      newcomer = nil
      return []
    }
    if let candidate = newcomer, candidate.holds(estimate) {
      newcomer!.append(estimate, unbroken: true, shortestNote: shortestNote)
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
    guard var next = newcomer, next.isEstablished else {
      note = newcomer
      newcomer = nil
      return event(for: current)
    }
    // An established newcomer began within `longestBreak` of the note's last estimate, or the
    // note would have ended then.
    newcomer = nil
    if Self.isSlip(next.pitch - current.pitch) {
      if current.duration < longestBreak {
        // The note's attack, heard a slip away: the newcomer began there.
        next.start = current.start
        note = next
        return []
      }
      if isPassing(current, to: next) {
        note = next
        return []
      }
    }
    if current.duration <= longestPassage, current.glides(into: next) {
      next.start = current.start
      note = next
      return []
    }
    next.predecessor = current.pitch
    next.ringingUnder = [current.pitch] + current.ringingUnder.prefix(Self.ringingNotes - 1)
    note = next
    return event(for: current)
  }

  /// Whether `run`, a slip away from `next`, was only the passage to it from the note before:
  /// below both, a slip away from that one too, which differs from `next`, and no longer than
  /// `longestPassage`.
  private func isPassing(_ run: Run, to next: Run) -> Bool {
    guard let before = run.predecessor, run.duration <= longestPassage else { return false }
    return run.pitch < min(before, next.pitch) && Self.isSlip(before - run.pitch)
      && !Self.isSlip(before - next.pitch, ratios: [1])
  }

  /// Ends the stream: returns the note still sounding, if any.
  public mutating func finish() -> [NoteEvent] {
    defer {
      note = nil
      newcomer = nil
      previousFrame = nil
    }
    return note.map(event(for:)) ?? []
  }

  private func newcomerHasTakenOver(from current: Run) -> Bool {
    guard let candidate = newcomer, candidate.isEstablished else { return false }
    let interval = candidate.pitch - current.pitch
    return !Self.isSlip(interval) && abs(interval) <= Self.widestLeap
  }

  private func event(for run: Run) -> [NoteEvent] {
    guard run.isEstablished else { return [] }
    let sorted = run.frequencies.sorted()
    let rate = Double(sampleRate)
    return [
      NoteEvent(
        start: Double(run.start) / rate, end: Double(run.last) / rate,
        frequency: sorted[sorted.count / 2])
    ]
  }

  /// Whether `estimate`, an octave, a twelfth or two octaves above the note, is only the note
  /// heard up there as its fundamental and odd partials die away before its octave: the note
  /// has sounded longer than `longestPassage`, up to the estimate before; the frame still
  /// repeats more exactly over a longer period, so partials below the estimate's sound on
  /// (`undertone`); and it is no more than 1 dB louder than the note was last, so nothing was
  /// struck. A note played a slip above has partials of its own only, or comes in louder.
  private func isRinging(_ current: Run, under estimate: PitchEstimate) -> Bool {
    current.last == previousFrame && current.duration > longestPassage && estimate.isVoiced
      && estimate.highestClarity - estimate.confidence >= Self.undertone
      && estimate.power <= Self.ringingRise * current.recentPowers.max()
      && Self.isSlip(log2(estimate.frequency) - current.pitch, ratios: [2, 3, 4])
  }

  /// Whether an interval, in octaves, is within half a semitone of one of the detector's
  /// slips, or of one of `ratios`.
  private static func isSlip(_ interval: Double, ratios: [Double] = slipRatios) -> Bool {
    ratios.contains { abs(1200 * (interval - log2($0))) <= samePitchCents }
  }
}
