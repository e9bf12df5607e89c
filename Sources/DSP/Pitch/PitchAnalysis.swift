/// Notes in a whole recording, for `woodshed analyze pitch` and for tests.
public enum PitchAnalysis {
  /// The detector takes the samples in blocks, so its buffers stay small for long files.
  private static let blockSize = 4096

  public static func notes(in samples: [Float], sampleRate: Int) -> [NoteEvent] {
    let detector = PitchDetector(sampleRate: sampleRate)
    var segmenter = NoteSegmenter(sampleRate: sampleRate)
    var notes: [NoteEvent] = []
    samples.withUnsafeBufferPointer { samples in
      for start in stride(from: 0, to: samples.count, by: blockSize) {
        let block = UnsafeBufferPointer(
          rebasing: samples[start..<min(start + blockSize, samples.count)])
        for estimate in detector.process(block) { notes += segmenter.add(estimate) }
      }
    }
    for estimate in detector.finish() { notes += segmenter.add(estimate) }
    return notes + segmenter.finish()
  }
}
