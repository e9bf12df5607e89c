import MusicTheory

/// The interval game: questions carrying an interval enter from the right of a lane and drift
/// left; the player marks every place on the visible neck holding the oldest question's
/// interval, which clears it. A question reaching the left edge ends the game. Each level is
/// faster and gives fewer aids; clearing `questionsPerLevel` questions moves up a level, and
/// clearing level 6 passes the pattern. A game with a `GameStaircase` has no fixed levels: its
/// pace follows the player's answers, the level is the one whose speed the pace has reached, a
/// question reaching the left edge is missed and slows the lane rather than ending the game,
/// and the game ends after `adaptiveQuestions`. Time and the random generator are passed in,
/// so a seeded game replays exactly.
public struct IntervalGame: Equatable, Sendable {
  public static let levels = 1...6
  public static let questionsPerLevel = 8
  /// The questions an adaptive game asks, cleared or missed: as many as the fixed game's six
  /// levels.
  public static let adaptiveQuestions = questionsPerLevel * levels.count
  /// How the history names a game: its module and exercise.
  public static let module = "fretboard"
  public static let exercise = "intervals"

  /// The level band a level belongs to, as records and leaderboards group games: 1 for levels
  /// 1–2, 2 for 3–4, 3 for 5–6.
  public static func band(of level: Int) -> Int { (level + 1) / 2 }

  /// What the floating questions ask: an interval from the tonic, or the name of the note
  /// there in the pattern's key. The history keeps it as the figure "mode".
  public enum Mode: Int, CaseIterable, Equatable, Sendable {
    case intervals = 0
    case noteNames = 1
  }

  /// The figures a record keeps for its mode, for questions heard rather than read and for a
  /// pace that fits the player: "mode" 1 for note names, "heard" 1 for heard, "adaptive" 1 and
  /// the last "pace" in seconds to the tenth for an adaptive game; none of them for the first
  /// game, so records older than these modes read as what they are.
  public static func figures(
    mode: Mode, isHeard: Bool, pace: GameStaircase? = nil
  ) -> [String: Double] {
    var figures: [String: Double] = [:]
    if mode != .intervals { figures["mode"] = Double(mode.rawValue) }
    if isHeard { figures["heard"] = 1 }
    if let pace {
      figures["adaptive"] = 1
      figures["pace"] = (pace.crossingSeconds * 10).rounded() / 10
    }
    return figures
  }

  /// The note a note-name question names: `interval` above the tonic, its letter counted
  /// from the tonic's by the interval's number, so a seven-note scale names each letter once
  /// (in E♭ major the 4th is A♭, never G♯). Nil when that would take more than a double
  /// accidental.
  public static func note(of interval: Interval, tonic: NoteClass) -> NoteClass? {
    tonic + interval
  }

  /// Whether a record's game is the written interval game at the fixed levels, the only one
  /// the boards rank: a board is kept per pattern and band, so a note-name or heard game would
  /// be ranked against a different game, and an adaptive game is a different game for each
  /// player, slower for the weaker, with points no one else's game could give.
  public static func isRanked(_ figures: [String: Double]) -> Bool {
    (figures["mode"] ?? 0) == 0 && (figures["heard"] ?? 0) == 0 && (figures["adaptive"] ?? 0) == 0
  }

  /// What the neck shows at a level: labels and colours (1–2), labels only (3–4), or nothing
  /// but the tonic (5–6).
  public enum Aids: Equatable, Sendable {
    case labelsAndColours
    case labels
    case tonicOnly
  }

  public struct Question: Equatable, Sendable {
    public let interval: Interval
    /// When it entered the lane, in seconds of game time.
    public let enteredAt: Double
    /// How long it takes to cross the lane, fixed when it entered.
    public let crossingSeconds: Double
  }

  public enum Mark: Equatable, Sendable {
    case right
    case wrong
    /// The mark completed the oldest question, which cleared.
    case cleared
    /// Nothing happened: the place was marked already, or the game is over.
    case ignored
  }

  /// The pattern's tones on the neck, with their intervals from the tonic.
  public let tones: [FretPosition: Interval]
  public private(set) var level: Int
  /// The highest level the game reached: an adaptive game's level goes down as well as up.
  public private(set) var highestLevel: Int
  /// The pace of an adaptive game; nil at the fixed levels.
  public private(set) var staircase: GameStaircase?
  /// Questions an adaptive game let reach the left edge.
  public private(set) var missed = 0
  public private(set) var questions: [Question] = []
  /// Places marked for the oldest question.
  public private(set) var marked: Set<FretPosition> = []
  public private(set) var score = 0
  /// Game time, in seconds.
  public private(set) var time = 0.0
  public private(set) var clearedAtLevel = 0
  public private(set) var isOver = false
  public private(set) var isPassed = false
  /// Every mark that counted, in order, as the history keeps it: a leaderboard checks the
  /// score against them (`ScorePlausibility`).
  public private(set) var answers: [SessionRecord.Answer] = []
  private var nextEntry = 0.0
  /// Game time of the last mark that counted, to the millisecond the answers keep.
  private var lastMarkAt = 0.0
  /// Game time at which the oldest question became the one to answer, when the one before it
  /// left the lane: a mark's reaction time is counted from then at the earliest.
  private var oldestSince = 0.0
  /// Questions cleared, at every level.
  private var clearedInAll = 0

  /// `positions` and `intervals` are the pattern's tones in the same order; the tonic is the
  /// one whose interval is a unison or octave, and is never asked. With `staircase` the pace
  /// fits the player, starting from the staircase's, and `level` is not used.
  public init(
    positions: [FretPosition], intervals: [Interval], level: Int = 1,
    staircase: GameStaircase? = nil
  ) {
    var tones: [FretPosition: Interval] = [:]
    for (position, interval) in zip(positions, intervals) { tones[position] = interval }
    self.tones = tones
    self.staircase = staircase
    self.level =
      staircase?.level ?? min(max(level, Self.levels.lowerBound), Self.levels.upperBound)
    highestLevel = self.level
  }

  /// Whether the pace follows the player rather than the fixed levels.
  public var isAdaptive: Bool { staircase != nil }

  /// Seconds a question entering now takes to cross the lane: the staircase's pace, or at the
  /// fixed levels 16 at level 1, two less each level, and within a level 4 % less for each
  /// question cleared, so a level grows faster towards its end.
  public var crossingSeconds: Double {
    staircase?.crossingSeconds ?? Self.crossingSeconds(level: level, clearedAtLevel: clearedAtLevel)
  }

  /// The crossing time at `level` after `clearedAtLevel` questions of it were cleared.
  public static func crossingSeconds(level: Int, clearedAtLevel: Int) -> Double {
    (18 - 2 * Double(level)) * (1 - 0.04 * Double(clearedAtLevel))
  }

  /// Points for the mark that clears a question `lane` of the way across (0 at the right
  /// edge, 1 at the left): its place, 10×level, and up to 10×level more for speed.
  public static func clearingPoints(level: Int, lane: Double) -> Int {
    level + 10 * level + Int((10 * Double(level) * (1 - lane)).rounded())
  }

  /// The lane a question had come when cleared, in the thousandths the history keeps, so the
  /// points a record shows are the points its answers give.
  static func lane(_ progress: Double) -> Double { (progress * 1000).rounded() / 1000 }

  /// Seconds between two questions entering.
  public var entrySpacing: Double { staircase?.entrySpacing ?? crossingSeconds / 4 }

  public var aids: Aids {
    switch level {
    case ...2: .labelsAndColours
    case 3...4: .labels
    default: .tonicOnly
    }
  }

  /// The intervals asked: those of the pattern other than the tonic, each named once.
  public var askedIntervals: [Interval] {
    var asked: [Interval] = []
    for interval in tones.values.sorted(by: { $0.semitones < $1.semitones })
    where interval.semitones % 12 != 0
      && !asked.contains(where: { $0.degreeName == interval.degreeName })
    {
      asked.append(interval)
    }
    return asked
  }

  /// How far a question has come, from 0 (just entered at the right) to 1 (the left edge).
  public func progress(of question: Question) -> Double {
    min(1, max(0, (time - question.enteredAt) / question.crossingSeconds))
  }

  /// The places holding the oldest question's interval.
  public var targets: Set<FretPosition> {
    guard let oldest = questions.first else { return [] }
    return Set(tones.filter { $0.value.degreeName == oldest.interval.degreeName }.keys)
  }

  /// Moves game time on: questions enter on schedule, and one reaching the left edge ends the
  /// game, or in an adaptive game is missed.
  public mutating func advance(to seconds: Double, using random: inout some RandomNumberGenerator) {
    guard !isOver, seconds > time else { return }
    time = seconds
    let asked = askedIntervals
    while nextEntry <= time, !asked.isEmpty {
      questions.append(
        Question(
          interval: asked.randomElement(using: &random)!, enteredAt: nextEntry,
          crossingSeconds: crossingSeconds))
      nextEntry += entrySpacing
    }
    while !isOver, let oldest = questions.first, progress(of: oldest) >= 1 {
      guard isAdaptive else {
        isOver = true
        return
      }
      questions.removeFirst()
      marked = []
      missed += 1
      oldestSince = oldest.enteredAt + oldest.crossingSeconds
      pace(after: .missed)
    }
  }

  /// Marks a place for the oldest question: +level if it holds the interval, −level if not, and
  /// when it was the last place of that interval +10×level more, and up to as much again for
  /// speed: the whole of it at the lane's right edge, none at its left. `seconds` is when the
  /// key came, in game time, if after the lane last moved: the answers keep the player's own
  /// spacing of the marks, not the frames'.
  @discardableResult
  public mutating func mark(_ position: FretPosition, at seconds: Double? = nil) -> Mark {
    guard !isOver, let oldest = questions.first, !marked.contains(position) else {
      return .ignored
    }
    let places = targets.count
    let reaction = max(time, seconds ?? time) - max(lastMarkAt, oldestSince, oldest.enteredAt)
    guard targets.contains(position) else {
      score -= level
      answer(oldest, at: position, seconds: seconds, isCorrect: false, lane: nil)
      pace(after: GameStaircase.Answer(isCorrect: false, seconds: reaction, places: places))
      return .wrong
    }
    marked.insert(position)
    guard marked == targets else {
      score += level
      answer(oldest, at: position, seconds: seconds, isCorrect: true, lane: nil)
      pace(after: GameStaircase.Answer(isCorrect: true, seconds: reaction, places: places))
      return .right
    }
    let lane = Self.lane(progress(of: oldest))
    score += Self.clearingPoints(level: level, lane: lane)
    answer(oldest, at: position, seconds: seconds, isCorrect: true, lane: lane)
    questions.removeFirst()
    marked = []
    oldestSince = lastMarkAt
    clearedAtLevel += 1
    clearedInAll += 1
    if isAdaptive {
      pace(after: GameStaircase.Answer(isCorrect: true, seconds: reaction, places: places))
    } else if clearedAtLevel == Self.questionsPerLevel {
      levelUp()
    }
    return .cleared
  }

  /// An adaptive game's pace and level after `answer`, and its end once it has asked all its
  /// questions.
  private mutating func pace(after answer: GameStaircase.Answer) {
    guard var staircase else { return }
    staircase.record(answer)
    self.staircase = staircase
    level = staircase.level
    highestLevel = max(highestLevel, level)
    if clearedInAll + missed >= Self.adaptiveQuestions { isOver = true }
  }

  private mutating func answer(
    _ question: Question, at position: FretPosition, seconds: Double?, isCorrect: Bool,
    lane: Double?
  ) {
    let now = max((max(time, seconds ?? time) * 1000).rounded() / 1000, lastMarkAt)
    answers.append(
      SessionRecord.Answer(
        question: question.interval.degreeName, context: "level \(level)",
        given: "\(position.string) \(position.fret)", isCorrect: isCorrect,
        seconds: now - lastMarkAt, lane: lane))
    lastMarkAt = now
  }

  /// The player stopped.
  public mutating func end() {
    isOver = true
  }

  private mutating func levelUp() {
    clearedAtLevel = 0
    guard level < Self.levels.upperBound else {
      isPassed = true
      isOver = true
      return
    }
    level += 1
    highestLevel = level
    // The faster lane starts afresh, so a crowd from the slower level does not end it at once.
    questions = []
    nextEntry = time
  }
}
