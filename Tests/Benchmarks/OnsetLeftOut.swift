import DSP
import Foundation
import ListeningEval
import Practice

/// A diagnostic for the notes a player left out (`Performance.leavingOut`), on the tuning part
/// alone, heard with a schedule but no clicks: how often grading by woodshed's onsets calls
/// them hit, by instrument, and for each one called hit the onset that took it, where it lies
/// from the written note and from the held note's start, and whether the partials' function
/// alone found it.
func onsetLeftOutFigures() -> [String] {
  let clips = OnsetEvaluationSet.clipsLeavingNotesOut(
    of: .tuning, conditions: [.scheduleWithoutClicks])
  var lines: [String] = []
  var byInstrument: [String: (leftOut: Int, calledHit: Int)] = [:]
  let grader = RhythmGrader()
  for clip in clips {
    let onsets = OnsetRun.woodshedOnsets(clip)
    let seconds = onsets.map { Double($0.frame) / Double(clip.sampleRate) }
    let written = clip.performance.written
    let expected = written.map {
      RhythmGrader.ExpectedNote(time: $0.gridTime, windowBase: $0.writtenLength)
    }
    let graded = grader.grade(expected, hits: seconds).notes
    let leftOut = Set(clip.performance.leftOut.map(\.gridTime))
    for (note, grade) in zip(written, graded) where leftOut.contains(note.gridTime) {
      byInstrument[clip.name, default: (0, 0)].leftOut += 1
      guard let hit = grade.hit else { continue }
      byInstrument[clip.name, default: (0, 0)].calledHit += 1
      let held = clip.performance.notes.last { $0.gridTime < note.gridTime }
      let onset = onsets[seconds.firstIndex(of: hit)!]
      lines.append(
        String(
          format: "  %@ at %.3f s: onset %+.0f ms from the note written, %.0f ms into the held"
            + " note%@",
          clip.name, note.gridTime, (hit - note.gridTime) * 1000,
          (hit - (held?.time ?? 0)) * 1000, onset.strength >= 1 ? " (partials)" : ""))
    }
  }
  let total = byInstrument.values.reduce((0, 0)) { ($0.0 + $1.leftOut, $0.1 + $1.calledHit) }
  return [
    String(
      format: "tuning, schedule, no clicks: %d of %d notes left out called hit (%.3f)", total.1,
      total.0, Double(total.1) / Double(max(1, total.0)))
  ]
    + byInstrument.keys.sorted().filter { byInstrument[$0]!.calledHit > 0 }.map {
      "  \($0): \(byInstrument[$0]!.calledHit) of \(byInstrument[$0]!.leftOut)"
    } + lines
}
