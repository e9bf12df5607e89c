import Files
import FoundationEssentials
import Glibc
import MusicTheory

/// What the practice room knows of the practice-room server without asking it: whether the
/// server answered when `woodshed-net refresh` last asked, and the patterns recommended to the
/// player then. The practice room never touches the network (ARCHITECTURE.md, "Two
/// binaries"); it starts the refresh in the background and reads this afterwards.
public struct ServerSnapshot: Codable, Equatable, Sendable {
  /// A pattern recommended to the player, with the file as the server keeps it: it is checked
  /// by `PatternLibrary.decode` whenever it is read, as an imported pattern is.
  public struct Share: Codable, Equatable, Sendable {
    public var id: String
    public var from: String
    public var sharedAt: Date
    public var pattern: String
    /// How the players rated the pattern, as the server showed it to this player; nil in a
    /// snapshot written before ratings.
    public var ratings: Ratings?

    public init(
      id: String, from: String, sharedAt: Date, pattern: String, ratings: Ratings? = nil
    ) {
      self.id = id
      self.from = from
      self.sharedAt = sharedAt
      self.pattern = pattern
      self.ratings = ratings
    }
  }

  /// A shared pattern's ratings: how many, their average, and the latest comments the player
  /// may read (a teacher may have hidden some from their class), the latest first.
  public struct Ratings: Codable, Equatable, Sendable {
    public var count: Int
    /// Nil when nobody rated it.
    public var average: Double?
    public var latest: [Comment]

    public init(count: Int, average: Double?, latest: [Comment] = []) {
      self.count = count
      self.average = average
      self.latest = latest
    }
  }

  /// One player's stars and comment; the text is another player's, printed as text only.
  public struct Comment: Codable, Equatable, Sendable {
    public var player: String
    public var stars: Int
    public var comment: String
    public var at: Date

    public init(player: String, stars: Int, comment: String, at: Date) {
      self.player = player
      self.stars = stars
      self.comment = comment
      self.at = at
    }
  }

  /// The player's place on a board they played for, with the player leading it.
  public struct Place: Codable, Equatable, Sendable {
    /// `interval`, `drill`, `streak` or `rhythm`.
    public var game: String
    /// The interval game's pattern id, the packs of a drill or a streak
    /// (`BoardResult.packsBoard`), or a rhythm line at a tempo over some bars (`BoardResult.rhythmBoard`).
    public var board: String
    /// An interval board's level band: levels `2 * band - 1` and `2 * band`; nil on the others.
    public var band: Int?
    public var place: Int
    public var players: Int
    public var leader: String
    /// Points, cards right, or the accuracy in percent.
    public var leaderScore: Double

    public init(
      game: String, board: String, band: Int? = nil, place: Int, players: Int, leader: String,
      leaderScore: Double
    ) {
      self.game = game
      self.board = board
      self.band = band
      self.place = place
      self.players = players
      self.leader = leader
      self.leaderScore = leaderScore
    }
  }

  /// A note pack of the server's catalogue, as it lists it; its file is fetched only when the
  /// player asks for it (`woodshed packs fetch`).
  public struct CataloguePack: Codable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var description: String
    public var publisher: String
    public var version: Int

    public init(id: String, name: String, description: String, publisher: String, version: Int) {
      self.id = id
      self.name = name
      self.description = description
      self.publisher = publisher
      self.version = version
    }
  }

  /// A pattern of the school's library, at its latest version, with its file: checked by
  /// `PatternLibrary.decode` whenever it is read, as a shared one is.
  public struct LibraryPattern: Codable, Equatable, Sendable {
    public var id: String
    public var version: Int
    public var author: String
    public var pattern: String

    public init(id: String, version: Int, author: String, pattern: String) {
      self.id = id
      self.version = version
      self.author = author
      self.pattern = pattern
    }
  }

  /// One step of the achievement chain a teacher set for a class of the player's, and whether
  /// the player's games reached it, as the server judged them at the refresh.
  public struct ChainStep: Codable, Equatable, Sendable {
    public var className: String
    /// From 1, in the chain's order.
    public var number: Int
    /// pattern, drill or rhythm.
    public var kind: String
    /// The pattern's id; a drill's packs; a rhythm line's patterns.
    public var items: [String]
    public var level: Int?
    public var bpm: Int?
    public var bars: Int?
    /// The accuracy in percent, or a drill's cards.
    public var threshold: Double
    public var isReached: Bool

    public init(
      className: String, number: Int, kind: String, items: [String], level: Int? = nil,
      bpm: Int? = nil, bars: Int? = nil, threshold: Double, isReached: Bool
    ) {
      self.className = className
      self.number = number
      self.kind = kind
      self.items = items
      self.level = level
      self.bpm = bpm
      self.bars = bars
      self.threshold = threshold
      self.isReached = isReached
    }
  }

  public var server: String
  public var checkedAt: Date
  /// False when the server could not be reached: the practice room is offline. The shares are
  /// then those of the last time it answered.
  public var isReachable: Bool
  /// The one line the last refresh ended with when it failed, reachable or not (a refused
  /// token, say); nil when it went through.
  public var problem: String?
  public var sharedWithYou: [Share]
  /// Where the player stands on the boards of the patterns they played lately.
  public var places: [Place]
  /// The note packs in the server's catalogue, most recently updated first.
  public var catalogue: [CataloguePack]
  /// How many items of the player's news are new, by kind (`pattern`, `recommendation`,
  /// `rating`, `record`, and any the server adds later); a kind with none is left out. Nil in a
  /// snapshot written before news.
  public var news: [String: Int]?
  /// The steps of the chains of the player's classes, each class's in order; nil in a
  /// snapshot written before chains.
  public var chainSteps: [ChainStep]?
  /// The school's library, by name; nil in a snapshot written before it, or from a server
  /// without one.
  public var library: [LibraryPattern]?
  /// When a background backup last brought something of another machine's into this home
  /// (sessions, settings, patterns, rhythms or protocols): the practice room, which keeps the
  /// history and settings in memory, reads them again when it moves. Nil until one has.
  public var joinedAt: Date?

  public init(
    server: String, checkedAt: Date, isReachable: Bool, problem: String? = nil,
    sharedWithYou: [Share] = [], places: [Place] = [], catalogue: [CataloguePack] = [],
    news: [String: Int]? = nil, chainSteps: [ChainStep]? = nil,
    library: [LibraryPattern]? = nil, joinedAt: Date? = nil
  ) {
    self.library = library
    self.joinedAt = joinedAt
    self.server = server
    self.checkedAt = checkedAt
    self.isReachable = isReachable
    self.problem = problem
    self.sharedWithYou = sharedWithYou
    self.places = places
    self.catalogue = catalogue
    self.news = news
    self.chainSteps = chainSteps
  }
}

/// `server.json` in the state folder: derived from the server, never the only copy of
/// anything, so a damaged one is read as none and written afresh by the next refresh.
public struct ServerSnapshotFile: Sendable {
  public let url: URL

  public init(paths: StoragePaths) {
    url = paths.stateFolder.appendingPathComponent("server.json")
  }

  /// The snapshot, or nil when there is none; a file that cannot be read or used is a
  /// one-line error.
  public func read() throws(StorageError) -> ServerSnapshot? {
    let data: Data
    do throws(FileError) {
      data = try RegularFile.read(url, as: .serverSnapshot)
    } catch  where error.code == ENOENT {
      return nil
    } catch {
      throw .cannotRead(file: url.lastPathComponent, reason: "\(error)")
    }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    do {
      return try decoder.decode(ServerSnapshot.self, from: data)
    } catch {
      throw .malformed(
        file: url.lastPathComponent,
        reason: "it is not a snapshot of the server (the next refresh writes it afresh)")
    }
  }

  public func write(_ snapshot: ServerSnapshot) throws(StorageError) {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data: Data
    do {
      data = try encoder.encode(snapshot)
    } catch {
      throw .cannotSave(file: url.lastPathComponent, reason: "\(error)")
    }
    try AtomicFile.write(data, to: url)
  }

  /// Forgets the server: after `logout` nothing of the account is shown.
  public func remove() {
    unlink(url.path)
  }

  /// The shared patterns that pass the validator, and a line for each that does not.
  public static func patterns(of snapshot: ServerSnapshot) -> (
    shared: [(pattern: FretPattern, from: String, ratings: ServerSnapshot.Ratings?)],
    problems: [String]
  ) {
    let (passed, problems) = checked(snapshot.sharedWithYou) {
      ($0.pattern, "shared pattern \($0.id)")
    }
    return (passed.map { ($0.pattern, $0.item.from, $0.item.ratings) }, problems)
  }

  /// The library's patterns that pass the validator, each with its version, and a line for
  /// each that does not.
  public static func libraryPatterns(of snapshot: ServerSnapshot) -> (
    patterns: [(pattern: FretPattern, version: Int)], problems: [String]
  ) {
    let (passed, problems) = checked(snapshot.library ?? []) {
      ($0.pattern, "library pattern \($0.id)")
    }
    return (passed.map { ($0.pattern, $0.item.version) }, problems)
  }

  /// Each of `items` whose pattern file (`file` gives it and the name to blame it by) passes
  /// `PatternLibrary.decode`, as an imported pattern must.
  private static func checked<Item>(_ items: [Item], file: (Item) -> (String, String)) -> (
    passed: [(pattern: FretPattern, item: Item)], problems: [String]
  ) {
    var passed: [(pattern: FretPattern, item: Item)] = []
    var problems: [String] = []
    for item in items {
      let (text, name) = file(item)
      do throws(StorageError) {
        passed.append((try PatternLibrary.decode(Data(text.utf8), file: name), item))
      } catch {
        problems.append("\(error)")
      }
    }
    return (passed, problems)
  }
}
