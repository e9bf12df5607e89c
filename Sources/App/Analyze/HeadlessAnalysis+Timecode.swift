import FoundationEssentials
import Practice

extension HeadlessAnalysis {
  /// A recorder's timecode as read: the rate, the first and last timecode and where, each jump,
  /// and the drift against the clock it was read by, which counts `unitsPerSecond`.
  static func report(of track: TimecodeTrack, unitsPerSecond: Int, json: Bool) -> String {
    let first = track.frames[0]
    let last = track.frames[track.frames.count - 1]
    let seconds = { (point: TimecodeTrack.Point) in
      DecimalText.format(Double(point.sample) / Double(unitsPerSecond), places: 3)
    }
    if json {
      let report = TimecodeReport(
        rate: track.rate.rawValue, frames: track.frames.count,
        first: TimecodeReport.Point(timecode: first.timecode.description, seconds: seconds(first)),
        last: TimecodeReport.Point(timecode: last.timecode.description, seconds: seconds(last)),
        jumps: track.jumps.map {
          TimecodeReport.Jump(
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

private struct TimecodeReport: Encodable {
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
