import App
import MusicTheory
import Practice
import XCTest

final class EarNamesTests: XCTestCase {
  private let catalog = AppFixtures.catalog

  func testNamesInTheFourLanguages() {
    let third = EarItem.interval(.m3)
    let expected = [
      "en": "minor third", "es": "tercera menor", "ca": "tercera menor", "ru": "малая терция",
    ]
    for (language, name) in expected {
      XCTAssertEqual(EarNames.name(of: third, strings: catalog.localizer(for: language)), name)
    }
    XCTAssertEqual(
      EarNames.name(of: .chord(.halfDiminishedSeventh), strings: catalog.localizer(for: "es")),
      "semidisminuido")
    XCTAssertEqual(
      EarNames.name(
        of: .interval(Interval(shortName: "A2")!), strings: catalog.localizer(for: "en")),
      "A2", "no name for an interval outside the levels: its short name")
    let dorian = ["en": "dorian", "es": "dórico", "ca": "dòric", "ru": "дорийский"]
    for (language, name) in dorian {
      XCTAssertEqual(
        EarNames.name(of: .scale(.dorian), strings: catalog.localizer(for: language)), name)
    }
    let perfect = [
      "en": "perfect cadence", "es": "cadencia perfecta", "ca": "cadència perfecta",
      "ru": "полная каденция",
    ]
    for (language, name) in perfect {
      XCTAssertEqual(
        EarNames.name(of: .cadence(.perfect), strings: catalog.localizer(for: language)), name)
      XCTAssertEqual(
        EarNames.name(
          of: .cadence(.progression([1, 6, 4, 5])), strings: catalog.localizer(for: language)),
        "I-vi-IV-V", "a progression is its numerals in every language")
      XCTAssertEqual(
        EarNames.name(
          of: .degree(ScaleDegree(name: "b3")!), strings: catalog.localizer(for: language)),
        "b3", "a degree is its number in every language")
    }
  }

  /// Every exercise has its name in the setup and in the history, in every language.
  func testEveryExerciseIsNamedInEveryLanguage() {
    for language in ["en", "es", "ca", "ru"] {
      let strings = catalog.localizer(for: language)
      for exercise in EarExercise.allCases {
        XCTAssertNotNil(
          strings.textIfPresent("ear.exercise.\(exercise.rawValue)"), "\(language) \(exercise)")
        XCTAssertNotNil(
          strings.textIfPresent("history.exercise.ear.\(exercise.rawValue)"),
          "\(language) \(exercise) in the history")
      }
    }
  }

  /// Every item has a name of its own in every language, and each name reads back as it.
  func testEveryNameReadsBackInEveryLanguage() {
    for exercise in EarExercise.allCases {
      for language in ["en", "es", "ca", "ru"] {
        let strings = catalog.localizer(for: language)
        let names = exercise.allItems.map { EarNames.name(of: $0, strings: strings) }
        XCTAssertEqual(Set(names).count, names.count, "\(language) \(exercise): \(names)")
        for (item, name) in zip(exercise.allItems, names) {
          XCTAssertEqual(
            key(of: item).flatMap(strings.textIfPresent) ?? item.shortName, name,
            "\(language) has no name for \(item)")
          XCTAssertEqual(
            EarNames.item(parsing: name, exercise: exercise, catalog: catalog), item,
            "\(language): \(name)")
        }
      }
    }
  }

  /// The locale key of an item's name: English names a scale as its short name without the
  /// hyphens ("major", "dorian"), so a name is known to be the locale's by its key. Degrees and
  /// progressions are named alike everywhere, by their short names, and have none.
  private func key(of item: EarItem) -> String? {
    switch item {
    case .interval: "ear.interval.\(item.shortName)"
    case .chord: "ear.chord.\(item.shortName)"
    case .scale: "ear.scale.\(item.shortName)"
    case .degree: nil
    case .cadence(let cadence):
      Cadence.cadences.contains(cadence) ? "ear.cadence.\(item.shortName)" : nil
    case .intonation: "ear.intonation.\(item.shortName)"
    case .melody: "ear.melody.\(item.shortName)"
    case .note: nil
    case .rhythm: "ear.rhythm.\(item.shortName)"
    case .cell: "rhythm.pattern.\(item.shortName)"
    }
  }

  func testTypedAnswers() {
    let typed: [(String, EarExercise, EarItem?)] = [
      ("m3", .intervals, .interval(.m3)),
      ("M3", .intervals, .interval(.M3)),
      (" Minor  Third ", .intervals, .interval(.m3)),
      ("septima menor", .intervals, .interval(.m7)),
      ("sèptima major", .intervals, .interval(.M7)),
      ("уменьшенная квинта", .intervals, .interval(.d5)),
      ("МАЛАЯ ТЕРЦИЯ", .intervals, .interval(.m3)),
      ("maj7", .chords, .chord(.majorSeventh)),
      ("mMaj7", .chords, .chord(.minorMajorSeventh)),
      ("ø", .chords, .chord(.halfDiminishedSeventh)),
      ("séptima de dominante", .chords, .chord(.dominantSeventh)),
      ("disminuït", .chords, .chord(.diminished)),
      ("доминантсептаккорд", .chords, .chord(.dominantSeventh)),
      ("minor third", .chords, nil),
      ("m3", .chords, nil),
      ("tercera", .intervals, nil),
      ("dorian", .scales, .scale(.dorian)),
      ("natural-minor", .scales, .scale(.naturalMinor)),
      ("Natural Minor", .scales, .scale(.naturalMinor)),
      ("aeolian", .scales, .scale(.naturalMinor)),
      ("dorico", .scales, .scale(.dorian)),
      ("dòric", .scales, .scale(.dorian)),
      ("menor armonica", .scales, .scale(.harmonicMinor)),
      ("pentatònica menor", .scales, .scale(.minorPentatonic)),
      ("Фригийский доминантовый", .scales, .scale(.phrygianDominant)),
      ("blues mayor", .scales, .scale(.majorBlues)),
      ("dorian", .chords, nil),
      ("in tune", .intonation, .intonation(.inTune)),
      ("in-tune", .intonation, .intonation(.inTune)),
      ("Bajo", .intonation, .intonation(.flat)),
      ("afinat", .intonation, .intonation(.inTune)),
      ("выше", .intonation, .intonation(.sharp)),
      ("flat", .intervals, nil),
      ("b3", .degrees, .degree(ScaleDegree(number: 3, alteration: -1)!)),
      ("♯4", .degrees, .degree(ScaleDegree(number: 4, alteration: 1)!)),
      ("5", .degrees, .degree(ScaleDegree(number: 5)!)),
      ("#5", .degrees, nil),
      ("8", .degrees, nil),
      ("cadencia rota", .cadences, .cadence(.deceptive)),
      ("Semicadència", .cadences, .cadence(.imperfect)),
      ("плагальная каденция", .cadences, .cadence(.plagal)),
      ("ii-V-I", .cadences, .cadence(.progression([2, 5, 1]))),
      ("II-V-I", .cadences, nil),
      ("perfect", .degrees, nil),
      ("maj", .scales, nil),
      ("minor third", .scales, nil),
      ("", .intervals, nil),
    ]
    for (text, exercise, item) in typed {
      XCTAssertEqual(
        EarNames.item(parsing: text, exercise: exercise, catalog: catalog), item, text)
    }
  }

  func testAChordWithItsInversion() {
    let typed: [(String, EarItem, Int)?] = [
      ("maj inv1", .chord(.major), 1),
      ("m7, third inversion", .chord(.minorSeventh), 3),
      ("M7 root", .chord(.majorSeventh), 0),
      ("mayor, primera inversion", .chord(.major), 1),
      ("sèptima de dominant, segona inversió", .chord(.dominantSeventh), 2),
      ("уменьшённый септаккорд, третье обращение", .chord(.diminishedSeventh), 3),
      ("Minor  Root Position", .chord(.minor), 0),
    ]
    for case (let text, let item, let inversion)? in typed {
      let parsed = EarNames.chordAndInversion(parsing: text, catalog: catalog)
      XCTAssertEqual(parsed?.item, item, text)
      XCTAssertEqual(parsed?.inversion, inversion, text)
    }
    for text in ["maj", "inv1", "maj inv4", "m3 inv1", "major second inversion x"] {
      XCTAssertNil(EarNames.chordAndInversion(parsing: text, catalog: catalog), text)
    }
    XCTAssertEqual(
      EarNames.inversionName(2, strings: catalog.localizer(for: "ru")), "второе обращение")
  }
}
