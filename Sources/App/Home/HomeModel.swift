import Practice
import Storage
import TerminalUI

public struct HomeModel: Equatable, Sendable {
  public let entries: [HomeEntry]
  public private(set) var selected = 0

  public init(entries: [HomeEntry] = HomeEntry.allCases) {
    self.entries = entries
  }

  static let keyHints: [KeyHint] = [
    KeyHint(.upDown, "common.move"),
    KeyHint(.enter, "common.open"),
    KeyHint(.text("1-9"), "home.key.number", inBar: false),
    .help,
    KeyHint(.text("q"), "common.quit"),
    .quitNow,
  ]

  /// `seed` makes whatever is random in the screen opened, such as the flashcards dealt;
  /// `history` and `utcOffset` are what the history screen opens on, `keyRoute` the way the
  /// keys come, whose delay the rhythm trainer takes off.
  mutating func handle(
    _ key: Key, seed: UInt64, history: [SessionRecord], utcOffset: Int,
    keyRoute: KeyRoute = .local
  ) -> Transition? {
    switch key {
    case .up, .character("k"):
      selected = (selected + entries.count - 1) % entries.count
    case .down, .character("j"):
      selected = (selected + 1) % entries.count
    case .home, .pageUp:
      selected = 0
    case .end, .pageDown:
      selected = entries.count - 1
    case .enter:
      return open(
        entries[selected], seed: seed, history: history, utcOffset: utcOffset, keyRoute: keyRoute)
    case .character(let c):
      if let number = c.wholeNumberValue, (1...entries.count).contains(number) {
        selected = number - 1
        return open(
          entries[selected], seed: seed, history: history, utcOffset: utcOffset, keyRoute: keyRoute)
      }
    default:
      break
    }
    return nil
  }

  mutating func select(_ index: Int) {
    selected = min(max(index, 0), entries.count - 1)
  }

  func open(
    _ entry: HomeEntry, seed: UInt64, history: [SessionRecord], utcOffset: Int,
    keyRoute: KeyRoute = .local
  ) -> Transition? {
    switch entry {
    case .metronome: return .push(.metronome(MetronomeModel()))
    case .listen: return .push(.listen(ListenModel()))
    case .notes: return .push(.notes(NotesModel(seed: seed)))
    case .fretboard: return .push(.fretboard(FretboardModel(seed: seed)))
    case .rhythm: return .push(.rhythm(RhythmModel(route: keyRoute)))
    case .ear: return .push(.ear(EarModel(seed: seed)))
    case .recordingProtocol: return .push(.recordingProtocol(ProtocolModel()))
    case .history: return .push(.history(HistoryModel(history: history, utcOffset: utcOffset)))
    case .settings: return .push(.settings(SettingsModel()))
    case .help: return .push(.help(HelpModel()))
    case .quit: return .quit
    }
  }
}
