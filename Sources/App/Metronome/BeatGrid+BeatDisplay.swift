import Practice

extension BeatGrid {
  /// The grid of the click `beat` was heard from, in a meter of `beatsPerBar`: beat 0 is the
  /// first after the count-in.
  init(heard beat: BeatDisplay, beatsPerBar: Int) {
    self.init(
      beat: beat.bar * beatsPerBar + beat.beatInBar, soundsAt: beat.audibleAt.sinceEpoch,
      bpm: beat.bpm)
  }
}
