/// A Standard MIDI File of a recorder's MIDI Time Code, as a MIDI recorder keeps it: quarter
/// frames (escaped `F1 nn` events), four a frame, timed to the microsecond (1000 ticks per
/// quarter at 1000 µs a quarter). The tests' own encoder, written from the MIDI specification
/// apart from the app's decoder.
public struct MIDITimecodeFile {
  /// MIDI Time Code's rate numbers: 24, 25, 29.97 drop-frame, 30.
  public var rateCode: Int
  /// The first frame's labels: hours, minutes, seconds, frames.
  public var start: [Int]
  /// How many frames are sent, two at a time (eight quarter frames).
  public var frames: Int
  /// The seconds one frame lasts on the file's clock: a recorder whose clock drifts sends
  /// its frames a little faster or slower than its rate.
  public var frameSeconds: Double
  /// A frame index from which the labels jump one second ahead, as a recorder dropping a
  /// second does; nil for none.
  public var skippingAt: Int?

  public init(
    rateCode: Int, start: [Int], frames: Int, frameSeconds: Double, skippingAt: Int? = nil
  ) {
    self.rateCode = rateCode
    self.start = start
    self.frames = frames
    self.frameSeconds = frameSeconds
    self.skippingAt = skippingAt
  }

  private var labelsPerSecond: Int { [24, 25, 30, 30][rateCode] }
  private var isDropFrame: Bool { rateCode == 2 }

  /// The labels of the frame `count` frames after midnight.
  private func labels(ofCount count: Int) -> [Int] {
    var count = count
    if isDropFrame {
      // Two labels are skipped each minute but every tenth: 17982 frames in ten minutes.
      let tens = count / 17_982
      let rest = count % 17_982
      count += 18 * tens + (rest < 2 ? 0 : 2 * ((rest - 2) / 1_798))
    }
    let perSecond = labelsPerSecond
    return [
      count / (3600 * perSecond) % 24, count / (60 * perSecond) % 60, count / perSecond % 60,
      count % perSecond,
    ]
  }

  /// The frame count of `labels`, the inverse of `labels(ofCount:)`.
  private func count(ofLabels labels: [Int]) -> Int {
    let perSecond = labelsPerSecond
    let minutes = labels[0] * 60 + labels[1]
    var count = (minutes * 60 + labels[2]) * perSecond + labels[3]
    if isDropFrame { count -= 2 * (minutes - minutes / 10) }
    return count
  }

  public var bytes: [UInt8] {
    let first = count(ofLabels: start)
    let skip = labelsPerSecond
    var track: [UInt8] = [0x00, 0xFF, 0x51, 0x03, 0x00, 0x03, 0xE8]
    var now = 0
    for index in stride(from: 0, to: frames - 1, by: 2) {
      let label = labels(
        ofCount: first + index + (skippingAt.map { index >= $0 ? skip : 0 } ?? 0))
      let values = [
        label[3] & 0xF, label[3] >> 4, label[2] & 0xF, label[2] >> 4, label[1] & 0xF,
        label[1] >> 4, label[0] & 0xF, label[0] >> 4 | rateCode << 1,
      ]
      for (piece, value) in values.enumerated() {
        let tick = Int(((Double(index) + Double(piece) / 4) * frameSeconds * 1e6).rounded())
        track +=
          MIDIFile.variableLength(tick - now) + [0xF7, 0x02, 0xF1, UInt8(piece << 4 | value)]
        now = tick
      }
    }
    track += [0x00, 0xFF, 0x2F, 0x00]
    return Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 0x03, 0xE8] + Array("MTrk".utf8)
      + (0..<4).reversed().map { UInt8((track.count >> (8 * $0)) & 0xFF) } + track
  }
}
