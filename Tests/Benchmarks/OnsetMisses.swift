import Foundation
import ListeningEval
import Practice

/// A diagnostic for tuning the onset detector: woodshed alone on both parts, each part's
/// summary and its F by condition, then the tuning part's misses, misplaced and false onsets
/// and the notes graded otherwise than by the true onsets, clip by clip, clean (with a
/// schedule), with the app's click and with a foreign click at −6 dB. The held-out part gets
/// its summaries only: they are for checking, not for picking rules.
func onsetMisses() -> [String] {
  var lines: [String] = []
  for part in [EvaluationPart.heldOut, .tuning] {
    let clips = OnsetEvaluationSet.clips(of: part)
    let comparison = OnsetComparison.run(on: clips, others: false)
    lines += summary(comparison, part: part)
    lines += byCondition(comparison)
    if part == .tuning { lines += misses(comparison) }
  }
  return lines
}

private func summary(_ comparison: OnsetComparison, part: EvaluationPart) -> [String] {
  func f(_ filter: (EvaluationClip) -> Bool) -> String {
    String(format: "%.3f", comparison.scores(where: filter)[0].fMeasure)
  }
  let all = comparison.scores { _ in true }[0]
  let soft = comparison.scores { $0.category == .softAttack }[0]
  let grading = comparison.agreements { $0.condition.hasSchedule }[0]
  let clean = comparison.scores { $0.condition == .clean }[0].fMeasure
  let scheduled = comparison.scores { $0.condition == .scheduleWithoutClicks }[0].fMeasure
  return [
    "\(part == .heldOut ? "held out" : "tuning"): F \(f { _ in true })"
      + ", percussive and plucked \(f { $0.category.isPercussiveOrPlucked })"
      + ", bowed, blown and sung \(f { $0.category == .softAttack })"
      + String(format: ", median |error| %.1f ms", all.medianAbsoluteError * 1000)
      + String(format: ", within 10 ms %.3f", shareWithin10Milliseconds(all))
      + String(
        format: " (percussive and plucked %.3f",
        shareWithin10Milliseconds(comparison.scores { $0.category.isPercussiveOrPlucked }[0]))
      + String(
        format: ", bowed, blown and sung %.3f)",
        shareWithin10Milliseconds(comparison.scores { $0.category == .softAttack }[0]))
      + String(format: ", recall %.3f, precision %.3f", all.recall, all.precision)
      + String(format: " (bowed, blown and sung %.3f, %.3f)", soft.recall, soft.precision)
      + String(format: ", schedule − clean %+.3f", scheduled - clean)
      + String(
        format: ", grading agreement %.3f, offsets within 10 ms %.3f", grading.agreement,
        grading.closeOffsetShare)
  ]
}

/// Each condition's F: all, percussive and plucked (with recall and precision), and bowed, blown
/// and sung.
private func byCondition(_ comparison: OnsetComparison) -> [String] {
  OnsetCondition.all.map { condition in
    let all = comparison.scores { $0.condition == condition }[0]
    let percussive = comparison.scores {
      $0.condition == condition && $0.category.isPercussiveOrPlucked
    }[0]
    let soft = comparison.scores { $0.condition == condition && $0.category == .softAttack }[0]
    return String(
      format: "  %@: F %.3f, percussive and plucked %.3f (recall %.3f, precision %.3f)"
        + ", bowed, blown and sung %.3f",
      "\(condition)", all.fMeasure, percussive.fMeasure, percussive.recall, percussive.precision,
      soft.fMeasure)
  }
}

/// Each tuning clip's missed onsets, with the note before (how far below or above, and how
/// long since the player let go of it: negative while it still sounds); its onsets found more
/// than 10 ms off; its false onsets, with the nearest true one; and its notes graded otherwise.
private func misses(_ comparison: OnsetComparison) -> [String] {
  var lines: [String] = []
  let shown: [OnsetCondition] = [
    .scheduleWithoutClicks, .ownClick(decibels: -6), .foreignClick(decibels: -6),
  ]
  for entry in comparison.entries where shown.contains(entry.clip.condition) {
    let clip = entry.clip
    let score = entry.scores[0]
    let truth = clip.truthSeconds
    let detected = entry.detected[0]
    let graded = gradedOtherwise(clip, detected: detected)
    guard score.falseNegatives + score.falsePositives + graded.count > 0 else { continue }
    lines.append(
      "\(clip.name), \(clip.condition), \(Int(clip.performance.tempo)) BPM: "
        + String(format: "F %.3f", score.fMeasure))
    for (index, time) in truth.enumerated()
    where !detected.contains(where: { abs($0 - time) <= 0.05 }) {
      var line = String(format: "  missed %.3f s", time)
      if index > 0 {
        line += noteBefore(clip.performance.notes[index], clip.performance.notes[index - 1])
      }
      lines.append(line)
    }
    for (index, time) in truth.enumerated() {
      guard let nearest = detected.min(by: { abs($0 - time) < abs($1 - time) }),
        abs(nearest - time) > GradingAgreement.offsetTolerance, abs(nearest - time) <= 0.05
      else { continue }
      var line = String(format: "  placed %.3f s, %+.0f ms off", time, (nearest - time) * 1000)
      if index > 0 {
        line += noteBefore(clip.performance.notes[index], clip.performance.notes[index - 1])
      }
      lines.append(line)
    }
    for time in detected where !truth.contains(where: { abs($0 - time) <= 0.05 }) {
      let nearest = truth.min { abs($0 - time) < abs($1 - time) } ?? 0
      lines.append(
        String(format: "  false %.3f s, %+.0f ms from a true one", time, (time - nearest) * 1000))
    }
    lines += graded
  }
  return lines
}

/// How a note follows the one before: how far below or above, and how long since the player let
/// go of it (negative while it still sounds).
private func noteBefore(_ note: PerformedNote, _ before: PerformedNote) -> String {
  String(
    format: ", %+d semitones, %+.0f ms after the one before let go",
    note.pitch - before.pitch, (note.time - before.time - before.duration) * 1000)
}

/// The notes whose grading by the detected onsets differs from that by the true ones: hit or
/// missed, or hit more than 10 ms apart; with the clicks' offset when a detected hit is on one.
private func gradedOtherwise(_ clip: EvaluationClip, detected: [Double]) -> [String] {
  let expected = clip.performance.notes.map {
    RhythmGrader.ExpectedNote(time: $0.gridTime, windowBase: $0.writtenLength)
  }
  let grader = RhythmGrader()
  let byTruth = grader.grade(expected, hits: clip.truthSeconds).notes
  let byDetection = grader.grade(expected, hits: detected).notes
  let clicks = clip.clicks.map { Double($0) / Double(clip.sampleRate) }
  var lines: [String] = []
  for (truth, detection) in zip(byTruth, byDetection) {
    func text(_ hit: Double?) -> String {
      guard let hit else { return "missed" }
      let onClick = clicks.contains { abs($0 - hit) < 0.006 } ? " (on a click)" : ""
      return String(format: "%+.0f ms", (hit - truth.expected) * 1000) + onClick
    }
    let differ =
      switch (truth.hit, detection.hit) {
      case (nil, nil): false
      case (let a?, let b?): abs(a - b) > GradingAgreement.offsetTolerance
      default: true
      }
    guard differ else { continue }
    lines.append(
      String(format: "  graded %.3f s: ", truth.expected) + "truth \(text(truth.hit)), "
        + "detected \(text(detection.hit))")
  }
  return lines
}

/// The share of matched onsets found within the grading's tolerance of the true ones.
private func shareWithin10Milliseconds(_ score: OnsetScore) -> Double {
  let close = score.timingErrors.filter { abs($0) <= GradingAgreement.offsetTolerance }.count
  return Double(close) / Double(max(1, score.timingErrors.count))
}
