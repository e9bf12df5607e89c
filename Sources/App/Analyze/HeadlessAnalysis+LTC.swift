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
        frames: read.map(TimecodeTrack.Frame.init), sampleRate: audio.rate),
      let first = track.frames.first, let last = track.frames.last
    else {
      throw Launcher.Failure(
        description:
          "no timecode in \(URL(fileURLWithPath: path).lastPathComponent): not two LTC frames in a row"
      )
    }
    let seconds = { (point: TimecodeTrack.Point) in
      DecimalText.format(Double(point.sample) / Double(audio.rate), places: 3)
    }
    if json {
      let report = LTCReport(
        rate: track.rate.rawValue, frames: track.frames.count,
        first: LTCReport.Point(timecode: first.timecode.description, seconds: seconds(first)),
        last: LTCReport.Point(timecode: last.timecode.description, seconds: seconds(last)),
        jumps: track.jumps.map {
          LTCReport.Jump(
            from: $0.from.timecode.description, to: $0.to.timecode.description,
            seconds: seconds($0.to))
        },
        driftPPM: track.driftPPM.map { ($0 * 10).rounded() / 10 })
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      return String(decoding: (try? encoder.encode(report)) ?? Data(), as: UTF8.self) + "\n"
    }
    var lines = [
      "rate \(track.rate.rawValue)",
      "first \(first.timecode) at \(seconds(first)) s",
      "last \(last.timecode) at \(seconds(last)) s",
      "frames \(track.frames.count)",
    ]
    lines += track.jumps.map {
      "jump \($0.from.timecode) -> \($0.to.timecode) at \(seconds($0.to)) s"
    }
    if let drift = track.driftPPM {
      let sign = drift < 0 ? "-" : "+"
      lines.append(
        "drift \(sign)\(DecimalText.format(abs(drift), places: 1)) ppm against the file's clock"
          + " (\(sign)\(DecimalText.format(abs(drift) * 3.6, places: 1)) ms an hour)")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

private struct LTCReport: Encodable {
  struct Point: Encodable {
    var timecode: String
    var seconds: String
  }

  struct Jump: Encodable {
    var from: String
    var to: String
    var seconds: String
  }

  var rate: String
  var frames: Int
  var first: Point
  var last: Point
  var jumps: [Jump]
  var driftPPM: Double?
}
