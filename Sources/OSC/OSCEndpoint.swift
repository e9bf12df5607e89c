import Glibc

/// Where OSC messages go or are taken from: a host (a name or an address) and a UDP port,
/// written `HOST:PORT` (`[::1]:9000` for an IPv6 address); `PORT` alone is the loopback.
public struct OSCEndpoint: Equatable, Sendable, CustomStringConvertible {
  public let host: String
  public let port: UInt16

  public init?(_ text: String) {
    let host: Substring
    let port: Substring
    if let colon = text.lastIndex(of: ":") {
      host = text[..<colon]
      port = text[text.index(after: colon)...]
    } else {
      host = "127.0.0.1"
      port = Substring(text)
    }
    guard let number = UInt16(port), number > 0 else { return nil }
    let bare = host.hasPrefix("[") && host.hasSuffix("]") ? host.dropFirst().dropLast() : host
    guard !bare.isEmpty, !bare.contains(where: { $0 == " " || $0.isNewline }) else { return nil }
    self.host = String(bare)
    self.port = number
  }

  public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

  /// The endpoint's UDP addresses, or why it has none in one line.
  func resolved() throws(OSCSocketError) -> UnsafeMutablePointer<addrinfo> {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_DGRAM.rawValue)
    hints.ai_flags = AI_NUMERICSERV | AI_PASSIVE
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let list else {
      throw OSCSocketError(description: "\(self): \(String(cString: gai_strerror(status)))")
    }
    return list
  }
}

/// Why a socket could not be opened or a message not sent, in one line.
public struct OSCSocketError: Error, Equatable, CustomStringConvertible {
  public let description: String

  static func system(_ what: String, _ endpoint: OSCEndpoint) -> OSCSocketError {
    OSCSocketError(description: "\(endpoint): \(what): \(String(cString: strerror(errno)))")
  }
}
