import ArgumentParser
import Foundation
import NetClient
import Practice
import Storage

/// `woodshed refresh`: asks the server what the practice room shows of it and writes that to
/// `server.json` in the state folder (`ServerSnapshot`). The practice room runs it in the
/// background when it starts, and reads the file when it ends; it never waits for it.
struct Refresh: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Send the scores not sent yet, update what the practice room shows of the "
      + "server (the patterns shared with you, your places on the boards, "
      + "and whether the server answers), then back up the files that changed.")

  func run() async throws {
    let paths = WoodshedNet.paths
    let credentials = try WoodshedNet.credentials()
    let file = ServerSnapshotFile(paths: paths)
    let previous = (try? file.read()).flatMap { $0?.server == credentials.server ? $0 : nil }
    do {
      let history = HistoryLog(paths: paths).readAll(as: SessionRecord.self).records
      // What was played since the last refresh goes first, so the places below count it.
      let outbox = ScoreOutbox(paths: paths, server: credentials.server)
      let sending = try await outbox.send(
        try outbox.pending(in: history), client: PracticeRoomClient(server: credentials.server),
        token: credentials.token)
      for line in sending.notTaken { print(line) }
      if let (failure, _) = sending.stopped { throw failure }
      let shares = try await Self.sharedWithYou(
        server: credentials.server, token: credentials.token, known: previous?.sharedWithYou ?? [])
      let places = try await Self.places(
        on: Self.boardsPlayed(in: history, now: Date()), server: credentials.server,
        token: credentials.token)
      let catalogue = try await PracticeRoomClient(server: credentials.server).packCatalogue(
        token: credentials.token)
      // Only the counts: the room says how much is new; `woodshed news` lists it. Never marked
      // read from here. A room from before the news has none to give: the rest still counts.
      let news = try? await PracticeRoomClient(server: credentials.server).news(
        all: false, limit: 1, token: credentials.token)
      let newCounts = Dictionary((news?.newCounts ?? []).map { ($0.kind, $0.count) }) { $1 }
      let chainSteps = try await Self.chainSteps(
        server: credentials.server, token: credentials.token)
      let library =
        try await Self.library(
          server: credentials.server, token: credentials.token, known: previous?.library ?? [])
        ?? previous?.library
      try file.write(
        ServerSnapshot(
          server: credentials.server, checkedAt: Date(), isReachable: true, sharedWithYou: shares,
          places: places,
          catalogue: catalogue.map {
            ServerSnapshot.CataloguePack(
              id: $0.id, name: $0.name, description: $0.description, publisher: $0.publisher,
              version: $0.version)
          }, news: newCounts, chainSteps: chainSteps, library: library,
          joinedAt: previous?.joinedAt))
      let texts = try WoodshedNet.texts()
      let scores =
        sending.sent.isEmpty
        ? texts.text("refresh.noNewScores", ["server": credentials.server])
        : Scores.Send.summary(sending.sent, server: credentials.server, texts)
      print(
        texts.text(
          "refresh.summary",
          [
            "scores": scores, "shared": String(shares.count),
            "places": WoodshedNet.counted("refresh.places", places.count, [:], texts),
            "packs": WoodshedNet.counted("refresh.packs", catalogue.count, [:], texts),
            "library": String(library?.count ?? 0),
            "news": String(newCounts.values.reduce(0, +)),
          ]))
    } catch let failure as ClientFailure {
      let isReachable = if case .unreachable = failure { false } else { true }
      try file.write(
        ServerSnapshot(
          server: credentials.server, checkedAt: Date(), isReachable: isReachable,
          problem: "\(failure)", sharedWithYou: previous?.sharedWithYou ?? [],
          places: previous?.places ?? [], catalogue: previous?.catalogue ?? [],
          news: previous?.news, chainSteps: previous?.chainSteps, library: previous?.library,
          joinedAt: previous?.joinedAt))
      throw failure
    }
    // Last, so that what the room shows never waits for it. Never a restore.
    let backup = try await Sync.backUp(
      credentials: credentials, client: PracticeRoomClient(server: credentials.server),
      folders: BackupFolders(paths: paths), inBackground: true)
    print(backup.line)
    // The room reads its history and settings again when this moves.
    if backup.joined, var snapshot = try file.read() {
      snapshot.joinedAt = Date()
      try file.write(snapshot)
    }
  }

  /// A board the player played for: a pattern's interval board (no `choice`), or a drill's,
  /// a streak's or a rhythm line's.
  struct BoardAsked {
    let game: String
    let board: String
    let choice: ScoreBoardChoice?
  }

  /// The boards the player played for lately, the latest first, at most `boardsAsked`, so a
  /// refresh stays a handful of requests.
  static func boardsPlayed(in history: [SessionRecord], now: Date) -> [BoardAsked] {
    var boards: [BoardAsked] = []
    for record in history.reversed() where !record.isCutShort {
      let asked: BoardAsked
      if record.module == IntervalGame.module, record.exercise == IntervalGame.exercise,
        IntervalGame.isRanked(record.figures), let pattern = record.content.first,
        ScorePlausibility.isPatternID(pattern)
      {
        asked = BoardAsked(game: "interval", board: pattern, choice: nil)
      } else if let result = try? ScorePlausibility.boardResult(of: record, now: now) {
        let choice: ScoreBoardChoice =
          switch result.game {
          case .drill: .drill(packs: record.content)
          case .streak: .streak(packs: record.content)
          case .rhythm:
            .rhythm(
              line: record.content, bpm: Int((record.figures["bpm"] ?? 0).rounded()),
              bars: Int((record.figures["bars"] ?? 0).rounded()))
          }
        asked = BoardAsked(game: result.game.rawValue, board: result.board, choice: choice)
      } else {
        continue
      }
      guard !boards.contains(where: { $0.game == asked.game && $0.board == asked.board })
      else { continue }
      boards.append(asked)
      if boards.count == boardsAsked { break }
    }
    return boards
  }

  static let boardsAsked = 20

  /// The chains of the classes the player belongs to, with the steps their games reached. A
  /// server from before chains has none to give.
  static func chainSteps(server: String, token: String) async throws
    -> [ServerSnapshot.ChainStep]
  {
    let client = try PracticeRoomClient(server: server)
    var steps: [ServerSnapshot.ChainStep] = []
    for found in try await client.classes(token: token) where found.role == .student {
      guard let chain = try? await client.classChain(classID: found.id, token: token) else {
        continue
      }
      let reached = chain.students.first?.reached ?? []
      for (index, step) in chain.steps.enumerated() {
        steps.append(
          ServerSnapshot.ChainStep(
            className: chain.className, number: index + 1, kind: step.kind.rawValue,
            items: step.items, level: step.level, bpm: step.bpm, bars: step.bars,
            threshold: step.threshold, isReached: index < reached.count && reached[index]))
      }
    }
    return steps
  }

  /// The school's library with each pattern's file at its latest version: a file the last
  /// refresh fetched at that version is not fetched again. Nil when the server lists none (one
  /// from before the library).
  static func library(server: String, token: String, known: [ServerSnapshot.LibraryPattern])
    async throws(ClientFailure) -> [ServerSnapshot.LibraryPattern]?
  {
    let client = try PracticeRoomClient(server: server)
    guard let listed = try? await client.library(withdrawn: false, token: token) else {
      return nil
    }
    var library: [ServerSnapshot.LibraryPattern] = []
    for info in listed where !info.withdrawn {
      if let cached = known.first(where: { $0.id == info.id && $0.version == info.version }) {
        library.append(cached)
        continue
      }
      let (_, version, file) = try await client.libraryPattern(
        id: info.id, version: nil, token: token)
      library.append(
        ServerSnapshot.LibraryPattern(
          id: info.id, version: version.version, author: info.author, pattern: file))
    }
    return library
  }

  /// The player's place on each board asked where they have one: on each level band of an
  /// interval board.
  static func places(on boards: [BoardAsked], server: String, token: String)
    async throws(ClientFailure) -> [ServerSnapshot.Place]
  {
    let client = try PracticeRoomClient(server: server)
    var places: [ServerSnapshot.Place] = []
    for asked in boards {
      guard let choice = asked.choice else {
        for board in try await client.intervalLeaderboard(patternID: asked.board, token: token) {
          guard let mine = board.mine, let leader = board.top.first else { continue }
          places.append(
            ServerSnapshot.Place(
              game: asked.game, board: asked.board, band: board.band, place: mine.place,
              players: board.players, leader: leader.player, leaderScore: Double(leader.score)))
        }
        continue
      }
      let board = try await client.scoreBoard(choice, token: token)
      guard let mine = board.mine, let leader = board.top.first else { continue }
      places.append(
        ServerSnapshot.Place(
          game: asked.game, board: asked.board, place: mine.place, players: board.players,
          leader: leader.player, leaderScore: leader.score))
    }
    return places
  }

  /// The inbox, newest first, each share with its file and its ratings: a share keeps its
  /// file, so one the last refresh fetched is not fetched again; the ratings change, and are
  /// asked each time, with the latest comments of those rated.
  static func sharedWithYou(server: String, token: String, known: [ServerSnapshot.Share])
    async throws(ClientFailure) -> [ServerSnapshot.Share]
  {
    let client = try PracticeRoomClient(server: server)
    var shares: [ServerSnapshot.Share] = []
    for info in try await client.patternInbox(token: token) {
      var share: ServerSnapshot.Share
      if let cached = known.first(where: { $0.id == info.id }) {
        share = cached
      } else {
        let (_, file) = try await client.fetchPattern(shareID: info.id, token: token)
        share = ServerSnapshot.Share(
          id: info.id, from: info.from, sharedAt: info.createdAt, pattern: file)
      }
      share.ratings = try await ratings(of: info, client: client, token: token)
      shares.append(share)
    }
    return shares
  }

  /// How many comments the room shows under a shared pattern.
  static let latestComments = 3

  private static func ratings(of info: SharedPatternInfo, client: PracticeRoomClient, token: String)
    async throws(ClientFailure) -> ServerSnapshot.Ratings?
  {
    // A server from before ratings tells no count.
    guard let count = info.ratingCount else { return nil }
    guard count > 0 else { return ServerSnapshot.Ratings(count: 0, average: nil) }
    let page = try await client.comments(shareID: info.id, limit: latestComments, token: token)
    return ServerSnapshot.Ratings(
      count: page.ratingCount, average: page.ratingAverage,
      latest: page.comments.map {
        ServerSnapshot.Comment(
          player: $0.player, stars: $0.stars, comment: $0.comment, at: $0.updatedAt)
      })
  }
}
