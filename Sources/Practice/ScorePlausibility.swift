import FoundationEssentials

/// What a finished interval game counts for on a leaderboard, once its record passed
/// `ScorePlausibility`.
public struct IntervalGameResult: Equatable, Sendable {
  public let patternID: String
  public let score: Int
  public let level: Int
  public let band: Int
  public let startedAt: Date
  public let duration: Double
}

/// Why a record was refused, in one line.
public struct ScoreRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}

/// Whether an interval game's record could have come from the game: its score is recomputed
/// from its answers with `IntervalGame`'s own rules, and every answer must fit the game's clock.
/// The server refuses what fails, so a leaderboard holds only scores the game can give.
public enum ScorePlausibility {
  /// The fastest a person marks two places one after the other, moving or typing between.
  public static let fastestAnswer = 0.15
  /// How far ahead of the server's clock a record may be dated: a box's clock drifts.
  public static let clockSkew = 300.0
  /// Older games are not taken: a board is about who practises now.
  public static let oldestDays = 90.0
  /// What the history's millisecond rounding may add up to.
  static let slack = 0.05
  /// The most characters of a pattern id a board takes.
  static let longestPatternID = 64

  /// The result `record` counts for at `now`, or the first rule it breaks.
  public static func intervalResult(of record: SessionRecord, now: Date) throws(ScoreRefusal)
    -> IntervalGameResult
  {
    guard record.module == IntervalGame.module, record.exercise == IntervalGame.exercise else {
      throw ScoreRefusal("the record is not an interval game's")
    }
    guard !record.isCutShort else { throw ScoreRefusal("a game cut short counts for no board") }
    guard IntervalGame.isRanked(record.figures) else {
      throw ScoreRefusal("a note-name, heard or adaptive game counts for no board")
    }
    guard let patternID = record.content.first, isPatternID(patternID) else {
      throw ScoreRefusal("the record names no pattern")
    }
    guard let score = whole(record.figures["score"]), let level = whole(record.figures["level"])
    else { throw ScoreRefusal("the record has no score or level") }
    try checkDates(record, now: now)

    var time = 0.0
    var points = 0
    var cleared = 0
    var clearedAtLevel = 0
    var levelStartedAt = 0.0
    for (index, answer) in record.answers.enumerated() {
      let number = index + 1
      guard answer.seconds.isFinite, answer.seconds >= 0 else {
        throw ScoreRefusal("answer \(number) has no time")
      }
      time += answer.seconds
      if answer.isCorrect, answer.seconds < fastestAnswer {
        throw ScoreRefusal(
          "answer \(number) came \(seconds(answer.seconds)) after the one before: faster than "
            + "anyone marks a place")
      }
      let answerLevel = min(
        IntervalGame.levels.lowerBound + cleared / IntervalGame.questionsPerLevel,
        IntervalGame.levels.upperBound)
      guard let lane = answer.lane else {
        points += answer.isCorrect ? answerLevel : -answerLevel
        continue
      }
      guard answer.isCorrect, lane >= 0, lane < 1 else {
        throw ScoreRefusal("answer \(number) clears a question it cannot")
      }
      // The question entered no sooner than the questions before it at this level let it, and
      // had been on the lane at least `lane` of the fastest crossing.
      let fastestCrossing = IntervalGame.crossingSeconds(
        level: answerLevel, clearedAtLevel: IntervalGame.questionsPerLevel - 1)
      let entered = levelStartedAt + Double(clearedAtLevel) * fastestCrossing / 4
      guard time + slack >= entered + lane * fastestCrossing else {
        throw ScoreRefusal(
          "answer \(number) clears a question at \(seconds(time)) that could not have come "
            + "that far by then")
      }
      points += IntervalGame.clearingPoints(level: answerLevel, lane: lane)
      cleared += 1
      clearedAtLevel += 1
      if clearedAtLevel == IntervalGame.questionsPerLevel {
        clearedAtLevel = 0
        levelStartedAt = time
      }
    }
    guard time <= record.duration + slack else {
      throw ScoreRefusal(
        "the answers take \(seconds(time)), longer than the game's \(seconds(record.duration))")
    }
    let levelReached = min(
      IntervalGame.levels.lowerBound + cleared / IntervalGame.questionsPerLevel,
      IntervalGame.levels.upperBound)
    guard level == levelReached else {
      throw ScoreRefusal(
        "level \(level) reached, but the answers clear \(cleared) questions: level "
          + "\(levelReached)")
    }
    guard score == points else {
      throw ScoreRefusal("a score of \(score), but the answers give \(points)")
    }
    return IntervalGameResult(
      patternID: patternID, score: score, level: level, band: IntervalGame.band(of: level),
      startedAt: record.startedAt, duration: record.duration)
  }

  static func checkDates(_ record: SessionRecord, now: Date) throws(ScoreRefusal) {
    guard record.duration.isFinite, record.duration >= 0 else {
      throw ScoreRefusal("the record has no duration")
    }
    let ended = record.startedAt.addingTimeInterval(record.duration)
    guard ended.timeIntervalSince(now) <= clockSkew else {
      throw ScoreRefusal("the game is dated in the future")
    }
    guard now.timeIntervalSince(record.startedAt) <= oldestDays * 86_400 else {
      throw ScoreRefusal("the game is older than \(Int(oldestDays)) days")
    }
  }

  /// Lower-case letters, digits and hyphens, as a pattern file's id is written.
  public static func isPatternID(_ text: String) -> Bool {
    !text.isEmpty && text.count <= longestPatternID
      && text.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
  }

  static func whole(_ figure: Double?) -> Int? {
    guard let figure, figure.isFinite, figure == figure.rounded(), abs(figure) < 1e9 else {
      return nil
    }
    return Int(figure)
  }

  static func seconds(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
  }
}
