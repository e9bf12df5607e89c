import CPulseAudio
import Glibc

/// Conversions between Swift durations, PulseAudio microseconds, frames and CLOCK_MONOTONIC.
enum PulseTime {
  /// Every Woodshed stream runs at this rate, mono float32, so a frame is four bytes.
  static let sampleRate = 48_000
  static let bytesPerFrame = MemoryLayout<Float>.size

  static func microseconds(_ duration: Duration) -> pa_usec_t {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0 else { return 0 }
    return pa_usec_t(seconds) * 1_000_000 + pa_usec_t(attoseconds / 1_000_000_000_000)
  }

  static func frames(_ duration: Duration) -> Int {
    Int(microseconds(duration)) * sampleRate / 1_000_000
  }
}
