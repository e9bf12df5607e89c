import AsyncHTTPClient
import Foundation
import HTTPTypes
import NetAPI
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime

/// An account as the server describes it.
public struct AccountInfo: Equatable, Sendable {
  public let name: String
  public let role: String
  public let createdAt: Date
}

/// An invitation as the server made it: the code, written K7QF-M2XP, and whom it is for.
public typealias InvitationInfo = Components.Schemas.Invitation

/// A shared pattern as the server lists it.
public struct SharedPatternInfo: Equatable, Sendable {
  public let id: String
  public let from: String
  /// Nil for a share to everyone.
  public let to: String?
  public let patternID: String
  public let name: String
  public let createdAt: Date
  /// How many rated the pattern and their average stars, where the server told (its inbox).
  public var ratingCount: Int?
  public var ratingAverage: Double?
}

/// What the server made of one interval game sent to it.
public enum ScoreOutcome: Equatable, Sendable {
  case recorded
  case alreadyRecorded
  /// The game cannot give that record; the server's line says why.
  case implausible(String)
}

/// One player's best game on a board.
public struct LeaderboardRow: Equatable, Sendable {
  public let place: Int
  public let player: String
  public let score: Int
  public let level: Int
  public let playedAt: Date
}

/// A pattern's board for one level band: the ten best, my own row and those near it.
public struct Leaderboard: Equatable, Sendable {
  public let band: Int
  public let players: Int
  public let top: [LeaderboardRow]
  public let mine: LeaderboardRow?
  /// The players just before and just after mine, in board order: those near my level.
  public let near: [LeaderboardRow]
}

/// One player's best session on a drill's, a streak's or a rhythm line's board.
public struct ScoreBoardRow: Equatable, Sendable {
  public let place: Int
  public let player: String
  /// Cards right, or the accuracy in percent.
  public let score: Double
  public let playedAt: Date
}

/// A board of the drill, the streak or a rhythm line: the ten best, my own row and those near
/// it.
public struct ScoreBoard: Equatable, Sendable {
  /// The packs sorted and joined by commas, or the line then @, the tempo, x and the bars.
  public let board: String
  public let players: Int
  public let top: [ScoreBoardRow]
  public let mine: ScoreBoardRow?
  /// The players just before and just after mine, in board order: those near my level.
  public let near: [ScoreBoardRow]
}

/// Which board of the drill, the streak or the rhythm trainer to read.
public enum ScoreBoardChoice: Equatable, Sendable {
  case drill(packs: [String])
  case streak(packs: [String])
  case rhythm(line: [String], bpm: Int, bars: Int)
}

/// The generated client for one server, each answer turned into a value or a `ClientFailure`.
public struct PracticeRoomClient: Sendable {
  public let server: String
  private let serverURL: URL

  public init(server: String) throws(ClientFailure) {
    guard let url = URL(string: server), let scheme = url.scheme,
      ["http", "https"].contains(scheme),
      url.host != nil
    else { throw .badServerURL(server) }
    self.server = server
    serverURL = url
  }

  /// `invite` is the invitation code a server started with `--invite-only` asks for.
  public func createAccount(name: String, password: String, invite: String? = nil)
    async throws(ClientFailure) -> AccountInfo
  {
    let output = try await call {
      try await $0.createAccount(
        body: .json(.init(name: name, password: password, invite: invite)))
    }
    switch output {
    case .created(let created): return Self.info(try Self.payload { try created.body.json })
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
    case .conflict(let response): throw .refused(try Self.message { try response.body.json })
    case .tooManyRequests(let response):
      throw .refused(try Self.message { try response.body.json })
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// A one-time code for `invitee` to make an account with (teachers).
  public func invite(_ invitee: String, token: String) async throws(ClientFailure)
    -> InvitationInfo
  {
    switch try await call(
      token: token, { try await $0.createInvitation(body: .json(.init(invitee: invitee))) })
    {
    case .created(let created): return try Self.payload { try created.body.json }
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .forbidden(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func login(name: String, password: String) async throws(ClientFailure) -> Credentials {
    let output = try await call {
      try await $0.login(body: .json(.init(name: name, password: password)))
    }
    switch output {
    case .ok(let ok):
      let session = try Self.payload { try ok.body.json }
      return Credentials(
        server: server, name: session.account.name, token: session.token,
        expiresAt: session.expiresAt)
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized(let response): throw .refused(try Self.message { try response.body.json })
    case .tooManyRequests(let response):
      throw .refused(try Self.message { try response.body.json })
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func currentAccount(token: String) async throws(ClientFailure) -> AccountInfo {
    switch try await call(token: token, { try await $0.getCurrentAccount() }) {
    case .ok(let ok): return Self.info(try Self.payload { try ok.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func logout(token: String) async throws(ClientFailure) {
    switch try await call(token: token, { try await $0.logout() }) {
    case .noContent: return
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func sharePattern(file: String, to recipient: String?, token: String)
    async throws(ClientFailure) -> SharedPatternInfo
  {
    let output = try await call(token: token) {
      try await $0.sharePattern(body: .json(.init(file: file, to: recipient)))
    }
    switch output {
    case .created(let created): return Self.info(try Self.payload { try created.body.json })
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  public func patternInbox(token: String) async throws(ClientFailure) -> [SharedPatternInfo] {
    switch try await call(token: token, { try await $0.listPatternInbox() }) {
    case .ok(let ok): return try Self.payload { try ok.body.json }.shares.map(Self.info)
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// The share and its file, as the server keeps it (the caller checks it again).
  public func fetchPattern(shareID: String, token: String) async throws(ClientFailure)
    -> (SharedPatternInfo, String)
  {
    let output = try await call(token: token) {
      try await $0.getPatternShare(path: .init(shareId: shareID))
    }
    switch output {
    case .ok(let ok):
      let body = try Self.payload { try ok.body.json }
      return (Self.info(body.share), body.file)
    case .notFound(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// Sends one interval game's history line; a refusal of the game itself is an outcome, not
  /// a failure, so the caller can tell it from a server that could not be reached.
  public func submitIntervalScore(record: String, token: String) async throws(ClientFailure)
    -> ScoreOutcome
  {
    let output = try await call(token: token) {
      try await $0.submitIntervalScore(body: .json(.init(record: record)))
    }
    switch output {
    case .created: return .recorded
    case .ok: return .alreadyRecorded
    case .unprocessableContent(let response):
      return .implausible(try Self.message { try response.body.json })
    case .badRequest(let response):
      return .implausible(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// The pattern's interval-game boards, levels 1–2, 3–4 and 5–6.
  public func intervalLeaderboard(patternID: String, token: String) async throws(ClientFailure)
    -> [Leaderboard]
  {
    let output = try await call(token: token) {
      try await $0.getIntervalLeaderboard(path: .init(patternId: patternID))
    }
    switch output {
    case .ok(let ok):
      return try Self.payload { try ok.body.json }.boards.map {
        Leaderboard(
          band: $0.band, players: $0.players, top: $0.top.map(Self.row),
          mine: $0.mine.map(Self.row), near: ($0.near ?? []).map(Self.row))
      }
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// Sends one timed drill's, streak's or live rhythm run's history line; a refusal of the
  /// session itself is an outcome, as for an interval game.
  public func submitBoardScore(record: String, token: String) async throws(ClientFailure)
    -> ScoreOutcome
  {
    let output = try await call(token: token) {
      try await $0.submitBoardScore(body: .json(.init(record: record)))
    }
    switch output {
    case .created: return .recorded
    case .ok: return .alreadyRecorded
    case .unprocessableContent(let response):
      return .implausible(try Self.message { try response.body.json })
    case .badRequest(let response):
      return .implausible(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  /// The board `choice` names, with my place on it.
  public func scoreBoard(_ choice: ScoreBoardChoice, token: String) async throws(ClientFailure)
    -> ScoreBoard
  {
    let input: Operations.GetScoreBoard.Input
    switch choice {
    case .drill(let packs):
      input = .init(path: .init(game: .drill), query: .init(packs: packs.joined(separator: ",")))
    case .streak(let packs):
      input = .init(
        path: .init(game: .streak), query: .init(packs: packs.joined(separator: ",")))
    case .rhythm(let line, let bpm, let bars):
      input = .init(
        path: .init(game: .rhythm),
        query: .init(line: line.joined(separator: ","), bpm: bpm, bars: bars))
    }
    let output = try await call(token: token) { try await $0.getScoreBoard(input) }
    switch output {
    case .ok(let ok):
      let body = try Self.payload { try ok.body.json }
      return ScoreBoard(
        board: body.board, players: body.players, top: body.top.map(Self.row),
        mine: body.mine.map(Self.row), near: (body.near ?? []).map(Self.row))
    case .badRequest(let response): throw .refused(try Self.message { try response.body.json })
    case .unauthorized: throw .tokenRefused
    case .undocumented(let status, let payload): throw await Self.undocumented(status, payload)
    }
  }

  private static func row(_ entry: Components.Schemas.BoardScoreEntry) -> ScoreBoardRow {
    ScoreBoardRow(
      place: entry.place, player: entry.player, score: entry.score, playedAt: entry.playedAt)
  }

  private static func row(_ entry: Components.Schemas.LeaderboardEntry) -> LeaderboardRow {
    LeaderboardRow(
      place: entry.place, player: entry.player, score: entry.score, level: entry.level,
      playedAt: entry.playedAt)
  }

  /// Runs one operation on a client of its own. Whatever goes wrong below the API (refused
  /// connection, reset, timeout) is one line naming the server, never the transport's error dump.
  func call<T: Sendable>(
    token: String? = nil, _ operation: (Client) async throws -> T
  ) async throws(ClientFailure) -> T {
    var configuration = HTTPClient.Configuration()
    // A command runs once: a server that is down is said at once, not after retries until
    // the timeout (30 s by default).
    configuration.connectionPool.retryConnectionEstablishment = false
    configuration.timeout = .init(connect: .seconds(5), read: .seconds(30))
    let http = HTTPClient(
      eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    let client = Client(
      serverURL: serverURL,
      configuration: .init(dateTranscoder: .iso8601),
      transport: AsyncHTTPClientTransport(configuration: .init(client: http)),
      middlewares: token.map { [BearerToken(token: $0)] } ?? [])
    let result: Result<T, any Error>
    do {
      result = .success(try await operation(client))
    } catch {
      result = .failure(error)
    }
    try? await http.shutdown()
    switch result {
    case .success(let value): return value
    case .failure(let error as ClientError) where error.underlyingError is DecodingError:
      throw .refused("the server answered in an unknown form")
    case .failure: throw .unreachable(server: server)
    }
  }

  static func payload<T>(_ read: () throws -> T) throws(ClientFailure) -> T {
    do { return try read() } catch { throw .refused("the server answered in an unknown form") }
  }

  static func message(_ read: () throws -> Components.Schemas._Error) throws(ClientFailure)
    -> String
  {
    try payload(read).error
  }

  static func undocumented(_ status: Int, _ payload: UndocumentedPayload) async
    -> ClientFailure
  {
    if let body = payload.body,
      let data = try? await Data(collecting: body, upTo: 64 * 1024),
      let object = try? JSONDecoder().decode([String: String].self, from: data),
      let message = object["error"]
    {
      return .refused(message)
    }
    return .refused("the server answered \(status)")
  }

  private static func info(_ share: Components.Schemas.PatternShare) -> SharedPatternInfo {
    SharedPatternInfo(
      id: share.id, from: share.from, to: share.to, patternID: share.patternId, name: share.name,
      createdAt: share.createdAt, ratingCount: share.ratingCount,
      ratingAverage: share.ratingAverage)
  }

  private static func info(_ account: Components.Schemas.Account) -> AccountInfo {
    AccountInfo(name: account.name, role: account.role.rawValue, createdAt: account.createdAt)
  }
}

/// Adds the bearer token to each request; the security scheme is not a generated parameter.
/// The server's tests and benchmark send their requests through it too.
public struct BearerToken: ClientMiddleware {
  let token: String

  public init(token: String) {
    self.token = token
  }

  public func intercept(
    _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
    next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    var request = request
    request.headerFields[.authorization] = "Bearer \(token)"
    return try await next(request, body, baseURL)
  }
}
