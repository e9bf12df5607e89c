import DSP

extension MetronomeVoices {
  /// Woodshed's own sounds. The count-in uses the woodblock so the player hears where the
  /// bars they play begin.
  public init(sampleRate: Int) {
    self.init(
      accent: MetronomeVoice.accentClick.samples(sampleRate: sampleRate),
      normal: MetronomeVoice.click.samples(sampleRate: sampleRate),
      subdivision: MetronomeVoice.subdivisionTick.samples(sampleRate: sampleRate),
      countIn: MetronomeVoice.woodblock.samples(sampleRate: sampleRate),
      target: MetronomeVoice.targetTick.samples(sampleRate: sampleRate))
  }
}
