import FoundationEssentials
import MusicTheory
import Practice
import Storage

/// `woodshed patterns`: the fretboard patterns there are, and sharing them as files.
public enum HeadlessPatterns {
  static func library(_ ground: Launcher.Ground) -> PatternLibrary {
    PatternLibrary(
      builtIn: ground.assets.appendingPathComponent("patterns"), user: ground.paths.patternsFolder)
  }

  /// One line per pattern in the order the fretboard offers them: id, category, tones, name,
  /// and whether it is the user's own. Files that cannot be used come after, one line each.
  public static func list(environment: [String: String]) throws(Launcher.Failure) -> String {
    let library = library(try Launcher.prepare(environment: environment))
    let own = Set(library.entries.filter { !$0.isBuiltIn }.map(\.pattern.id))
    let patterns = PatternOrder.sorted(library.patterns)
    let idWidth = patterns.map(\.id.count).max() ?? 0
    var lines = patterns.map { pattern in
      [
        pattern.id.padded(toWidth: idWidth), pattern.category.rawValue.padded(toWidth: 8),
        "\(pattern.tones.count) notes".padded(toWidth: 8),
        pattern.name + (own.contains(pattern.id) ? " (yours)" : ""),
      ].joined(separator: "  ")
    }
    lines += library.problems.map { "skipped: \($0)" }
    return lines.map { $0 + "\n" }.joined()
  }

  /// `woodshed patterns mine`: the player's patterns, as the Fretboard room lists them first:
  /// those chosen to practise (`x`), their own, and those shared with them (as of the last
  /// refresh), one line each with why it is theirs.
  public static func mine(environment: [String: String]) throws(Launcher.Failure) -> String {
    let ground = try Launcher.prepare(environment: environment)
    let library = library(ground)
    let practised = ground.loaded.settings.fretboard.practised
    let own = Set(library.entries.filter { !$0.isBuiltIn }.map(\.pattern.id))
    let shared =
      ServerRefresh.snapshot(paths: ground.paths, logger: ground.logger).map {
        ServerSnapshotFile.patterns(of: $0).shared
      } ?? []
    let patterns =
      PatternOrder.sorted(library.patterns)
      + shared.map(\.pattern).filter { library.pattern(id: $0.id) == nil }
    let senders = Dictionary(shared.map { ($0.pattern.id, $0.from) }) { first, _ in first }
    let ids = FretboardModel.mine(practised: practised, own: own, shared: Set(senders.keys))
    let mine = patterns.filter { ids.contains($0.id) }
    guard !mine.isEmpty else {
      return
        "none yet: press x on a pattern in the Fretboard room to practise it, or n to draw one\n"
    }
    let idWidth = mine.map(\.id.count).max() ?? 0
    return mine.map { pattern in
      let why = [
        own.contains(pattern.id) ? "yours" : nil,
        practised.contains(pattern.id) ? "practising" : nil,
        senders[pattern.id].map { "from \($0)" },
      ].compactMap { $0 }.joined(separator: ", ")
      return "\(pattern.id.padded(toWidth: idWidth))  \(pattern.name) (\(why))\n"
    }.joined()
  }

  /// The pattern's file, for `woodshed patterns export ID > file.json`.
  public static func export(id: String, environment: [String: String]) throws(Launcher.Failure)
    -> String
  {
    let library = library(try Launcher.prepare(environment: environment))
    guard let pattern = library.pattern(id: id) else {
      throw Launcher.Failure(
        description: "no pattern has the id \"\(id)\"; `woodshed patterns list` shows them")
    }
    guard let data = try? pattern.fileData() else {
      throw Launcher.Failure(description: "the pattern \"\(id)\" could not be written as JSON")
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Checks the file and copies it into the user's patterns; an id already taken is refused
  /// unless `force` (and a built-in pattern is never replaced).
  public static func importFile(
    _ path: String, force: Bool, environment: [String: String]
  ) throws(Launcher.Failure) -> String {
    let ground = try Launcher.prepare(environment: environment)
    do {
      let library = library(ground)
      let pattern = try library.add(
        file: URL(fileURLWithPath: path), into: ground.paths.patternsFolder, replacing: force)
      let same = library.sameShape(as: pattern).map {
        "; the same shape as \($0.id) (\($0.name))"
      }
      return "imported \(pattern.id): \(pattern.name) (\(pattern.tones.count) notes)\(same ?? "")\n"
    } catch {
      throw Launcher.Failure(description: error.description)
    }
  }

  /// What a chart's dots say.
  public enum ChartLabels: String, CaseIterable, Sendable {
    case intervals
    case notes
  }

  /// `woodshed patterns print`: the pattern `id` with its tonic on `key`, drawn for an A4 page,
  /// its texts in the player's language.
  public static func chart(
    id: String, key: String, labels: ChartLabels, environment: [String: String]
  ) throws(Launcher.Failure) -> PatternChart {
    let ground = try Launcher.prepare(environment: environment)
    // The chart is a file, which shows every script, whatever the terminal.
    let (strings, naming, _) = Launcher.noteWords(ground, isUTF8: true)
    guard let pattern = library(ground).pattern(id: id) else {
      throw Launcher.Failure(
        description: "no pattern has the id \"\(id)\"; `woodshed patterns list` shows them")
    }
    guard
      let tonic = naming.noteClass(parsing: key) ?? NamingSystem.english.noteClass(parsing: key)
    else {
      throw Launcher.Failure(description: "--key must be a note, as A or F#, not \"\(key)\"")
    }
    let positions = FretboardModel.placement(of: pattern, root: tonic)
    let dots = zip(positions, pattern.intervals).enumerated().map { index, placed in
      let (position, interval) = placed
      let label =
        switch labels {
        case .intervals: interval.degreeName
        case .notes:
          (tonic + interval).map { naming.name(of: $0, glyphs: .unicode) } ?? interval.degreeName
        }
      return PatternChart.Dot(position, label: label, isTonic: index == 0 || interval == .P1)
    }
    let tuning = pattern.tuning
    return PatternChart(
      title: PatternName(pattern.name).text(strings),
      subtitle: strings.text(
        "patterns.print.subtitle",
        ["key": naming.name(of: tonic, glyphs: .unicode), "tuning": tuning.name]),
      stringNames: (1...tuning.stringCount).map {
        naming.name(of: tuning.openNote(string: $0).noteClass, glyphs: .unicode)
      },
      dots: dots,
      paragraphs: [
        pattern.descriptionText(strings), pattern.songsText(strings),
        pattern.instructionsText(strings),
      ])
  }

  /// Writes the chart as SVG or, for a `.html` name, as a page around it; never over a file
  /// unless `overwrite`.
  public static func write(_ chart: PatternChart, to url: URL, overwrite: Bool)
    throws(Launcher.Failure)
  {
    let isHTML = url.pathExtension.lowercased() == "html"
    guard isHTML || url.pathExtension.lowercased() == "svg" else {
      throw Launcher.Failure(description: "--output must end in .svg or .html")
    }
    try Launcher.checkOutput(url, force: overwrite)
    do {
      try AtomicFile.write(Data((isHTML ? chart.html() : chart.svg()).utf8), to: url)
    } catch {
      throw Launcher.Failure(description: "cannot write \(url.lastPathComponent): \(error)")
    }
  }
}
