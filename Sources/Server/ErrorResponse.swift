import Foundation
import Hummingbird
import NIOCore
import OpenAPIRuntime
import ServerStore

/// Every refusal the server makes outside the generated handlers is one JSON object with one
/// line in `error`, as the handlers' own are: too large a body, a body that is not the
/// operation's JSON, an unknown route, an error nobody expected.
struct ErrorResponseMiddleware: RouterMiddleware {
  typealias Context = RoomRequestContext
  let maxBodyBytes: Int

  func handle(
    _ request: Request, context: RoomRequestContext,
    next: (Request, RoomRequestContext) async throws -> Response
  ) async throws -> Response {
    let limit = limit(for: request)
    if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
      return Self.response(.contentTooLarge, Self.tooLargeMessage(limit))
    }
    do {
      var request = request
      // Bodies without a length are read up to the limit before the handler sees them.
      _ = try await request.collectBody(upTo: limit)
      return try await next(request, context)
    } catch is NIOTooManyBytesError {
      return Self.response(.contentTooLarge, Self.tooLargeMessage(limit))
    } catch let error as HTTPError {
      return Self.response(error.status, error.body ?? error.status.reasonPhrase.lowercased())
    } catch let error as ServerError {
      // Only the cause: the whole error prints the request's headers, a bearer token among them.
      context.logger.notice(
        "refused a request",
        metadata: ["operation": "\(error.operationID)", "cause": "\(error.underlyingError)"])
      return Self.response(error.httpStatus, Self.message(for: error))
    } catch {
      context.logger.error("request failed", metadata: ["error": "\(error)"])
      return Self.response(.internalServerError, "the server failed; its log says why")
    }
  }

  /// A backup item may be larger than any other body: it carries a whole history file, and
  /// its handler holds it to `BackupRules.maximumItemBytes`.
  private func limit(for request: Request) -> Int {
    guard request.method == .put, request.uri.path == "/backup/items" else { return maxBodyBytes }
    return max(maxBodyBytes, BackupRules.maximumRequestBytes)
  }

  private static func tooLargeMessage(_ limit: Int) -> String {
    "the request body is larger than \(limit) bytes"
  }

  private static func message(for error: ServerError) -> String {
    switch error.httpStatus.kind {
    case .clientError: "the request is not what \(error.operationID) takes"
    default: "the server failed; its log says why"
    }
  }

  static func response(_ status: HTTPResponse.Status, _ message: String) -> Response {
    let data = (try? JSONEncoder().encode(["error": message])) ?? Data()
    var headers = HTTPFields()
    headers[.contentType] = "application/json"
    return Response(
      status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(data: data)))
  }
}
