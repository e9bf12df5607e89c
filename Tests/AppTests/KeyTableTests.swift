import Storage
import TerminalUI
import XCTest

@testable import App

/// The keys a screen lists (its key bar and `?` overlay) are the keys it acts on: a key that
/// changes the screen or starts something is listed, so help and behaviour cannot drift apart.
final class KeyTableTests: XCTestCase {
  /// Keys every screen shares, handled by the router and listed in Help.
  static let sharedKeys: Set<Key> = [
    .character("?"), .escape, .character("q"), .control("c"),
  ]
  /// What Help says works in every list besides the arrows: j k h l, PgUp PgDn, Home End.
  static let listKeys: Set<Key> = [
    .character("j"), .character("k"), .pageUp, .pageDown, .home, .end,
  ]

  static let candidates: [Key] =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 +-[]/:.,;'=".map {
      Key.character($0)
    } + [
      .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter, .tab, .backTab,
      .backspace, .delete, .control("s"),
    ]

  /// The keys a hint names.
  static func keys(of hint: KeyHint) -> Set<Key> {
    switch hint.keys {
    case .upDown: return listKeys.union([.up, .down])
    case .leftRight: return [.left, .right, .character("h"), .character("l")]
    case .enter: return [.enter]
    case .escape: return [.escape]
    case .space: return [.character(" ")]
    // A name is typed letter by letter (do, re, sol #): every letter goes into it.
    case .noteNames:
      return Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ# ".map { Key.character($0) })
        .union([.backspace])
    case .anyKey:
      return Set(candidates)
    case .typedText:
      return Set(candidates.compactMap { if case .character = $0 { $0 } else { nil } })
        .union([.backspace])
    case .lineThenEnter(let text):
      return Set(text.map { Key.character($0) }).union([.enter])
    case .text(let text):
      var keys: Set<Key> = []
      for word in text.split(separator: " ") {
        switch word {
        case "Tab": keys.formUnion([.tab, .backTab])
        case "Space": keys.insert(.character(" "))
        case "PgUp": keys.insert(.pageUp)
        case "PgDn": keys.insert(.pageDown)
        case "Del": keys.insert(.delete)
        case "Backspace": keys.insert(.backspace)
        case "←→↑↓": keys.formUnion([.left, .right, .up, .down])
        case "+-": keys.formUnion([.character("+"), .character("-")])
        case _ where word.hasPrefix("Ctrl-"):
          keys.insert(.control(Character(word.dropFirst(5).lowercased())))
        case _ where word.count == 3 && word.dropFirst().first == "-":
          let (low, high) = (word.first!, word.last!)
          for scalar in low.unicodeScalars.first!.value...high.unicodeScalars.first!.value {
            keys.insert(.character(Character(Unicode.Scalar(scalar)!)))
          }
        default:
          for character in word { keys.insert(.character(character)) }
        }
      }
      return keys
    }
  }

  func testEveryKeyAScreenActsOnIsListed() {
    var unlisted: [String] = []
    let journeys =
      TranslationCutTests.journeys.filter { $0.name != "key overlay" } + [
        ("metronome preset name", [.enter, .character("v")]),
        ("metronome presets", [.enter, .character("v"), .character("a"), .enter, .character("o")]),
        ("notes answered", [.character("3"), .enter, .character("1")]),
        ("notes stopping", [.character("3"), .enter, .escape]),
        ("notes mastery", [.character("3"), .character("m")]),
        ("fretboard search", [.character("4"), .character("/")]),
        ("fretboard records", [.character("4"), .character("r")]),
        ("fretboard frets", [.character("4"), .enter, .character("f")]),
        ("fretboard run", [.character("4"), .enter, .character("t")]),
        ("fretboard editor", [.character("4"), .character("n")]),
        ("rhythm calibrating", [.character("5"), .character("l")]),
        ("protocol naming", [.character("7"), .character("n")]),
        ("history module", [.character("8"), .tab]),
        ("listen instrument", [.character("2"), .character("c")]),
      ]
    for journey in journeys {
      var model = AppFixtures.model(patterns: [FretboardScreenTests.minorPentatonic])
      for key in journey.keys { model.press(key) }
      let listed = model.screen.keyHints.reduce(into: Self.sharedKeys) {
        $0.formUnion(Self.keys(of: $1))
      }
      let before = AppView.render(model).lines
      for key in Self.candidates where !listed.contains(key) {
        var pressed = model
        let effects = pressed.press(key)
        if !effects.isEmpty || AppView.render(pressed).lines != before {
          unlisted.append("\(journey.name): \(key)")
        }
      }
    }
    XCTAssertEqual(unlisted, [])
  }
}
