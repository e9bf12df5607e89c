import Foundation
import NetAPI
import Practice
import ServerStore
import Storage

/// A class's achievement chain: its teacher sets the ordered goals; each student's steps
/// reached are read from the games the server recorded, when asked.
extension PracticeRoomAPI {
  func getClassChain(_ input: Operations.GetClassChain.Input) async throws
    -> Operations.GetClassChain.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    let id = input.path.classId
    let found: SchoolClass
    let students: [String]
    switch try await access(id, by: account.name) {
    case .none: return .notFound(Self.noSuchClass(id))
    case .student:
      guard let theirs = try await classes.schoolClass(id: id) else {
        return .notFound(Self.noSuchClass(id))
      }
      (found, students) = (theirs, [account.name])
    case .teacher(let theirs):
      (found, students) = (theirs, try await classes.members(of: theirs.id))
    }
    return .ok(.init(body: .json(try await chain(of: found, students: students))))
  }

  func setClassChain(_ input: Operations.SetClassChain.Input) async throws
    -> Operations.SetClassChain.Output
  {
    guard let account = try await authenticatedAccount() else {
      return .unauthorized(Self.tokenRefused)
    }
    guard case .json(let request) = input.body else { return .badRequest(Self.badBody) }
    let id = input.path.classId
    switch try await access(id, by: account.name) {
    case .none: return .notFound(Self.noSuchClass(id))
    case .student:
      return .forbidden(Self.forbidden("only the teacher of a class sets its chain"))
    case .teacher(let found):
      guard request.steps.count <= ChainStore.longestChain else {
        return .badRequest(
          .init(
            body: .json(.init(error: "a chain has at most \(ChainStore.longestChain) steps"))))
      }
      var steps: [ChainStep] = []
      for (index, step) in request.steps.enumerated() {
        switch Self.chainStep(step) {
        case .success(let valid): steps.append(valid)
        case .failure(let problem):
          return .badRequest(
            .init(body: .json(.init(error: "step \(index + 1): \(problem.text)"))))
        }
      }
      try await chains.set(steps, classID: found.id)
      logger.info(
        "chain set", metadata: ["class": "\(found.id)", "steps": "\(steps.count)"])
      return .ok(
        .init(
          body: .json(
            try await chain(of: found, students: try await classes.members(of: found.id)))))
    }
  }

  private func chain(of found: SchoolClass, students: [String]) async throws
    -> Components.Schemas.ClassChain
  {
    let steps = try await chains.steps(of: found.id)
    var progress: [Components.Schemas.ChainProgress] = []
    for student in students {
      var reached: [Bool] = []
      for step in steps { reached.append(try await isReached(step, by: student)) }
      progress.append(.init(player: student, reached: reached))
    }
    return .init(
      classId: found.id, className: found.name, steps: steps.map(Self.schema),
      students: progress)
  }

  /// Whether `player`'s recorded games meet `step`.
  private func isReached(_ step: ChainStep, by player: String) async throws -> Bool {
    switch step.kind {
    case .pattern:
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      return try await classes.games(of: player, patternID: step.items[0]).contains { game in
        guard (game.level ?? 0) >= (step.level ?? 0),
          let record = try? decoder.decode(SessionRecord.self, from: Data(game.record.utf8)),
          !record.answers.isEmpty
        else { return false }
        let right = record.answers.filter(\.isCorrect).count
        return 100 * Double(right) / Double(record.answers.count) >= step.threshold
      }
    case .drill:
      let best = try await boardScores.best(
        game: "drill", board: BoardResult.packsBoard(step.items), player: player)
      return (best ?? -1) >= step.threshold
    case .rhythm:
      let best = try await boardScores.best(
        game: "rhythm",
        board: BoardResult.rhythmBoard(line: step.items, bpm: step.bpm ?? 0, bars: step.bars ?? 0),
        player: player)
      return (best ?? -1) >= step.threshold
    }
  }

  struct ChainStepProblem: Error {
    let text: String
  }

  /// The step as the store keeps it, or what is wrong with it.
  static func chainStep(_ step: Components.Schemas.ChainStep) -> Result<
    ChainStep, ChainStepProblem
  > {
    let percent = 0.0...100
    switch step.kind {
    case .pattern:
      guard step.items.count == 1, ScorePlausibility.isPatternID(step.items[0]) else {
        return .failure(.init(text: "a pattern step names one pattern id"))
      }
      guard let level = step.level, IntervalGame.levels.contains(level) else {
        return .failure(
          .init(
            text: "a pattern step has a level from \(IntervalGame.levels.lowerBound) to "
              + "\(IntervalGame.levels.upperBound)"))
      }
      guard percent.contains(step.threshold), step.bpm == nil, step.bars == nil else {
        return .failure(.init(text: "a pattern step has an accuracy from 0 to 100 %"))
      }
      return .success(
        ChainStep(kind: .pattern, items: step.items, level: level, threshold: step.threshold))
    case .drill:
      guard ScorePlausibility.isPacks(step.items) else {
        return .failure(.init(text: "a drill step names its packs"))
      }
      guard (1...1000).contains(step.threshold), step.level == nil, step.bpm == nil,
        step.bars == nil
      else { return .failure(.init(text: "a drill step has a number of cards from 1 to 1000")) }
      return .success(ChainStep(kind: .drill, items: step.items, threshold: step.threshold))
    case .rhythm:
      guard ScorePlausibility.isLine(step.items) else {
        return .failure(.init(text: "a rhythm step names its line's patterns"))
      }
      guard let bpm = step.bpm, ScorePlausibility.rhythmTempi.contains(bpm), let bars = step.bars,
        ScorePlausibility.rhythmBars.contains(bars), percent.contains(step.threshold),
        step.level == nil
      else {
        return .failure(
          .init(
            text: "a rhythm step has a bpm from \(ScorePlausibility.rhythmTempi.lowerBound) to "
              + "\(ScorePlausibility.rhythmTempi.upperBound), bars from "
              + "\(ScorePlausibility.rhythmBars.lowerBound) to "
              + "\(ScorePlausibility.rhythmBars.upperBound) and an accuracy from 0 to 100 %"))
      }
      return .success(
        ChainStep(
          kind: .rhythm, items: step.items, bpm: bpm, bars: bars, threshold: step.threshold))
    }
  }

  static func schema(_ step: ChainStep) -> Components.Schemas.ChainStep {
    .init(
      kind: .init(rawValue: step.kind.rawValue) ?? .pattern, items: step.items, level: step.level,
      bpm: step.bpm, bars: step.bars, threshold: step.threshold)
  }
}
