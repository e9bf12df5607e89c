/// Which way a player's keys reach Woodshed: from the terminal it runs in, or over SSH from one
/// client. Each way has its own delay and wobble, so each is calibrated on its own.
public struct KeyRoute: Equatable, Sendable, CustomStringConvertible {
  /// How the route is named in the settings and on the screen: `local`, or `ssh from` and the
  /// client's address.
  public let name: String

  public static let local = KeyRoute(name: "local")

  init(name: String) {
    self.name = name
  }

  /// The route of a process started with `environment`: SSH puts the client's address first in
  /// `SSH_CONNECTION` (or `SSH_CLIENT`), and tmux or screen started over SSH pass it on.
  public init(environment: [String: String]) {
    let connection = environment["SSH_CONNECTION"] ?? environment["SSH_CLIENT"] ?? ""
    guard let client = connection.split(separator: " ").first else {
      self = .local
      return
    }
    name = "ssh from \(client)"
  }

  public var description: String { name }
}
