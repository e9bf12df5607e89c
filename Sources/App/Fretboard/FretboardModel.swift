import MusicTheory
import Storage
import TerminalUI

/// The fretboard: choose a pattern (a scale or arpeggio shape) and a root, then see it on the
/// neck labelled with its intervals, its note names or bare dots, slide it to another root and
/// step through the positions.
public struct FretboardModel: Equatable, Sendable {
  public enum Phase: Equatable, Sendable {
    case choosing
    case exploring
  }

  public private(set) var phase = Phase.choosing
  /// The pattern under the cursor, or on the neck.
  public private(set) var selected = 0

  public init() {}

  /// The roots offered, spelled the way most charts spell them.
  static let roots = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]

  static let choosingHints: [KeyHint] = [
    KeyHint(.upDown, "common.move"),
    KeyHint(.leftRight, "fretboard.key.root"),
    KeyHint(.enter, "fretboard.key.show"),
    .back,
    .help,
  ]

  static let exploringHints: [KeyHint] = [
    KeyHint(.leftRight, "fretboard.key.root"),
    KeyHint(.upDown, "fretboard.key.pattern"),
    KeyHint(.text("l"), "fretboard.key.labels"),
    KeyHint(.text("h"), "fretboard.key.hand"),
    .back,
    .help,
  ]

  var keyHints: [KeyHint] { phase == .choosing ? Self.choosingHints : Self.exploringHints }

  /// Esc on the neck goes back to the list rather than leaving the screen.
  var goesBackWithinScreen: Bool { phase == .exploring }

  mutating func goBack() {
    phase = .choosing
  }

  mutating func handle(_ key: Key, settings: inout Settings, patterns: [FretPattern]) {
    guard !patterns.isEmpty else { return }
    selected = min(selected, patterns.count - 1)
    switch key {
    case .left, .character("-"):
      settings.fretboard.root = Self.root(settings.fretboard.root, by: -1)
    case .right, .character("+"):
      settings.fretboard.root = Self.root(settings.fretboard.root, by: 1)
    case .up, .character("k"):
      selected = (selected + patterns.count - 1) % patterns.count
    case .down, .character("j"):
      selected = (selected + 1) % patterns.count
    case .enter where phase == .choosing:
      phase = .exploring
    case .character("l") where phase == .exploring:
      let all = FretboardSettings.Labels.allCases
      settings.fretboard.labels = all[(all.firstIndex(of: settings.fretboard.labels)! + 1) % all.count]
    case .character("h") where phase == .exploring:
      settings.fretboard.isLeftHanded.toggle()
    default:
      break
    }
  }

  /// The root a semitone away; a root typed by hand (say "Gb") is found by its pitch.
  static func root(_ current: String, by step: Int) -> String {
    let pitchClass = NamingSystem.english.noteClass(parsing: current)?.semitonesFromC ?? 9
    return roots[((pitchClass + step) % 12 + 12) % 12]
  }

  /// Where the pattern lies with its tonic on `root`: the lowest place its tonic's string holds
  /// that note with every tone on the neck.
  public static func placement(of pattern: FretPattern, root: NoteClass) -> [FretPosition] {
    guard let tonic = pattern.tones.first else { return [] }
    let open = pattern.tuning.pitch(string: tonic.string, fret: 0).pitchClass
    var fret = ((root.semitonesFromC - open) % 12 + 12) % 12
    while fret < pattern.lowestTonicFret { fret += 12 }
    return pattern.positions(tonicFret: fret)
  }
}
