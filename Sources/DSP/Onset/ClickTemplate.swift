/// A sound the app plays as a click, as the detector would hear it played straight into the
/// microphone: its spectra at every position in a window and its energy, a block at a time.
struct ClickTemplate {
  /// Played straight into the microphone, with no echo.
  let spectra: ClickSpectra
  /// Each block's energy from the sound's first sample.
  let energy: [Float]

  init(
    sound: [Float], spectrum: OnsetSpectrum, bands: OnsetBands, sampleRate: Int, blockLength: Int
  ) {
    spectra = ClickSpectra(sound: sound, spectrum: spectrum, bands: bands, sampleRate: sampleRate)
    energy = stride(from: 0, to: sound.count, by: blockLength).map { start in
      sound[start..<min(sound.count, start + blockLength)].reduce(0) { $0 + $1 * $1 }
    }
  }
}
