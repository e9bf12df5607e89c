/// Playback levels in percent.
public struct Volumes: Equatable, Sendable {
  public static let range = 0...100

  public var master = 80
  public var click = 80
  public var instrument = 80

  public init() {}

  public init(master: Int, click: Int, instrument: Int) {
    self.master = master
    self.click = click
    self.instrument = instrument
  }
}
