import ArgumentParser
import Foundation
import NetClient
import Storage

/// `woodshed refresh`: asks the server what the practice room shows of it and writes that to
/// `server.json` in the state folder (`ServerSnapshot`). The practice room runs it in the
/// background when it starts, and reads the file when it ends; it never waits for it.
struct Refresh: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Update what the practice room shows of the server: the patterns shared with you, "
      + "and whether the server answers.")

  func run() async throws {
    let paths = WoodshedNet.paths
    guard let credentials = try CredentialsFile(paths: paths).read() else {
      throw ClientFailure.notLoggedIn
    }
    let file = ServerSnapshotFile(paths: paths)
    let previous = (try? file.read()).flatMap { $0?.server == credentials.server ? $0 : nil }
    do {
      let shares = try await Self.sharedWithYou(
        server: credentials.server, token: credentials.token, known: previous?.sharedWithYou ?? [])
      try file.write(
        ServerSnapshot(
          server: credentials.server, checkedAt: Date(), isReachable: true, sharedWithYou: shares))
      print("\(shares.count) shared with you on \(credentials.server)")
    } catch let failure as ClientFailure {
      let isReachable = if case .unreachable = failure { false } else { true }
      try file.write(
        ServerSnapshot(
          server: credentials.server, checkedAt: Date(), isReachable: isReachable,
          problem: "\(failure)", sharedWithYou: previous?.sharedWithYou ?? []))
      throw failure
    }
  }

  /// The inbox, newest first, each share with its file: a share keeps its file, so one the
  /// last refresh fetched is not fetched again.
  static func sharedWithYou(server: String, token: String, known: [ServerSnapshot.Share])
    async throws(ClientFailure) -> [ServerSnapshot.Share]
  {
    let client = try PracticeRoomClient(server: server)
    var shares: [ServerSnapshot.Share] = []
    for info in try await client.patternInbox(token: token) {
      if let share = known.first(where: { $0.id == info.id }) {
        shares.append(share)
        continue
      }
      let (_, file) = try await client.fetchPattern(shareID: info.id, token: token)
      shares.append(
        ServerSnapshot.Share(id: info.id, from: info.from, sharedAt: info.createdAt, pattern: file))
    }
    return shares
  }
}
