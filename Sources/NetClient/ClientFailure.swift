/// Why a network command failed, in the one line it prints.
public enum ClientFailure: Error, Equatable, Sendable, CustomStringConvertible {
  case notLoggedIn
  case tokenRefused
  case unreachable(server: String)
  case badServerURL(String)
  /// The server said no, in its own one line (a wrong password, a taken name, too large …).
  case refused(String)
  case localFile(String)

  public var description: String {
    switch self {
    case .notLoggedIn: "not logged in: run woodshed login NAME --server URL"
    case .tokenRefused: "the server refused the token: it expired or was revoked; log in again"
    case .unreachable(let server):
      "could not reach the server at \(server): is woodshed serve running there?"
    case .badServerURL(let text): "cannot use \(text) as a server: give http://HOST:PORT"
    case .refused(let message): message
    case .localFile(let message): message
    }
  }
}
