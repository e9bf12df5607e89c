import ArgumentParser
import Foundation
import NetClient
import Practice
import TerminalUI

/// `woodshed class chain NAME`: a class's achievement chain, set by its teacher with
/// `--step`, and each student's steps reached (a student sees their own).
struct ChainCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "chain",
    abstract: "Show a class's achievement chain, or set it (its teacher) with --step.",
    discussion: """
      A step is one of: pattern:ID:LEVEL:ACCURACY (an interval game on the pattern at that \
      level or higher, with that share of answers right, in percent); \
      drill:PACK[,PACK...]:CARDS (a timed drill with those packs); \
      rhythm:PATTERN[,PATTERN...]:BPM:BARS:ACCURACY (a rhythm run of that line). \
      For example --step pattern:minor-pentatonic-1:3:90 --step drill:treble-staff:30.
      """)

  @Argument(help: "The class's name, as `woodshed class list` shows it.") var name: String
  @Option(name: .customLong("step"), help: "A goal, in order (its teacher; repeat for each).")
  var steps: [String] = []
  @Flag(help: "Remove the class's chain (its teacher).") var clear = false
  @Flag(help: "Print JSON.") var json = false

  func validate() throws {
    if clear && !steps.isEmpty { throw ValidationError("--clear goes without --step") }
    for step in steps where Self.step(step) == nil {
      throw ValidationError(
        "cannot read the step \(step): give pattern:ID:LEVEL:ACCURACY, "
          + "drill:PACK[,PACK...]:CARDS or rhythm:PATTERN[,PATTERN...]:BPM:BARS:ACCURACY")
    }
  }

  func run() async throws {
    let texts = try WoodshedNet.texts()
    let (client, token) = try SharedPatterns.session()
    let chain: ClassChainInfo
    if clear || !steps.isEmpty {
      let found = try await ClassCommand.taught(name, client: client, token: token, texts: texts)
      chain = try await client.setClassChain(
        classID: found.id, steps: steps.compactMap(Self.step), token: token)
    } else {
      guard
        let found = try await client.classes(token: token).first(where: { $0.name == name })
      else {
        throw CommandFailure(
          TerminalText.message(texts.text("class.error.noClass", ["name": name])))
      }
      chain = try await client.classChain(classID: found.id, token: token)
    }
    if json {
      print(try WoodshedNet.json(chain))
      return
    }
    for line in Self.lines(chain, glyphs: CommentsCommand.glyphs()) { print(line) }
  }

  /// A step as typed, or nil when it cannot be read.
  static func step(_ text: String) -> ChainStepInfo? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    let items = parts.count > 1 ? parts[1].split(separator: ",").map(String.init) : []
    switch (parts.first, parts.count) {
    case ("pattern", 4):
      guard let level = Int(parts[2]), let accuracy = Double(parts[3]) else { return nil }
      return .init(kind: .pattern, items: items, level: level, threshold: accuracy)
    case ("drill", 3):
      guard let cards = Double(parts[2]) else { return nil }
      return .init(kind: .drill, items: items, threshold: cards)
    case ("rhythm", 5):
      guard let bpm = Int(parts[2]), let bars = Int(parts[3]), let accuracy = Double(parts[4])
      else { return nil }
      return .init(kind: .rhythm, items: items, bpm: bpm, bars: bars, threshold: accuracy)
    default:
      return nil
    }
  }

  /// "minor-pentatonic-1: level 3 at 90 %", "drill treble-staff: 30 cards", "rhythm
  /// quarter,eighths at 90 bpm over 8 bars: 95 %".
  static func text(of step: ChainStepInfo) -> String {
    let items = step.items.joined(separator: ",")
    let amount = NewsCommand.number(step.threshold)
    switch step.kind {
    case .pattern: return "\(items): level \(step.level ?? 0) at \(amount) %"
    case .drill: return "drill \(items): \(amount) cards"
    case .rhythm:
      return "rhythm \(items) at \(step.bpm ?? 0) bpm over \(step.bars ?? 0) bars: \(amount) %"
    }
  }

  static func lines(_ chain: ClassChainInfo, glyphs: GlyphSet) -> [String] {
    guard !chain.steps.isEmpty else {
      return [TerminalText.message("\(chain.className) has no achievement chain")]
    }
    var lines = [
      TerminalText.message(
        "\(chain.className): a chain of \(chain.steps.count) "
          + (chain.steps.count == 1 ? "step" : "steps"))
    ]
    for (index, step) in chain.steps.enumerated() {
      lines.append(TerminalText.message("  \(index + 1). " + text(of: step)))
    }
    let width = chain.students.map(\.player.count).max() ?? 0
    for student in chain.students {
      let marks = student.reached.map { String($0 ? glyphs.check : "-") }.joined(separator: " ")
      // Steps count in order: the next one is the first not reached.
      let done = student.reached.prefix { $0 }.count
      let next =
        done == chain.steps.count ? "every step reached" : "next: step \(done + 1)"
      lines.append(
        TerminalText.message(
          student.player.padding(toLength: width, withPad: " ", startingAt: 0)
            + "  \(marks)  (\(done) of \(chain.steps.count); \(next))"))
    }
    return lines
  }
}
