import FoundationEssentials
import Practice
import Storage
import TerminalUI

/// The recording protocol screen: choose or name a protocol, then log the session on the entry
/// line as the producer would in pencil (`take @12`, `17-28 +`, `9 i`, `end 40`…). Every line
/// is applied and appended to the journal by the runtime at once, so nothing typed is ever
/// lost; the screen shows the protocol as the journal replays, re-read when someone else (an
/// assistant on another terminal) adds to it.
public struct ProtocolModel: Equatable, Sendable {
  public enum Phase: Equatable, Sendable {
    /// Choosing a protocol, or typing a new one's name.
    case choosing
    /// Logging: the big take counter, the entry line and what was entered.
    case recording
    /// Post-production: coverage and the editing plan.
    case reviewing
    /// Preparation: works, movements and their bars, numbering, the recorder's timecode.
    case preparing
  }

  /// A protocol being renamed, and the new name typed so far.
  public struct Renaming: Equatable, Sendable {
    public var name: String
    public var typed: String
  }

  public private(set) var phase = Phase.choosing
  /// The protocols there are, archived ones too, as last listed.
  public private(set) var summaries: [ProtocolSummary] = []
  /// Whether the list shows the archived protocols too (`.`).
  public private(set) var showsArchived = false
  /// The position in `shown` of the protocol chosen.
  public private(set) var selected = 0
  /// The name being typed for a new protocol; nil when not naming one.
  public private(set) var newName: String?
  /// The protocol being renamed (`r`); nil when not renaming one.
  public private(set) var renaming: Renaming?
  /// The protocol `d` asks to delete, until `y` or any other key answers.
  public private(set) var deleting: String?
  /// The new name of a protocol just renamed, for the cursor to follow once listed again.
  private var renamedTo: String?
  /// Back from a protocol, the list is read again: it may have changed meanwhile elsewhere.
  private var listsAgain = false
  /// The protocol open, with its session as its journal replays.
  public private(set) var name: String?
  public private(set) var session = ProtocolSession()
  /// Lines of the journal that were refused on replay.
  public private(set) var problems: [String] = []
  /// The entry line being typed.
  public private(set) var entry = ""
  /// Whether the entry line is open. A printable key opens it and goes into it (`:` opens it
  /// empty); once it is open, every key goes into it until Enter or Esc, so `edit 24` and
  /// `note …` arrive as typed.
  public private(set) var isTyping = false
  /// Why the last line was refused, or what went wrong with the files.
  public private(set) var refusal: String?
  /// The last lines entered, newest last, for the producer to glance at.
  public private(set) var recent: [String] = []
  public private(set) var now = MonotonicInstant(nanoseconds: 0)
  /// The bar and the take row (nil: the best row) the review's cursor is on.
  public private(set) var cursorBar = 0
  public private(set) var cursorRow: Int?
  /// Only takes rated at least this somewhere are shown; `0`–`4` set it, `a` shows all.
  public private(set) var minimumRating: Rating?
  /// The part the review is about (`p` goes through the protocol's parts): marks of other
  /// parts are left out. Nil: every mark.
  public private(set) var part: String?
  /// A bar, rehearsal letter or take being typed to jump to (`g`); nil when not jumping.
  public private(set) var jump: String?
  /// The path of a MusicXML score or a script being typed to import (`s` in preparation).
  public private(set) var scorePath: String?
  /// The bar selected on the logging ruler (`←→`), and where its range starts (`Space`); while
  /// a bar is selected, `0`–`4` rate the range and tag letters tag it.
  public private(set) var rulerBar: Int?
  public private(set) var rulerAnchor: Int?

  /// The bars the ruler selects, first to last.
  public var rulerRange: ClosedRange<Int>? {
    guard let rulerBar else { return nil }
    let anchor = rulerAnchor ?? rulerBar
    return min(anchor, rulerBar)...max(anchor, rulerBar)
  }

  public init() {}

  /// The protocols the list shows: the archived ones only when asked for.
  public var shown: [ProtocolSummary] {
    showsArchived ? summaries : summaries.filter { !$0.isArchived }
  }

  /// Another terminal's entries show within a fifth of a second: a look costs one `stat`, and
  /// reading a new line only that line.
  static let refreshNanoseconds: UInt64 = 150_000_000
  static let recentCount = 6
  /// The quick lines: `n` the next take, `f` a false start and the next take (one action, which
  /// `undo` takes back whole), `u` undo. Their
  /// letter alone is no entry of the language (a bar or mark needs a rating or a tag), so they
  /// can never be a line meant as something else.
  static let quickLines: [String: [String]] = [
    "n": ["take"], "f": ["false", "take"], "u": ["undo"],
  ]

  // At 80 columns every other key and `?` fit in each language only without the arrows,
  // which a list needs no word for.
  static let choosingHints: [KeyHint] = [
    KeyHint(.upDown, "common.move", inBar: false),
    KeyHint(.enter, "protocol.key.open"),
    KeyHint(.text("n"), "protocol.key.new"),
    KeyHint(.text("r"), "protocol.key.rename"),
    KeyHint(.text("a"), "protocol.key.archive"),
    KeyHint(.text("d"), "protocol.key.delete"),
    KeyHint(.text("."), "protocol.key.showArchived", inBar: false),
    .back,
    .help,
  ]
  static let recordingHints: [KeyHint] = [
    KeyHint(.lineThenEnter("n"), "protocol.key.next"),
    KeyHint(.lineThenEnter("f"), "protocol.key.false"),
    KeyHint(.lineThenEnter("u"), "protocol.key.undo"),
    KeyHint(.typedText, "protocol.key.line", inBar: false),
    KeyHint(.leftRight, "protocol.key.ruler", inBar: false),
    KeyHint(.text("Tab"), "protocol.key.review"),
    .back,
  ]
  static let preparingHints: [KeyHint] = [
    KeyHint(.typedText, "protocol.key.line"),
    KeyHint(.text("s"), "protocol.key.score"),
    KeyHint(.text("Tab"), "protocol.key.record"),
    .back,
    .help,
  ]
  static let reviewingHints: [KeyHint] = [
    KeyHint(.text("←→↑↓"), "protocol.key.walk"),
    KeyHint(.text("g"), "protocol.key.jump"),
    KeyHint(.text("0-4 a"), "protocol.key.filter"),
    KeyHint(.text("e d"), "protocol.key.editMark", inBar: false),
    KeyHint(.text("p"), "protocol.key.part", inBar: false),
    KeyHint(.text("Tab"), "protocol.key.prepare"),
    .back,
    .help,
  ]

  var keyHints: [KeyHint] {
    if newName != nil {
      return KeyHint.typing("protocol.key.typeName", enter: "protocol.key.create")
    }
    if renaming != nil {
      return KeyHint.typing("protocol.key.typeName", enter: "protocol.key.rename")
    }
    if deleting != nil {
      return [KeyHint(.text("y"), "protocol.key.delete"), KeyHint(.text("n"), "common.cancel")]
    }
    if isTyping { return KeyHint.typing("protocol.key.line", enter: "protocol.key.enter") }
    return switch phase {
    case .choosing: Self.choosingHints
    case .recording: Self.recordingHints
    case .reviewing: Self.reviewingHints
    case .preparing: Self.preparingHints
    }
  }

  /// Typing a name or an entry, or answering y/n, takes every key.
  var capturesKeys: Bool {
    newName != nil || renaming != nil || deleting != nil || isTyping || jump != nil
      || scorePath != nil || rulerBar != nil
  }

  var goesBackWithinScreen: Bool {
    phase != .choosing || newName != nil || renaming != nil || deleting != nil
  }

  mutating func goBack() {
    if newName != nil || renaming != nil || deleting != nil {
      newName = nil
      renaming = nil
      deleting = nil
    } else {
      phase = .choosing
      name = nil
      listsAgain = true
    }
  }

  /// While a protocol is open, the screen looks for other people's entries; back on the list,
  /// it lists the protocols again at once.
  var deadline: MonotonicInstant? {
    if listsAgain { return now }
    guard name != nil else { return nil }
    return MonotonicInstant(nanoseconds: now.nanoseconds + Self.refreshNanoseconds)
  }

  /// Handles a key; a refusal is said in the language of `strings`.
  mutating func handle(_ event: KeyEvent, strings: Localizer) -> [Effect] {
    now = max(now, event.time)
    refusal = nil
    if newName != nil { return typeName(event.key) }
    if renaming != nil { return typeNewName(event.key) }
    if let name = deleting {
      deleting = nil
      return event.key == .character("y") ? [.protocolDelete(name)] : []
    }
    switch phase {
    case .choosing: return choose(event.key, strings: strings)
    case .recording: return record(event.key)
    case .reviewing: return review(event.key, strings: strings)
    case .preparing: return prepare(event.key)
    }
  }

  private mutating func choose(_ key: Key, strings: Localizer) -> [Effect] {
    switch key {
    case .up, .character("k"):
      selected = max(0, selected - 1)
    case .down, .character("j"):
      selected = min(max(0, shown.count - 1), selected + 1)
    case .character("n"):
      newName = ""
    case .character("."):
      showsArchived.toggle()
      selected = min(selected, max(0, shown.count - 1))
    default:
      guard shown.indices.contains(selected) else { break }
      let chosen = shown[selected]
      switch key {
      case .enter where chosen.isArchived:
        refusal = strings.text("protocol.error.archived", ["name": chosen.name])
      case .enter: return open(chosen.name)
      case .character("r") where chosen.isArchived:
        refusal = strings.text("protocol.error.archivedRename", ["name": chosen.name])
      case .character("r"): renaming = Renaming(name: chosen.name, typed: chosen.name)
      case .character("a"):
        return [chosen.isArchived ? .protocolUnarchive(chosen.name) : .protocolArchive(chosen.name)]
      case .character("d"): deleting = chosen.name
      default: break
      }
    }
    return []
  }

  /// The new name of the protocol being renamed, typed over its old one.
  private mutating func typeNewName(_ key: Key) -> [Effect] {
    guard var typing = renaming else { return [] }
    switch key {
    case .escape:
      renaming = nil
    case .backspace:
      if !typing.typed.isEmpty { typing.typed.removeLast() }
      renaming = typing
    case .enter where !typing.typed.isEmpty:
      renaming = nil
      guard typing.typed != typing.name else { return [] }
      renamedTo = typing.typed
      return [.protocolRename(typing.name, to: typing.typed)]
    case .character(let character) where typing.typed.count < 64:
      typing.typed.append(character)
      renaming = typing
    default:
      break
    }
    return []
  }

  private mutating func typeName(_ key: Key) -> [Effect] {
    guard var typed = newName else { return [] }
    switch key {
    case .escape:
      newName = nil
    case .backspace:
      if !typed.isEmpty { typed.removeLast() }
      newName = typed
    case .enter where !typed.isEmpty:
      newName = nil
      return [.protocolCreate(typed)]
    case .character(let character) where typed.count < 64:
      typed.append(character)
      newName = typed
    default:
      break
    }
    return []
  }

  /// The DAW started recording: a new take, where the producer would have typed `take`, as
  /// long as a protocol is open.
  func dawStartedRecording() -> [Effect] {
    guard let name, phase != .choosing else { return [] }
    return [.protocolAdd(name, line: "take")]
  }

  mutating func open(_ name: String) -> [Effect] {
    self.name = name
    phase = .recording
    session = ProtocolSession()
    recent = []
    entry = ""
    return [.protocolLoad(name)]
  }

  /// Until the entry line is open, the ruler's keys, Tab and the key that opens the line; then
  /// every key types the line.
  private mutating func record(_ key: Key) -> [Effect] {
    guard let name else { return [] }
    if isTyping { return type(key, name: name) }
    if let effects = ruler(key, name: name) { return effects }
    switch key {
    case .tab:
      phase = .reviewing
    case .character(":"):
      isTyping = true
    case .character(let character) where !character.isWhitespace:
      isTyping = true
      entry = String(character)
    default:
      break
    }
    return []
  }

  private mutating func type(_ key: Key, name: String) -> [Effect] {
    switch key {
    case .escape:
      entry = ""
      isTyping = false
    case .backspace:
      if entry.isEmpty { isTyping = false } else { entry.removeLast() }
    case .enter:
      let line = entry
      entry = ""
      isTyping = false
      let lines = Self.quickLines[line.filter { !$0.isWhitespace }] ?? (line.isEmpty ? [] : [line])
      guard let first = lines.first else { return [] }
      return lines.count == 1
        ? [.protocolAdd(name, line: first)] : [.protocolAddTogether(name, lines: lines)]
    case .character(let character) where entry.count < 200: entry.append(character)
    default: break
    }
    return []
  }

  /// The take rows the review shows, as positions in `session.takes`: the movement's takes,
  /// those rated at least `minimumRating` when it is set.
  func shownTakes(of map: TakeMap) -> [Int] {
    guard let minimumRating else { return map.takes }
    let kept = Set(map.takes(minimum: minimumRating))
    return map.takes.filter(kept.contains)
  }

  /// The latest mark of the take under the review's cursor that covers its bar: the one `e`
  /// edits and `d` deletes.
  func markUnderCursor(in map: TakeMap) -> Mark? {
    let shown = shownTakes(of: map)
    guard let row = cursorRow, shown.indices.contains(row) else { return nil }
    return map.marks(ofTake: shown[row], at: cursorBar).last
  }

  /// Arrows walk the take map: bars across, takes down, the best row below the last take; `e`
  /// opens the entry line on the mark under the cursor, written as it stands (`#7 17-28 + i`),
  /// and `d` deletes it.
  private mutating func review(_ key: Key, strings: Localizer) -> [Effect] {
    guard let name else { return [] }
    if isTyping { return type(key, name: name) }
    let map = session.currentMovement.flatMap {
      TakeMap(session: session, movement: $0, part: part)
    }
    let bars = map?.bars.count ?? 1
    let takes = map.map { shownTakes(of: $0).count } ?? 0
    if let typed = jump {
      switch key {
      case .escape: jump = nil
      case .backspace: jump = typed.isEmpty ? nil : String(typed.dropLast())
      case .enter:
        jump = nil
        if let map { jumpTo(typed, in: map, strings: strings) }
      case .character(let character) where typed.count < 12: jump = typed + String(character)
      default: break
      }
      return []
    }
    switch key {
    case .character("e"), .character("d"):
      guard let map, let mark = markUnderCursor(in: map) else {
        refusal = strings.text("protocol.error.noMarkHere")
        return []
      }
      guard key == .character("e") else { return [.protocolAdd(name, line: "#\(mark.id) delete")] }
      let bars = mark.barsText(in: map.bars, dash: "-")
      entry =
        (["#\(mark.id)", bars] + [mark.rating?.ascii].compactMap { $0 }
        + mark.tags.map { String($0.letter) }).joined(separator: " ")
      isTyping = true
    case .character("g"): jump = ""
    case .character("p"):
      let parts = session.parts
      part =
        part.flatMap { parts.firstIndex(of: $0) }.map { $0 + 1 < parts.count ? parts[$0 + 1] : nil }
        ?? parts.first
    case .character("a"):
      minimumRating = nil
      cursorRow = nil
    case .character(let digit) where digit.isNumber:
      minimumRating = Rating(String(digit))
      cursorRow = nil
    case .tab: phase = .preparing
    case .left: cursorBar = max(0, cursorBar - 1)
    case .right: cursorBar = min(bars - 1, cursorBar + 1)
    case .home: cursorBar = 0
    case .end: cursorBar = bars - 1
    case .up: cursorRow = cursorRow.map { max(0, $0 - 1) } ?? (takes > 0 ? takes - 1 : nil)
    case .down: cursorRow = cursorRow.flatMap { $0 + 1 < takes ? $0 + 1 : nil }
    default: break
    }
    return []
  }

  /// The ruler's keys; nil when the key is not the ruler's, so it goes on as usual.
  private mutating func ruler(_ key: Key, name: String) -> [Effect]? {
    guard let id = session.currentMovement, let bars = session.movement(id)?.bars else {
      return nil
    }
    switch key {
    case .left, .right:
      let start = session.currentTake.map { session.takes[$0].startBar } ?? 0
      let bar = (rulerBar ?? start) + (rulerBar == nil ? 0 : key == .left ? -1 : 1)
      rulerBar = min(max(bar, 0), bars.count - 1)
      return []
    case .character(" ") where rulerBar != nil:
      rulerAnchor = rulerAnchor == nil ? rulerBar : nil
      return []
    case .escape where rulerBar != nil:
      rulerBar = nil
      rulerAnchor = nil
      return []
    case .character(let character)
    where rulerBar != nil && (character.isNumber || character.isLetter):
      guard let range = rulerRange else { return nil }
      let first = bars.labels[range.lowerBound]
      let last = bars.labels[range.upperBound]
      let bars = range.count == 1 ? first : "\(first)-\(last)"
      rulerAnchor = nil
      return [.protocolAdd(name, line: "\(bars) \(character)")]
    default:
      return nil
    }
  }

  /// Preparation lines are typed as in logging; `s` asks for a score or a script to import.
  private mutating func prepare(_ key: Key) -> [Effect] {
    guard let name else { return [] }
    if isTyping { return type(key, name: name) }
    if let typed = scorePath {
      switch key {
      case .escape: scorePath = nil
      case .backspace: scorePath = typed.isEmpty ? nil : String(typed.dropLast())
      case .enter:
        scorePath = nil
        guard !typed.isEmpty else { return [] }
        return Self.namesAScript(typed)
          ? [.protocolImportScript(name, path: typed)] : [.protocolImportScore(name, path: typed)]
      case .character(let character): scorePath = typed + String(character)
      default: break
      }
      return []
    }
    switch key {
    case .tab: phase = .recording
    case .character("s"): scorePath = ""
    default: return record(key)
    }
    return []
  }

  /// Whether `path` names a script (plain text or Markdown) rather than a MusicXML score: by its
  /// extension, as the two are told apart by nothing else a producer types.
  static func namesAScript(_ path: String) -> Bool {
    let name = path.lowercased()
    return [".md", ".markdown", ".txt"].contains { name.hasSuffix($0) }
  }

  /// Moves the cursor to a take (by its name as the rows show it, onto its first bar) or to a
  /// bar (by its printed number or rehearsal letter).
  private mutating func jumpTo(_ text: String, in map: TakeMap, strings: Localizer) {
    let rows = shownTakes(of: map)
    if let row = rows.firstIndex(where: { session.takes[$0].name == text }) {
      cursorRow = row
      cursorBar = session.takes[rows[row]].startBar
    } else if let bar = map.bars.bar(text) {
      cursorBar = bar
    } else {
      refusal = strings.text("protocol.error.noJumpTarget", ["text": text])
    }
  }

  /// The protocols there are, listed by the runtime. The cursor stays on the protocol it was
  /// on, under its new name after a rename, or where it was if that one is gone.
  mutating func listed(_ summaries: [ProtocolSummary]) {
    let chosen = renamedTo ?? (shown.indices.contains(selected) ? shown[selected].name : nil)
    self.summaries = summaries
    renamedTo = nil
    selected =
      shown.firstIndex { $0.name == chosen } ?? min(selected, max(0, shown.count - 1))
  }

  /// The protocol as its journal now stands; a new one opens at once.
  mutating func loaded(
    _ name: String, session: ProtocolSession, recent: [String], problems: [String]
  ) {
    if self.name == nil, phase == .choosing {
      _ = open(name)
    }
    guard name == self.name else { return }
    self.session = session
    self.recent = recent
    self.problems = problems
  }

  /// A line was refused, or a file could not be used.
  mutating func refused(_ reason: String) {
    refusal = reason
    // A rename refused for a name in use must not take the cursor to the protocol of that name.
    renamedTo = nil
  }

  mutating func tick(_ time: MonotonicInstant) -> [Effect] {
    now = max(now, time)
    if listsAgain {
      listsAgain = false
      return [.protocolList]
    }
    guard let name else { return [] }
    return [.protocolRefresh(name)]
  }
}
