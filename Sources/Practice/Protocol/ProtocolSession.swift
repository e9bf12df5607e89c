import FoundationEssentials

/// A recording session's protocol: works, movements and their bars, takes and the producer's
/// marks on them. It is the replay, in order, of the entry lines the producer typed, each with
/// the wall-clock time it was entered; the journal of those lines is the protocol on disk.
///
/// The entry language, one command per line (words are separated by spaces; keywords may be
/// in any case; `BAR` is a printed bar label such as `12a` or a rehearsal mark such as `A`,
/// `BARS` is `BAR` or `BAR-BAR`, also with an en dash):
///
/// Preparation
/// - `work NAME` starts a new work, or goes back to the work of that name.
/// - `mvt K: MAP` defines movement K of the current work (see `BarMap.init(compact:)`), and
///   `mvt K "TITLE"` names it; `mvt K "TITLE": MAP` does both. Defining a movement selects it.
///   A movement's bars can be redefined until it has takes.
/// - `numbering continuous|work|movement [start N]`: see `NumberingScheme`. `start N` is the
///   next number now and the first number of every work or movement that starts counting.
/// - `fps 23.976|24|25|29.97|29.97df|30` (25 until set; see `FrameRate`) and `tc HH:MM:SS:FF`
///   (`HH:MM:SS;FF` in drop-frame), the recorder's timecode at the moment the line is entered.
///   A take's timecode is that timecode plus the time from then to the take's `take` line, to
///   the millisecond. Changing `fps` keeps the offset's HH:MM:SS:FF, the rate's nearest label.
/// - `tag LETTER NAME` adds a problem tag, such as `tag p page turn`.
/// - `parts vn1 vn2 vla vc` adds the parts (or voices) a mark may name.
///
/// Recording
/// - `day [TITLE]` starts a new recording day (`day 2 — Tuesday`): takes carry their day, and
///   are numbered on from the day before; `day [TITLE] restart` starts numbering again, at
///   the `numbering … start N` number (1 unless set), and the takes numbered again are named
///   with their day's number before their label (`2/3`, see `Take.name`). Takes logged
///   before the first `day` line are day 1's.
/// - `mvt K` selects movement K of the current work; its latest take becomes the current take.
/// - `take [N] [@BAR]` (either order) starts the next take, or take N, in the current
///   movement, at `BAR` or else at a guess: where the previous take of the movement stopped if
///   it ended before the last bar, where it started if it was a false start, otherwise at the
///   first bar. The previous take, if still open, ends now on the wall clock.
/// - `end BAR` sets where the current take ended; `false` makes it a false start.
/// - `BARS [RATING] [TAGS…] [PART] [NOTE]` rates bars of the current take and/or tags them:
///   `17-28 4`, `9 i`, `9 iw`, `40 x n`, and may name one of the parts and a note: `47 vla i
///   G` (a part's name wins over tags of the same letters; a note is a capital letter). Ratings: `0`–`4` or `x ± ok + ++` (`+-` for `±`); tags: the
///   letters of `ProblemTag.builtIn` and the session's own.
/// - `#7 BARS [RATING] [TAGS…]` makes mark 7 (each mark is numbered as it is made, shown as
///   `#7`) that mark instead, on its own take and in its place among the take's marks, as `#7
///   17-30 3 i`; `#7 delete` takes it out. Either is a line of its own, undone like any other.
/// - `edit BAR` marks the start of `BAR` as a good edit point in the current take.
/// - `note TEXT` notes something about the current take; `mnote TEXT` about the movement.
/// - `T3 LINE`: a mark, `all`, `note`, `edit`, `end`, `keep`, `ng`, `false` or `file` line about
///   take 3 instead of the current take, as `T3 40 +`, `T3 12-20 i`, `T3 file T003.WAV`. The take
///   is named as it is numbered now, or `T1/3` for take 3 of day 1 (see `take(named:)`); its
///   bars are its movement's. A bar or rehearsal mark of the current movement named like that
///   (`T3`) keeps its meaning.
/// - `pin TAKE BARS` makes the editing plan use a take of the current movement (named as `T`
///   names it: `3`, `A3`, `1/3`) for those bars; `unpin` drops the current movement's pins.
/// - `file NAME` names the recorder's file or clip the current take is in, such as `file
///   T003.WAV`, or take 3's after `T3`; `file NAME take LABEL` names it for the latest take
///   labelled `LABEL` (or numbered so) in any movement among those numbered since numbering last
///   started again, or with `2/3` for take 3 of day 2, which is how `woodshed protocol link`
///   writes it. The name is the rest of the line; one that itself ends in `take LABEL` goes in
///   double quotes. A later `file` line for the same take replaces the name.
/// - `status edited` or `status done` says the edit is under way or finished; `status
///   recording` takes that back. A new take means recording again.
/// - `undo` takes back the author's latest entry that is still in effect (an entry without an
///   author, from before entries had one, counts as anyone's); undo again for the one before.
///   Lines entered together as one action (the screen's `f`: `false`, then `take`) are taken
///   back together. Others' later entries stay; an undo that would change what one of them
///   applies to, or make it no longer apply, is refused.
///
/// Marks, edit points and pins of a take stay within its bars: from its start to its end bar,
/// or past the start without limit while it has no end bar (a pin: up to its last bar marked).
/// The current take is always the latest take of the selected movement.
public struct ProtocolSession: Equatable, Sendable {
  public internal(set) var works: [Work] = []
  /// In the order they were started.
  public internal(set) var takes: [Take] = []
  public internal(set) var pins: [Pin] = []
  /// The built-in tags and the session's own, in the order defined.
  public internal(set) var tags: [ProblemTag] = ProblemTag.builtIn
  public internal(set) var numbering = NumberingScheme.continuous
  public internal(set) var startNumber = 1
  public internal(set) var frameRate = FrameRate.fps25
  /// The position of the current work in `works`.
  public internal(set) var currentWork: Int?
  public internal(set) var currentMovement: MovementID?
  /// The status the last `status` line declared, until a take comes after it.
  public internal(set) var declaredStatus: ProtocolStatus?
  /// The recording days begun by `day` lines, in order; the last is the current day.
  public internal(set) var days: [RecordingDay] = []
  /// The number the next mark gets (`Mark.id`).
  public internal(set) var nextMarkID = 1
  /// The parts (or voices) marks may name, in the order given (`parts vn1 vn2 vla vc`).
  public internal(set) var parts: [String] = []

  var timecodeOffset: TimecodeOffset?
  /// The next automatic number in each counting scope the session has used.
  var nextNumbers: [NumberingScope: Int] = [:]
  /// How many times numbering has started again with a day: a label is unique among the takes
  /// of one run.
  var numberingRun = 0
  /// The actions in effect, oldest first, each with what it changed, so that `undo` puts back
  /// the session before it without replaying the lines before it.
  private var applied: [Action] = []
  /// Whether actions in effect before `applied` were forgotten (`forgettingActions`): a session
  /// read from a saved state knows only the actions of the lines after it.
  private var hasForgottenActions = false
  /// Whether a line needed an action this session forgot, and was refused for that alone: the
  /// journal must then be replayed from its start, where that line applies as it should.
  public private(set) var neededForgottenActions = false

  /// One line of the journal: what was typed, when, the writer's local clock offset from UTC
  /// then in seconds and by whom (each nil in a line from before lines had it), whether it
  /// belongs to the action of the line before it, and the recorder's timecode when it was
  /// entered (nil without a timecode source).
  public struct Line: Equatable, Sendable {
    public var text: String
    public var date: Date
    public var utcOffset: Int?
    public var author: String?
    public var joinsPrevious: Bool
    public var recorderTimecode: String?

    public init(
      _ text: String, at date: Date, utcOffset: Int? = nil, by author: String? = nil,
      joinsPrevious: Bool = false, recorderTimecode: String? = nil
    ) {
      self.text = text
      self.date = date
      self.utcOffset = utcOffset
      self.author = author
      self.joinsPrevious = joinsPrevious
      self.recorderTimecode = recorderTimecode
    }
  }

  /// Lines applied as one, with the session as it was before the first of them.
  private struct Action: Equatable, Sendable {
    var lines: [Line]
    var before: Snapshot
  }

  /// What a line can change, as it was before the line: the small parts whole, and of the
  /// takes only their count and the own fields of the current and latest take and of a take
  /// the line names (`T3 …`, `file NAME take 3`), since a line only appends takes, marks and
  /// notes or changes one of those takes. A new field, or a line that changes another take,
  /// must be kept here too: the random journals of `ProtocolUndoTests` find one that is not,
  /// once its line is in their pool.
  private struct Snapshot: Equatable, Sendable {
    var works: [Work]
    var pins: [Pin]
    var tags: [ProblemTag]
    var numbering: NumberingScheme
    var startNumber: Int
    var frameRate: FrameRate
    var currentWork: Int?
    var currentMovement: MovementID?
    var declaredStatus: ProtocolStatus?
    var timecodeOffset: TimecodeOffset?
    var nextNumbers: [NumberingScope: Int]
    var days: [RecordingDay]
    var numberingRun: Int
    var nextMarkID: Int
    var parts: [String]
    var takeCount: Int
    var changedTakes: [TakeSnapshot]
    var context: Context
    /// The take a line named (`T3 …`, `file NAME take 3`), which an undo applying it again
    /// must find the same.
    var target: Int?

    /// Keeps also the takes a later line of the same action changes (`protocol link` names
    /// the files of several takes in one action). One the action's earlier lines neither
    /// changed nor appended is as it was before the action.
    mutating func keep(_ takes: [TakeSnapshot]) {
      let kept = Set(changedTakes.map(\.index))
      changedTakes += takes.filter { $0.index < takeCount && !kept.contains($0.index) }
    }
  }

  private struct Context: Equatable, Sendable {
    var work: Int?
    var movement: MovementID?
    var take: Int?
  }

  private struct TakeSnapshot: Equatable, Sendable {
    var index: Int
    var endBar: Int?
    var endedAt: Date?
    var endLineAt: Date?
    var endTimecode: Timecode?
    var lastLineAt: Date
    var isFalseStart: Bool
    var isNoGood: Bool
    var isKept: Bool
    var markCount: Int
    /// All its marks, kept only for a line that edits or deletes one of them.
    var marks: [Mark]?
    var editPoints: [Int]
    var noteCount: Int
    var file: String?
  }

  struct TimecodeOffset: Equatable, Sendable {
    var timecode: Timecode
    var setAt: Date
  }

  enum NumberingScope: Hashable, Sendable {
    case session
    case work(Int)
    case movement(MovementID)
  }

  public init() {}

  /// Whether `line` starts a take, as `take`, `take 3` or `take @12` do, read as the journal
  /// reads it.
  public static func startsTake(_ line: String) -> Bool {
    guard case .take = try? ProtocolCommand(parsing: line) else { return false }
    return true
  }

  /// This session without the actions in effect: what it is stays, but `undo` can no longer
  /// reach the lines so far. A line that needs one of them (an undo with no action of its
  /// author after them, a line joining an action before them) is refused and sets
  /// `neededForgottenActions`, so a session saved this way never applies a line otherwise
  /// than the whole journal would.
  public func forgettingActions() -> ProtocolSession {
    var session = self
    session.applied = []
    session.hasForgottenActions = true
    return session
  }

  /// Why a line that needs a forgotten action is refused.
  static let forgottenAction = ProtocolError("the journal must be read from its start")

  /// Applies one entry line typed at `date` by `author`, or throws why not and leaves the
  /// session as it was.
  public mutating func apply(_ line: String, at date: Date, by author: String? = nil)
    throws(ProtocolError)
  {
    try apply(Line(line, at: date, by: author))
  }

  /// Applies a line of the journal; one that joins the previous line's action is taken back
  /// with it.
  public mutating func apply(_ line: Line) throws(ProtocolError) {
    let command = try ProtocolCommand(parsing: line.text)
    if command == .undo {
      try undo(by: line.author)
      return
    }
    if line.joinsPrevious, applied.isEmpty, hasForgottenActions {
      neededForgottenActions = true
      throw Self.forgottenAction
    }
    let before = snapshot(keeping: target(of: command), wholeMarks: command.changesAMark)
    // A stamp not readable at the session's rate (the rate changed since) is as none.
    let stamp = line.recorderTimecode.flatMap { Timecode($0, rate: frameRate) }
    try perform(command, at: line.date, utcOffset: line.utcOffset, stamp: stamp)
    if line.joinsPrevious, let last = applied.indices.last,
      applied[last].lines.last?.author == line.author
    {
      applied[last].before.keep(before.changedTakes)
      applied[last].lines.append(line)
    } else {
      applied.append(Action(lines: [line], before: before))
    }
  }

  /// Applies lines entered together as one action, such as `false` and `take`: all of them or,
  /// if one is refused, none.
  public mutating func apply(together lines: [Line]) throws(ProtocolError) {
    let count = applied.count
    do {
      for (index, line) in lines.enumerated() {
        var joined = line
        joined.joinsPrevious = index > 0
        try apply(joined)
      }
    } catch {
      if applied.count > count { rewind(to: count) }
      throw error
    }
  }

  /// A journal line refused and skipped on replay, `line N: why`: a value, for the app to say
  /// it in the producer's language.
  public struct RefusedLine: Equatable, Sendable, CustomStringConvertible {
    public let number: Int
    public let refusal: ProtocolError

    public var description: String { "line \(number): \(refusal)" }
  }

  /// The session the journal's entries make, with each entry that was refused and skipped (N
  /// counts from 1).
  public static func replay(_ entries: [(line: String, date: Date)]) -> (
    session: ProtocolSession, problems: [RefusedLine]
  ) {
    var session = ProtocolSession()
    let problems = session.replay(entries.map { Line($0.line, at: $0.date) })
    return (session, problems)
  }

  /// Applies the journal's lines in order and says which were refused and skipped, counting the
  /// first of `lines` as line `firstNumber`.
  public mutating func replay(_ lines: [Line], firstNumber: Int = 1) -> [RefusedLine] {
    var problems: [RefusedLine] = []
    for (number, line) in zip(firstNumber..., lines) {
      do throws(ProtocolError) {
        try apply(line)
      } catch {
        problems.append(RefusedLine(number: number, refusal: error))
      }
    }
    return problems
  }

  /// Puts back the session before the author's latest action in effect, then applies the
  /// others' actions after it again, as they were entered. Taking back the latest action costs
  /// only what that action changed. An action applied again must find the same work, movement
  /// and take current as when it was entered, or it would be about something else.
  private mutating func undo(by author: String?) throws(ProtocolError) {
    guard
      let index = applied.lastIndex(where: {
        author == nil || $0.lines[0].author == nil || $0.lines[0].author == author
      })
    else {
      if hasForgottenActions {
        neededForgottenActions = true
        throw Self.forgottenAction
      }
      throw ProtocolError("nothing to undo")
    }
    let undone = Array(applied[index...])
    rewind(to: index)
    for action in undone.dropFirst() {
      if context == action.before.context, (try? apply(together: action.lines)) != nil,
        applied.last?.before.target == action.before.target
      {
        continue
      }
      rewind(to: index)
      // They all applied in this order before, so they apply again.
      for action in undone { try! apply(together: action.lines) }
      let later = action.lines[0]
      let line = undone[0].lines[0].text
      guard let author = later.author else {
        throw ProtocolError(
          "cannot undo \"\(line)\": someone's \"\(later.text)\" after it depends on it",
          key: "protocol.error.undoDependsOnSomeone",
          arguments: ["line": line, "later": later.text])
      }
      throw ProtocolError(
        "cannot undo \"\(line)\": \(author)'s \"\(later.text)\" after it depends on it",
        key: "protocol.error.undoDepends",
        arguments: ["line": line, "author": author, "later": later.text])
    }
  }

  /// The work, movement and take that entries apply to.
  private var context: Context {
    Context(work: currentWork, movement: currentMovement, take: currentTake)
  }

  /// Puts back the session as it was before action `index`, and forgets that action and those
  /// after it.
  private mutating func rewind(to index: Int) {
    for action in applied[index...].reversed() { restore(action.before) }
    applied.removeSubrange(index...)
  }

  private func snapshot(keeping target: Int?, wholeMarks: Bool = false) -> Snapshot {
    let changed = Set([currentTake, takes.indices.last, target].compactMap { $0 }).sorted().map {
      TakeSnapshot(
        index: $0, endBar: takes[$0].endBar, endedAt: takes[$0].endedAt,
        endLineAt: takes[$0].endLineAt, endTimecode: takes[$0].endTimecode,
        lastLineAt: takes[$0].lastLineAt,
        isFalseStart: takes[$0].isFalseStart, isNoGood: takes[$0].isNoGood,
        isKept: takes[$0].isKept,
        markCount: takes[$0].marks.count, marks: wholeMarks ? takes[$0].marks : nil,
        editPoints: takes[$0].editPoints, noteCount: takes[$0].notes.count, file: takes[$0].file)
    }
    return Snapshot(
      works: works, pins: pins, tags: tags, numbering: numbering, startNumber: startNumber,
      frameRate: frameRate, currentWork: currentWork, currentMovement: currentMovement,
      declaredStatus: declaredStatus, timecodeOffset: timecodeOffset, nextNumbers: nextNumbers,
      days: days, numberingRun: numberingRun, nextMarkID: nextMarkID, parts: parts,
      takeCount: takes.count,
      changedTakes: changed, context: context, target: target)
  }

  /// The take a line names other than the current one, whose fields it may change too: a `T3`
  /// line's, unless `T3` is a bar of the current movement, or `file NAME take 3`'s.
  private func target(of command: ProtocolCommand) -> Int? {
    switch command {
    case .onTake(let word, _) where !isBarOfCurrentMovement(word):
      try? take(named: String(word.dropFirst()))
    case .file(_, let label?): take(labelled: label)
    case .editMark(let id, _), .deleteMark(let id): self.take(holdingMark: id)?.take
    default: nil
    }
  }

  /// The take holding mark `id`, and the mark's place among its marks.
  private func take(holdingMark id: Int) -> (take: Int, index: Int)? {
    for (take, held) in takes.enumerated() {
      if let index = held.marks.firstIndex(where: { $0.id == id }) { return (take, index) }
    }
    return nil
  }

  private func isBarOfCurrentMovement(_ word: String) -> Bool {
    currentMovement.flatMap(movement)?.bars.bar(word) != nil
  }

  private mutating func restore(_ before: Snapshot) {
    works = before.works
    pins = before.pins
    tags = before.tags
    numbering = before.numbering
    startNumber = before.startNumber
    frameRate = before.frameRate
    currentWork = before.currentWork
    currentMovement = before.currentMovement
    declaredStatus = before.declaredStatus
    timecodeOffset = before.timecodeOffset
    nextNumbers = before.nextNumbers
    days = before.days
    numberingRun = before.numberingRun
    nextMarkID = before.nextMarkID
    parts = before.parts
    takes.removeSubrange(before.takeCount...)
    for take in before.changedTakes {
      takes[take.index].endBar = take.endBar
      takes[take.index].endedAt = take.endedAt
      takes[take.index].endLineAt = take.endLineAt
      takes[take.index].endTimecode = take.endTimecode
      takes[take.index].lastLineAt = take.lastLineAt
      takes[take.index].isFalseStart = take.isFalseStart
      takes[take.index].isNoGood = take.isNoGood
      takes[take.index].isKept = take.isKept
      if let marks = take.marks {
        takes[take.index].marks = marks
      } else {
        takes[take.index].marks.removeSubrange(take.markCount...)
      }
      takes[take.index].editPoints = take.editPoints
      takes[take.index].notes.removeSubrange(take.noteCount...)
      takes[take.index].file = take.file
    }
  }

  public func movement(_ id: MovementID) -> Movement? {
    guard works.indices.contains(id.work) else { return nil }
    return works[id.work].movements.first { $0.id.number == id.number }
  }

  /// Every movement of every work, in order.
  public var movementIDs: [MovementID] {
    works.flatMap { $0.movements.map(\.id) }
  }

  /// The position in `takes` of the latest take of the current movement, which entries about
  /// a take apply to.
  public var currentTake: Int? {
    guard let currentMovement else { return nil }
    return takes.lastIndex { $0.movement == currentMovement }
  }

  /// The number of the day `take` was recorded on: its `day` line's, or 1 for a take logged
  /// before the first `day` line (which then began day 2); nil in a session without days.
  public func dayNumber(of take: Take) -> Int? {
    take.day ?? (days.isEmpty ? nil : 1)
  }

  /// The day numbered `number`, unless it is the day 1 that began without a `day` line.
  public func day(numbered number: Int) -> RecordingDay? {
    days.first { $0.number == number }
  }

  /// The label `take` without a number would give now, for the take counter.
  public var nextTakeLabel: String? {
    guard let currentMovement else { return nil }
    return label(nextFreeNumber(in: currentMovement), in: currentMovement)
  }

  /// The bar `take` without `@BAR` would start at now.
  public var guessedStartBar: Int? {
    guard let currentMovement, let movement = movement(currentMovement) else { return nil }
    guard let previous = takes.last(where: { $0.movement == currentMovement }) else { return 0 }
    if previous.isFalseStart { return previous.startBar }
    if let end = previous.endBar, end < movement.bars.count - 1 { return end }
    return 0
  }

  /// No take yet: to record; takes: recording, until a `status` line says the edit is under
  /// way or done, and again once a take follows it.
  public var status: ProtocolStatus {
    declaredStatus ?? (takes.isEmpty ? .toRecord : .recording)
  }

  /// The labels of the takes the producer may want to complete: those without an end bar.
  public var takesWithoutEnd: [String] {
    takes.filter { $0.endBar == nil && !$0.isFalseStart }.map(\.label)
  }

  /// The recorder's timecode at `date`, once `tc` has been set.
  public func timecode(at date: Date) -> Timecode? {
    timecodeOffset.map { $0.timecode.adding(seconds: date.timeIntervalSince($0.setAt)) }
  }

  // MARK: - Entries

  /// Each case checks everything before it changes anything, so a refused entry leaves the
  /// session as it was.
  private mutating func perform(
    _ command: ProtocolCommand, at date: Date, utcOffset: Int?, stamp: Timecode?
  ) throws(ProtocolError) {
    switch command {
    case .work(let name): selectWork(named: name)
    case .selectMovement(let number): try selectMovement(number)
    case .defineMovement(let number, let title, let bars):
      try defineMovement(number, title: title, bars: bars)
    case .numbering(let scheme, let start): setNumbering(scheme, start: start)
    case .frameRate(let rate):
      frameRate = rate
      if let old = timecodeOffset?.timecode {
        timecodeOffset?.timecode = Timecode(
          hours: old.hours, minutes: old.minutes, seconds: old.seconds, frames: old.frames,
          rate: rate)
      }
    case .timecode(let text):
      guard let timecode = Timecode(text, rate: frameRate) else {
        let form = frameRate.isDropFrame ? "HH:MM:SS;FF" : "HH:MM:SS:FF"
        throw ProtocolError("\(text) is not a timecode \(form) at \(frameRate.rawValue) fps")
      }
      timecodeOffset = TimecodeOffset(timecode: timecode, setAt: date)
    case .tag(let letter, let name): try defineTag(letter, name: name)
    case .parts(let names):
      for name in names where !parts.contains(name) { parts.append(name) }
    case .take(let number, let bar):
      try startTake(number: number, at: bar, date: date, utcOffset: utcOffset)
    case .end, .falseStart, .noGood, .keep, .mark, .editPoint, .note, .file(_, take: nil):
      try perform(command, on: nil, at: date, stamp: stamp)
    case .onTake(let word, let rest):
      if isBarOfCurrentMovement(word) {
        try perform(
          try ProtocolCommand.marking(word + " " + rest), on: nil, at: date, stamp: stamp)
      } else {
        let take = try take(named: String(word.dropFirst()))
        let command = try ProtocolCommand(parsing: rest)
        guard command.isAboutATake else {
          throw ProtocolError(
            "\(word) goes before a mark, all, note, edit, end, keep, ng, false or file, "
              + "as \(word) 40 +")
        }
        try perform(command, on: take, at: date, stamp: stamp)
      }
    case .movementNote(let text):
      let id = try requireMovement()
      let index = works[id.work].movements.firstIndex { $0.id == id }!
      works[id.work].movements[index].notes.append(text)
    case .file(let name, let label?):
      guard let take = take(labelled: label) else {
        throw ProtocolError(
          "no take \(label); a name that ends in take \(label) goes in double quotes: "
            + "file \"\(name) take \(label)\"")
      }
      takes[take].file = name
    case .pin(let take, let bars): try pin(take, bars)
    case .status(let declared): declaredStatus = declared
    case .day(let title, let restarts):
      // Takes logged before the first `day` line were day 1's, so that line starts day 2.
      let number = (days.last?.number ?? (takes.isEmpty ? 0 : 1)) + 1
      days.append(
        RecordingDay(
          number: number, title: title, startedAt: date, utcOffset: utcOffset,
          restartsNumbering: restarts))
      if restarts {
        numberingRun += 1
        nextNumbers = [:]
      }
    case .unpin:
      let id = try requireMovement()
      guard pins.contains(where: { $0.movement == id }) else {
        throw ProtocolError("no pins in movement \(id.number)")
      }
      pins.removeAll { $0.movement == id }
    case .editMark(let id, let entry):
      let words = try read(entry)
      try requireSaying(entry.bars, rating: entry.rating, tags: words.letters)
      let (take, index) = try requireMark(id)
      let marked = try markedBars(entry.bars, on: take)
      let kept = takes[take].marks[index]
      takes[take].marks[index] = Mark(
        id: id, bars: marked.bars, firstBeat: marked.firstBeat, lastBeat: marked.lastBeat,
        rating: entry.rating, tags: try problemTags(words.letters), part: words.part,
        note: words.note, timecode: kept.timecode)
      do throws(ProtocolError) {
        try checkPinsStayWithin(take)
      } catch {
        takes[take].marks[index] = kept
        throw error
      }
    case .deleteMark(let id):
      let (take, index) = try requireMark(id)
      let kept = takes[take].marks.remove(at: index)
      do throws(ProtocolError) {
        try checkPinsStayWithin(take)
      } catch {
        takes[take].marks.insert(kept, at: index)
        throw error
      }
    case .undo:
      // `apply` takes an undo before it comes here: it changes the actions, not the protocol.
      break
    }
  }

  private func requireMark(_ id: Int) throws(ProtocolError) -> (take: Int, index: Int) {
    guard let found = take(holdingMark: id) else { throw ProtocolError("no mark #\(id)") }
    return found
  }

  /// A take with no end bar plays up to the last bar an entry mentions: a mark edited or
  /// deleted may not leave a pin of it past that.
  private func checkPinsStayWithin(_ take: Int) throws(ProtocolError) {
    let played = takes[take].bars
    guard let pin = pins.first(where: { $0.take == take && $0.bars.upperBound > played.upperBound })
    else { return }
    let labels = movement(takes[take].movement)!.bars.labels
    throw ProtocolError(
      "take \(takes[take].label) is pinned up to bar \(labels[pin.bars.upperBound]): end it "
        + "there first")
  }

  /// A line about one take, entered at `date` when the recorder showed `stamp`: `take`, or the
  /// current take when nil.
  private mutating func perform(
    _ command: ProtocolCommand, on named: Int?, at date: Date, stamp: Timecode?
  ) throws(ProtocolError) {
    switch command {
    case .end(let bar):
      let take = try resolve(named)
      try endTake(take, at: bar)
      takes[take].endLineAt = date
      takes[take].endTimecode = stamp
    case .falseStart:
      let take = try resolve(named)
      guard !pins.contains(where: { $0.take == take }) else {
        throw ProtocolError("take \(takes[take].label) is pinned: unpin first")
      }
      takes[take].isFalseStart = true
    case .noGood:
      let take = try resolve(named)
      guard !pins.contains(where: { $0.take == take }) else {
        throw ProtocolError("take \(takes[take].label) is pinned: unpin first")
      }
      takes[take].isNoGood = true
    case .keep:
      let take = try resolve(named)
      guard takes[take].isMaterial else {
        let verdict = takes[take].isFalseStart ? "a false start" : "no good"
        throw ProtocolError("take \(takes[take].label) is \(verdict)")
      }
      takes[take].isKept = true
    case .mark(let entry): try mark(entry, on: named, stamp: stamp)
    case .editPoint(let bar):
      let take = try resolve(named)
      let bars = try barsOfTake(take, bar)
      guard bars.count == 1 else { throw ProtocolError("edit needs one bar, as edit 17") }
      let position = bars.lowerBound
      if !takes[take].editPoints.contains(position) {
        takes[take].editPoints.append(position)
        takes[take].editPoints.sort()
      }
    case .note(let text):
      takes[try resolve(named)].notes.append(text)
    case .file(let name, nil):
      // A file is often named long after the take (`protocol link`): that says nothing of
      // when the take ended on the clock.
      takes[try resolve(named)].file = name
      return
    default:
      preconditionFailure("\(command) is not about a take")
    }
    takes[try resolve(named)].lastLineAt = date
  }

  private mutating func selectWork(named name: String) {
    let index = works.firstIndex { $0.name == name } ?? works.count
    if index == works.count { works.append(Work(name: name)) }
    if index != currentWork {
      currentWork = index
      currentMovement = nil
    }
  }

  private mutating func selectMovement(_ number: Int) throws(ProtocolError) {
    guard let currentWork, movement(MovementID(work: currentWork, number: number)) != nil else {
      throw ProtocolError("no movement \(number): define it as mvt \(number): 1-120")
    }
    currentMovement = MovementID(work: currentWork, number: number)
  }

  private mutating func defineMovement(_ number: Int, title: String?, bars: BarMap?)
    throws(ProtocolError)
  {
    let id = MovementID(work: currentWork ?? works.count, number: number)
    if let existing = movement(id) {
      if bars != nil, bars != existing.bars, takes.contains(where: { $0.movement == id }) {
        throw ProtocolError("movement \(number) has takes: its bars cannot change")
      }
      let index = works[id.work].movements.firstIndex { $0.id == id }!
      if let title { works[id.work].movements[index].title = title }
      if let bars { works[id.work].movements[index].bars = bars }
    } else {
      guard let bars else {
        throw ProtocolError("no movement \(number): give its bars, as mvt \(number): 1-120")
      }
      if currentWork == nil {
        works.append(Work(name: ""))
        currentWork = id.work
      }
      works[id.work].movements.append(Movement(id: id, title: title, bars: bars))
      works[id.work].movements.sort { $0.id < $1.id }
    }
    currentMovement = id
  }

  private mutating func setNumbering(_ scheme: NumberingScheme, start: Int?) {
    numbering = scheme
    guard let start else { return }
    startNumber = start
    let scope: NumberingScope? =
      switch scheme {
      case .continuous: .session
      case .work: currentWork.map { .work($0) }
      case .movement: currentMovement.map { .movement($0) }
      }
    if let scope { nextNumbers[scope] = start }
  }

  private mutating func defineTag(_ letter: Character, name: String) throws(ProtocolError) {
    guard letter.isLetter, Rating(String(letter)) == nil else {
      throw ProtocolError("a tag is a letter other than x, which rates a bar unusable")
    }
    if let existing = tags.first(where: { $0.letter == letter }) {
      throw ProtocolError("tag \(letter) is already \(existing.name)")
    }
    tags.append(ProblemTag(letter: letter, name: name))
  }

  private mutating func startTake(number: Int?, at bar: String?, date: Date, utcOffset: Int?)
    throws(ProtocolError)
  {
    let id = try requireMovement()
    let movement = movement(id)!
    var start = guessedStartBar ?? 0
    if let bar { start = try position(of: bar, in: movement) }
    let scope = scope(of: id)
    var taken = nextFreeNumber(in: id)
    if let number {
      guard !isUsed(label(number, in: id), in: scope) else {
        throw ProtocolError(
          "take \(label(number, in: id)) already exists", key: "protocol.error.takeExists",
          arguments: ["take": label(number, in: id)])
      }
      taken = number
    }
    if let last = takes.indices.last, takes[last].endedAt == nil { takes[last].endedAt = date }
    takes.append(
      Take(
        number: taken, label: label(taken, in: id), movement: id, startBar: start,
        startedAt: date, utcOffset: utcOffset, timecode: timecode(at: date),
        day: days.last?.number, numberingRun: numberingRun))
    nextNumbers[scope] = taken + 1
    declaredStatus = nil
  }

  private mutating func endTake(_ take: Int, at bar: String) throws(ProtocolError) {
    let movement = movement(takes[take].movement)!
    let end = try position(of: bar, in: movement)
    let label = takes[take].label
    guard end >= takes[take].startBar else {
      throw ProtocolError(
        "bar \(bar) is before the start of take \(label) "
          + "(bar \(movement.bars.labels[takes[take].startBar]))")
    }
    let pinned = pins.filter { $0.take == take }.map(\.bars.upperBound)
    if let last = ([takes[take].lastBarMentioned].compactMap { $0 } + pinned).max(), last > end {
      throw ProtocolError(
        "take \(label) has entries up to bar \(movement.bars.labels[last]): end it there or later")
    }
    takes[take].endBar = end
  }

  private mutating func mark(_ entry: MarkEntry, on named: Int?, stamp: Timecode?)
    throws(ProtocolError)
  {
    let text = entry.bars
    let words = try read(entry)
    if text != ProtocolCommand.wholeTake {
      let map = (named.map { takes[$0].movement } ?? currentMovement).flatMap(movement)?.bars
      let head = text.prefix { $0 != "-" && $0 != "–" }
      let headBar = head.lastIndex(of: ".").map { head[..<$0] } ?? head
      guard
        head.first?.isASCIIDigit == true || map?.bar(head) != nil || map?.bar(headBar) != nil
          || map?.bar(text) != nil
      else { throw ProtocolError("\"\(text)\" is not a command, a bar or a rehearsal mark") }
    }
    try requireSaying(text, rating: entry.rating, tags: words.letters)
    let take = try resolve(named)
    let span = try markedBars(text, on: take)
    takes[take].marks.append(
      Mark(
        id: nextMarkID, bars: span.bars, firstBeat: span.firstBeat, lastBeat: span.lastBeat,
        rating: entry.rating, tags: try problemTags(words.letters), part: words.part,
        note: words.note, timecode: stamp))
    nextMarkID += 1
  }

  /// The words after a mark's rating: a part of the protocol, a note, or tags, at most two to
  /// a word. A longer word of letters is a word (`30 fine`, `12 new`): taking its letters for
  /// tags would log a passage that went well as four problems.
  private func read(_ entry: MarkEntry) throws(ProtocolError) -> (
    letters: [Character], part: String?, note: String?
  ) {
    var letters: [Character] = []
    var part: String?
    var note: String?
    for word in entry.words {
      if parts.contains(word) {
        guard part == nil else { throw ProtocolError("one part per entry") }
        part = word
      } else if ProtocolCommand.isNoteName(word) {
        guard note == nil else { throw ProtocolError("one note per entry") }
        note = word
      } else if word.allSatisfy(\.isLetter) {
        guard word.count <= ProtocolCommand.maximumTagsInAWord else {
          throw ProtocolCommand.notTags(word, note: "note " + entry.rest)
        }
        letters += word
      } else {
        throw ProtocolError("\"\(word)\" is not \(ProtocolCommand.ratingHelp)")
      }
    }
    return (letters, part, note)
  }

  private func requireSaying(_ text: String, rating: Rating?, tags letters: [Character])
    throws(ProtocolError)
  {
    guard rating != nil || !letters.isEmpty else {
      throw ProtocolError("say how bar \(text) went: \(ProtocolCommand.ratingHelp), as \(text) 3")
    }
  }

  /// The bars a mark of `take` names; `all` is the take's whole range, known only once it has
  /// ended.
  private func markedBars(_ text: String, on take: Int) throws(ProtocolError) -> (
    bars: ClosedRange<Int>, firstBeat: Int?, lastBeat: Int?
  ) {
    guard text == ProtocolCommand.wholeTake else { return try beatsOfTake(take, text) }
    guard takes[take].endBar != nil else {
      throw ProtocolError(
        "take \(takes[take].label) has no end yet: end it first, as end 28, then all +")
    }
    return (takes[take].bars, nil, nil)
  }

  private func problemTags(_ letters: [Character]) throws(ProtocolError) -> [ProblemTag] {
    var found: [ProblemTag] = []
    for letter in letters {
      guard let tag = tags.first(where: { $0.letter == letter }) else {
        throw ProtocolError("unknown tag \(letter): define it as tag \(letter) NAME")
      }
      if !found.contains(tag) { found.append(tag) }
    }
    return found
  }

  private mutating func pin(_ label: String, _ text: String) throws(ProtocolError) {
    let id = try requireMovement()
    guard let take = try? take(named: label), takes[take].movement == id else {
      throw ProtocolError("no take \(label) in movement \(id.number)")
    }
    guard !takes[take].isFalseStart else {
      throw ProtocolError("take \(takes[take].label) is a false start")
    }
    guard !takes[take].isNoGood else { throw ProtocolError("take \(takes[take].label) is no good") }
    let bars = try self.bars(text, in: movement(id)!)
    let played = takes[take].bars
    guard played.contains(bars.lowerBound), played.contains(bars.upperBound) else {
      let labels = movement(id)!.bars.labels
      throw ProtocolError(
        "take \(takes[take].label) plays bars \(labels[played.lowerBound])–"
          + "\(labels[played.upperBound]) only")
    }
    pins.append(Pin(movement: id, take: take, bars: bars))
  }

  // MARK: - Resolving what entries name

  private func requireMovement() throws(ProtocolError) -> MovementID {
    guard let currentMovement else {
      throw ProtocolError("no movement selected: choose one with mvt K, or define it")
    }
    return currentMovement
  }

  private func requireTake() throws(ProtocolError) -> Int {
    _ = try requireMovement()
    guard let currentTake else {
      throw ProtocolError("no take yet: start one with \"take\"")
    }
    return currentTake
  }

  /// The take `file NAME take LABEL` names: the latest labelled or numbered `LABEL` (`3` for
  /// `A3`) in any movement, among the takes numbered since numbering last started again, or
  /// with `2/3` the latest of day 2's.
  private func take(labelled name: String) -> Int? {
    let parts = name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    let day = parts.count == 2 ? Int(parts[0]) : nil
    guard parts.count == 1 || day != nil, let label = parts.last else { return nil }
    return takes.lastIndex { take in
      (take.label == label || String(take.number) == label)
        && (day.map { dayNumber(of: take) == $0 } ?? (take.numberingRun == numberingRun))
    }
  }

  private func resolve(_ named: Int?) throws(ProtocolError) -> Int {
    if let named { return named }
    return try requireTake()
  }

  /// The take `name` names as takes are numbered now: its label (`3`, `A3`) since numbering
  /// last started again, in the current work when each work numbers its own; under movement
  /// numbering a number alone is the current movement's take (`3` is `A3` in movement 1).
  /// `2/3` is take 3 of day 2.
  func take(named name: String) throws(ProtocolError) -> Int {
    let parts = name.split(separator: "/", maxSplits: 1)
    let day = parts.count == 2 ? Int(parts[0]) : nil
    var label = String(parts.last ?? "")
    if numbering == .movement, label.allSatisfy(\.isASCIIDigit), let currentMovement {
      label = NumberingScheme.letters(ofMovement: currentMovement.number) + label
    }
    let work = numbering == .continuous ? nil : currentWork
    guard
      let found = takes.lastIndex(where: { take in
        take.label.uppercased() == label.uppercased()
          && (work == nil || take.movement.work == work)
          && (day.map { dayNumber(of: take) == $0 } ?? (take.numberingRun == numberingRun))
      })
    else {
      throw ProtocolError(
        "there is no take \(name)", key: "protocol.error.noSuchTake", arguments: ["take": name])
    }
    return found
  }

  private func position(of bar: some StringProtocol, in movement: Movement) throws(ProtocolError)
    -> Int
  {
    guard let position = movement.bars.bar(bar) else { throw notABar(bar, of: movement) }
    return position
  }

  private func notABar(_ bar: some StringProtocol, of movement: Movement) -> ProtocolError {
    ProtocolError("bar \(bar) is not in movement \(movement.id.number) (\(movement.bars.span))")
  }

  /// `BAR` or `BAR-BAR` (also with an en dash, which labels never hold).
  private func bars(_ text: String, in movement: Movement) throws(ProtocolError)
    -> ClosedRange<Int>
  {
    try beats(text, in: movement).bars
  }

  /// `BAR`, `BAR-BAR`, each `BAR` perhaps with the beat after a point, `47.3-48.1`, as the
  /// bar's meter counts them; a label that itself holds a point is a bar first.
  private func beats(_ text: String, in movement: Movement) throws(ProtocolError) -> (
    bars: ClosedRange<Int>, firstBeat: Int?, lastBeat: Int?
  ) {
    guard let dash = text.firstIndex(where: { $0 == "-" || $0 == "–" }) else {
      let (bar, beat) = try barAndBeat(text, in: movement)
      return (bar...bar, beat, beat)
    }
    let (first, firstBeat) = try barAndBeat(text[..<dash], in: movement)
    let (last, lastBeat) = try barAndBeat(text[text.index(after: dash)...], in: movement)
    guard first < last || (first == last && (firstBeat ?? 1) <= (lastBeat ?? Int.max)) else {
      throw ProtocolError("bars \(text) run backwards")
    }
    return (first...last, firstBeat, lastBeat)
  }

  private func barAndBeat(_ text: some StringProtocol, in movement: Movement)
    throws(ProtocolError) -> (bar: Int, beat: Int?)
  {
    let map = movement.bars
    guard map.bar(text) == nil, let point = text.lastIndex(of: "."),
      let bar = map.bar(text[..<point])
    else { return (try position(of: text, in: movement), nil) }
    // A script has no meter: `p3.2.1` would read as a beat of a line.
    guard !map.isScript else {
      throw ProtocolError(
        "line \(text[..<point]) of a script has no beats: write \(text[..<point])")
    }
    let meter = map.sections.last { $0.firstBar <= bar }?.beatsPerBar ?? 4
    guard let beat = Int(text[text.index(after: point)...]), (1...meter).contains(beat) else {
      throw ProtocolError(
        "bar \(text[..<point]) has beats 1 to \(meter): \(text) is none of them")
    }
    return (bar, beat)
  }

  /// Bars within the take's own: not before its start nor after its end bar.
  private func barsOfTake(_ take: Int, _ text: String) throws(ProtocolError) -> ClosedRange<Int> {
    try beatsOfTake(take, text).bars
  }

  private func beatsOfTake(_ take: Int, _ text: String) throws(ProtocolError) -> (
    bars: ClosedRange<Int>, firstBeat: Int?, lastBeat: Int?
  ) {
    let movement = movement(takes[take].movement)!
    let span = try beats(text, in: movement)
    let bars = span.bars
    let labels = movement.bars.labels
    let label = takes[take].label
    if bars.lowerBound < takes[take].startBar {
      throw ProtocolError(
        "bar \(labels[bars.lowerBound]) is before the start of take \(label) "
          + "(bar \(labels[takes[take].startBar]))")
    }
    if let end = takes[take].endBar, bars.upperBound > end {
      throw ProtocolError(
        "bar \(labels[bars.upperBound]) is after the end of take \(label) (bar \(labels[end]))")
    }
    return span
  }

  // MARK: - Numbering

  private func scope(of movement: MovementID) -> NumberingScope {
    switch numbering {
    case .continuous: .session
    case .work: .work(movement.work)
    case .movement: .movement(movement)
    }
  }

  private func label(_ number: Int, in movement: MovementID) -> String {
    numbering == .movement
      ? NumberingScheme.letters(ofMovement: movement.number) + String(number) : String(number)
  }

  private func isUsed(_ label: String, in scope: NumberingScope) -> Bool {
    takes.contains {
      $0.label == label && $0.numberingRun == numberingRun && self.scope(of: $0.movement) == scope
    }
  }

  /// The scope's next number, past any number already taken by hand.
  private func nextFreeNumber(in movement: MovementID) -> Int {
    let scope = scope(of: movement)
    var number = nextNumbers[scope] ?? startNumber
    while isUsed(label(number, in: movement), in: scope) { number += 1 }
    return number
  }
}
