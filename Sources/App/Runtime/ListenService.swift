import Audio
import FoundationEssentials
import Storage

/// The microphone for the running app: the PulseAudio source, or the `--audio-in` file, with
/// the listener that turns its blocks into events for the main loop.
final class ListenService {
  private let overrides: RunOverrides
  private let server: String?
  private let onEvents: @Sendable ([ListenerEvent]) -> Void
  private var microphone: Microphone?

  init(
    overrides: RunOverrides, server: String?,
    onEvents: @escaping @Sendable ([ListenerEvent]) -> Void
  ) {
    self.overrides = overrides
    self.server = server
    self.onEvents = onEvents
  }

  /// Starts listening; returns why it cannot, in one line.
  func start(devices: AudioDeviceSettings) -> String? {
    stop()
    let microphone: Microphone
    if let file = overrides.audioIn {
      microphone = .file(
        WAVFileInput(
          url: URL(fileURLWithPath: file),
          pacing: overrides.readsAudioInFast ? .asFastAsPossible : .realTime))
    } else {
      microphone = .pulse(PulseAudioInput(devices: devices, server: server))
    }
    let listener = Listener(onEvents: onEvents)
    do {
      try microphone.start(consumer: listener.consume)
    } catch {
      return error.reason
    }
    self.microphone = microphone
    return nil
  }

  func stop() {
    microphone?.stop()
    microphone = nil
  }
}
