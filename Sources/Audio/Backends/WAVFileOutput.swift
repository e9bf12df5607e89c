import DSP
import FoundationEssentials
import Glibc

/// An output that records a renderer to a mono float32 WAV file instead of a speaker. It pulls
/// the same consecutive fixed-size blocks a sound card would, so the file holds exactly what a
/// listener would have heard, sample for sample, and tests can measure it.
///
/// The file is written under a temporary name next to the target and renamed over it only when
/// complete and flushed, so a crash or a full disk never leaves half a file under the real name.
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

  /// Renders frames `0 ..< frameCount` of `renderer` into the file.
  public func record(_ renderer: some AudioRenderer, frameCount: Int64) throws(WAVWriteError) {
    precondition(frameCount >= 0, "negative frame count")
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())")
    do throws(Errno) {
      let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else { throw .current }
      do throws(Errno) {
        try write(renderer, frameCount: frameCount, to: descriptor)
      } catch {
        close(descriptor)
        throw error
      }
      // Network file systems may report a failed write only when the file is closed.
      if close(descriptor) != 0 { throw .current }
      if rename(temporary.path, url.path) != 0 { throw .current }
    } catch {
      unlink(temporary.path)
      throw WAVWriteError(file: url.lastPathComponent, reason: error.description)
    }
    syncFolder(folder)
  }

  private func write(_ renderer: some AudioRenderer, frameCount: Int64, to descriptor: Int32)
    throws(Errno)
  {
    // The header says "no frames" until the end, which readers treat like a cut-off file.
    try writeAll(header(frameCount: 0), to: descriptor)
    var block = [Float](repeating: 0, count: blockSize)
    var pending = Data()
    let flushSize = 1 << 20
    pending.reserveCapacity(flushSize + blockSize * 4)
    var frame: Int64 = 0
    while frame < frameCount {
      let count = Int(min(Int64(blockSize), frameCount - frame))
      block.withUnsafeMutableBufferPointer { block in
        renderer.render(into: .init(rebasing: block[..<count]), startFrame: frame)
      }
      pending.append(WAVCodec.encodeSamples(block[..<count], as: .float32))
      if pending.count >= flushSize {
        try writeAll(pending, to: descriptor)
        pending.removeAll(keepingCapacity: true)
      }
      frame += Int64(count)
    }
    try writeAll(pending, to: descriptor)
    let final = header(frameCount: Int(frameCount))
    let written = final.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
    guard written == final.count else { throw .current }
    if fsync(descriptor) != 0 { throw .current }
  }

  private func header(frameCount: Int) -> Data {
    WAVCodec.header(sampleRate: sampleRate, channels: 1, format: .float32, frameCount: frameCount)
  }

  private func writeAll(_ data: Data, to descriptor: Int32) throws(Errno) {
    var offset = 0
    while offset < data.count {
      let written = data.withUnsafeBytes { bytes in
        Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw .current
      }
      offset += written
    }
  }

  /// Makes the rename itself survive a power cut; a folder that cannot be opened or synced
  /// (some network file systems) still holds a complete file, so this is best effort.
  private func syncFolder(_ folder: URL) {
    let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}

/// An `errno` value carried from a failed call to the error the user sees.
private struct Errno: Error {
  let code: Int32

  static var current: Errno { Errno(code: errno) }

  var description: String { String(cString: strerror(code)) }
}
