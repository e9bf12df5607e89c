import Audio
import Foundation
import Synchronization
import XCTest

/// The private PulseAudio daemon that `make test` starts (Tests/with-pulseaudio.sh), and small
/// tools shared by the PulseAudio tests. Names carry the prefix because the test target is
/// shared with other Audio tests.
enum PulseAudioTestSupport {
  static var server: String {
    get throws { try environment("WOODSHED_TEST_PULSE_SERVER") }
  }

  static var sink: String {
    get throws { try environment("WOODSHED_TEST_PULSE_SINK") }
  }

  static let sampleRate = PulseAudioOutput.sampleRate

  /// Polls `condition` every 10 ms until it holds or `timeout` passes; returns the last answer.
  @discardableResult
  static func wait(upTo timeout: Duration, for condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
      if ContinuousClock.now >= deadline { return condition() }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return true
  }

  static func monotonicNow() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
  }

  private static func environment(_ name: String) throws -> String {
    guard let value = ProcessInfo.processInfo.environment[name] else {
      XCTFail("no private PulseAudio daemon: run the suite with `make test`")
      throw CancellationError()
    }
    return value
  }
}

/// Collects the statuses an output or input reports, for tests to wait on.
final class PulseAudioStatusLog: Sendable {
  private let statuses = Mutex<[PulseAudioStreamStatus]>([])

  var all: [PulseAudioStreamStatus] { statuses.withLock { $0 } }

  func append(_ status: PulseAudioStreamStatus) {
    statuses.withLock { $0.append(status) }
  }

  /// Waits until a status after the first `skipping` ones matches, and returns it.
  func wait(
    upTo timeout: Duration, skipping: Int = 0, for matches: (PulseAudioStreamStatus) -> Bool
  ) -> PulseAudioStreamStatus? {
    var found: PulseAudioStreamStatus?
    PulseAudioTestSupport.wait(upTo: timeout) {
      found = all.dropFirst(skipping).first(where: matches)
      return found != nil
    }
    return found
  }
}

/// Keeps everything an input delivers, checking that the blocks' frame indices are consecutive.
final class PulseAudioSampleRecorder: Sendable {
  private struct Recording {
    var samples: [Float] = []
    var firstFrame: Int64?
    var discontinuities = 0
    var loudFrames = 0
  }

  private let recording = Mutex(Recording())

  /// Reserves `seconds` of samples so the audio thread does not reallocate while recording.
  init(seconds: Int) {
    recording.withLock { $0.samples.reserveCapacity(seconds * PulseAudioTestSupport.sampleRate) }
  }

  var samples: [Float] { recording.withLock { $0.samples } }
  var discontinuities: Int { recording.withLock { $0.discontinuities } }
  var frameCount: Int { recording.withLock { $0.samples.count } }
  /// Samples louder than 0.1, counted as they arrive so that waiting for sound is cheap.
  var loudFrames: Int { recording.withLock { $0.loudFrames } }

  func consume(_ block: UnsafeBufferPointer<Float>, startingAt frame: Int64) {
    recording.withLock { recording in
      if let first = recording.firstFrame {
        if frame != first + Int64(recording.samples.count) { recording.discontinuities += 1 }
      } else {
        recording.firstFrame = frame
      }
      recording.samples.append(contentsOf: block)
      recording.loudFrames += block.count { abs($0) > 0.1 }
    }
  }
}

/// Renders silence and remembers how far it was pulled; can stall once, like a renderer that
/// blocks on a lock, to provoke an underrun.
final class PulseAudioCountingRenderer: AudioRenderer {
  private struct Progress {
    var end: Int64 = 0
    var discontinuities = 0
    var hasStalled = false
  }

  private let progress = Mutex(Progress())
  private let stallFrame: Int64?
  private let stallSeconds: Double

  init(stallAt stallFrame: Int64? = nil, for stallSeconds: Double = 0) {
    self.stallFrame = stallFrame
    self.stallSeconds = stallSeconds
  }

  /// One past the last frame pulled.
  var end: Int64 { progress.withLock { $0.end } }
  /// Blocks that did not start where the previous one ended.
  var discontinuities: Int { progress.withLock { $0.discontinuities } }

  func render(into buffer: UnsafeMutableBufferPointer<Float>, startFrame: Int64) {
    buffer.update(repeating: 0)
    let shouldStall = progress.withLock { progress in
      if startFrame != progress.end { progress.discontinuities += 1 }
      progress.end = startFrame + Int64(buffer.count)
      guard let stallFrame, !progress.hasStalled, startFrame >= stallFrame else { return false }
      progress.hasStalled = true
      return true
    }
    if shouldStall { Thread.sleep(forTimeInterval: stallSeconds) }
  }
}
