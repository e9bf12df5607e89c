import AudioModel
import Practice
import Storage
import TerminalUI

/// The metronome screen. Tempo, meter, accents and subdivision are settings (remembered);
/// swing, count-in, gap click and the speed trainer last for the session.
public struct MetronomeModel: Equatable, Sendable {
  public private(set) var isRunning = false
  public private(set) var swing = 0.5
  public private(set) var countInBars = 0
  public private(set) var gapClick = GapClick.off
  public private(set) var trainer: TrainerPlan?
  /// Digits typed for a new tempo, applied with Enter.
  public private(set) var typedBPM = ""
  /// The accent string being edited, when the editor is open.
  public private(set) var accentDraft: String?
  /// The speed trainer being set up, when its editor is open.
  public private(set) var trainerDraft: TrainerDraft?
  public private(set) var problem: Message?
  public private(set) var beat: BeatDisplay?
  /// The meter and accents of the bar being heard while a change waits for its bar line.
  public private(set) var heardBar: HeardBar?
  private var tapTempo = TapTempo()

  /// The name of a preset being typed (`v`), while it is.
  public private(set) var presetName: String?
  /// The preset under the cursor while the list of presets (`o`) is up.
  public private(set) var presetCursor: Int?
  /// The setlist under way: the presets played in order, each for `setlistBars` bars.
  public private(set) var setlist: SetlistPosition?

  /// Bars each preset of a setlist plays.
  public static let setlistBars = 8

  public struct SetlistPosition: Equatable, Sendable {
    /// The preset playing.
    public var index: Int
    /// The bar it began on, once heard.
    public var startBar: Int?
  }

  /// A bar's meter and accents as the settings write them.
  public struct HeardBar: Equatable, Sendable {
    public var meter: String
    public var accents: String
  }

  public init() {}

  static let swings = [0.5, 0.58, 0.67, 0.75]
  static let countIns = [0, 1, 2]
  static let gapClicks: [GapClick] = [
    .off, .everyNthBar(4), .everyNthBar(2), .randomBars(probability: 0.25),
  ]

  static let keyHints: [KeyHint] = [
    KeyHint(.space, "metronome.key.startStop"),
    KeyHint(.leftRight, "metronome.key.tempo1"),
    KeyHint(.upDown, "metronome.key.tempo5"),
    KeyHint(.text("t"), "metronome.key.tap"),
    KeyHint(.text("0-9"), "metronome.key.type", inBar: false),
    KeyHint(.enter, "metronome.key.enter", inBar: false),
    KeyHint(.text("m"), "metronome.key.meter", inBar: false),
    KeyHint(.text("a"), "metronome.key.accents", inBar: false),
    KeyHint(.text("s"), "metronome.key.subdivision", inBar: false),
    KeyHint(.text("[ ]"), "metronome.key.subdivisionVolume", inBar: false),
    KeyHint(.text("w"), "metronome.key.swing", inBar: false),
    KeyHint(.text("c"), "metronome.key.countIn", inBar: false),
    KeyHint(.text("g"), "metronome.key.gap", inBar: false),
    KeyHint(.text("p"), "metronome.key.trainer", inBar: false),
    KeyHint(.text("v"), "metronome.key.savePreset", inBar: false),
    KeyHint(.text("o"), "metronome.key.presets", inBar: false),
    .back,
    .help,
    .quitNow,
  ]

  /// The keys while the accents are typed: every key goes into the line.
  static let accentHints: [KeyHint] = [
    KeyHint(.text("X x ."), "metronome.key.marks"),
    KeyHint(.text("0-9 +"), "metronome.key.grouping"),
    KeyHint(.space, "metronome.key.separate", inBar: false),
    KeyHint(.text("Backspace"), "common.erase", inBar: false),
    KeyHint(.enter, "common.apply"),
    KeyHint(.escape, "common.cancel"),
  ]

  static let trainerHints: [KeyHint] = [
    KeyHint(.leftRight, "metronome.key.trainerField"),
    KeyHint(.upDown, "metronome.key.trainerStep"),
    KeyHint(.text("PgUp PgDn"), "metronome.key.trainerPage", inBar: false),
    KeyHint(.enter, "common.apply"),
    KeyHint(.text("Del Backspace"), "metronome.key.trainerOff"),
    KeyHint(.escape, "common.cancel"),
  ]

  static let presetNameHints = KeyHint.typing(
    "metronome.key.typeName", enter: "metronome.key.savePreset")

  static let presetListHints: [KeyHint] = [
    KeyHint(.upDown, "common.move"),
    KeyHint(.enter, "metronome.key.loadPreset"),
    KeyHint(.text("l"), "metronome.key.setlist"),
    KeyHint(.text("d Del"), "metronome.key.deletePreset"),
    KeyHint(.escape, "common.close"),
  ]

  /// The keys of what has the keys now: an editor, the presets, or the metronome itself.
  var currentHints: [KeyHint] {
    if accentDraft != nil { return Self.accentHints }
    if trainerDraft != nil { return Self.trainerHints }
    if presetName != nil { return Self.presetNameHints }
    if presetCursor != nil { return Self.presetListHints }
    return Self.keyHints
  }

  /// While typing a tempo or editing accents, every key belongs to this screen.
  var capturesKeys: Bool {
    !typedBPM.isEmpty || accentDraft != nil || trainerDraft != nil || presetName != nil
      || presetCursor != nil
  }

  func options(_ settings: Settings) -> MetronomeOptions {
    var options = MetronomeOptions(settings: settings)
    options.swing = swing
    options.countInBars = countInBars
    options.gapClick = gapClick
    options.trainer = trainer
    return options
  }

  /// Handles a key; returns what to tell the audio side, if anything. `settings` changes are
  /// saved by the caller.
  mutating func handle(_ event: KeyEvent, settings: inout Settings) -> MetronomeCommand? {
    let bar = HeardBar(meter: settings.metronome.meter, accents: settings.metronome.accents)
    defer {
      // The engine finishes the bar it is in; until its bar line the readout shows that bar.
      let now = HeardBar(meter: settings.metronome.meter, accents: settings.metronome.accents)
      if isRunning, beat != nil, heardBar == nil, now != bar { heardBar = bar }
    }
    if accentDraft != nil { return editAccents(event.key, settings: &settings) }
    if trainerDraft != nil { return editTrainer(event.key, settings: settings) }
    if let name = presetName {
      editPresetName(name, event.key, settings: &settings)
      return nil
    }
    if let cursor = presetCursor { return choosePreset(cursor, event.key, settings: &settings) }
    let before = settings
    let optionsBefore = options(settings)
    problem = nil
    switch event.key {
    case .character(let c) where c.isASCII && c.isNumber:
      if typedBPM.count < 3 { typedBPM.append(c) }
      return nil
    case .backspace where !typedBPM.isEmpty:
      typedBPM.removeLast()
      return nil
    case .escape where !typedBPM.isEmpty:
      typedBPM = ""
      return nil
    case .enter where !typedBPM.isEmpty:
      applyTyped(&settings)
    case .character(" "), .enter:
      return toggle(settings)
    case .right: changeTempo(by: 1, &settings)
    case .left: changeTempo(by: -1, &settings)
    case .up: changeTempo(by: 5, &settings)
    case .down: changeTempo(by: -5, &settings)
    case .character("t"):
      if let bpm = tapTempo.tap(at: event.time.sinceEpoch, range: MetronomeSettings.bpmRange) {
        settings.metronome.bpm = bpm
      }
    case .character("m"):
      let names = Meter.presets.map(\.description)
      settings.metronome.meter = SettingsModel.cycle(names, from: settings.metronome.meter, by: 1)
      settings.metronome.accents = ""
    case .character("a"):
      accentDraft =
        settings.metronome.accents.isEmpty
        ? defaultAccents(settings) : settings.metronome.accents
      return nil
    case .character("s"):
      settings.metronome.subdivision = settings.metronome.subdivision % 4 + 1
    case .character("["), .character("]"):
      let step = event.key == .character("]") ? 10 : -10
      settings.metronome.subdivisionVolume = min(
        100, max(0, settings.metronome.subdivisionVolume + step))
    case .character("w"):
      swing = SettingsModel.cycle(Self.swings, from: swing, by: 1)
    case .character("c"):
      countInBars = SettingsModel.cycle(Self.countIns, from: countInBars, by: 1)
    case .character("g"):
      gapClick = SettingsModel.cycle(Self.gapClicks, from: gapClick, by: 1)
    case .character("v"):
      presetName = ""
      return nil
    case .character("o"):
      if settings.metronome.presets.isEmpty {
        problem = Message("metronome.presets.none")
      } else {
        presetCursor = min(setlist?.index ?? 0, settings.metronome.presets.count - 1)
      }
      return nil
    case .character("p"):
      let range = MetronomeSettings.bpmRange
      trainerDraft = TrainerDraft(
        plan: trainer
          ?? TrainerPlan(
            goal: min(settings.metronome.bpm + 20, range.upperBound), step: 2, everyBars: 4))
      return nil
    default:
      return nil
    }
    let options = options(settings)
    guard isRunning, options != optionsBefore || settings != before else { return nil }
    return .update(options)
  }

  /// A beat became audible. In a setlist, on the last beat of a preset's last bar the next
  /// preset is sent, so that it starts on the next bar line; after the last one the click
  /// stops.
  mutating func show(_ display: BeatDisplay, settings: inout Settings) -> MetronomeCommand? {
    guard isRunning else { return nil }
    beat = display
    if display.beatInBar == 0 { heardBar = nil }
    guard var position = setlist, !display.isCountIn else { return nil }
    let start = position.startBar ?? display.bar
    position.startBar = start
    setlist = position
    let beats = (try? Meter(parsing: settings.metronome.meter).beatsPerBar) ?? 4
    guard display.bar == start + Self.setlistBars - 1, display.beatInBar == beats - 1 else {
      return nil
    }
    let presets = settings.metronome.presets
    guard position.index + 1 < presets.count else {
      setlist = nil
      problem = Message("metronome.setlist.done")
      isRunning = false
      beat = nil
      heardBar = nil
      return .stop
    }
    settings.metronome = presets[position.index + 1].applied(to: settings.metronome)
    setlist = SetlistPosition(index: position.index + 1, startBar: display.bar + 1)
    return .update(options(settings))
  }

  /// A key while a preset's name is typed: Enter saves the setup under it, replacing a preset
  /// of that name.
  private mutating func editPresetName(_ name: String, _ key: Key, settings: inout Settings) {
    var name = name
    switch key {
    case .escape:
      presetName = nil
      return
    case .backspace:
      if !name.isEmpty { name.removeLast() }
    case .character(let character) where !character.isNewline:
      if name.count < MetronomePreset.nameLength.upperBound { name.append(character) }
    case .enter:
      let trimmed = String(name.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
      guard !trimmed.isEmpty else { return }
      let preset = MetronomePreset(name: trimmed, settings.metronome)
      var presets = settings.metronome.presets
      if let index = presets.firstIndex(where: { $0.name == trimmed }) {
        presets[index] = preset
      } else if presets.count < MetronomePreset.mostPresets {
        presets.append(preset)
      } else {
        problem = Message("metronome.presets.full", ["count": "\(MetronomePreset.mostPresets)"])
        presetName = nil
        return
      }
      settings.metronome.presets = presets
      problem = Message("metronome.preset.saved", ["name": trimmed])
      presetName = nil
      return
    default:
      break
    }
    presetName = name
  }

  /// A key in the list of presets: Enter loads one, `l` plays the setlist from it, `d` deletes
  /// it, Esc closes the list.
  private mutating func choosePreset(_ cursor: Int, _ key: Key, settings: inout Settings)
    -> MetronomeCommand?
  {
    let presets = settings.metronome.presets
    switch key {
    case .up: presetCursor = max(0, cursor - 1)
    case .down: presetCursor = min(presets.count - 1, cursor + 1)
    case .escape: presetCursor = nil
    case .character("d"), .delete:
      settings.metronome.presets.remove(at: cursor)
      let left = settings.metronome.presets.count
      presetCursor = left == 0 ? nil : min(cursor, left - 1)
      if let position = setlist, position.index >= cursor { setlist = nil }
    case .enter, .character("l"):
      settings.metronome = presets[cursor].applied(to: settings.metronome)
      presetCursor = nil
      setlist = key == .enter ? nil : SetlistPosition(index: cursor, startBar: nil)
      if isRunning { return .update(options(settings)) }
      guard setlist != nil else { return nil }
      isRunning = true
      beat = nil
      return .start(options(settings))
    default:
      break
    }
    return nil
  }

  /// Leaving the screen stops the sound.
  mutating func leave() -> MetronomeCommand? {
    guard isRunning else { return nil }
    isRunning = false
    beat = nil
    heardBar = nil
    return .stop
  }

  private mutating func toggle(_ settings: Settings) -> MetronomeCommand {
    isRunning.toggle()
    beat = nil
    heardBar = nil
    return isRunning ? .start(options(settings)) : .stop
  }

  private mutating func changeTempo(by step: Int, _ settings: inout Settings) {
    let range = MetronomeSettings.bpmRange
    settings.metronome.bpm = min(
      max(settings.metronome.bpm + step, range.lowerBound), range.upperBound)
  }

  private mutating func applyTyped(_ settings: inout Settings) {
    defer { typedBPM = "" }
    guard let bpm = Int(typedBPM), MetronomeSettings.bpmRange.contains(bpm) else {
      problem = Message("metronome.problem.bpm", ["bpm": typedBPM])
      return
    }
    settings.metronome.bpm = bpm
  }

  private mutating func editAccents(_ key: Key, settings: inout Settings) -> MetronomeCommand? {
    guard var draft = accentDraft else { return nil }
    switch key {
    case .escape:
      accentDraft = nil
      problem = nil
      return nil
    case .backspace:
      if !draft.isEmpty { draft.removeLast() }
    case .character(let c) where "Xx. +".contains(c) || (c.isASCII && c.isNumber):
      if draft.count < 40 { draft.append(c) }
    case .enter:
      let optionsBefore = options(settings)
      var edited = settings
      // A grouping ("2+2+3") is kept as the marks it stands for.
      edited.metronome.accents = (try? AccentPattern(parsing: draft))?.description ?? draft
      do {
        _ = try options(edited).pattern()
      } catch {
        problem = Message("metronome.problem.accents", ["reason": error.description])
        return nil
      }
      settings = edited
      accentDraft = nil
      problem = nil
      return isRunning && options(settings) != optionsBefore ? .update(options(settings)) : nil
    default:
      break
    }
    accentDraft = draft
    return nil
  }

  private mutating func editTrainer(_ key: Key, settings: Settings) -> MetronomeCommand? {
    guard var draft = trainerDraft else { return nil }
    let before = options(settings)
    switch key {
    case .escape:
      trainerDraft = nil
      return nil
    case .left: draft.focus = (draft.focus + 2) % 3
    case .right: draft.focus = (draft.focus + 1) % 3
    case .up: draft.change(by: 1)
    case .down: draft.change(by: -1)
    case .pageUp: draft.change(by: 5)
    case .pageDown: draft.change(by: -5)
    case .delete, .backspace:
      trainer = nil
      trainerDraft = nil
      return isRunning && options(settings) != before ? .update(options(settings)) : nil
    case .enter:
      trainer = draft.plan.goal == settings.metronome.bpm ? nil : draft.plan
      trainerDraft = nil
      return isRunning && options(settings) != before ? .update(options(settings)) : nil
    default:
      break
    }
    trainerDraft = draft
    return nil
  }

  private func defaultAccents(_ settings: Settings) -> String {
    guard let meter = try? Meter(parsing: settings.metronome.meter) else { return "" }
    return AccentPattern.standard(for: meter).description
  }
}

/// The speed trainer's editor: one of its three numbers has the focus.
public struct TrainerDraft: Equatable, Sendable {
  public var plan: TrainerPlan
  /// 0 the goal tempo, 1 the step, 2 the bars per step.
  public var focus = 0

  mutating func change(by amount: Int) {
    switch focus {
    case 0:
      let range = MetronomeSettings.bpmRange
      plan.goal = min(max(plan.goal + amount, range.lowerBound), range.upperBound)
    case 1:
      let range = TrainerPlan.stepRange
      plan.step = min(max(plan.step + amount, range.lowerBound), range.upperBound)
    default:
      let range = TrainerPlan.barsRange
      plan.everyBars = min(max(plan.everyBars + amount, range.lowerBound), range.upperBound)
    }
  }
}
