import MusicTheory
import Practice
import Storage
import TerminalUI

/// A screen of the app: its state is a value, and this is all the router needs of it. The
/// router (`AppModel`) keeps a stack of them, hands the top one every key it does not take
/// itself and every event, and performs what it answers. A new screen is a type conforming to
/// this (with its view), one case of `Screen` and one line of `Screen.feature`.
protocol Feature: Equatable, Sendable {
  /// The locale key of the screen's name in the title bar.
  var titleKey: String { get }
  /// The keys the bottom bar and the key overlay show.
  var keyHints: [KeyHint] { get }
  /// True while the screen takes every key itself (typing, or a run where any key is a hit).
  var capturesKeys: Bool { get }
  /// While capturing keys, whether `?` still opens the key overlay: it does in a game or a
  /// run played with named keys, not where any key is a hit or letters are typed.
  var opensKeysWhileCapturing: Bool { get }
  /// When the screen wants a `.tick`; nil when it waits for nothing.
  var deadline: MonotonicInstant? { get }
  /// The screen as the router stacks it.
  var screen: Screen { get }
  /// Draws the screen into `area`: its view, a pure function of this state and the app's.
  func render(in area: Rect, model: AppModel, on canvas: inout Canvas)

  /// The screen has just been opened: what it needs started or read.
  func opened(context: FeatureContext) -> [Effect]
  /// A key for the screen; it may change the settings in `context` (they are then saved).
  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome
  /// Any other event: time passing, a beat heard, what an effect found out.
  mutating func receive(_ event: AppEvent, context: inout FeatureContext) -> [Effect]
  /// Esc or q: leave the screen, with what stops its work, or stay and step back within it.
  mutating func leave() -> Leaving
  /// The session under way, stopped at `time`, for when the app is told to stop.
  func sessionInProgress(at time: MonotonicInstant, context: FeatureContext) -> SessionRecord?
}

extension Feature {
  var capturesKeys: Bool { false }
  var opensKeysWhileCapturing: Bool { false }
  var deadline: MonotonicInstant? { nil }

  func opened(context: FeatureContext) -> [Effect] { [] }

  mutating func receive(_ event: AppEvent, context: inout FeatureContext) -> [Effect] { [] }
  mutating func leave() -> Leaving { .leaves([]) }

  func sessionInProgress(at time: MonotonicInstant, context: FeatureContext) -> SessionRecord? {
    nil
  }
}

/// A screen that Esc first steps back within (out of a run, to its list) and leaves only from
/// where it began.
protocol SteppingBack: Feature {
  var goesBackWithinScreen: Bool { get }
  mutating func goBack()
}

extension SteppingBack {
  mutating func leave() -> Leaving {
    guard goesBackWithinScreen else { return .leaves([]) }
    goBack()
    return .stays
  }
}

/// What a screen answers to a key: effects for the runtime, and where to go.
struct FeatureOutcome: Equatable {
  var effects: [Effect] = []
  var transition: Transition?

  init(_ effects: [Effect] = [], _ transition: Transition? = nil) {
    self.effects = effects
    self.transition = transition
  }
}

/// Whether Esc leaves the screen.
enum Leaving: Equatable {
  /// It steps back within itself (out of a run, to its list) or asks first.
  case stays
  /// It goes, after these effects stop what it started.
  case leaves([Effect])
}

/// What every screen may read, and the settings it may change.
struct FeatureContext {
  var settings: Settings
  let size: Size
  let overrides: RunOverrides
  let languages: [String]
  let packs: [NotePack]
  let rhythms: [RhythmPattern]
  /// The fretboard patterns, once read.
  let patterns: [FretPattern]?
  let ownPatternIds: Set<String>
  /// The patterns shared with the player on the server, by id.
  let sharedPatternIds: Set<String>
  let history: [SessionRecord]
  /// The texts in the player's language, for screens that search what they show.
  let strings: Localizer
  /// The texts in every language, for names typed in any of them.
  let catalog: LocaleCatalog
  /// The local time's distance from UTC in seconds, for days in the practice log.
  let utcOffset: Int
  let midiPorts: [String]
  /// What the last refresh learnt of the practice-room server; nil when nobody is logged in.
  let server: ServerSnapshot?
  /// How many lines the help text takes at a width, laid out only when asked.
  let helpLineCount: (Int) -> Int
}

extension FeatureContext {
  /// The player's patterns (`FretboardModel.mine`).
  var minePatternIds: Set<String> {
    FretboardModel.mine(
      practised: settings.fretboard.practised, own: ownPatternIds, shared: sharedPatternIds)
  }
}
