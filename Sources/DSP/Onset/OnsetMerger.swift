/// Merges the onsets of the two onset functions into one list, in time order.
///
/// The spectral flux (`SpectralFlux`) places an onset well, on the waveform, and finds every
/// note that starts with a burst. The partials (`PartialNovelty`) find the notes that start
/// without one: a bowed, blown or sung note, or one that grows under the ringing of the note
/// before. A note the partials found counts when the flux found nothing near it; when both
/// found it, the flux places it.
struct OnsetMerger {
  /// A flux onset this close stands for the same note as a partials' onset.
  static let sameNoteSeconds = 0.08

  /// Samples a candidate waits after its frame for the candidates that could stand for it.
  let hold: Int
  private var spectral: [Onset] = []
  private var partial: [Onset] = []
  private var lastSpectral = Int.min / 2
  private var lastReported = -1
  private let minimumGap: Int

  init(sampleRate: Int) {
    hold = Int(Self.sameNoteSeconds * Double(sampleRate))
    minimumGap = Int(OnsetPeakPicker.minimumGapSeconds * Double(sampleRate))
  }

  mutating func addSpectral(_ onset: Onset) { spectral.append(onset) }

  mutating func addPartial(_ onset: Onset) { partial.append(onset) }

  /// The onsets decided now that neither function can find one before `settled`.
  mutating func release(upTo settled: Int) -> [Onset] {
    var onsets: [Onset] = []
    while true {
      let nextSpectral = spectral.first?.frame ?? Int.max
      let nextPartial = partial.first?.frame ?? Int.max
      guard min(nextSpectral, nextPartial) <= settled - hold else { break }
      if nextSpectral <= nextPartial {
        let onset = spectral.removeFirst()
        lastSpectral = onset.frame
        lastReported = onset.frame
        onsets.append(onset)
      } else {
        let onset = partial.removeFirst()
        let nearFlux =
          onset.frame - lastSpectral <= hold
          || spectral.first.map { $0.frame - onset.frame <= hold } ?? false
        if !nearFlux, lastReported < 0 || onset.frame >= lastReported + minimumGap {
          lastReported = onset.frame
          onsets.append(onset)
        }
      }
    }
    return onsets
  }
}
