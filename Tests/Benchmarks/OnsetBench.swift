import DSP
import Foundation
import ListeningEval

/// The onset figures the README quotes: woodshed beside aubio's `default` and `specflux`
/// methods and librosa's `onset_detect` on the same generated clips, the held-out part (never
/// tuned on) first, then the tuning part; and woodshed's speed.
func onsetFigures() -> [String] {
  let started = Date()
  var lines: [String] = []
  if let missing = OnsetEvaluationSet.missing {
    lines.append("onset evaluation without \(missing): those sources are left out")
  }
  var allClips: [EvaluationClip] = []
  for part in [EvaluationPart.heldOut, .tuning] {
    let clips = OnsetEvaluationSet.clips(of: part)
    allClips += clips
    let comparison = OnsetComparison.run(on: clips, others: true)
    if part == .heldOut, !comparison.skipped.isEmpty {
      lines.append("onset comparison without " + comparison.skipped.joined(separator: ", "))
    }
    lines += report(comparison, part: part)
    let leavingOut = OnsetEvaluationSet.clipsLeavingNotesOut(
      of: part, conditions: leftOutConditions)
    lines += reportLeftOut(OnsetComparison.run(on: leavingOut, others: true))
  }
  lines.append(
    String(format: "onset detection speed: %.0f× real time on one core", speed(on: allClips)))
  lines.append(
    String(format: "onset evaluation: %.0f s in all", Date().timeIntervalSince(started)))
  return lines
}

private func report(_ comparison: OnsetComparison, part: EvaluationPart) -> [String] {
  let clips = comparison.entries.map(\.clip)
  let onsets = clips.reduce(0) { $0 + $1.truth.count }
  let label = part == .heldOut ? "held out (never tuned on)" : "tuning part"
  var lines = ["onsets, \(label): \(clips.count) clips, \(onsets) onsets"]
  func row(_ name: String, _ values: [String]) { lines.append(tableRow(name, values)) }
  row("", comparison.detectors)
  func fMeasures(_ name: String, where filter: (EvaluationClip) -> Bool) {
    row(name, comparison.scores(where: filter).map { String(format: "%.3f", $0.fMeasure) })
  }
  fMeasures("F (±50 ms), whole part") { _ in true }
  fMeasures("percussive and plucked") { $0.category.isPercussiveOrPlucked }
  fMeasures("bowed, blown and sung") { $0.category == .softAttack }
  for condition in OnsetCondition.all {
    fMeasures("  \(condition)") { $0.condition == condition }
  }
  for source in EvaluationClip.Source.allCases where source.part == part {
    fMeasures("  \(source.rawValue)") { $0.source == source }
  }
  row(
    "median |timing error|",
    comparison.scores { _ in true }.map {
      String(format: "%.1f ms", $0.medianAbsoluteError * 1000)
    })
  // Only woodshed is given the schedule; the others hear the same audio either way.
  let clean = comparison.scores { $0.condition == .clean }[0].fMeasure
  let scheduled = comparison.scores { $0.condition == .scheduleWithoutClicks }[0].fMeasure
  row("F with schedule − clean", [String(format: "%+.3f", scheduled - clean)])
  let all = comparison.agreements { $0.condition.hasSchedule }
  let struck = comparison.agreements {
    $0.condition.hasSchedule && $0.category.isPercussiveOrPlucked
  }
  row("grading: hit/miss agreement", all.map { String(format: "%.3f", $0.agreement) })
  row("    percussive and plucked", struck.map { String(format: "%.3f", $0.agreement) })
  row("grading: offset within 10 ms", all.map { String(format: "%.3f", $0.closeOffsetShare) })
  row("    percussive and plucked", struck.map { String(format: "%.3f", $0.closeOffsetShare) })
  return lines
}

/// The notes left out are heard where a player practises: with the schedule, without clicks
/// and with the app's own click loud in the room.
private let leftOutConditions: [OnsetCondition] = [
  .scheduleWithoutClicks, .ownClick(decibels: -6),
]

/// How often grading by each detector's onsets calls hit a note the player left out, holding
/// the note before on through it (`Performance.leavingOut`); and the hit/miss agreement over
/// every note of those takes.
private func reportLeftOut(_ comparison: OnsetComparison) -> [String] {
  let leftOut = comparison.agreements { _ in true }.first?.leftOut ?? 0
  var lines = [
    "  one note in \(OnsetEvaluationSet.leftOutInterval) left out (\(leftOut) notes), "
      + leftOutConditions.map(\.description).joined(separator: " and ")
  ]
  func row(_ name: String, _ values: [String]) { lines.append(tableRow(name, values)) }
  func calledHit(_ name: String, where filter: (EvaluationClip) -> Bool) {
    row(
      name,
      comparison.agreements(where: filter).map {
        String(format: "%.3f", $0.leftOutCalledHitShare)
      })
  }
  calledHit("grading: left out, called hit") { _ in true }
  calledHit("    percussive and plucked") { $0.category.isPercussiveOrPlucked }
  calledHit("    bowed, blown and sung") { $0.category == .softAttack }
  row(
    "grading: hit/miss agreement",
    comparison.agreements { _ in true }.map { String(format: "%.3f", $0.agreement) })
  return lines
}

/// A row of the figures' table: its label, then a column for each detector.
private func tableRow(_ name: String, _ values: [String]) -> String {
  let cells = values.map { $0.padding(toLength: columnWidth) }.joined()
  let line = ("  " + name).padding(toLength: labelWidth) + cells
  return String(line.reversed().drop { $0 == " " }.reversed())
}

private let labelWidth = 34
private let columnWidth = 16

extension String {
  fileprivate func padding(toLength length: Int) -> String {
    count >= length ? self + " " : self + String(repeating: " ", count: length - count)
  }
}

/// Seconds of audio analysed per second of one core's time, the best of three passes over the
/// clips without a click schedule (clean and noisy), fed as the app feeds it, in blocks of
/// 10 ms.
private func speed(on clips: [EvaluationClip]) -> Double {
  let chosen = clips.filter { !$0.condition.hasSchedule }
  let audio = chosen.reduce(0) { $0 + $1.duration }
  var best = Double.infinity
  for _ in 0..<3 {
    let started = clock()
    for clip in chosen {
      let detector = OnsetDetector(sampleRate: clip.sampleRate)
      let block = clip.sampleRate / 100
      clip.samples.withUnsafeBufferPointer { samples in
        var start = 0
        while start < samples.count {
          let end = min(samples.count, start + block)
          _ = detector.process(UnsafeBufferPointer(rebasing: samples[start..<end]))
          start = end
        }
      }
      _ = detector.finish()
    }
    best = min(best, Double(clock() - started) / Double(CLOCKS_PER_SEC))
  }
  return audio / best
}
