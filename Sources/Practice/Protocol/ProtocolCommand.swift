/// One entry line as typed, read for its form only; `ProtocolSession` resolves bars, takes and
/// tags against the session. See `ProtocolSession` for the language.
enum ProtocolCommand: Equatable {
  case work(String)
  case selectMovement(Int)
  case defineMovement(Int, title: String?, bars: BarMap?)
  case numbering(NumberingScheme, start: Int?)
  case frameRate(FrameRate)
  case timecode(String)
  case tag(Character, name: String)
  /// `parts vn1 vn2 vla vc`: the parts (or voices) a mark may name.
  case parts([String])
  case take(number: Int?, bar: String?)
  case end(bar: String)
  case falseStart
  /// `ng`: the take is no good, never material for the edit, but kept with its marks.
  case noGood
  /// `keep`: the take is circled, the producer's favourite, preferred by the plan on a tie.
  case keep
  case mark(MarkEntry)
  /// `#7 BARS [RATING] [TAGS…]` (or `#7 all …`): mark 7 becomes that mark, on its own take and
  /// in its place among the take's marks.
  case editMark(id: Int, MarkEntry)
  /// `#7 delete`: mark 7 is taken out.
  case deleteMark(id: Int)
  case editPoint(bar: String)
  case note(String)
  case movementNote(String)
  case pin(take: String, bars: String)
  case unpin
  /// `status edited|done` declares the edit under way or finished; `status recording` (nil)
  /// gives the status back to the takes.
  case status(ProtocolStatus?)
  case undo
  /// `file NAME`: the recorder's file or clip of the current take, or of the take labelled
  /// `take` (`file NAME take 3`, `file NAME take 2/3`), as `woodshed protocol link` writes it.
  case file(String, take: String?)
  /// `day [TITLE] [restart]`: a new recording day, whose takes are numbered on from the last
  /// day's or, with `restart`, from the start again.
  case day(title: String?, restartsNumbering: Bool)
  /// `T3 40 +`: the line after the take's name (`WORD`, such as `T3`, `TA3`) is about that take
  /// instead of the current one. The session reads `REST` once it knows `WORD` is no bar of
  /// the movement: a bar or rehearsal mark of that name keeps its meaning.
  case onTake(word: String, rest: String)

  /// A bound on typed numbers, so that counting on from one cannot overflow.
  static let largestNumber = 999_999

  /// The bars of `all +`: every bar of the current take, resolved by the session.
  static let wholeTake = "all"

  static let ratingHelp = "a rating (0–4, x ± ok + ++) or tags (i b e n t w f…)"

  init(parsing line: String) throws(ProtocolError) {
    let words = line.split(whereSeparator: \.isSpace)
    guard let first = words.first else { throw ProtocolError("empty entry") }
    let arguments = Array(words.dropFirst())
    let rest = String(line[first.endIndex...].trimmingWhitespace())
    if !arguments.isEmpty, Self.namesATake(first) {
      self = .onTake(word: String(first), rest: rest)
      return
    }
    if first.first == "#" {
      self = try Self.markEntry(id: first.dropFirst(), rest: rest)
      return
    }
    switch first.lowercased() {
    case "work":
      guard !rest.isEmpty else { throw ProtocolError("work needs a name, as work Brahms op. 38") }
      self = .work(rest)
    case "mvt": self = try Self.movement(rest)
    case "numbering": self = try Self.numbering(arguments)
    case "fps":
      guard arguments.count == 1, let rate = FrameRate(name: arguments[0]) else {
        throw ProtocolError("fps is one of \(FrameRate.names)")
      }
      self = .frameRate(rate)
    case "tc":
      guard arguments.count == 1 else { throw ProtocolError("tc needs HH:MM:SS:FF") }
      self = .timecode(String(arguments[0]))
    case "tag":
      guard arguments.count >= 2, arguments[0].count == 1, let letter = arguments[0].first else {
        throw ProtocolError("tag needs a letter and a name, as tag p page turn")
      }
      self = .tag(letter, name: String(rest.dropFirst().trimmingWhitespace()))
    case "parts":
      let names = arguments.map(String.init)
      guard !names.isEmpty, names.allSatisfy(Self.isPartName) else {
        throw ProtocolError(
          "parts needs their short names, lower-case letters and digits, as parts vn1 vn2 vla vc")
      }
      self = .parts(names)
    case "take": self = try Self.take(arguments)
    case "day":
      let restarts = arguments.last?.lowercased() == "restart"
      let title = restarts ? rest.dropLast("restart".count).trimmingWhitespace() : rest[...]
      self = .day(title: title.isEmpty ? nil : String(title), restartsNumbering: restarts)
    case "end":
      guard arguments.count == 1 else { throw ProtocolError("end needs a bar, as end 28") }
      self = .end(bar: String(arguments[0]))
    case "false":
      guard arguments.isEmpty else { throw ProtocolError("false takes nothing after it") }
      self = .falseStart
    case "edit":
      guard arguments.count == 1 else { throw ProtocolError("edit needs a bar, as edit 17") }
      self = .editPoint(bar: String(arguments[0]))
    case "note":
      guard !rest.isEmpty else { throw ProtocolError("note needs some text") }
      self = .note(rest)
    case "mnote":
      guard !rest.isEmpty else { throw ProtocolError("mnote needs some text") }
      self = .movementNote(rest)
    case "pin":
      guard arguments.count == 2 else {
        throw ProtocolError("pin needs a take and bars, as pin 3 17-28")
      }
      self = .pin(take: String(arguments[0]), bars: String(arguments[1]))
    case "status":
      guard arguments.count == 1, ProtocolStatus.declarable.contains(arguments[0].lowercased())
      else { throw ProtocolError("status is recording, edited or done") }
      let status = ProtocolStatus(rawValue: arguments[0].lowercased())
      self = .status(status == .recording ? nil : status)
    case "all":
      guard !arguments.isEmpty else {
        throw ProtocolError("all needs \(Self.ratingHelp), as all +")
      }
      self = try Self.mark(bars: Self.wholeTake[...], arguments, rest: rest)
    case "file": self = try Self.file(rest)
    case "unpin", "undo", "ng", "keep":
      guard arguments.isEmpty else { throw ProtocolError("\(first) takes nothing after it") }
      switch first.lowercased() {
      case "undo": self = .undo
      case "ng": self = .noGood
      case "keep": self = .keep
      default: self = .unpin
      }
    default: self = try Self.mark(bars: first, arguments, rest: rest)
    }
  }

  /// Whether a word names a take, as `T3`, `TA3`, `t12` or `T2/3` do: `T` (in any case) and a
  /// take's label, a number after at most three letters, after a day's number and `/` where it
  /// names the take of that day.
  static func namesATake(_ word: some StringProtocol) -> Bool {
    guard word.first == "T" || word.first == "t" else { return false }
    let name = word.dropFirst()
    let day = name.prefix(while: \.isASCIIDigit)
    let label =
      !day.isEmpty && name[day.endIndex...].first == "/" ? name[day.endIndex...].dropFirst() : name
    let letters = label.prefix(while: \.isLetter)
    let digits = label[letters.endIndex...]
    return letters.count <= 3 && letters.allSatisfy(\.isASCII) && !digits.isEmpty
      && digits.allSatisfy(\.isASCIIDigit)
  }

  /// Whether the command edits or deletes a mark, which may be on any take.
  var changesAMark: Bool {
    switch self {
    case .editMark, .deleteMark: true
    default: false
    }
  }

  /// Whether the command is about one take, so that `T3` may go before it.
  var isAboutATake: Bool {
    switch self {
    case .end, .falseStart, .noGood, .keep, .mark, .editPoint, .note, .file(_, take: nil): true
    default: false
    }
  }

  /// The line read as `BARS [RATING] [TAGS…]` whatever its first word, for a bar whose label
  /// looks like a take's name (`T3`).
  static func marking(_ line: String) throws(ProtocolError) -> ProtocolCommand {
    let words = line.split(whereSeparator: \.isSpace)
    guard let first = words.first else { throw ProtocolError("empty entry") }
    let rest = String(line[first.endIndex...].trimmingWhitespace())
    return try mark(bars: first, Array(words.dropFirst()), rest: rest)
  }

  /// `#N LINE` or `#N delete`.
  private static func markEntry(id: Substring, rest: String) throws(ProtocolError)
    -> ProtocolCommand
  {
    guard !id.isEmpty, id.allSatisfy(\.isASCIIDigit), let number = Int(id),
      number <= largestNumber
    else { throw ProtocolError("a mark is named by its number, as #7") }
    switch rest.lowercased() {
    case "":
      throw ProtocolError(
        "say what mark #\(number) becomes, as #\(number) 17-28 3, or #\(number) delete")
    case "delete", "del": return .deleteMark(id: number)
    default:
      guard case .mark(let entry) = try marking(rest) else {
        preconditionFailure("marking reads a mark")
      }
      return .editMark(id: number, entry)
    }
  }

  /// `mvt K`, `mvt K "TITLE"`, `mvt K: BARS` or `mvt K "TITLE": BARS`.
  private static func movement(_ text: String) throws(ProtocolError) -> ProtocolCommand {
    let digits = text.prefix(while: \.isASCIIDigit)
    guard let number = Int(digits), number >= 1, number <= largestNumber else {
      throw ProtocolError("mvt needs a movement number, as mvt 1: 0-245")
    }
    var rest = text[digits.endIndex...].trimmingWhitespace()
    var title: String?
    if rest.first == "\"" {
      guard let close = rest.dropFirst().firstIndex(of: "\"") else {
        throw ProtocolError("the title needs a closing quote")
      }
      title = String(rest[rest.index(after: rest.startIndex)..<close].trimmingWhitespace())
      guard title != "" else { throw ProtocolError("the title is empty") }
      rest = rest[rest.index(after: close)...].trimmingWhitespace()
    }
    var bars: BarMap?
    if rest.first == ":" {
      bars = try BarMap(compact: String(rest.dropFirst()))
    } else if !rest.isEmpty {
      throw ProtocolError("write mvt \(number) \"TITLE\" or mvt \(number): 0-245")
    }
    return title == nil && bars == nil
      ? .selectMovement(number)
      : .defineMovement(
        number, title: title, bars: bars)
  }

  /// `numbering continuous|work|movement [start N]`.
  private static func numbering(_ words: [Substring]) throws(ProtocolError) -> ProtocolCommand {
    let help = "numbering continuous, work or movement, then start N if need be"
    guard let word = words.first, let scheme = NumberingScheme(rawValue: word.lowercased()) else {
      throw ProtocolError(help)
    }
    switch words.count {
    case 1: return .numbering(scheme, start: nil)
    case 3 where words[1].lowercased() == "start":
      return .numbering(scheme, start: try number(words[2], of: "the start"))
    default: throw ProtocolError(help)
    }
  }

  /// `take [N] [@BAR]`, in either order.
  private static func take(_ words: [Substring]) throws(ProtocolError) -> ProtocolCommand {
    var number: Int?
    var bar: String?
    for word in words {
      if word.first == "@", bar == nil, word.count > 1 {
        bar = String(word.dropFirst())
      } else if number == nil, word.allSatisfy(\.isASCIIDigit) {
        number = try Self.number(word, of: "a take")
      } else {
        throw ProtocolError("take needs at most a number and a bar, as take 12 @17")
      }
    }
    return .take(number: number, bar: bar)
  }

  /// `file NAME [take LABEL]`: the name is the rest of the line, spaces and all, up to a last
  /// `take LABEL`; a name that itself ends so is written in double quotes, `file "a take 3"`,
  /// and a quoted name runs to the line's last quote.
  private static func file(_ text: String) throws(ProtocolError) -> ProtocolCommand {
    let help = "file needs the recorder's file name, as file T003.WAV or file T003.WAV take 3"
    var name = text[...]
    var tail = ""[...]
    if text.first == "\"", let close = text.lastIndex(of: "\""), close != text.startIndex {
      name = text[text.index(after: text.startIndex)..<close]
      tail = text[text.index(after: close)...].trimmingWhitespace()
    } else {
      let words = text.split(whereSeparator: \.isSpace)
      if words.count >= 3, words[words.count - 2].lowercased() == "take" {
        name = text[..<words[words.count - 2].startIndex].trimmingWhitespace()
        tail = text[words[words.count - 2].startIndex...]
      }
    }
    guard !name.trimmingWhitespace().isEmpty else { throw ProtocolError(help) }
    guard !tail.isEmpty else { return .file(String(name), take: nil) }
    let words = tail.split(whereSeparator: \.isSpace)
    guard words.count == 2, words[0].lowercased() == "take" else { throw ProtocolError(help) }
    return .file(String(name), take: String(words[1]))
  }

  /// `BARS [RATING] [WORDS…]`: `17-28 4`, `9 i`, `9 iw`, `9-12 + t`, `47 vla i G`. The words
  /// after the rating are tags, a part or a note, which only the session can tell apart (`vc`
  /// may be a part, or the tags v and c); it refuses a mark without a rating or a tag once it
  /// knows whether `BARS` is a bar at all.
  private static func mark(bars: Substring, _ words: [Substring], rest: String)
    throws(ProtocolError) -> ProtocolCommand
  {
    var rating: Rating?
    var others: [String] = []
    for word in words {
      if let given = Rating(word) {
        guard rating == nil else { throw ProtocolError("one rating per entry") }
        rating = given
      } else {
        others.append(String(word))
      }
    }
    return .mark(MarkEntry(bars: String(bars), rating: rating, words: others, rest: rest))
  }

  static let maximumTagsInAWord = 2

  /// A part's name: a lower-case letter, then up to seven lower-case letters or digits, and
  /// no rating (`ok`, `x`).
  static func isPartName(_ name: String) -> Bool {
    guard let first = name.first, first.isASCII, first.isLowercase, name.count <= 8 else {
      return false
    }
    return Rating(name[...]) == nil
      && name.allSatisfy { $0.isASCIIDigit || ($0.isASCII && $0.isLowercase) }
  }

  /// A note as a mark names it: a capital letter A–G, then a sharp or a flat, then an octave
  /// (`G`, `F#4`, `Bb`, `E♭5`).
  static func isNoteName(_ word: String) -> Bool {
    var rest = word[...]
    guard let letter = rest.popFirst(), "ABCDEFG".contains(letter) else { return false }
    if let accidental = rest.first, "#b♯♭".contains(accidental) { rest.removeFirst() }
    return rest.isEmpty || (rest.count == 1 && rest.first!.isASCIIDigit)
  }

  static func notTags(_ word: String, note: String) -> ProtocolError {
    ProtocolError(
      "\"\(word)\" is not a tag: did you mean \"\(note)\"? Tags are one or two letters, as 30 iw",
      key: "protocol.error.notTags", arguments: ["word": String(word), "note": note])
  }

  private static func number(_ word: Substring, of what: String) throws(ProtocolError) -> Int {
    guard word.allSatisfy(\.isASCIIDigit), let value = Int(word), value <= largestNumber else {
      throw ProtocolError("\(what) number must be from 0 to \(largestNumber)")
    }
    return value
  }
}

/// A mark as typed: its bars, its rating, and the words after it, which the session reads as
/// tags, a part of the protocol (`parts vn1 vla`) or a note (`G`, `F#4`, `Bb`); `rest` is the
/// line after the bars, for the refusal that suggests a note.
struct MarkEntry: Equatable {
  var bars: String
  var rating: Rating?
  var words: [String]
  var rest: String
}

extension Character {
  /// `0`–`9` only: `isNumber` also takes other scripts' digits and fractions.
  var isASCIIDigit: Bool { isASCII && isNumber }

  /// `isWhitespace`, answered for ASCII without looking up Unicode's tables: most of the time
  /// of reading an entry line went into that look-up, once per character.
  var isSpace: Bool {
    guard let ascii = asciiValue else { return isWhitespace }
    return ascii == 0x20 || (0x09...0x0D).contains(ascii)
  }
}

extension StringProtocol {
  func trimmingWhitespace() -> SubSequence {
    let start = firstIndex { !$0.isSpace } ?? endIndex
    let end = lastIndex { !$0.isSpace }.map(index(after:)) ?? start
    return self[start..<end]
  }
}
