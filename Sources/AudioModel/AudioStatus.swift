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
}
