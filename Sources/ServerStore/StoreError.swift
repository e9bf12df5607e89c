/// What the store refuses, each said in one line.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  case badLocation(String)
  case unreachable(String)
  case nameTaken(String)
  case noSuchAccount(String)
  case packTaken(String, publisher: String)
  case packIsYours(String, version: Int)
  case newerSchema(found: Int, known: Int)
  case backupFull(limit: Int)
  case classTaken(String)
  case alreadySuggested(String, id: String)
  case notPending(String, state: String)

  public var description: String {
    switch self {
    case .badLocation(let text):
      "cannot read the database \(text): give sqlite:PATH or postgres://USER@HOST/DATABASE"
    case .unreachable(let reason): "the database did not answer: \(reason)"
    case .nameTaken(let name): "the name \(name) is taken"
    case .noSuchAccount(let name): "there is no account \(name)"
    case .packTaken(let id, let publisher):
      "\(publisher) has published a pack with the id \(id): give yours another id"
    case .packIsYours(let id, let version):
      "\(id) is yours already (version \(version)): add --replace to publish version \(version + 1)"
    case .newerSchema(let found, let known):
      "the database is at schema \(found), newer than this server's \(known): update woodshed"
    case .backupFull(let limit):
      "a player's backup has at most \(limit / (1 << 20)) MiB on this server"
    case .classTaken(let name): "you have a class named \(name) already"
    case .alreadySuggested(let pattern, let id):
      "you suggested \(pattern) already (suggestion \(id)): it waits for a teacher's review"
    case .notPending(let id, let state):
      "suggestion \(id) is \(state == "changes" ? "sent back for changes" : state) already"
    }
  }
}
