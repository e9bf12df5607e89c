import DSP
import Files
import FoundationEssentials
import Glibc
import Synchronization

/// Writes blocks of mono float32 audio to a WAV file as they are played. The file is written
/// under a temporary name next to the target and renamed over it only when finished and
/// flushed, so a crash or a full disk never leaves half a file under the real name.
public final class WAVRecorder: Sendable {
  public let url: URL
  public let sampleRate: Int
  private let temporary: URL
  private let state: Mutex<State>

  private struct State {
    var descriptor: Int32
    var pending = Data()
    var frames = 0
    var failure: Errno?
  }

  /// Starts a recording; fails at once when `url` exists (nothing is ever silently replaced,
  /// unless `replacing` is set, and a device, FIFO or folder never) or its folder cannot be
  /// written.
  public init(url: URL, sampleRate: Int = 48_000, replacing: Bool = false) throws(WAVWriteError) {
    self.url = url
    self.sampleRate = sampleRate
    temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())")
    do throws(FileError) {
      try OutputTarget.check(url, replacing: replacing)
    } catch {
      throw WAVWriteError(file: url.lastPathComponent, reason: error.description)
    }
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw WAVWriteError(file: url.lastPathComponent, reason: Errno.current.description)
    }
    state = Mutex(State(descriptor: descriptor))
    // The header says "no frames" until the end, which readers treat like a cut-off file.
    state.withLock { Self.write(Self.header(sampleRate, frames: 0), into: &$0) }
  }

  /// Adds a block. Errors are kept and reported by `finish()`, so the audio path never throws.
  public func append(_ block: UnsafeBufferPointer<Float>) {
    state.withLock { state in
      guard state.failure == nil else { return }
      state.pending.append(WAVCodec.encodeSamples(block, as: .float32))
      state.frames += block.count
      if state.pending.count >= 1 << 20 { Self.flush(&state) }
    }
  }

  /// Completes the file: sizes patched, flushed, renamed into place.
  public func finish() throws(WAVWriteError) {
    let failure: Errno? = state.withLock { state in
      Self.flush(&state)
      let header = Self.header(sampleRate, frames: state.frames)
      if state.failure == nil {
        let written = header.withUnsafeBytes {
          pwrite(state.descriptor, $0.baseAddress, $0.count, 0)
        }
        if written != header.count || fsync(state.descriptor) != 0 { state.failure = .current }
      }
      // Network file systems may report a failed write only when the file is closed.
      if close(state.descriptor) != 0, state.failure == nil { state.failure = .current }
      state.descriptor = -1
      if state.failure == nil, rename(temporary.path, url.path) != 0 { state.failure = .current }
      return state.failure
    }
    if let failure {
      unlink(temporary.path)
      throw WAVWriteError(file: url.lastPathComponent, reason: failure.description)
    }
    syncFolder(url.deletingLastPathComponent())
  }

  /// Abandons the recording: the temporary file goes, nothing appears under the real name.
  public func discard() {
    state.withLock { state in
      if state.descriptor >= 0 { close(state.descriptor) }
      state.descriptor = -1
      state.failure = state.failure ?? Errno(code: ECANCELED)
    }
    unlink(temporary.path)
  }

  private static func header(_ sampleRate: Int, frames: Int) -> Data {
    WAVCodec.header(sampleRate: sampleRate, channels: 1, format: .float32, frameCount: frames)
  }

  private static func flush(_ state: inout State) {
    let pending = state.pending
    state.pending.removeAll(keepingCapacity: true)
    write(pending, into: &state)
  }

  private static func write(_ data: Data, into state: inout State) {
    guard state.failure == nil, state.descriptor >= 0 else { return }
    var offset = 0
    while offset < data.count {
      let written = data.withUnsafeBytes { bytes in
        Glibc.write(state.descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        state.failure = .current
        return
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
struct Errno: Error {
  let code: Int32

  static var current: Errno { Errno(code: errno) }

  var description: String { String(cString: strerror(code)) }
}
