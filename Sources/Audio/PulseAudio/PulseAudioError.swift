/// Why a PulseAudio stream could not start, in one line for the status bar and `doctor`.
public enum PulseAudioError: Error, Equatable, Sendable {
  /// No server answered: none running, a wrong address, or it did not reply in time.
  case unavailable(reason: String)
  /// The server answered but would not open the stream, e.g. for an unknown device name.
  case refused(reason: String)

  public var reason: String {
    switch self {
    case .unavailable(let reason), .refused(let reason): reason
    }
  }
}
