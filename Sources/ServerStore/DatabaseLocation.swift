import Foundation

/// Where the server keeps its data: an SQLite file (the embedded default) or a PostgreSQL
/// database that several `serve` processes share.
public enum DatabaseLocation: Equatable, Sendable, CustomStringConvertible {
  case sqlite(path: String)
  /// `postgres://user:password@host:port/database` over TCP, or
  /// `postgres+uds://user@localhost/path/to/.s.PGSQL.5432#database` over a Unix socket.
  case postgres(url: String)

  /// Reads `sqlite:PATH`, `postgres://…`, `postgresql://…` or their `+uds` forms.
  public init(parsing text: String) throws(StoreError) {
    if text.hasPrefix("sqlite:") {
      let path = String(text.dropFirst("sqlite:".count))
      guard !path.isEmpty else { throw StoreError.badLocation(text) }
      self = .sqlite(path: path)
    } else if ["postgres://", "postgres+tcp://", "postgres+uds://", "postgresql://"].contains(
      where: text.hasPrefix)
    {
      self = .postgres(url: text)
    } else {
      throw StoreError.badLocation(text)
    }
  }

  public var kind: String {
    switch self {
    case .sqlite: "sqlite"
    case .postgres: "postgresql"
    }
  }

  /// The location without a password, for logs.
  public var description: String {
    switch self {
    case .sqlite(let path): return "sqlite:\(path)"
    case .postgres(let url):
      guard var components = URLComponents(string: url), components.password != nil else {
        return url
      }
      components.password = "***"
      return components.string ?? "postgres://…"
    }
  }
}
