import AudioModel

/// Where captured sound comes from: the PulseAudio source, or a WAV file standing in for it
/// (`--audio-in`), which delivers the same blocks in real time or as fast as possible.
public enum Microphone: Sendable {
  case pulse(PulseAudioInput)
  case file(WAVFileInput)

  /// Starts capture; throws the one-line reason it cannot.
  public func start(consumer: @escaping PulseAudioInput.Consumer) throws(MicrophoneError) {
    switch self {
    case .pulse(let input):
      do {
        try input.start(consumer: consumer)
      } catch {
        throw MicrophoneError(reason: error.reason)
      }
    case .file(let input):
      do {
        try input.start(consumer: consumer)
      } catch {
        throw MicrophoneError(reason: error.description)
      }
    }
  }

  public func stop() {
    switch self {
    case .pulse(let input): input.stop()
    case .file(let input): input.stop()
    }
  }

  /// Which input frame is captured when; nil while stopped, and for a file read as fast as
  /// possible, whose frames are captured at no particular instant.
  public func timing() -> InputClock? {
    switch self {
    case .pulse(let input): input.timing()
    case .file(let input): input.timing()
    }
  }
}

/// Why capture could not start, in one line.
public struct MicrophoneError: Error, Equatable, Sendable, CustomStringConvertible {
  public let reason: String

  public init(reason: String) {
    self.reason = reason
  }

  public var description: String { reason }
}
