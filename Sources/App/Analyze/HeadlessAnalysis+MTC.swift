import FoundationEssentials
import Practice

extension HeadlessAnalysis {
  /// The recorder's timecode in a Standard MIDI File of its MIDI Time Code, as a MIDI recorder
  /// keeps the quarter frames: the rate, the first and last timecode read and where, each jump,
  /// and the drift against the file's own clock.
  public static func mtc(file path: String, json: Bool) throws(Launcher.Failure) -> String {
    let frames = TimecodeTrack.Frame.frames(inMIDITimecode: try MIDIPerformanceFile.events(path))
    guard
      let track = TimecodeTrack(
        frames: frames, sampleRate: TimecodeTrack.Frame.midiTimecodeUnitsPerSecond)
    else {
      throw Launcher.Failure(
        description:
          "no timecode in \(URL(fileURLWithPath: path).lastPathComponent): not two MIDI Time Code frames in a row"
      )
    }
    return report(
      of: track, unitsPerSecond: TimecodeTrack.Frame.midiTimecodeUnitsPerSecond, json: json)
  }
}
