import DSP
import Foundation
import ListeningEval

/// A quick diagnostic for the bowed, blown and sung notes of the tuning part, heard with a
/// schedule but no clicks: F, recall and precision by source, and where woodshed's onsets fall
/// around the true ones (each found onset against the nearest true one within 250 ms), in 10 ms
/// steps, and how many of those the partials' function alone found (strength 1 and above). It
/// takes a minute where the whole evaluation takes several.
func onsetSoftFigures() -> [String] {
  onsetFigures(of: [.softAttack])
}

/// The same diagnostic for the struck and plucked sounds of the tuning part, piano included,
/// in every condition: clicks and noise are where their onsets move.
func onsetStruckFigures() -> [String] {
  onsetFigures(
    of: OnsetCategory.allCases.filter { $0 != .softAttack }, conditions: OnsetCondition.all)
}

private func onsetFigures(
  of categories: [OnsetCategory], conditions: [OnsetCondition] = [.scheduleWithoutClicks]
) -> [String] {
  let clips = OnsetEvaluationSet.clips(of: .tuning, conditions: conditions)
    .filter { categories.contains($0.category) }
  let found = clips.map { clip in (clip, OnsetRun.woodshedOnsets(clip)) }
  let runs = found.map { clip, onsets in
    (clip, onsets.map { Double($0.frame) / Double(clip.sampleRate) })
  }
  var lines: [String] = []
  let sources = Set(clips.map { $0.source }).sorted { $0.rawValue < $1.rawValue }
  for source in [EvaluationClip.Source?.none] + sources.map(Optional.some) {
    let chosen = runs.filter { source == nil || $0.0.source == source }
    let score = OnsetScore(merging: chosen.map { OnsetRun.score($0.0, detected: $0.1) })
    let close = score.timingErrors.filter { abs($0) <= 0.010 }.count
    lines.append(
      String(
        format: "%@: %d clips, F %.3f, recall %.3f, precision %.3f, within 10 ms %.3f",
        source?.rawValue ?? "all", chosen.count, score.fMeasure, score.recall, score.precision,
        Double(close) / Double(max(1, score.timingErrors.count))))
  }
  if conditions.count > 1 {
    for condition in conditions {
      let chosen = runs.filter { $0.0.condition == condition }
      let score = OnsetScore(merging: chosen.map { OnsetRun.score($0.0, detected: $0.1) })
      let close = score.timingErrors.filter { abs($0) <= 0.010 }.count
      lines.append(
        String(
          format: "%@: F %.3f, within 10 ms %.3f", condition.description, score.fMeasure,
          Double(close) / Double(max(1, score.timingErrors.count))))
    }
  }
  var histogram: [Int: (all: Int, partials: Int)] = [:]
  var misplaced: [String: (early: Int, late: Int)] = [:]
  for (clip, onsets) in found {
    let truth = clip.truthSeconds
    for found in onsets {
      let onset = Double(found.frame) / Double(clip.sampleRate)
      guard let nearest = truth.min(by: { abs($0 - onset) < abs($1 - onset) }) else { continue }
      let error: Double = onset - nearest
      guard abs(error) <= 0.25 else { continue }
      let step = Int((error * 100).rounded(.down))
      histogram[step, default: (0, 0)].all += 1
      if abs(error) > 0.010 && abs(error) <= 0.05 {
        let kind = "\(clip.category.rawValue), \(clip.source.rawValue)"
        if error < 0 { misplaced[kind, default: (0, 0)].early += 1 }
        if error > 0 { misplaced[kind, default: (0, 0)].late += 1 }
      }
      if found.strength >= 1 { histogram[step, default: (0, 0)].partials += 1 }
    }
  }
  lines.append(
    "  off by 10-50 ms, early/late: "
      + misplaced.keys.sorted().map { "\($0) \(misplaced[$0]!.early)/\(misplaced[$0]!.late)" }
      .joined(separator: "; "))
  lines.append("  false onsets: " + falseOnsetKinds(found))
  lines.append("  missed notes: " + missedNoteSteps(runs))
  lines += histogram.keys.sorted().map { step in
    String(
      format: "  %+4d..%+4d ms: %d (partials %d)", step * 10, step * 10 + 10,
      histogram[step]!.all, histogram[step]!.partials)
  }
  return lines
}

/// The found onsets no true onset within 50 ms accounts for, by where they fall in the note
/// sounding then: late (up to 250 ms after its start), in its middle, at its end (from 30 ms
/// before the player lets go to 150 ms after), before the next one (in the silence up to it);
/// a late one beside a note already found by how late (in 50 ms steps), and those the partials'
/// function alone found marked so.
private func falseOnsetKinds(_ runs: [(EvaluationClip, [Onset])]) -> String {
  var kinds: [String: Int] = [:]
  for (clip, detected) in runs {
    let truth = clip.truthSeconds
    var claimed = Set<Int>()
    for found in detected {
      let onset = Double(found.frame) / Double(clip.sampleRate)
      let origin = found.strength >= 1 ? " (partials)" : ""
      if let index = truth.indices.filter({
        !claimed.contains($0) && abs(truth[$0] - onset) <= 0.05
      })
      .min(by: { abs(truth[$0] - onset) < abs(truth[$1] - onset) }) {
        claimed.insert(index)
        continue
      }
      guard let index = truth.lastIndex(where: { $0 <= onset }),
        index < clip.performance.notes.count
      else {
        kinds["before the first", default: 0] += 1
        continue
      }
      let note = clip.performance.notes[index]
      let release = note.time + note.duration
      let kind =
        if onset - truth[index] <= 0.25 && onset < release - 0.03 {
          claimed.contains(index)
            ? "late, again \(Int((onset - truth[index]) * 20) * 50) ms" : "late, alone"
        } else if onset < release - 0.03 {
          "middle"
        } else if onset <= release + 0.15 {
          "at the end"
        } else {
          "before the next"
        }
      kinds[kind + origin, default: 0] += 1
    }
  }
  return kinds.keys.sorted().map { "\($0) \(kinds[$0]!)" }.joined(separator: ", ")
}

/// The true onsets no found onset within 50 ms accounts for, by the step from the note before:
/// the same pitch, a step (up to two semitones), a leap, or the first note.
private func missedNoteSteps(_ runs: [(EvaluationClip, [Double])]) -> String {
  var kinds: [String: Int] = [:]
  for (clip, detected) in runs {
    let notes = clip.performance.notes
    for (index, truth) in clip.truthSeconds.enumerated()
    where !detected.contains(where: { abs($0 - truth) <= 0.05 }) {
      let kind =
        if index == 0 || index >= notes.count {
          "first"
        } else {
          switch abs(notes[index].pitch - notes[index - 1].pitch) {
          case 0: "same pitch"
          case 1...2: "a step"
          default: "a leap"
          }
        }
      kinds[kind, default: 0] += 1
    }
  }
  return kinds.keys.sorted().map { "\($0) \(kinds[$0]!)" }.joined(separator: ", ")
}
