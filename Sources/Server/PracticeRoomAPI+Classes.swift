import Foundation
import NetAPI
import Practice
import ServerStore

/// Classes: a teacher makes one and recommends to it, students join with its code and accept
/// and finish what is recommended. A class is answered only to its teacher and its students;
/// anyone else is told it does not exist.
extension PracticeRoomAPI {
  func createClass(_ input: Operations.CreateClass.Input) async throws
    -> Operations.CreateClass.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard case .json(let request) = input.body else { return .badRequest(Self.badBody) }
    guard account.role.teaches else {
      return .forbidden(
        Self.forbidden(
          "only a teacher makes classes: the server's admin gives the role with woodshed serve "
            + "role \(account.name) teacher"))
    }
    if let problem = ClassStore.problem(withName: request.name) {
      return .badRequest(.init(body: .json(.init(error: problem))))
    }
    do {
      let made = try await classes.create(name: request.name, teacher: account.name)
      logger.info("class made", metadata: ["class": "\(made.id)", "teacher": "\(account.name)"])
      return .created(.init(body: .json(Self.schema(made, reader: account.name))))
    } catch StoreError.classTaken(let name) {
      return .conflict(
        .init(body: .json(.init(error: StoreError.classTaken(name).description))))
    }
  }

  func listClasses(_ input: Operations.ListClasses.Input) async throws
    -> Operations.ListClasses.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let found = try await classes.classes(of: account.name)
    return .ok(
      .init(
        body: .json(
          .init(
            classes: (found.teaching + found.member).map {
              Self.schema($0, reader: account.name)
            }))))
  }

  func joinClass(_ input: Operations.JoinClass.Input) async throws -> Operations.JoinClass.Output {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard case .json(let request) = input.body else { return .badRequest(Self.badBody) }
    let address = RequestFacts.address
    if let wait = try await accounts.secondsUntilJoinAllowed(
      account: account.name, address: address)
    {
      logger.notice(
        "class joins limited", metadata: ["name": "\(account.name)", "address": "\(address)"])
      return .tooManyRequests(
        .init(
          headers: .init(retryAfter: wait),
          body: .json(.init(error: "too many wrong class codes: try again in \(wait) s"))))
    }
    let outcome: JoinOutcome =
      if let code = ClassStore.normalizedCode(request.code) {
        try await classes.join(code: code, player: account.name)
      } else {
        .noSuchCode
      }
    switch outcome {
    case .joined(let joined):
      logger.info("class joined", metadata: ["class": "\(joined.id)", "player": "\(account.name)"])
      return .ok(.init(body: .json(Self.schema(joined, reader: account.name))))
    case .ownClass(let own):
      return .conflict(
        .init(body: .json(.init(error: "you teach \(own.name): its students join with this code")))
      )
    case .noSuchCode:
      try await accounts.recordWrongJoinCode(account: account.name, address: address)
      return .notFound(.init(body: .json(.init(error: "no class has this code"))))
    }
  }

  func recommendToClass(_ input: Operations.RecommendToClass.Input) async throws
    -> Operations.RecommendToClass.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard case .json(let request) = input.body else { return .badRequest(Self.badBody) }
    switch try await access(input.path.classId, by: account.name) {
    case .none: return .notFound(Self.noSuchClass(input.path.classId))
    case .student:
      return .forbidden(Self.forbidden("only the teacher of a class recommends to it"))
    case .teacher(let found):
      guard ScorePlausibility.isPatternID(request.itemId) else {
        return .badRequest(
          .init(
            body: .json(
              .init(error: "an id has lower-case letters, digits and hyphens: \(request.itemId)"))
          ))
      }
      if let problem = ClassStore.problem(withMessage: request.message) {
        return .badRequest(.init(body: .json(.init(error: problem))))
      }
      if let level = request.level {
        guard request.kind == .pattern, IntervalGame.levels.contains(level) else {
          return .badRequest(
            .init(
              body: .json(
                .init(
                  error: "a level is for a pattern, from \(IntervalGame.levels.lowerBound) to "
                    + "\(IntervalGame.levels.upperBound)"))))
        }
      }
      let made = try await classes.recommend(
        classID: found.id, kind: request.kind == .pack ? .pack : .pattern,
        itemID: request.itemId, message: request.message, level: request.level)
      logger.info(
        "recommended", metadata: ["class": "\(found.id)", "item": "\(request.itemId)"])
      return .created(.init(body: .json(Self.schema(made))))
    }
  }

  func getClassInbox(_ input: Operations.GetClassInbox.Input) async throws
    -> Operations.GetClassInbox.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let entries = try await classes.inbox(of: account.name)
    return .ok(.init(body: .json(.init(recommendations: entries.map(Self.schema)))))
  }

  func acceptRecommendation(_ input: Operations.AcceptRecommendation.Input) async throws
    -> Operations.AcceptRecommendation.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let id = input.path.recommendationId
    guard let entry = try await classes.mark(.accepted, recommendationID: id, player: account.name)
    else { return .notFound(Self.noSuchRecommendation(id)) }
    return .ok(.init(body: .json(Self.schema(entry))))
  }

  func finishRecommendation(_ input: Operations.FinishRecommendation.Input) async throws
    -> Operations.FinishRecommendation.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let id = input.path.recommendationId
    guard let entry = try await classes.mark(.finished, recommendationID: id, player: account.name)
    else { return .notFound(Self.noSuchRecommendation(id)) }
    return .ok(.init(body: .json(Self.schema(entry))))
  }

  func getClassProgress(_ input: Operations.GetClassProgress.Input) async throws
    -> Operations.GetClassProgress.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    switch try await access(input.path.classId, by: account.name) {
    case .none: return .notFound(Self.noSuchClass(input.path.classId))
    case .student:
      return .forbidden(Self.forbidden("only the teacher of a class sees its progress"))
    case .teacher(let found):
      var recommendations: [Components.Schemas.RecommendationProgress] = []
      for (recommendation, states) in try await classes.progress(of: found.id) {
        var students: [Components.Schemas.StudentProgress] = []
        for state in states {
          let games =
            switch recommendation.kind {
            case .pattern:
              try await classes.games(of: state.player, patternID: recommendation.itemID)
            case .pack: try await classes.sessions(of: state.player, packID: recommendation.itemID)
            }
          students.append(Self.progress(state, games: games))
        }
        recommendations.append(
          .init(recommendation: Self.schema(recommendation), students: students))
      }
      return .ok(
        .init(
          body: .json(
            .init(
              _class: Self.schema(found, reader: account.name), recommendations: recommendations))
        ))
    }
  }

  func readClassNotices(_ input: Operations.ReadClassNotices.Input) async throws
    -> Operations.ReadClassNotices.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let notices = try await classes.readNotices(teacher: account.name)
    return .ok(
      .init(
        body: .json(
          .init(
            notices: notices.map {
              .init(
                classId: $0.classID, className: $0.className, player: $0.player,
                recommendationId: $0.recommendationID, itemId: $0.itemID,
                event: $0.event == .accepted ? .accepted : .finished, at: $0.at)
            }))))
  }

  enum ClassAccess {
    case none
    case student(SchoolClass)
    case teacher(SchoolClass)
  }

  func access(_ classID: String, by player: String) async throws -> ClassAccess {
    guard classID.count <= 64, let found = try await classes.schoolClass(id: classID) else {
      return .none
    }
    if found.teacher == player { return .teacher(found) }
    return try await classes.isMember(player, of: found.id) ? .student(found) : .none
  }

  /// A student's state and what their recorded games on the pattern, or drills and streaks
  /// with the pack, show.
  private static func progress(_ state: RecommendationState, games: [RecordedGame])
    -> Components.Schemas.StudentProgress
  {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let records = games.compactMap {
      try? decoder.decode(SessionRecord.self, from: Data($0.record.utf8))
    }
    let accuracies = records.filter { !$0.answers.isEmpty }.map {
      100 * Double($0.answers.filter(\.isCorrect).count) / Double($0.answers.count)
    }
    let stateName: Components.Schemas.RecommendationState =
      if state.finishedAt != nil { .finished } else if state.acceptedAt != nil {
        .accepted
      } else if state.seenAt != nil { .seen } else { .new }
    return .init(
      player: state.player, state: stateName, acceptedAt: state.acceptedAt,
      finishedAt: state.finishedAt, games: games.count,
      secondsPractised: records.map(\.duration).reduce(0, +), bestAccuracy: accuracies.max(),
      levelReached: games.compactMap(\.level).max())
  }

  private static func schema(_ found: SchoolClass, reader: String) -> Components.Schemas.SchoolClass
  {
    let teaches = found.teacher == reader
    return .init(
      id: found.id, name: found.name, teacher: found.teacher, role: teaches ? .teacher : .student,
      students: found.students, joinCode: teaches ? found.joinCode : nil,
      createdAt: found.createdAt)
  }

  private static func schema(_ recommendation: ClassRecommendation)
    -> Components.Schemas.Recommendation
  {
    .init(
      id: recommendation.id, classId: recommendation.classID,
      kind: recommendation.kind == .pack ? .pack : .pattern, itemId: recommendation.itemID,
      message: recommendation.message, level: recommendation.level,
      createdAt: recommendation.createdAt)
  }

  private static func schema(_ entry: InboxEntry) -> Components.Schemas.InboxRecommendation {
    .init(
      recommendation: schema(entry.recommendation), className: entry.className,
      teacher: entry.teacher, receivedAt: entry.receivedAt, acceptedAt: entry.state.acceptedAt,
      finishedAt: entry.state.finishedAt)
  }

  static func forbidden(_ message: String) -> Components.Responses.Forbidden {
    .init(body: .json(.init(error: message)))
  }

  static func noSuchClass(_ id: String) -> Components.Responses.NotFound {
    .init(body: .json(.init(error: "there is no class \(id)")))
  }

  private static func noSuchRecommendation(_ id: String) -> Components.Responses.NotFound {
    .init(body: .json(.init(error: "there is no recommendation \(id) for you")))
  }
}
