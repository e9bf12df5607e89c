import DSP
import FoundationEssentials
import Glibc

/// An output that records a renderer to a mono float32 WAV file instead of a speaker. It pulls
/// the same consecutive fixed-size blocks a sound card would, so the file holds exactly what a
/// listener would have heard, sample for sample, and tests can measure it.
///
/// It writes through a `WAVRecorder`, so a crash never leaves half a file under the real name.
public struct WAVFileOutput: Sendable {
  public let url: URL
  public let sampleRate: Int
  /// Frames per pull, as a sound card's period; 480 is 10 ms at 48 kHz.
  public let blockSize: Int

  public init(url: URL, sampleRate: Int = 48_000, blockSize: Int = 480) {
    precondition(sampleRate > 0, "sample rate must be positive")
    precondition(blockSize > 0, "blocks must hold at least one frame")
    self.url = url
    self.sampleRate = sampleRate
    self.blockSize = blockSize
  }

  /// Renders frames `0 ..< frameCount` of `renderer` into the file, replacing it.
  public func record(_ renderer: some AudioRenderer, frameCount: Int64) throws(WAVWriteError) {
    precondition(frameCount >= 0, "negative frame count")
    let recorder = try WAVRecorder(url: url, sampleRate: sampleRate, replacing: true)
    var block = [Float](repeating: 0, count: blockSize)
    var frame: Int64 = 0
    while frame < frameCount {
      let count = Int(min(Int64(blockSize), frameCount - frame))
      block.withUnsafeMutableBufferPointer { block in
        let part = UnsafeMutableBufferPointer(rebasing: block[..<count])
        renderer.render(into: part, startFrame: frame)
        recorder.append(UnsafeBufferPointer(part))
      }
      frame += Int64(count)
    }
    try recorder.finish()
  }
}
