import Foundation
import Storage

/// What `woodshed login` leaves for the next command: the server, the account and its token.
public struct Credentials: Codable, Equatable, Sendable {
  public var server: String
  public var name: String
  public var token: String
  public var expiresAt: Date

  public init(server: String, name: String, token: String, expiresAt: Date) {
    self.server = server
    self.name = name
    self.token = token
    self.expiresAt = expiresAt
  }
}

/// `account.json` in the user's config folder, readable by its owner only: the token in it
/// is as good as the password until it expires.
public struct CredentialsFile: Sendable {
  public let url: URL

  public init(paths: StoragePaths) {
    url = paths.accountFile
  }

  /// The saved credentials, or nil when nobody is logged in.
  public func read() throws(ClientFailure) -> Credentials? {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    do {
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      return try decoder.decode(Credentials.self, from: Data(contentsOf: url))
    } catch {
      throw .localFile("cannot read \(url.path): log in again")
    }
  }

  public func write(_ credentials: Credentials) throws(ClientFailure) {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      try AtomicFile.write(encoder.encode(credentials), to: url, mode: 0o600)
    } catch {
      throw .localFile("cannot save \(url.path): \(error)")
    }
  }

  public func remove() throws(ClientFailure) {
    guard FileManager.default.fileExists(atPath: url.path) else { return }
    do {
      try FileManager.default.removeItem(at: url)
    } catch {
      throw .localFile("cannot remove \(url.path): \(error.localizedDescription)")
    }
  }
}
