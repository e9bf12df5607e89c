import MusicTheory
import Practice
import TerminalUI

extension FretboardModel: SteppingBack {
  var titleKey: String { "fretboard.title" }
  var screen: Screen { .fretboard(self) }

  func render(in area: Rect, model: AppModel, on canvas: inout Canvas) {
    FretboardScreenView.render(self, model: model, in: area, on: &canvas)
  }

  /// The patterns are read when the fretboard is first opened, not at start.
  func opened(context: FeatureContext) -> [Effect] {
    context.patterns == nil ? [.loadPatterns] : []
  }

  mutating func handle(_ key: KeyEvent, context: inout FeatureContext) -> FeatureOutcome {
    let patterns = context.patterns ?? []
    let chosen = patterns.indices.contains(selected) ? patterns[selected] : nil
    if phase == .choosing, placing != nil {
      return FeatureOutcome(
        answerPlacement(key.key, patterns: patterns, settings: &context.settings))
    }
    if phase == .choosing, !asksToDelete {
      let browsed = browse(
        key.key, patterns: patterns, strings: context.strings, mine: context.minePatternIds,
        pageRows: FretboardScreenView.listRows(in: context.size))
      if browsed { return FeatureOutcome() }
      switch key.key {
      case .character("n"):
        return FeatureOutcome(
          [], .push(.patternEditor(PatternEditorModel(tuning: context.settings.fretboard.tuning))))
      case .character("e"):
        let editor =
          chosen.map {
            PatternEditorModel(editing: $0, isOwn: context.ownPatternIds.contains($0.id))
          } ?? PatternEditorModel(tuning: context.settings.fretboard.tuning)
        return FeatureOutcome([], .push(.patternEditor(editor)))
      case .character("p"):
        startPlacement()
        return FeatureOutcome()
      case .character("d") where !asksToDelete:
        if let chosen { askToDelete(isOwn: context.ownPatternIds.contains(chosen.id)) }
        return FeatureOutcome()
      default:
        break
      }
    }
    return FeatureOutcome(
      handle(key, settings: &context.settings, patterns: patterns, history: context.history))
  }

  mutating func receive(_ event: AppEvent, context: inout FeatureContext) -> [Effect] {
    let patterns = context.patterns ?? []
    switch event {
    case .metronomeBeat(let display):
      heardBeat(display)
    case .listening(let failure, _):
      listening(failure: failure)
    case .tick(let now):
      return tick(
        now, settings: context.settings, patterns: patterns, history: context.history)
    case .played(let events):
      return played(events, patterns: patterns)
    case .midiInput(let failure, let port):
      midiInput(failure: failure, port: port)
    case .patternsLoaded:
      keepSelectionListed(patterns, strings: context.strings, mine: context.minePatternIds)
    default:
      break
    }
    return []
  }

  func sessionInProgress(at time: MonotonicInstant, context: FeatureContext) -> SessionRecord? {
    guard phase == .playing, let patterns = context.patterns, patterns.indices.contains(selected)
    else { return nil }
    return record(of: patterns[selected])
  }
}
