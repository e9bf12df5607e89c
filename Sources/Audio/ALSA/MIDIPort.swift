/// A port of the ALSA sequencer that plays MIDI into Woodshed: a USB keyboard, pads, an
/// electronic drum kit, or a program such as a virtual keyboard.
public struct MIDIPort: Equatable, Sendable {
  public var client: Int
  public var port: Int
  public var clientName: String
  public var portName: String
  /// A device rather than a program: these are the ports connected when none is chosen.
  public var isHardware: Bool

  public init(client: Int, port: Int, clientName: String, portName: String, isHardware: Bool) {
    self.client = client
    self.port = port
    self.clientName = clientName
    self.portName = portName
    self.isHardware = isHardware
  }

  /// The sequencer's address, as `aconnect -l` shows it: "20:0".
  public var address: String { "\(client):\(port)" }

  /// The name to show: most devices repeat their name in their port's.
  public var name: String {
    portName.hasPrefix(clientName) ? portName : "\(clientName): \(portName)"
  }

  /// Whether `choice` (an address such as "20:0", or a part of the name) names this port.
  public func matches(_ choice: String) -> Bool {
    choice == address || name.lowercased().contains(choice.lowercased())
  }
}
