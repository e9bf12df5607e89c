import Practice

/// What the fretboard history adds up to: games played, the best game per pattern, and the
/// achievements earned, all read from the history so nothing else has to be kept. Games cut
/// short count for none of them.
struct FretboardRecords: Equatable {
  struct Best: Equatable {
    let pattern: String
    let score: Int
    let level: Int
    /// The longest game with the pattern, in seconds, whatever its score.
    var seconds: Double
  }

  /// A milestone and whether the history shows it.
  struct Achievement: Equatable {
    let id: String
    let isEarned: Bool
  }

  let gamesPlayed: Int
  /// The best game of each pattern played, best first.
  let bests: [Best]
  let achievements: [Achievement]

  init(history: [SessionRecord]) {
    let games = history.filter {
      $0.module == FretboardModel.module && $0.exercise == FretboardModel.exercise
        && !$0.isCutShort
    }
    gamesPlayed = games.count
    var bestByPattern: [String: Best] = [:]
    // The bests are those of the written interval game at the fixed levels, the game the
    // boards rank: a note-name, heard or adaptive game scores another game, whose bests show
    // while it is played. Every game counts towards the achievements.
    for game in games where IntervalGame.isRanked(game.figures) {
      guard let pattern = game.content.first, let score = game.figures["score"] else { continue }
      var best = Best(
        pattern: pattern, score: Int(score), level: Int(game.figures["level"] ?? 1),
        seconds: game.duration)
      if let earlier = bestByPattern[pattern] {
        if earlier.score >= best.score { best = earlier }
        best.seconds = max(game.duration, earlier.seconds)
      }
      bestByPattern[pattern] = best
    }
    bests = bestByPattern.values.sorted { ($0.score, $1.pattern) > ($1.score, $0.pattern) }
    let highestLevel = games.compactMap { $0.figures["level"] }.max() ?? 0
    let passedGame = games.contains { $0.figures["passed"] == 1 }
    let runLevels = FretboardModel.runLevels(in: history)
    let passedRuns = runLevels.count
    achievements = [
      Achievement(id: "firstGame", isEarned: gamesPlayed >= 1),
      Achievement(id: "tenGames", isEarned: gamesPlayed >= 10),
      Achievement(id: "hundredGames", isEarned: gamesPlayed >= 100),
      Achievement(id: "levelThree", isEarned: highestLevel >= 3),
      Achievement(id: "levelFive", isEarned: highestLevel >= 5),
      Achievement(id: "passedAtSix", isEarned: passedGame),
      Achievement(id: "cleanRun", isEarned: passedRuns >= 1),
      Achievement(id: "fiveCleanRuns", isEarned: passedRuns >= 5),
      Achievement(id: "everyRunLevel", isEarned: runLevels.values.contains(RunLevel.all.count)),
    ]
  }
}
