/// Whether sound can be made, and if not, why — shown on the status line and by `doctor`.
public enum AudioStatus: Equatable, Sendable {
  case checking
  case available(AudioServerInfo)
  case unavailable(reason: String)

  public var isAvailable: Bool {
    if case .available = self { return true }
    return false
  }
}

public struct AudioServerInfo: Equatable, Sendable {
  public var serverName: String
  public var serverVersion: String
  public var defaultSink: String
  public var sampleRate: Int

  public init(serverName: String, serverVersion: String, defaultSink: String, sampleRate: Int) {
    self.serverName = serverName
    self.serverVersion = serverVersion
    self.defaultSink = defaultSink
    self.sampleRate = sampleRate
  }

  /// The server `pa_server_info` describes, named as its admin knows it. PipeWire's PulseAudio
  /// service calls itself "PulseAudio (on PipeWire 0.3.65)" and gives the version of the
  /// PulseAudio it stands in for (15.0.0), not its own: it is named pipewire-pulse 0.3.65.
  public init(reportedName: String, reportedVersion: String, defaultSink: String, sampleRate: Int) {
    let pipeWire = "PulseAudio (on PipeWire "
    if reportedName.hasPrefix(pipeWire), reportedName.hasSuffix(")") {
      self.init(
        serverName: "pipewire-pulse",
        serverVersion: String(reportedName.dropFirst(pipeWire.count).dropLast()),
        defaultSink: defaultSink, sampleRate: sampleRate)
    } else {
      self.init(
        serverName: reportedName, serverVersion: reportedVersion, defaultSink: defaultSink,
        sampleRate: sampleRate)
    }
  }
}
