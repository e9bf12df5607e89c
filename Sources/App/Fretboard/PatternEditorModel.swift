import MusicTheory
import Storage
import TerminalUI

/// The pattern editor: draw a shape on an empty neck (Enter adds a note, the first is the
/// tonic, Enter again offers the note's other name and then removes it), give it a name, a
/// category, a description and instructions, and save it with Ctrl-S among the user's patterns.
/// Leaving with unsaved changes asks first.
public struct PatternEditorModel: Equatable, Sendable {
  public enum Field: CaseIterable, Equatable, Sendable {
    case neck
    case name
    case category
    case description
    case instructions
  }

  public private(set) var draft: PatternDraft
  public private(set) var cursor = FretPosition(string: 6, fret: 3)
  public private(set) var focus = Field.neck
  public private(set) var name: String
  public private(set) var category: FretPattern.Category
  public private(set) var description: String
  public private(set) var instructions: String
  /// The id of the user's own pattern being edited, which saving replaces; nil for a new one.
  public private(set) var editing: String?
  /// The library pattern this is a copy of.
  public private(set) var basedOn: String?
  /// Kept from the pattern edited, which the editor does not change.
  public private(set) var songs: [String] = []
  public private(set) var isDirty = false
  /// Whether the box asking to leave without saving is up.
  public private(set) var asksToDiscard = false
  public private(set) var problem: Message?
  /// The name offered for a pattern saved without one, which a second Ctrl-S takes.
  private var offeredName: String?
  /// The pattern last asked to be saved, to tell what it duplicates once it is.
  private var saving: FretPattern?
  /// Set when the user chose to leave: the screen is then left.
  private(set) var isLeaving = false

  /// A new pattern on an empty neck.
  public init(tuning: Tuning) {
    draft = PatternDraft(tuning: tuning)
    name = ""
    category = .scale
    description = ""
    instructions = ""
  }

  /// A pattern to edit, laid at its lowest place: the user's own is edited in place, a library
  /// pattern is copied under a new id.
  public init(editing pattern: FretPattern, isOwn: Bool) {
    let tonicFret = max(pattern.lowestTonicFret, 3)
    draft = PatternDraft(pattern, tonicFret: tonicFret)
    cursor = draft.tonic ?? cursor
    name = isOwn ? pattern.name : pattern.name + " (copy)"
    category = pattern.category
    description = pattern.description
    instructions = pattern.instructions
    editing = isOwn ? pattern.id : nil
    basedOn = isOwn ? pattern.basedOn : pattern.id
    songs = pattern.songs
  }

  static let hints: [KeyHint] = [
    KeyHint(.text("Tab"), "editor.key.field"),
    KeyHint(.enter, "editor.key.note"),
    KeyHint(.text("Ctrl-S"), "editor.key.save"),
    KeyHint(.escape, "common.back"),
  ]

  static let discardHints: [KeyHint] = [
    KeyHint(.text("y"), "editor.key.discard"),
    KeyHint(.escape, "editor.key.keepEditing"),
  ]

  var keyHints: [KeyHint] { asksToDiscard ? Self.discardHints : Self.hints }

  /// Every key is the editor's: letters are typed into the fields.
  var capturesKeys: Bool { true }

  /// An id for a new pattern from its name, unlike any of `taken`: "My box" is "my-box", then
  /// "my-box-2".
  public static func id(for name: String, taken: Set<String>) -> String {
    var slug = ""
    for character in name.lowercased() {
      if character.isASCII, character.isLetter || character.isNumber {
        slug.append(character)
      } else if !slug.isEmpty, slug.last != "-" {
        slug.append("-")
      }
    }
    while slug.last == "-" { slug.removeLast() }
    if slug.isEmpty { slug = "pattern" }
    var id = slug
    var number = 2
    while taken.contains(id) {
      id = "\(slug)-\(number)"
      number += 1
    }
    return id
  }

  mutating func handle(_ key: Key, takenIds: Set<String>) -> [Effect] {
    problem = nil
    if asksToDiscard {
      switch key {
      case .character("y"), .enter: isLeaving = true
      case .escape, .character("n"): asksToDiscard = false
      default: break
      }
      return []
    }
    switch key {
    case .escape:
      if isDirty { asksToDiscard = true } else { isLeaving = true }
    case .control("s"):
      return save(takenIds: takenIds)
    case .tab:
      focus = Field.allCases[(Field.allCases.firstIndex(of: focus)! + 1) % Field.allCases.count]
    case .backTab:
      let count = Field.allCases.count
      focus = Field.allCases[(Field.allCases.firstIndex(of: focus)! + count - 1) % count]
    default:
      edit(key)
    }
    return []
  }

  private mutating func edit(_ key: Key) {
    if focus == .neck, let moved = cursor.moved(by: key, on: draft.tuning) {
      cursor = moved
      return
    }
    switch (focus, key) {
    case (.neck, .enter):
      draft.toggle(cursor)
      isDirty = true
    case (.category, .left), (.category, .right), (.category, .character(" ")):
      let all = FretPattern.Category.allCases
      let step = key == .left ? all.count - 1 : 1
      category = all[(all.firstIndex(of: category)! + step) % all.count]
      isDirty = true
    case (.name, _), (.description, _), (.instructions, _):
      type(key)
    default:
      break
    }
  }

  private mutating func type(_ key: Key) {
    var text: String
    switch focus {
    case .name: text = name
    case .description: text = description
    case .instructions: text = instructions
    default: return
    }
    switch key {
    case .character(let character): text.append(character)
    case .backspace: if !text.isEmpty { text.removeLast() }
    case .enter:
      focus = Field.allCases[(Field.allCases.firstIndex(of: focus)! + 1) % Field.allCases.count]
      return
    default: return
    }
    isDirty = true
    switch focus {
    case .name: name = text
    case .description: description = text
    default: instructions = text
    }
  }

  /// Saves the pattern under its name; without one, offers a name from what the shape holds
  /// (`FretPattern.proposedName`), which Ctrl-S again takes.
  private mutating func save(takenIds: Set<String>) -> [Effect] {
    let trimmed = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard
      var pattern = draft.pattern(
        id: "", name: trimmed, category: category, description: description,
        instructions: instructions, basedOn: basedOn, songs: songs)
    else {
      problem = Message("editor.problem.noNotes")
      focus = .neck
      return []
    }
    if trimmed.isEmpty {
      let proposal = pattern.proposedName
      guard offeredName == proposal else {
        offeredName = proposal
        problem = Message("editor.problem.noName", ["proposal": proposal])
        focus = .name
        return []
      }
      name = proposal
      pattern.name = proposal
    }
    offeredName = nil
    pattern.id = editing ?? Self.id(for: pattern.name, taken: takenIds)
    saving = pattern
    return [.savePattern(pattern, replacing: editing != nil)]
  }

  /// The pattern was saved: it is now the user's own, and further saves replace it. Among
  /// `patterns`, one of the same shape is named.
  mutating func saved(_ id: String, among patterns: [FretPattern] = []) {
    editing = id
    isDirty = false
    let same = saving.flatMap { saved in
      patterns.first { $0.id != id && $0.hasSameShape(as: saved) }
    }
    problem =
      same.map { Message("editor.savedSameShape", ["id": id, "other": $0.id]) }
      ?? Message("editor.saved", ["id": id])
  }

  mutating func saveFailed(_ reason: String) {
    problem = Message("editor.problem.notSaved", ["reason": reason])
  }
}
