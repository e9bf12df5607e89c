/// Finds where notes, claps and hits start in a stream of mono audio, fed in blocks of any size.
/// Every onset is reported once, in time order, at most `latency` samples after its sound
/// starts, at the sample where the sound starts; the same input gives the same onsets however
/// it is split into blocks.
///
/// The metronome's own clicks are not reported when the detector is told when they sound
/// (`expectClick`): their sound is learned where nobody plays and taken out of the windows they
/// fall in, so a hit played on a click is still found, where it was played.
///
/// The pipeline: windowed spectra every 5 ms (`OnsetSpectrum`), grouped into bands
/// (`OnsetBands`), minus the clicks (`ClickBleed`), give the onset function (`SpectralFlux`),
/// whose peaks above an adaptive threshold are onsets (`OnsetPeakPicker`); each is then placed
/// on the waveform (`OnsetRefiner`). Beside it, longer windows follow the partials
/// (`PartialNovelty`, `PartialOnsetPicker`) to find the notes that start with no burst, such as
/// a bowed or sung note or one under the ringing of the note before, unless the note before
/// goes on at the same pitch (`NoteContinuation`); the two are merged (`OnsetMerger`).
public final class OnsetDetector {
  public let sampleRate: Int
  /// The most samples by which an onset's report can trail its sound's start.
  public let latency: Int

  /// Clicks may be announced this long after their audio has been given to `process`.
  public static let clickAnnouncementSeconds = 0.01
  /// At every sample rate from 8 to 192 kHz, `latency` is at most this long: how long a
  /// consumer waits before taking a sound for no onset.
  public static let longestReportDelaySeconds = 0.25
  /// A band in which a click makes up this share of what is heard is the click's, for the
  /// partials.
  static let clickShare: Float = 0.3

  private let spectrum: OnsetSpectrum
  private let bands: OnsetBands
  private var history: SampleHistory
  private var flux: SpectralFlux
  private var picker: OnsetPeakPicker
  private var refiner: OnsetRefiner
  private let bleed: ClickBleed
  private var magnitudes: [Float]
  private var bandMagnitudes: [Float]
  private var clickBands: [Float]
  private var heardBands: [Float]
  private let clickAllowance: Int
  private let minimumGap: Int
  private let partials: PartialNovelty
  private var partialPicker: PartialOnsetPicker
  private var aloneClicks: AloneClicks
  private var merger: OnsetMerger
  private var continuation: NoteContinuation
  /// How far behind the analysed input an onset of either function can still be found.
  private let spectralReach: Int
  private let partialReach: Int
  /// For the spectral windows within the latest partials' window, whether a click filled each
  /// band.
  private var clickedRows: [Bool]
  private var partialClicks: [Bool]
  private var windowsSinceClick = Int.max / 2
  private var nextWindowStart = 0
  private var nextPartialStart = 0
  private var lastFound = -1
  private var finished = false
  /// Told each frame's onset-function value and the first sample of the window it judges.
  var onsetFunctionObserver: ((Int, Float) -> Void)?

  /// `clickTemplates` are the metronome's sounds as the app plays them, indexed by the clicks'
  /// `sound`, and `clickPath` how they reach the microphone, from a calibration: together they
  /// predict a click whose sound was not heard alone yet.
  public init(
    sampleRate: Int, profile: InstrumentProfile? = nil, clickTemplates: [[Float]] = [],
    clickPath: ClickPath? = nil
  ) {
    precondition(sampleRate > 0, "sample rate must be positive")
    self.sampleRate = sampleRate
    let spectrum = OnsetSpectrum(sampleRate: sampleRate)
    let bands = OnsetBands(fftSize: spectrum.size, sampleRate: sampleRate)
    let hopSeconds = Double(spectrum.hop) / Double(sampleRate)
    self.spectrum = spectrum
    self.bands = bands
    flux = SpectralFlux(bandCount: bands.count, hopSeconds: hopSeconds)
    picker = OnsetPeakPicker(hopSeconds: hopSeconds)
    if let profile {
      flux.setWeights(profile.bandWeights(at: bands.centres))
      picker.setOffset(profile.threshold(untuned: picker.offset))
    }
    minimumGap = picker.minimumGap * spectrum.hop
    clickAllowance = Int(Double(sampleRate) * Self.clickAnnouncementSeconds)
    let framesLate =
      SpectralFlux.persistence + OnsetPeakPicker.lookAhead + OnsetPeakPicker.sustainedFrames
    refiner = OnsetRefiner(
      sampleRate: sampleRate,
      longestSearch: spectrum.size + clickAllowance + (framesLate + 1) * spectrum.hop)
    // A slow swell's start can be placed a little before the window where it was noticed.
    spectralReach =
      spectrum.size + clickAllowance + framesLate * spectrum.hop + refiner.earliestBeforeWindow
    partials = PartialNovelty(sampleRate: sampleRate, bandCentres: bands.centres)
    clickedRows = [Bool](
      repeating: false,
      count: (PartialNovelty.hopsPerWindow - OnsetSpectrum.hopsPerWindow + 1) * bands.count)
    partialClicks = [Bool](repeating: false, count: bands.count)
    partialPicker = PartialOnsetPicker(hopSeconds: hopSeconds)
    aloneClicks = AloneClicks(sampleRate: sampleRate)
    merger = OnsetMerger(sampleRate: sampleRate)
    continuation = NoteContinuation(sampleRate: sampleRate)
    let partialFramesLate = PartialNovelty.framesLate + PartialOnsetPicker.lookAhead
    partialReach =
      (partialFramesLate + 1) * spectrum.hop + partials.size - partials.earliestStart(ofFrame: 0)
    // Onsets are released as the partials' windows come in, which trail the input by up to
    // the click allowance and a hop.
    latency = max(spectralReach, partialReach) + merger.hold + clickAllowance + spectrum.hop
    bleed = ClickBleed(
      templates: clickTemplates, path: clickPath, spectrum: spectrum, bands: bands,
      sampleRate: sampleRate,
      askedLater: refiner.reach + (framesLate + 1) * spectrum.hop + spectrum.size)
    magnitudes = [Float](repeating: 0, count: bands.binsRead)
    bandMagnitudes = [Float](repeating: 0, count: bands.count)
    clickBands = bandMagnitudes
    heardBands = bandMagnitudes
    let learnerReach = bleed.excerpt.end - bleed.excerpt.start
    history = SampleHistory(
      capacity: latency
        + max(refiner.reach, learnerReach, partials.size, partialReach + continuation.lookBack)
        + spectrum.hop)
  }

  /// A metronome click will sound at this input frame. Announce each click before its audio is
  /// given to `process`, or at most `clickAnnouncementSeconds` after, in the order they sound.
  public func expectClick(atFrame frame: Int, sound: Int = 0, isAlone: Bool = false) {
    bleed.expect(frame, sound: sound, isAlone: isAlone)
    if isAlone { aloneClicks.add(frame) }
  }

  /// How the clicks reach the microphone: as given, such as from a calibration, until alone
  /// clicks of sounds given as templates are heard, then as learned from them.
  public var clickPath: ClickPath? {
    get { bleed.path }
    set { if let newValue { bleed.follow(newValue) } }
  }

  public func process(_ block: UnsafeBufferPointer<Float>) -> [Onset] {
    precondition(!finished, "process after finish")
    var onsets: [Onset] = []
    var offset = 0
    // A hop at a time, so the history never runs further ahead of the analysis than it holds.
    while offset < block.count {
      let count = min(spectrum.hop, block.count - offset)
      history.append(UnsafeBufferPointer(rebasing: block[offset..<(offset + count)]))
      offset += count
      while nextWindowStart + spectrum.size + clickAllowance <= history.end {
        // Clicks are learned as each window comes due, however the input was split in blocks.
        bleed.listen(
          to: history, upTo: nextWindowStart + spectrum.size + clickAllowance,
          spectrum: spectrum, bands: bands)
        analyseWindow()
      }
      let analysed = min(
        nextWindowStart + spectrum.size + clickAllowance, nextPartialStart + partials.size)
      onsets += merger.release(upTo: analysed - max(spectralReach, partialReach))
    }
    return onsets
  }

  /// Ends the stream: the onsets still waiting for their look-ahead are decided as if silence
  /// followed.
  public func finish() -> [Onset] {
    let silence = [Float](repeating: 0, count: latency + spectrum.hop)
    let onsets = silence.withUnsafeBufferPointer { process($0) }
    finished = true
    return onsets
  }

  /// Learns the metronome's sound from a whole recording at once, so that even the first
  /// clicks are recognised. Call after announcing the clicks and before `process`.
  func learnClicks(from samples: [Float]) {
    bleed.learn(from: samples, spectrum: spectrum, bands: bands)
  }

  /// The partials' window that ends with this spectral window is analysed, told of the bands
  /// in which a click sounded in any spectral window within it.
  private func addPartialFrame(clicking: Bool) {
    let windows = clickedRows.count / bands.count
    let row = (nextWindowStart / spectrum.hop % windows) * bands.count
    for band in 0..<bands.count {
      clickedRows[row + band] = clicking && clickBands[band] > Self.clickShare * heardBands[band]
    }
    windowsSinceClick = clicking ? 0 : windowsSinceClick + 1
    guard nextWindowStart + spectrum.size >= nextPartialStart + partials.size else { return }
    if windowsSinceClick < windows {
      for band in 0..<bands.count {
        var any = false
        for window in 0..<windows where clickedRows[window * bands.count + band] { any = true }
        partialClicks[band] = any
      }
    }
    if let found = partials.add(
      windowStart: nextPartialStart, of: history,
      clickedBands: windowsSinceClick < windows ? partialClicks : nil),
      let peak = partialPicker.push(frame: found.frame, value: found.value)
    {
      let start = partials.soundStart(ofFrame: peak.frame)
      if !flux.isTooFaint, !aloneClicks.covers(start),
        !continuation.goesOn(
          at: start, in: history, upTo: nextWindowStart + spectrum.size + clickAllowance)
      {
        merger.addPartial(Onset(frame: start, strength: peak.strength))
      }
    }
    nextPartialStart += spectrum.hop
  }

  private func analyseWindow() {
    // What the refiner may read: up to where this window's analysis needs the input, however
    // far the input given has gone, so that blocks of any size give the same onsets.
    let analysedUpTo = nextWindowStart + spectrum.size + clickAllowance
    spectrum.magnitudes(of: history, from: nextWindowStart, into: &magnitudes)
    bands.apply(magnitudes, into: &bandMagnitudes)
    let clicking = bleed.takeOut(
      windowStart: nextWindowStart, windowSize: spectrum.size, bands: &bandMagnitudes,
      heard: &heardBands, clicks: &clickBands)
    let rise = flux.rise(
      bands: bandMagnitudes, heard: clicking ? heardBands : nil,
      clickBands: clicking ? clickBands : nil)
    let judgedWindow = (picker.pushedCount - SpectralFlux.persistence) * spectrum.hop
    onsetFunctionObserver?(judgedWindow, rise)
    addPartialFrame(clicking: clicking)
    nextWindowStart += spectrum.hop
    // The judged frame's rise compares windows up to `framesBack` before it with windows up to
    // `persistence` after it: a click in any of them is near.
    let clickReach = SpectralFlux.framesBack.upperBound + SpectralFlux.persistence + 1
    guard
      let peak = picker.push(
        rise, level: flux.judgedLevel, nearClick: windowsSinceClick <= clickReach)
    else { return }
    if flux.isTooFaint {
      picker.withdrawLast()
      return
    }
    let window = peak.frame - SpectralFlux.persistence
    let windowStart = window * spectrum.hop
    let riseStart = flux.riseStart(window: window).map {
      Int(($0 * Double(spectrum.hop) + Double(spectrum.size) / 2).rounded())
    }
    // A note's end (cut off or fading out) can splash over the spectrum, but starts nothing.
    guard
      let found = refiner.soundStart(
        window: windowStart..<(windowStart + spectrum.size), upTo: analysedUpTo,
        notBefore: lastFound + minimumGap, of: history, riseStart: riseStart,
        clicks: bleed.energy(in:))
    else {
      picker.withdrawLast()
      return
    }
    let start = max(0, found, lastFound + 1)
    lastFound = start
    merger.addSpectral(Onset(frame: start, strength: peak.strength))
  }
}
