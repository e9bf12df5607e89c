import Audio
import FoundationEssentials
import Practice

extension HeadlessAnalysis {
  /// The recorder's timecode in a WAV recording of its LTC output: the rate, the first and last
  /// timecode read and where, each jump, and the drift against the file's own sample clock.
  public static func ltc(file path: String, json: Bool) throws(Launcher.Failure) -> String {
    let audio = try load(path)
    let read = LTCReader.frames(in: audio.samples, sampleRate: audio.rate).filter { !$0.isReversed }
    guard
      let track = TimecodeTrack(
        frames: read.map(TimecodeTrack.Frame.init), sampleRate: audio.rate)
    else {
      throw Launcher.Failure(
        description:
          "no timecode in \(URL(fileURLWithPath: path).lastPathComponent): not two LTC frames in a row"
      )
    }
    return report(of: track, unitsPerSecond: audio.rate, json: json)
  }
}
