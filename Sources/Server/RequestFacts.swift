import Hummingbird
import NIOCore

/// What the generated handlers cannot see in their input: the client's address (for the login
/// limit) and the bearer token (the security scheme is not a parameter). Set per request by
/// `RequestFactsMiddleware`, around the route that runs the handler in the same task.
enum RequestFacts {
  @TaskLocal static var address = "unknown"
  @TaskLocal static var bearerToken: String?
}

/// The request context: Hummingbird's own, plus the connected client's address.
struct RoomRequestContext: RequestContext, RemoteAddressRequestContext {
  var coreContext: CoreRequestContextStorage
  let remoteAddress: SocketAddress?

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
  }
}

struct RequestFactsMiddleware: RouterMiddleware {
  func handle(
    _ request: Request, context: RoomRequestContext,
    next: (Request, RoomRequestContext) async throws -> Response
  ) async throws -> Response {
    // Behind a reverse proxy every request comes from the proxy: the README's nginx example
    // passes the client's address, but a header anyone can send is not trusted here.
    let address = context.remoteAddress?.ipAddress ?? "unknown"
    let token = Self.bearerToken(in: request.headers[.authorization])
    return try await RequestFacts.$address.withValue(address) {
      try await RequestFacts.$bearerToken.withValue(token) {
        try await next(request, context)
      }
    }
  }

  static func bearerToken(in header: String?) -> String? {
    guard let header else { return nil }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    let token = parts[1].trimmingCharacters(in: .whitespaces)
    return token.isEmpty ? nil : token
  }
}
