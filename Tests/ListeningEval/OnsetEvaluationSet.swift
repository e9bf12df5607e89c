import Foundation

/// The onset evaluation set, generated at run time, in two parts.
///
/// The tuning part: synthesized instruments, and synthesized legato lines, always; General MIDI
/// instruments rendered by fluidsynth from TimGM6mb, bowed, blown and sung ones from FluidR3 GM
/// and (by timidity) from freepats, each played detached and slurred, and pieces of the ForzeeStereo and circAfrique drum kits, when installed.
/// The held-out part, never tuned on: General MIDI instruments rendered from MuseScore's General
/// soundfont, and pieces of the Gimme A Hand and Black Pearl kits, when installed; its
/// performances have their own seeds.
///
/// Every clip is humanised playing after a count-in; every performance is heard in every
/// condition.
public enum OnsetEvaluationSet {
  /// Seconds of playing per clip, after the count-in: a few dozen notes and several bars of
  /// clicks.
  public static let playing = 6.0

  private static let synthesizedPlan:
    [(OnsetCategory, sampleRates: [Int], pitches: ClosedRange<Int>)] = [
      (.clap, [44_100, 48_000], 0...1),
      (.woodblock, [48_000, 22_050], 60...84),
      (.drum, [44_100, 48_000], 38...55),
      (.pluckedString, [22_050, 48_000], 40...76),
      (.piano, [48_000, 44_100], 40...84),
      (.softAttack, [96_000, 48_000], 48...84),
    ]

  /// Every performance of `part`, whether or not its instrument is installed.
  public static func plan(of part: EvaluationPart) -> [PlannedTake] {
    switch part {
    case .tuning:
      [
        synthesized(categories: OnsetCategory.allCases, takes: 2, playing: playing),
        soundFont(SoundFontInstrument.timGM6mb, seed: 200),
        soundFont(SoundFontInstrument.fluidR3GM, seed: 700),
        soundFont(SoundFontInstrument.freepats, seed: 800),
        sampled(SampledInstrument.lmms, seed: 1000),
        soundFont(SoundFontInstrument.sections, seed: 1100),
        drums(DrumKitInstrument.forzeeStereo, seed: 300),
        drums(DrumKitInstrument.circAfriqueKit, seed: 900), legato(seed: 600),
      ].flatMap { $0 }
    case .heldOut:
      soundFont(SoundFontInstrument.museScoreGeneral, seed: 400)
        + drums(DrumKitInstrument.gimmeAHandAndBlackPearl, seed: 500)
    }
  }

  /// The clips of `part` whose instruments are installed, each performance heard in each
  /// condition.
  public static func clips(
    of part: EvaluationPart, conditions: [OnsetCondition] = OnsetCondition.all
  ) -> [EvaluationClip] {
    clips(of: plan(of: part), in: conditions)
  }

  /// Every performance of `part` with one note in every five left out, where it follows the
  /// note before without a rest (`Performance.leavingOut`), heard in `conditions`: how often
  /// grading gives credit for a note that was not played.
  public static func clipsLeavingNotesOut(
    of part: EvaluationPart, conditions: [OnsetCondition]
  ) -> [EvaluationClip] {
    clips(of: leavingNotesOut(plan(of: part)), in: conditions)
  }

  private static func leavingNotesOut(_ plan: [PlannedTake]) -> [PlannedTake] {
    plan.map { $0.leavingOut(every: leftOutInterval) }
  }

  /// One written note in this many is left out in `clipsLeavingNotesOut`.
  public static let leftOutInterval = 5

  /// Synthesized clips (of the tuning part): two performances per category, each with its own
  /// tempo, notes and sample rate (`takes` keeps the first few), heard in each condition.
  /// With `leavingNotesOut`, one note in five is left out (`clipsLeavingNotesOut`).
  public static func synthesized(
    categories: [OnsetCategory] = OnsetCategory.allCases,
    conditions: [OnsetCondition] = OnsetCondition.all, takes: Int = 2, playing: Double = playing,
    leavingNotesOut: Bool = false
  ) -> [EvaluationClip] {
    let plan = synthesized(categories: categories, takes: takes, playing: playing)
    return clips(of: leavingNotesOut ? Self.leavingNotesOut(plan) : plan, in: conditions)
  }

  private static func synthesized(categories: [OnsetCategory], takes: Int, playing: Double)
    -> [PlannedTake]
  {
    synthesizedPlan.enumerated().filter { categories.contains($0.element.0) }.flatMap {
      index, plan in
      plan.sampleRates.prefix(takes).enumerated().map { take, sampleRate in
        PlannedTake(
          .synthesized(plan.0, sampleRate: sampleRate),
          name: "synth \(plan.0.rawValue) \(take + 1)",
          seed: UInt64(100 + 10 * index + take), playing: playing, pitches: plan.pitches)
      }
    }
  }

  /// Synthesized legato lines (of the tuning part): two performances per instrument, at two
  /// sample rates.
  private static func legato(seed: UInt64) -> [PlannedTake] {
    LegatoInstrument.allCases.enumerated().flatMap { index, instrument in
      [48_000, 44_100].enumerated().map { take, sampleRate in
        PlannedTake(
          .legato(instrument, sampleRate: sampleRate),
          name: "synth legato \(instrument.rawValue) \(take + 1)",
          seed: seed + UInt64(10 * index + take), playing: playing, pitches: instrument.pitches)
      }
    }
  }

  private static func soundFont(_ instruments: [SoundFontInstrument], seed: UInt64)
    -> [PlannedTake]
  {
    instruments.enumerated().map { index, instrument in
      PlannedTake(
        .soundFont(instrument), name: "\(instrument.source.rawValue) \(instrument.name)",
        seed: seed + UInt64(index), playing: playing, pitches: instrument.pitches)
    }
  }

  private static func sampled(_ instruments: [SampledInstrument], seed: UInt64) -> [PlannedTake] {
    instruments.enumerated().map { index, instrument in
      PlannedTake(
        .sampled(instrument), name: "LMMS \(instrument.name)", seed: seed + UInt64(index),
        playing: playing, pitches: instrument.pitches)
    }
  }

  private static func drums(_ pieces: [DrumKitInstrument], seed: UInt64) -> [PlannedTake] {
    pieces.enumerated().map { index, piece in
      PlannedTake(
        .drumKit(piece), name: "\(piece.source.rawValue) \(piece.name)",
        seed: seed + UInt64(index), playing: playing, pitches: 0...1)
    }
  }

  /// The clips of the planned takes whose instruments are installed, each heard in each
  /// condition: a few performances of a part, such as to study one instrument.
  public static func clips(of plan: [PlannedTake], in conditions: [OnsetCondition])
    -> [EvaluationClip]
  {
    let folder = ExternalTool.scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    return plan.flatMap { planned in
      planned.take(in: folder)?.clips(in: conditions, seed: planned.seed) ?? []
    }
  }

  /// What is missing for the whole set, as a phrase for the report; nil when nothing is.
  public static var missing: String? {
    var missing: [String] = []
    for player in [SoundFont.Player.fluidsynth, .timidity]
    where ExternalTool.path(of: player.rawValue) == nil {
      missing.append(player.rawValue)
    }
    let soundFonts = [
      SoundFontInstrument.timGM6mb[0], SoundFontInstrument.fluidR3GM[0],
      SoundFontInstrument.freepats[0], SoundFontInstrument.museScoreGeneral[0],
    ]
    for instrument in soundFonts
    where !FileManager.default.fileExists(atPath: instrument.soundFont.path) {
      missing.append(instrument.source.rawValue)
    }
    let pieces =
      DrumKitInstrument.forzeeStereo + DrumKitInstrument.circAfriqueKit
      + DrumKitInstrument.gimmeAHandAndBlackPearl
    if !pieces.allSatisfy(\.isAvailable) { missing.append("hydrogen-drumkits") }
    if !FileManager.default.fileExists(atPath: SampledInstrument.lmms[0].path) {
      missing.append("lmms-common")
    }
    if ExternalTool.path(of: "sox") == nil { missing.append("sox") }
    return missing.isEmpty ? nil : missing.joined(separator: ", ")
  }
}
