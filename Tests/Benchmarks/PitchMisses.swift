import DSP
import Foundation
import ListeningEval

/// A diagnostic for tuning the pitch detector: each tuning soundfont's summary, then every note
/// of its that was not named right, with the notes found in its time. The held-out soundfonts
/// are left out: they are for checking, not for picking rules.
func pitchMisses() -> [String] {
  SoundFont.tuning.flatMap { soundFont in
    PitchEvaluationSet.clips(from: soundFont).flatMap { clip in
      let found = PitchAnalysis.notes(in: clip.samples, sampleRate: clip.sampleRate)
      let score = PitchScore(played: clip.notes, found: found)
      let header = String(
        format: "%@, %@: %.1f %% of %d (missing %d, split %d, wrong pitch %d)", soundFont.name,
        clip.instrument, 100 * score.namedRightShare, score.played, score.missing, score.split,
        score.wrongPitch)
      return [header]
        + clip.notes.indices.compactMap { index in
          let note = clip.notes[index]
          let own = PitchScore.found(found, for: index, of: clip.notes)
          let midi = own.map { 69 + 12 * log2($0.frequency / 440) }
          guard own.count != 1 || Int(midi[0].rounded()) != note.midi else { return nil }
          let notes = zip(own, midi).map { event, midi in
            String(format: "%.3f–%.3f %.2f", event.start, event.end, midi)
          }
          return String(
            format: "  #%d midi %d %.3f–%.3f: ", index, note.midi, note.start, note.end)
            + (notes.isEmpty ? "none" : notes.joined(separator: ", "))
        }
    }
  }
}
