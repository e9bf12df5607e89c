import Foundation
import MusicTheory
import Practice
import Storage
import TerminalUI
import TestHelpers
import XCTest

@testable import App

/// The Ear room key by key, on the seeded questions and the time in the keys: the setup list,
/// answers right and wrong, the sounds asked for, the Leitner order, the confusion counted over
/// the history, the record it leaves and what it says without sound.
final class EarRoomTests: XCTestCase {
  private func screen(_ model: AppModel) -> EarModel? {
    if case .ear(let screen) = model.screen { return screen }
    XCTFail("the ear room is not on top")
    return nil
  }

  private func text(_ model: AppModel) -> String {
    AppView.render(model).lines.joined(separator: "\n")
  }

  /// The key that names `item` among the choices of the question on show.
  private func key(for item: EarItem, _ model: AppModel) -> Key {
    let index = screen(model)!.items.firstIndex(of: item)!
    return .character(screen(model)!.answerKey(at: index)!)
  }

  /// The ear room open from home on the seeded questions.
  private func opened(_ model: AppModel = AppFixtures.model()) -> AppModel {
    var model = model
    model.press(.character("6"))
    return model
  }

  /// Answers the questions of a started session, each at one second after the one before, by
  /// `choose` (the item on show, returned by the item given), and returns every effect.
  @discardableResult
  private func answerAll(
    _ model: inout AppModel, from seconds: Double = 2, choose: (EarItem) -> EarItem
  ) -> [Effect] {
    var effects: [Effect] = []
    var time = seconds
    while let ear = screen(model), ear.phase == .asking, !ear.isAnswered {
      effects += model.press(key(for: choose(ear.question!.item), model), at: time)
      effects += model.press(.enter, at: time + 0.5)
      time += 1
    }
    return effects
  }

  /// Past the last level comes one's own choice: an Items line shows the exercise's items one
  /// at a time (←→), Space takes or leaves the one shown, starting from the first level's. Enter
  /// with fewer than two says so and starts nothing; the session asks only the items chosen,
  /// in level order, and its record names them, with no level.
  func testItemsChosenOneByOne() throws {
    var model = opened()
    model.press(.down, .left)
    XCTAssertEqual(screen(model)?.isCustom, true, "left of the first level: one's own choice")
    XCTAssertEqual(
      screen(model)?.rows, [.exercise, .level, .items, .sounding, .root, .count, .playing])
    XCTAssertTrue(text(model).contains("your own choice"), text(model))
    XCTAssertEqual(
      screen(model)?.levelItems, EarExercise.intervals.items(upToLevel: 1), "the first level's")
    model.press(.down)
    XCTAssertEqual(screen(model)?.keyHints, EarModel.itemHints)
    XCTAssertTrue(text(model).contains("• minor second  (1 of 24)"), text(model))
    // Leave every item of the first level, then take the minor second and the tritone.
    for item in EarExercise.intervals.items(upToLevel: 1)! {
      while screen(model)!.choosableItems[screen(model)!.itemCursor] != item {
        model.press(.right)
      }
      XCTAssertTrue(text(model).contains("✓ \(EarNames.name(of: item, strings: model.strings))"))
      model.press(.character(" "))
    }
    XCTAssertTrue(text(model).contains("Items: none chosen yet"), text(model))
    for item in [EarItem.interval(.A4), .interval(.m2)] {
      while screen(model)!.choosableItems[screen(model)!.itemCursor] != item {
        model.press(.left)
      }
      model.press(.character(" "))
      guard screen(model)?.customItems.count == 1 else { continue }
      XCTAssertEqual(model.press(.enter, at: 1), [], "two at least")
      XCTAssertEqual(screen(model)?.phase, .setup)
      XCTAssertTrue(text(model).contains("Choose two items at least"), text(model))
    }
    XCTAssertEqual(screen(model)?.phase, .setup)
    let effects = model.press(.enter, at: 1)
    XCTAssertEqual(effects.count, 1, "the first question sounds")
    XCTAssertEqual(screen(model)?.items, [.interval(.m2), .interval(.A4)], "in level order")
    answerAll(&model) { $0 }
    XCTAssertEqual(screen(model)?.answers.count, 10)
    XCTAssertTrue(
      screen(model)!.answers.allSatisfy {
        [.interval(.m2), .interval(.A4)].contains($0.question.item)
      })
    let record = try XCTUnwrap(
      screen(model)?.record(at: MonotonicInstant(nanoseconds: 30_000_000_000)))
    XCTAssertNil(record.figures["level"])
    XCTAssertEqual(record.content, ["m2", "A4"])
    // Intonation's levels are how far off: no choice of one's own there.
    model.press(.enter)
    model.press(.up, .up, .left, .left, .left, .down, .left)
    XCTAssertEqual(screen(model)?.exercise, .intonation)
    XCTAssertEqual(screen(model)?.isCustom, false)
  }

  /// Intervals' Root line: moving by default; every note within a voice's two octaves, which
  /// hold every interval up to two octaves; or one root for every question. The questions lie
  /// where it says, and the record keeps the choice.
  func testTheRootLinePlacesTheIntervals() throws {
    for case .within(let low, let high) in EarModel.roots {
      for item in EarExercise.intervals.allItems {
        XCTAssertNotNil(
          EarQuiz.roots(of: item, inversions: false, within: low.pitch...high.pitch),
          "\(item.shortName) within \(low)-\(high)")
      }
    }
    var model = opened()
    XCTAssertEqual(screen(model)?.rows, [.exercise, .level, .sounding, .root, .count, .playing])
    XCTAssertTrue(text(model).contains("Root          moving"), text(model))
    model.press(.down, .left, .left, .down, .down, .right)
    XCTAssertEqual(screen(model)?.level, 5, "every interval, the two octaves too")
    XCTAssertEqual(screen(model)?.row, .root)
    XCTAssertTrue(text(model).contains("every note within E2–E4"), text(model))
    model.press(.up, .left, .down)
    model.press(.enter, at: 1)
    answerAll(&model) { $0 }
    for answer in screen(model)!.answers {
      for note in answer.question.notes {
        XCTAssertTrue(
          (Note(.E, octave: 2).pitch...Note(.E, octave: 4).pitch).contains(note.pitch),
          "\(answer.question.notes)")
      }
    }
    let record = try XCTUnwrap(
      screen(model)?.record(at: MonotonicInstant(nanoseconds: 30_000_000_000)))
    XCTAssertEqual(record.figures["root"], 1)

    model.press(.enter)
    for _ in 1..<EarModel.roots.firstIndex(of: .fixed(Note(.C, octave: 4)))! {
      model.press(.right)
    }
    XCTAssertTrue(text(model).contains("always C4"), text(model))
    model.press(.enter, at: 40)
    answerAll(&model, from: 41) { $0 }
    for answer in screen(model)!.answers {
      XCTAssertEqual(EarModel.root(of: answer.question), Note(.C, octave: 4))
    }
  }

  func testTheSetupListChoosesExerciseLevelSoundingAndCount() throws {
    var model = opened()
    XCTAssertTrue(text(model).contains("▸ Exercise"), text(model))
    XCTAssertTrue(
      text(model).contains(
        "Items: major second, major third, perfect fourth, perfect fifth, octave"), text(model))
    model.press(.down, .right)
    XCTAssertEqual(screen(model)?.level, 2)
    XCTAssertTrue(text(model).contains("minor sixth, major sixth"), text(model))
    model.press(.down, .right, .right, .right)
    XCTAssertEqual(screen(model)?.sounding, .mixed)
    model.press(.down, .right)
    XCTAssertEqual(screen(model)?.root, EarModel.roots[1])
    model.press(.down, .right)
    XCTAssertEqual(screen(model)?.count, 20)
    model.press(.down, .right)
    XCTAssertEqual(screen(model)?.playsAnswers, true)
    XCTAssertTrue(text(model).contains("keys, or play the second note"), text(model))
    model.press(.down, .right)
    XCTAssertEqual(screen(model)?.exercise, .chords, "down from the last row is the first")
    XCTAssertEqual(screen(model)?.level, 1, "another exercise starts at its first level")
    model.press(.down, .down, .right)
    XCTAssertEqual(screen(model)?.inversions, true)
    XCTAssertTrue(text(model).contains("Inversions"), text(model))
    model.press(.down, .down)
    XCTAssertEqual(screen(model)?.row, .exercise, "chords are answered by key: no fifth line")
  }

  /// Scales, the third exercise: up, down or mixed (never together), answered by key or by a
  /// name typed in any language; each question a run to the octave, half a second a note; the
  /// verdict spells the run; the session recorded under scales.
  func testScalesAreChosenAskedAndRecorded() throws {
    var model = opened()
    model.press(.down, .down, .right, .right)
    XCTAssertEqual(screen(model)?.sounding, .harmonic)
    model.press(.up, .up, .right, .right)
    XCTAssertEqual(screen(model)?.exercise, .scales)
    XCTAssertEqual(screen(model)?.sounding, .up, "a scale is never heard together")
    XCTAssertTrue(text(model).contains("Scales"), text(model))
    XCTAssertTrue(text(model).contains("Items: major, natural minor"), text(model))
    XCTAssertEqual(screen(model)?.rows, [.exercise, .level, .sounding, .count])
    model.press(.down, .down, .right, .right)
    XCTAssertEqual(screen(model)?.sounding, .mixed, "down, then mixed: no harmonic scale")
    model.press(.right)
    XCTAssertEqual(screen(model)?.sounding, .up)
    model.press(.left, .left)
    XCTAssertEqual(screen(model)?.sounding, .down)
    model.press(.up, .up, .right, .right, .right, .right, .right, .right)
    XCTAssertEqual(screen(model)?.exercise, .intervals, "after the last, the first")
    model.press(.left, .left, .left, .left, .left, .left)
    XCTAssertEqual(screen(model)?.exercise, .scales)
    XCTAssertEqual(screen(model)?.sounding, .down, "to intervals and back keeps it")

    let start = model.press(.enter, at: 1)
    let first = try XCTUnwrap(screen(model)?.question)
    XCTAssertEqual(start, [.playEar(EarSound(first))])
    XCTAssertEqual(EarSound(first).seconds, 4, "eight notes, half a second each")
    XCTAssertEqual(first.notes.count, 8)
    XCTAssertEqual(first.sounding, .down)
    XCTAssertTrue(text(model).contains("1  major"), text(model))
    XCTAssertTrue(text(model).contains("2  natural minor"), text(model))
    model.press(key(for: first.item, model), at: 3)
    XCTAssertTrue(text(model).contains("✓ Right: "), text(model))
    XCTAssertTrue(
      text(model).contains(EarView.spelled(first.notes, model: model)), text(model))
    let compared = model.press(.character(" "), at: 3.5)
    guard case .playEar(let sound) = compared.first else { return XCTFail("\(compared)") }
    XCTAssertEqual(sound.noteSeconds, 0.5)
    model.press(.enter, at: 4)

    // The second typed in Spanish.
    let second = try XCTUnwrap(screen(model)?.question)
    let spanish = second.item == .scale(.major) ? "mayor" : "menor natural"
    model.press(.tab)
    for character in spanish { model.press(.character(character)) }
    model.press(.enter, at: 6)
    XCTAssertEqual(screen(model)?.answers.last?.isCorrect, true, text(model))
    model.press(.enter, at: 7)

    let effects = answerAll(&model, from: 8) { $0 == .scale(.major) ? .scale(.naturalMinor) : $0 }
    let record = try XCTUnwrap(
      effects.compactMap { effect -> SessionRecord? in
        if case .record(let record) = effect { return record }
        return nil
      }.first)
    XCTAssertEqual(record.exercise, "scales")
    XCTAssertEqual(record.content, ["major", "natural-minor"])
    XCTAssertEqual(Set(record.answers.map(\.context)), ["scales"])
    XCTAssertEqual(record.answers.count, 10)
  }

  /// Degrees, the fourth exercise: no sounding row; each question the key's I–IV–V–I, then a
  /// degree, answered by key; the verdict gives the key, the note and its way home, which sounds
  /// at once; Space hears the degree given in the key, then the right one.
  func testDegreesAreAskedAnsweredAndResolved() throws {
    var model = opened()
    model.press(.right, .right, .right)
    XCTAssertEqual(screen(model)?.exercise, .degrees)
    XCTAssertEqual(screen(model)?.rows, [.exercise, .level, .notes, .count, .playing])
    XCTAssertTrue(text(model).contains("Notes in a row"), text(model))
    XCTAssertTrue(text(model).contains("Items: 1, 3, 5"), text(model))
    XCTAssertFalse(text(model).contains("Sounding"), text(model))
    model.press(.down, .right, .right)
    XCTAssertEqual(screen(model)?.level, 3)
    XCTAssertTrue(text(model).contains("Items: 1, 2, 3, 4, 5, 6, 7"), text(model))

    let start = model.press(.enter, at: 1)
    let first = try XCTUnwrap(screen(model)?.question)
    XCTAssertEqual(start, [.playEar(EarSound(first))])
    XCTAssertEqual(first.prelude.count, 4)
    XCTAssertEqual(first.notes.count, 1)
    XCTAssertEqual(EarSound(first).seconds, 2.4 + 0.4 + 1, accuracy: 1e-9)
    XCTAssertTrue(text(model).contains("1  1"), text(model))
    XCTAssertTrue(text(model).contains("7  7"), text(model))
    guard case .degree(let degree) = first.item else { return XCTFail("\(first.item)") }
    XCTAssertEqual(key(for: first.item, model), .character(Character("\(degree.number)")))
    let answered = model.press(key(for: first.item, model), at: 5)
    XCTAssertTrue(text(model).contains("✓ Right: \(degree)"), text(model))
    let key = try XCTUnwrap(first.key)
    XCTAssertTrue(
      text(model).contains(EarView.keyLine(first, key: key, model: model)), text(model))
    if degree.number == 1 {
      XCTAssertEqual(answered, [])
    } else {
      XCTAssertEqual(
        answered,
        [
          .playEar(
            EarSound(
              phrases: [(first.notes + first.resolution).map(\.pitch)], together: false,
              noteSeconds: 0.5))
        ])
      XCTAssertEqual(first.resolution.last?.noteClass, key.tonic, "home is the tonic")
    }
    let compared = model.press(.character(" "), at: 6)
    guard case .playEar(let sound) = compared.first else { return XCTFail("\(compared)") }
    XCTAssertEqual(sound.seconds, 2 * 3.8 + 1, accuracy: 1e-9, "both after their cadence")
    model.press(.enter, at: 7)

    let effects = answerAll(&model, from: 8) { $0 }
    let record = try XCTUnwrap(
      effects.compactMap { effect -> SessionRecord? in
        if case .record(let record) = effect { return record }
        return nil
      }.first)
    XCTAssertEqual(record.exercise, "degrees")
    XCTAssertEqual(record.content, ["1", "2", "3", "4", "5", "6", "7"])
    XCTAssertEqual(Set(record.answers.map(\.context)), ["degrees"])
    XCTAssertEqual(record.score, 1)
  }

  /// Degrees two in a row: named key after key (Backspace takes the last one back), the
  /// prompt saying those named so far; the verdict names both; the history keeps a line per
  /// degree, so each has its Leitner box.
  func testDegreesInARowAreNamedKeyByKey() throws {
    var model = opened()
    model.press(.right, .right, .right, .down, .down, .right)
    XCTAssertEqual(screen(model)?.notesPerQuestion, 2)
    model.press(.enter, at: 1)
    let first = try XCTUnwrap(screen(model)?.question)
    XCTAssertEqual(first.notes.count, 2)
    XCTAssertEqual(first.answer.count, 2)
    XCTAssertEqual(model.press(key(for: first.answer[0], model), at: 5), [])
    XCTAssertEqual(screen(model)?.pending, [first.answer[0]])
    XCTAssertTrue(text(model).contains("So far: \(first.answer[0]) (of 2)"), text(model))
    model.press(.backspace)
    XCTAssertEqual(screen(model)?.pending, [])
    model.press(key(for: first.answer[0], model), at: 6)
    let three = EarItem.degree(ScaleDegree(number: 3)!)
    let wrong = first.answer[1] == three ? EarItem.degree(ScaleDegree(number: 5)!) : three
    model.press(key(for: wrong, model), at: 7)
    XCTAssertEqual(screen(model)?.answers.last?.isCorrect, false)
    XCTAssertTrue(
      text(model).contains(
        "✗ It was \(first.answer[0]) \(first.answer[1]), not \(first.answer[0]) \(wrong)"),
      text(model))
    XCTAssertEqual(screen(model)?.missed, [first.answer[1]])
    model.press(.enter, at: 8)
    // The second typed on one line.
    let second = try XCTUnwrap(screen(model)?.question)
    model.press(.tab)
    for character in second.answer.map(\.shortName).joined(separator: " ") {
      model.press(.character(character))
    }
    model.press(.enter, at: 9)
    XCTAssertEqual(screen(model)?.answers.last?.isCorrect, true, text(model))
    model.press(.enter, at: 9.5)
    var effects: [Effect] = []
    var time = 10.0
    while let ear = screen(model), ear.phase == .asking, !ear.isAnswered {
      for item in ear.question!.answer {
        effects += model.press(key(for: item, model), at: time)
      }
      effects += model.press(.enter, at: time + 0.5)
      time += 1
    }
    let record = try XCTUnwrap(
      effects.compactMap { effect -> SessionRecord? in
        if case .record(let record) = effect { return record }
        return nil
      }.first)
    XCTAssertEqual(record.answers.count, 20, "two degrees a question")
    XCTAssertEqual(record.answers.filter { !$0.isCorrect }.map(\.given), [wrong.shortName])
    XCTAssertEqual(record.figures["notes"], 2)
    XCTAssertEqual(record.score, 0.9)
  }

  /// With notes named in solfège each degree's choice has its movable-do syllable in the key
  /// of the question (a minor key's own third is "me"), and a syllable typed answers.
  func testDegreesInSolfege() throws {
    var settings = Settings()
    settings.noteNaming = .latin
    var model = opened(AppFixtures.model(settings: settings))
    model.press(.right, .right, .right, .down, .right, .right, .right)
    XCTAssertEqual(screen(model)?.level, 4)
    model.press(.enter, at: 1)
    var time = 2.0
    var seen: Set<Bool> = []
    for _ in 0..<10 {
      let question = try XCTUnwrap(screen(model)?.question)
      let key = try XCTUnwrap(question.key)
      seen.insert(key.isMinor)
      let text = text(model)
      XCTAssertTrue(text.contains("1  1 do"), text)
      XCTAssertTrue(text.contains("5  5 sol"), text)
      XCTAssertTrue(text.contains(key.isMinor ? "3  3 me" : "3  3 mi"), text)
      XCTAssertTrue(text.contains(key.isMinor ? "7  7 te" : "7  7 ti"), text)
      guard case .degree(let degree) = question.item else { return XCTFail("\(question.item)") }
      model.press(.tab)
      for character in EarNames.syllable(of: degree, in: key).uppercased() {
        model.press(.character(character))
      }
      model.press(.enter, at: time)
      XCTAssertEqual(screen(model)?.answers.last?.isCorrect, true, text)
      model.press(.enter, at: time + 1)
      time += 5
    }
    XCTAssertEqual(seen, [false, true], "major and minor keys at level 4")
    XCTAssertEqual(
      EarNames.syllable(
        of: ScaleDegree(name: "#4")!, in: EarKey(tonic: NoteClass(.D, .flat), isMinor: false)),
      "fi")
    XCTAssertEqual(
      EarNames.degree(
        bySyllable: "si", in: EarKey.majors[7], among: EarExercise.degrees.allItems),
      .degree(ScaleDegree(number: 7)!))
  }

  /// Cadences, the fifth exercise: the tonic, then the cadence's chords; answered by key, or by
  /// its name typed in Catalan; the verdict names the key and the chords by numeral.
  func testCadencesAreAskedAndAnswered() throws {
    var model = opened()
    model.press(.left, .left, .left, .left)
    XCTAssertEqual(screen(model)?.exercise, .cadences, "three before the last")
    XCTAssertTrue(text(model).contains("Items: perfect cadence, plagal cadence"), text(model))
    model.press(.down, .left, .left)
    XCTAssertEqual(screen(model)?.level, 3)
    XCTAssertTrue(text(model).contains("I-vi-IV-V"), text(model))
    model.press(.right, .right, .right)
    XCTAssertEqual(screen(model)?.level, 2)
    model.press(.enter, at: 1)
    let first = try XCTUnwrap(screen(model)?.question)
    XCTAssertEqual(first.prelude.count, 1)
    XCTAssertEqual(first.chords.count, 2)
    let catalan = EarNames.name(of: first.item, strings: AppFixtures.catalog.localizer(for: "ca"))
    model.press(.tab)
    for character in catalan { model.press(.character(character)) }
    XCTAssertEqual(model.press(.enter, at: 4), [], "a cadence has no way home to sound")
    XCTAssertEqual(screen(model)?.answers.last?.isCorrect, true, text(model))
    let line = EarView.keyLine(first, key: first.key!, model: model)
    XCTAssertTrue(line.hasSuffix(")"), line)
    XCTAssertTrue(text(model).contains(line), text(model))
    XCTAssertTrue(
      line.contains(first.chordDegrees.map { first.key!.triad($0).numeral }.joined(separator: "–")),
      line)
    model.press(.enter, at: 5)
    let second = try XCTUnwrap(screen(model)?.question)
    let wrong: EarItem =
      second.item == .cadence(.deceptive) ? .cadence(.perfect) : .cadence(.deceptive)
    model.press(key(for: wrong, model), at: 7)
    XCTAssertTrue(text(model).contains("✗ It was"), text(model))
  }

  /// Intonation, the last exercise: a note then the same key off by the level's cents; keys 1
  /// 2 3 answer flat, in tune, sharp; the verdict says the cents and the right answer; Space
  /// plays the pair in tune, then as it was asked.
  func testIntonationIsAskedAnsweredByNumberAndCompared() throws {
    var model = opened()
    model.press(.left, .left, .left)
    XCTAssertEqual(screen(model)?.exercise, .intonation, "two before the last")
    XCTAssertEqual(screen(model)?.rows, [.exercise, .level, .count])
    XCTAssertTrue(text(model).contains("Items: flat, in tune, sharp; 40 cents off"), text(model))
    model.press(.down, .right, .right)
    XCTAssertEqual(screen(model)?.level, 3)
    XCTAssertTrue(text(model).contains("20 cents off"), text(model))
    model.press(.enter, at: 1)
    // Answered right by number until both a detuned pair and one in tune have been heard; the
    // first detuned one answered wrongly.
    var time = 1.0
    var heard: Set<Bool> = []
    while heard.count < 2 {
      guard screen(model)?.phase == .asking else {
        return XCTFail("the session ended before both kinds were heard")
      }
      let question = try XCTUnwrap(screen(model)?.question)
      guard question.detuning != 0 else {
        XCTAssertEqual(key(for: question.item, model), .character("2"))
        model.press(.character("2"), at: time + 1)
        XCTAssertEqual(screen(model)?.answers.last?.isCorrect, true)
        XCTAssertTrue(
          text(model).contains("both in tune (this level detunes by 20 cents)"), text(model))
        heard.insert(false)
        model.press(.enter, at: time + 3)
        time += 3
        continue
      }
      XCTAssertEqual(EarSound(question).notes.map(\.cents), [0, question.detuning])
      XCTAssertEqual(EarSound(question).notes[1].start, 1.3, accuracy: 1e-9)
      let isFlat = question.detuning < 0
      if heard.contains(true) {
        model.press(.character(isFlat ? "1" : "3"), at: time + 1)
        XCTAssertEqual(screen(model)?.answers.last?.isCorrect, true)
      } else {
        model.press(.character(isFlat ? "3" : "1"), at: time + 1)
        XCTAssertEqual(screen(model)?.answers.last?.isCorrect, false)
        let cents = isFlat ? "-20" : "+20"
        XCTAssertTrue(
          text(model).contains("✗ It was \(isFlat ? "flat" : "sharp")"), text(model))
        XCTAssertTrue(text(model).contains("the second note \(cents) cents"), text(model))
        let compared = model.press(.character(" "), at: time + 2)
        guard case .playEar(let sound) = compared.first else { return XCTFail("\(compared)") }
        XCTAssertEqual(
          sound.notes.map(\.pitch), Array(repeating: question.notes[0].pitch, count: 4))
        XCTAssertEqual(sound.notes.map(\.cents), [0, 0, 0, question.detuning])
      }
      heard.insert(true)
      model.press(.enter, at: time + 3)
      time += 3
    }
  }

  /// Dictation, the one before the last: a melody after its cadence, the tonic written; the cursor
  /// steps along the key's notes, `#` and `b` move it a semitone off them, → writes, ← and
  /// Backspace take back (never the tonic), Enter hands in only a whole melody; the verdict
  /// counts the notes right, Space plays yours after its cadence then the right one, `r` the
  /// question again; the history keeps a line per note.
  func testADictationIsWrittenWithTheCursorAndHandedIn() throws {
    var model = opened()
    model.press(.left, .left)
    XCTAssertEqual(screen(model)?.exercise, .dictation, "the one before the last")
    XCTAssertEqual(screen(model)?.rows, [.exercise, .level, .count, .playing])
    XCTAssertTrue(text(model).contains("Items: 3 notes by step"), text(model))
    model.press(.down, .right, .right)
    XCTAssertEqual(screen(model)?.level, 3)
    let started = model.press(.enter, at: 1)
    let question = try XCTUnwrap(screen(model)?.question)
    let key = try XCTUnwrap(question.key)
    guard case .playEar(let sound) = started.last else { return XCTFail("\(started)") }
    XCTAssertEqual(sound, EarSound(question))
    XCTAssertEqual(sound.notes.count, 16 + question.notes.count, "the cadence, then the melody")
    XCTAssertEqual(screen(model)?.written, [question.notes[0]])
    XCTAssertEqual(screen(model)?.cursor, question.notes[0])
    XCTAssertTrue(text(model).contains("the first the tonic"), text(model))
    XCTAssertTrue(text(model).contains("Note 2 of \(question.notes.count)"), text(model))

    // The tonic given cannot be taken back; up a step is the key's next note; # and b move
    // it a semitone from the key's own, no further.
    model.press(.backspace, at: 2)
    XCTAssertEqual(screen(model)?.written, [question.notes[0]])
    let tonicPosition = Clef.treble.position(of: question.notes[0])
    let upward = Dictation.positions.contains(tonicPosition + 1)
    model.press(upward ? .up : .down, at: 2)
    let second = try XCTUnwrap(
      Dictation.note(atPosition: tonicPosition + (upward ? 1 : -1), in: key))
    XCTAssertEqual(screen(model)?.cursor, second)
    XCTAssertEqual(
      key.scale.noteClasses.contains(second.noteClass), true, "\(second) is the key's")
    model.press(.character("#"), .character("#"))
    XCTAssertEqual(screen(model)?.cursor?.pitch.midiNumber, second.pitch.midiNumber + 1)
    model.press(.character("b"), .character("b"), .character("b"))
    XCTAssertEqual(screen(model)?.cursor?.pitch.midiNumber, second.pitch.midiNumber - 1)
    model.press(.right, at: 3)
    XCTAssertEqual(screen(model)?.written.count, 2)
    model.press(.left, at: 3)
    XCTAssertEqual(screen(model)?.written, [question.notes[0]], "← takes the note back")

    // Write it right but the last note; Enter before the end writes, Enter at the end hands in.
    var time = 4.0
    for note in question.notes.dropFirst() {
      var moves = 0
      while let cursor = screen(model)?.cursor,
        Clef.treble.position(of: cursor) != Clef.treble.position(of: note), moves < 20
      {
        model.press(
          Clef.treble.position(of: cursor) < Clef.treble.position(of: note) ? .up : .down,
          at: time)
        moves += 1
      }
      // The note taken back left the cursor on its flat; a step off and back is the key's own.
      if screen(model)?.cursor != note {
        let up = Dictation.positions.contains(Clef.treble.position(of: note) + 1)
        model.press(up ? .up : .down, up ? .down : .up)
      }
      XCTAssertEqual(screen(model)?.cursor, note, "the key's own note on its line or space")
      model.press(.enter, at: time)
      time += 0.5
    }
    XCTAssertEqual(screen(model)?.written, question.notes)
    XCTAssertTrue(text(model).contains("Enter hands them in"), text(model))
    model.press(.right, at: time)
    XCTAssertEqual(screen(model)?.written, question.notes, "nothing past the melody's end")
    model.press(.backspace, at: time)
    let last = question.notes.last!
    let wrongLast = try XCTUnwrap(
      Dictation.note(
        atPosition: Clef.treble.position(of: last)
          + (Clef.treble.position(of: last) > Dictation.positions.lowerBound ? -1 : 1), in: key))
    model.press(Clef.treble.position(of: wrongLast) < Clef.treble.position(of: last) ? .down : .up)
    model.press(.right, at: time)
    XCTAssertEqual(screen(model)?.isAnswered, false)
    model.press(.enter, at: time + 1)
    let answer = try XCTUnwrap(screen(model)?.answers.last)
    XCTAssertFalse(answer.isCorrect)
    XCTAssertEqual(
      answer.marks, Array(repeating: true, count: question.notes.count - 1) + [false])
    let count = question.notes.count
    XCTAssertTrue(text(model).contains("✗ \(count - 1) of \(count) notes right"), text(model))
    XCTAssertTrue(text(model).contains("Yours: "), text(model))

    let compared = model.press(.character(" "), at: time + 2)
    guard case .playEar(let both) = compared.first else { return XCTFail("\(compared)") }
    let pitches = both.notes.map(\.pitch)
    XCTAssertEqual(pitches.count, 2 * (16 + count))
    XCTAssertEqual(pitches[16 + count - 1], wrongLast.pitch, "yours first")
    XCTAssertEqual(pitches.last, last.pitch, "then the right one")
    XCTAssertEqual(model.press(.character("r"), at: time + 3), [.playEar(EarSound(question))])
    let recorded = try XCTUnwrap(
      screen(model)?.record(at: MonotonicInstant(nanoseconds: 20_000_000_000)))
    XCTAssertEqual(recorded.exercise, "dictation")
    // By degree in the key: the melody's notes as numbers, the wrong one a step off; the
    // tonic it starts from was given, and is no answer.
    XCTAssertEqual(recorded.answers.count, count - 1)
    let degree = { (note: Note) in Dictation.degree(of: note, in: key)!.description }
    XCTAssertEqual(recorded.answers.map(\.question), question.notes.dropFirst().map(degree))
    XCTAssertEqual(recorded.answers.last?.given, degree(wrongLast))
    XCTAssertNotEqual(degree(wrongLast), degree(last))
    XCTAssertEqual(screen(model)?.missed, [.degree(Dictation.degree(of: last, in: key)!)])
    XCTAssertEqual(recorded.answers.filter(\.isCorrect).count, count - 2)

    // The next melody starts again from its tonic.
    model.press(.enter, at: time + 4)
    XCTAssertEqual(screen(model)?.written, [screen(model)!.question!.notes[0]])
  }

  /// A dictation answered by playing: the setup's Answer line opens the microphone and MIDI;
  /// each key played is written where the cursor stands, spelled in the key, in the octave
  /// nearest the note before (the second note played an octave down still lands where it is
  /// written); a note held on the instrument too, once the melody has died away; Enter hands
  /// the melody in.
  func testADictationIsWrittenByPlaying() throws {
    func at(_ seconds: Double) -> MonotonicInstant {
      MonotonicInstant(nanoseconds: UInt64((seconds * 1e9).rounded()))
    }
    var model = opened()
    model.press(.left, .left, .down, .right, .right)
    XCTAssertEqual(screen(model)?.rows, [.exercise, .level, .count, .playing])
    model.press(.down, .down, .right)
    XCTAssertEqual(screen(model)?.playsAnswers, true)
    XCTAssertTrue(text(model).contains("keys, or play the notes"), text(model))
    let started = model.press(.enter, at: 1)
    let question = try XCTUnwrap(screen(model)?.question)
    XCTAssertEqual(
      started,
      [.listen(.start(profile: nil)), .midiIn(.start(from: nil)), .playEar(EarSound(question))])
    let notes = question.notes
    let lowered = Pitch(midiNumber: notes[1].pitch.midiNumber - 12)
    _ = model.handle(.played([PlayedEvent(instant: at(1.5), pitch: lowered, source: .midi)]))
    XCTAssertEqual(screen(model)?.written, Array(notes.prefix(2)))
    // The microphone is not listened to while the melody still sounds from the speakers.
    let end = 1 + EarSound(question).seconds + EarModel.ringSeconds
    _ = model.handle(.heardNote(notes[2].pitch.frequency(), attackAt: end - 0.2))
    XCTAssertEqual(screen(model)?.written.count, 2)
    _ = model.handle(.heardNote(notes[2].pitch.frequency(), attackAt: end + 0.5))
    XCTAssertEqual(screen(model)?.written, Array(notes.prefix(3)))
    var time = end + 1
    for note in notes.dropFirst(3) {
      _ = model.handle(.played([PlayedEvent(instant: at(time), pitch: note.pitch, source: .midi)]))
      time += 0.5
    }
    XCTAssertEqual(screen(model)?.written, notes)
    _ = model.handle(.listening(failure: "Connection refused"))
    XCTAssertTrue(text(model).contains("No microphone: Connection refused"), text(model))
    model.press(.enter, at: time)
    XCTAssertEqual(screen(model)?.answers.last?.isCorrect, true)
  }

  /// A dictation typed: Tab, then the notes after the tonic on one line in any naming, without
  /// octaves (right in any octave, written in the melody's) or the whole melody with them; a
  /// line that is not the melody's notes is said and nothing answers.
  func testADictationIsTypedInAnyNaming() throws {
    var model = opened()
    model.press(.left, .left, .down, .right, .right)
    model.press(.enter, at: 1)
    let latin: [Letter: String] = [
      .C: "do", .D: "re", .E: "mi", .F: "fa", .G: "sol", .A: "la", .B: "si",
    ]
    let sign = { (note: Note) in ["bb", "b", "", "#", "##"][note.accidental.semitones + 2] }
    func type(_ text: String, at seconds: Double) {
      model.press(.tab, at: seconds)
      for character in text { model.press(.character(character), at: seconds) }
      model.press(.enter, at: seconds)
    }
    let first = try XCTUnwrap(screen(model)?.question)
    type("C4 zz9", at: 2)
    XCTAssertEqual(screen(model)?.isAnswered, false)
    XCTAssertTrue(
      text(model).contains("\"C4 zz9\" are not \(first.notes.count) notes"), text(model))
    let words = first.notes.dropFirst().map { latin[$0.letter]! + sign($0) }
    model.press(.tab, at: 3)
    XCTAssertTrue(text(model).contains("Notes: "), text(model))
    model.press(.escape, at: 3)
    type(words.joined(separator: " "), at: 3)
    let answer = try XCTUnwrap(screen(model)?.answers.last)
    XCTAssertEqual(answer.givenItems, first.notes.map(EarItem.note), "each in the melody's octave")
    XCTAssertTrue(answer.isCorrect)

    model.press(.enter, at: 4)
    let second = try XCTUnwrap(screen(model)?.question)
    type(second.notes.map(\.description).joined(separator: " "), at: 5)
    XCTAssertEqual(
      screen(model)?.answers.last?.isCorrect, true, "the whole melody, the tonic first")
  }

  /// Scales' names are too wide for a grid column each at 80 columns: the answers given keep
  /// theirs, so the grid shows what was heard as what.
  func testTheScalesGridKeepsTheAnswersGiven() {
    var model = opened()
    model.press(.left, .left, .left, .left, .left, .left, .down, .left, .left, .left)
    XCTAssertEqual(screen(model)?.levelItems.count, 11)
    model.press(.enter, at: 1)
    answerAll(&model) { _ in .scale(.lydian) }
    let lines = text(model).split(separator: "\n")
    let header = lines.first { $0.contains("played") } ?? ""
    XCTAssertTrue(header.contains("lydian"), text(model))
    let row = lines.first { $0.hasPrefix("  lydian ") } ?? ""
    XCTAssertTrue(row.contains(where: \.isNumber), text(model))
  }

  func testAWholeSessionIsAskedAnsweredAndRecorded() throws {
    var model = opened()
    model.press(.down, .right)  // level 2: nine intervals
    let start = model.press(.enter, at: 1)
    let first = try XCTUnwrap(screen(model)?.question)
    XCTAssertEqual(start, [.playEar(EarSound(first))], "the question sounds at once")
    XCTAssertEqual(first.sounding, .up)
    XCTAssertTrue(text(model).contains("Question 1 of 10"), text(model))
    XCTAssertTrue(text(model).contains("1  major second"), text(model))
    XCTAssertTrue(text(model).contains("9  major sixth"), text(model))
    XCTAssertEqual(model.press(.character("r"), at: 1.5), [.playEar(EarSound(first))])

    // Right, then wrong; the verdict names the right answer and spells the notes.
    XCTAssertEqual(model.press(key(for: first.item, model), at: 2.5), [])
    XCTAssertTrue(text(model).contains("✓ Right: "), text(model))
    let spelled = EarView.spelled(first.notes, model: model)
    XCTAssertTrue(text(model).contains(spelled), "\(spelled) in \(text(model))")
    let second = model.press(.enter, at: 3)
    let question = try XCTUnwrap(screen(model)?.question)
    XCTAssertEqual(second, [.playEar(EarSound(question))])
    let wrongItem = question.item == .interval(.P8) ? EarItem.interval(.P5) : .interval(.P8)
    model.press(key(for: wrongItem, model), at: 4)
    XCTAssertTrue(
      text(model).contains(
        "✗ It was \(EarNames.name(of: question.item, strings: model.strings)), not "
          + EarNames.name(of: wrongItem, strings: model.strings)), text(model))
    // Space: the answer given on the question's root, then the question.
    let compared = model.press(.character(" "), at: 4.5)
    let root = EarModel.root(of: question)
    let given = try XCTUnwrap(EarQuestion(item: wrongItem, root: root, sounding: .up))
    XCTAssertEqual(
      compared,
      [
        .playEar(
          EarSound(
            phrases: [given.notes.map(\.pitch), question.notes.map(\.pitch)], together: false))
      ])
    model.press(.enter, at: 5)

    // The rest right; the last answer records the session.
    let effects = answerAll(&model, from: 6) { $0 }
    let records = effects.compactMap { effect -> SessionRecord? in
      if case .record(let record) = effect { return record }
      return nil
    }
    XCTAssertEqual(records.count, 1)
    let record = try XCTUnwrap(records.first)
    XCTAssertEqual(record.module, "ear")
    XCTAssertEqual(record.exercise, "intervals")
    XCTAssertEqual(record.answers.count, 10)
    XCTAssertEqual(record.answers.filter(\.isCorrect).count, 9)
    XCTAssertEqual(record.answers[1].given, wrongItem.shortName)
    XCTAssertEqual(record.answers[0].seconds, 1.5, accuracy: 1e-9, "from the question to its key")
    XCTAssertEqual(record.duration, 12.0, accuracy: 1e-9, "from the first question to the last key")
    XCTAssertFalse(record.isCutShort)
    XCTAssertEqual(record.content.count, 9)
    XCTAssertEqual(screen(model)?.phase, .finished)
    XCTAssertTrue(text(model).contains("Score: 9 of 10 (90 %) in 0:12"), text(model))
    XCTAssertTrue(
      text(model).contains("Missed: " + EarNames.name(of: question.item, strings: model.strings)),
      text(model))

    // In the history it reads as an ear session.
    _ = model.handle(.recorded(record.ended(at: Date(timeIntervalSince1970: 1_795_000_000))))
    model.press(.escape, .character("8"))
    XCTAssertTrue(text(model).contains("Ear"), text(model))
    XCTAssertTrue(text(model).contains("Intervals"), text(model))
  }

  /// Tab types the answer's name: its short name or its name in any language.
  func testANameTypedInAnyLanguageAnswers() throws {
    var model = opened()
    model.press(.down, .right)
    model.press(.enter, at: 1)
    let first = try XCTUnwrap(screen(model)?.question)
    let spanish = EarNames.name(of: first.item, strings: AppFixtures.catalog.localizer(for: "es"))
    model.press(.tab)
    XCTAssertTrue(model.screen.capturesKeys, "letters are typed, r and q too")
    for character in spanish.uppercased() { model.press(.character(character)) }
    XCTAssertTrue(text(model).contains("Name: " + spanish.uppercased()), text(model))
    model.press(.enter, at: 2)
    XCTAssertEqual(screen(model)?.answers.last?.isCorrect, true, "\(spanish) names \(first.item)")
    model.press(.enter, at: 3)
    model.press(.tab, .character("q"), .character("x"), .enter)
    XCTAssertTrue(text(model).contains("\"qx\" is none of the choices"), text(model))
    XCTAssertEqual(screen(model)?.answers.count, 1, "nothing answered")
    model.press(.tab, .character("m"), .backspace, .escape)
    XCTAssertNil(screen(model)?.typed, "Esc stops typing and stays in the room")
    let second = try XCTUnwrap(screen(model)?.question)
    model.press(.tab)
    for character in second.item.shortName { model.press(.character(character)) }
    model.press(.enter, at: 4)
    XCTAssertEqual(screen(model)?.answers.last?.isCorrect, true)
  }

  /// With "play the second note", the microphone and MIDI open with the session: a note held
  /// in tune after the question has died away answers it (one heard while it still sounds is
  /// the speakers), a MIDI key answers at once with the interval it makes, a right note out of
  /// tune is said, and leaving closes both inputs.
  func testAnIntervalIsAnsweredByPlayingItsSecondNote() throws {
    func at(_ seconds: Double) -> MonotonicInstant {
      MonotonicInstant(nanoseconds: UInt64((seconds * 1e9).rounded()))
    }
    var model = opened()
    model.press(.up, .right)
    let started = model.press(.enter, at: 1)
    let first = try XCTUnwrap(screen(model)?.question)
    XCTAssertEqual(
      started,
      [.listen(.start(profile: nil)), .midiIn(.start(from: nil)), .playEar(EarSound(first))])
    XCTAssertTrue(text(model).contains("Play the second note"), text(model))
    let second = first.notes[1].pitch.frequency()
    // The question sounds for two seconds and rings on half a second: the speakers, not a player.
    _ = model.handle(.heardNote(second, attackAt: 2.5))
    XCTAssertEqual(screen(model)?.answers.count, 0)
    _ = model.handle(.heardNote(second * 2, attackAt: 4))
    XCTAssertEqual(screen(model)?.answers.last?.isCorrect, true, "an octave up counts")
    XCTAssertEqual(screen(model)?.answers.last?.seconds ?? 0, 3.15, accuracy: 1e-9)

    model.press(.enter, at: 5)
    let question = try XCTUnwrap(screen(model)?.question)
    let wrong = question.item == .interval(.P5) ? 5 : 7
    let key = Pitch(midiNumber: question.notes[0].pitch.midiNumber + wrong)
    _ = model.handle(.played([PlayedEvent(instant: at(5.5), pitch: key, source: .midi)]))
    XCTAssertEqual(
      screen(model)?.answers.last?.given, .interval(wrong == 7 ? .P5 : .P4),
      "a MIDI key is no echo of the speakers: it answers at once")

    model.press(.enter, at: 6)
    let third = try XCTUnwrap(screen(model)?.question)
    let sharp = third.notes[1].pitch.frequency() * pow(2, 40.0 / 1200)
    _ = model.handle(.heardNote(sharp, attackAt: 9))
    XCTAssertEqual(screen(model)?.answers.count, 2, "out of tune is no answer yet")
    XCTAssertTrue(text(model).contains("Right note, 40 cents sharp"), text(model))

    _ = model.handle(.listening(failure: "Connection refused"))
    XCTAssertTrue(text(model).contains("No microphone: Connection refused"), text(model))
    let left = model.press(.escape, at: 10)
    XCTAssertEqual(Array(left.suffix(3)), [.stopNotes, .listen(.stop), .midiIn(.stop)])
  }

  /// With "play the notes", degrees are answered by playing: each MIDI key (or note held)
  /// names the degree it stands on in the key, in any octave, and the last one asked for
  /// hands them in; a note on another degree answers that degree.
  func testDegreesAreAnsweredByPlayingTheirNotes() throws {
    func at(_ seconds: Double) -> MonotonicInstant {
      MonotonicInstant(nanoseconds: UInt64((seconds * 1e9).rounded()))
    }
    var model = opened()
    model.press(.right, .right, .right)
    XCTAssertEqual(screen(model)?.exercise, .degrees)
    model.press(.up, .right)
    XCTAssertTrue(text(model).contains("keys, or play the notes"), text(model))
    let started = model.press(.enter, at: 1)
    XCTAssertEqual(
      Array(started.prefix(2)), [.listen(.start(profile: nil)), .midiIn(.start(from: nil))])
    XCTAssertTrue(text(model).contains("Play each degree's note"), text(model))
    let question = try XCTUnwrap(screen(model)?.question)
    for (index, note) in question.notes.enumerated() {
      let lowered = Pitch(midiNumber: note.pitch.midiNumber - 12)
      _ = model.handle(
        .played([PlayedEvent(instant: at(6 + Double(index)), pitch: lowered, source: .midi)]))
    }
    XCTAssertEqual(screen(model)?.answers.count, 1)
    XCTAssertEqual(screen(model)?.answers.last?.isCorrect, true, "an octave down counts")

    model.press(.enter, at: 10)
    let next = try XCTUnwrap(screen(model)?.question)
    let key = try XCTUnwrap(next.key)
    // A whole tone above the degree asked stands on another degree of the key.
    let above = Pitch(midiNumber: next.notes[0].pitch.midiNumber + 2)
    _ = model.handle(.played([PlayedEvent(instant: at(15), pitch: above, source: .midi)]))
    let played = try XCTUnwrap(Dictation.note(playing: above, in: key, after: next.notes[0]))
    let heard = try XCTUnwrap(Dictation.degree(of: played, in: key))
    if next.notes.count == 1 {
      XCTAssertEqual(screen(model)?.answers.last?.givenItems, [.degree(heard)])
      XCTAssertEqual(screen(model)?.answers.last?.isCorrect, false)
    } else {
      XCTAssertEqual(screen(model)?.pending, [.degree(heard)], "waits for the next note")
    }
  }

  /// On the neck the notes take the lowest hand position that holds them, each on its own
  /// string, higher notes on higher strings, in the order they sound.
  func testTheNotesLieInOneHandPositionOnTheNeck() throws {
    let standard = Tuning.guitarStandard
    func places(_ notes: [Note]) -> [String]? {
      EarView.neckPlaces(notes.map(\.pitch), tuning: standard)?.map { "\($0.string)/\($0.fret)" }
    }
    XCTAssertEqual(places([Note(.C, octave: 4), Note(.E, octave: 4)]), ["2/1", "1/0"])
    XCTAssertEqual(places([Note(.E, octave: 4), Note(.C, octave: 4)]), ["1/0", "2/1"], "down")
    XCTAssertEqual(
      places([Note(.A, octave: 2), Note(.C, octave: 4)]), ["5/0", "2/1"],
      "a tenth: the open A and C on the second string")
    XCTAssertEqual(
      places([Note(.G, octave: 3), Note(.B, octave: 3), Note(.D, octave: 4)]),
      ["4/5", "3/4", "2/3"],
      "G3 B3 D4: open G and B would leave D4 under the open top string, so the fifth fret")
    XCTAssertNil(places([Note(.C, octave: 2)]), "below the low E")
  }

  func testTheSameSeedAsksTheSameQuestions() {
    func questions(seed: UInt64) -> [EarQuestion] {
      var ear = EarModel(seed: seed)
      var asked: [EarQuestion] = []
      _ = ear.handle(
        KeyEvent(.enter, time: MonotonicInstant(nanoseconds: 0)), history: [],
        catalog: AppFixtures.catalog, settings: Settings())
      for _ in 0..<10 {
        asked.append(ear.question!)
        _ = ear.handle(
          KeyEvent(.character("1"), time: MonotonicInstant(nanoseconds: 1)), history: [],
          catalog: AppFixtures.catalog, settings: Settings())
        _ = ear.handle(
          KeyEvent(.enter, time: MonotonicInstant(nanoseconds: 2)), history: [],
          catalog: AppFixtures.catalog, settings: Settings())
      }
      return asked
    }
    XCTAssertEqual(questions(seed: 7), questions(seed: 7))
    XCTAssertNotEqual(questions(seed: 7), questions(seed: 8))
  }

  /// Items answered right and quickly many times sit in the top box and come back seldom; an
  /// item always missed sits in the first and is asked most.
  func testTheItemsMissedComeBackMost() {
    let known = ["M2", "M3", "P4", "P5"]
    let answers = (0..<6).flatMap { _ in
      known.map {
        SessionRecord.Answer(
          question: $0, context: "intervals", given: $0, isCorrect: true, seconds: 1)
      } + [
        SessionRecord.Answer(
          question: "P8", context: "intervals", given: "P5", isCorrect: false, seconds: 1)
      ]
    }
    let history = [
      SessionRecord(
        module: "ear", exercise: "intervals", startedAt: Date(timeIntervalSince1970: 0),
        duration: 60, answers: answers)
    ]
    func octaves(history: [SessionRecord], missed: Bool) -> Int {
      var model = opened(AppFixtures.model(history: history))
      model.press(.down, .down, .down, .down, .right, .right, .enter)  // 30 questions
      var octaves = 0
      // Every item right, or the octave missed again and the boxes kept as they were.
      answerAll(&model) { item in
        guard item == .interval(.P8) else { return item }
        octaves += 1
        return missed ? .interval(.P5) : item
      }
      return octaves
    }
    let fresh = octaves(history: [], missed: false)
    let missed = octaves(history: history, missed: true)
    XCTAssertGreaterThanOrEqual(missed, 18, "16 of every 20 draws on average")
    XCTAssertLessThanOrEqual(fresh, 12, "one draw in five on average")
  }

  /// The confusion is counted over the history's ear sessions and this one: "minor sixth heard
  /// as perfect fifth" leads the pairs with the history's six of eleven and this session's.
  func testTheConfusionCountsTheHistoryAndThisSession() throws {
    // Right five times, then wrong six: back in the first box, so asked often.
    let answers =
      (0..<5).map { _ in
        SessionRecord.Answer(
          question: "m6", context: "intervals", given: "m6", isCorrect: true, seconds: 2)
      }
      + (0..<6).map { _ in
        SessionRecord.Answer(
          question: "m6", context: "intervals", given: "P5", isCorrect: false, seconds: 2)
      }
      // The fretboard's interval game asks other questions, and is not counted.
      + [
        SessionRecord.Answer(
          question: "m6", context: "intervals", given: "P5", isCorrect: false, seconds: 2)
      ]
    let history = [
      SessionRecord(
        module: "ear", exercise: "intervals", startedAt: Date(timeIntervalSince1970: 0),
        duration: 60, answers: Array(answers.prefix(11))),
      SessionRecord(
        module: "fretboard", exercise: "intervals", startedAt: Date(timeIntervalSince1970: 60),
        duration: 60, answers: Array(answers.suffix(1))),
    ]
    var model = opened(AppFixtures.model(size: Size(width: 120, height: 40), history: history))
    model.press(.down, .right, .down, .down, .right, .right, .enter)  // level 2, 30 questions
    answerAll(&model) { _ in .interval(.P5) }
    let ear = try XCTUnwrap(screen(model))
    let sixths = ear.answers.filter { $0.question.item == .interval(.m6) }.count
    XCTAssertGreaterThan(sixths, 0, "the seed asks a minor sixth")
    XCTAssertEqual(ear.confusion.count(played: "m6", given: "P5"), 6 + sixths)
    XCTAssertEqual(ear.confusion.asked("m6"), 11 + sixths)
    XCTAssertEqual(ear.confusion.count(played: "m6", given: "m6"), 5)
    XCTAssertEqual(ear.confusion.worst(limit: 1).first?.played, "m6")
    XCTAssertTrue(
      text(model).contains("minor sixth heard as perfect fifth: \(6 + sixths) of \(11 + sixths)"),
      text(model))
  }

  func testLeavingMidwayRecordsTheSessionCutShort() throws {
    var model = opened()
    model.press(.enter, at: 1)
    model.press(.character("1"), at: 2)
    model.press(.enter, at: 3)
    model.press(.character("2"), at: 4)
    let effects = model.press(.escape, at: 5)
    guard case .record(let record) = effects.first else { return XCTFail("\(effects)") }
    XCTAssertTrue(record.isCutShort)
    XCTAssertEqual(record.answers.count, 2)
    XCTAssertEqual(effects.last, .stopNotes)
    guard case .home = model.screen else { return XCTFail("Esc left the room") }
  }

  func testAChordInAnInversionIsComparedOnItsRoot() throws {
    let question = try XCTUnwrap(
      EarQuestion(
        item: .chord(.major), root: Note(.C, octave: 4), sounding: .harmonic, inversion: 1))
    XCTAssertEqual(question.notes.map(\.description), ["E4", "G4", "C5"])
    XCTAssertEqual(EarModel.root(of: question), Note(.C, octave: 4))
    let answer = EarModel.Answer(question: question, given: [.chord(.minor)], seconds: 1)
    let sound = EarModel.comparison(of: answer)
    XCTAssertTrue(sound.together)
    XCTAssertEqual(
      sound.phrases.map { $0.map(\.midiNumber) }, [[63, 67, 72], [64, 67, 72]],
      "C minor in first inversion, then C major in first inversion")
  }

  func testWithoutSoundTheRoomSaysSoAndHowToHearTheQuestions() {
    let silent = opened(AppFixtures.model(audio: .unavailable(reason: "Connection refused")))
    XCTAssertTrue(text(silent).contains("The Ear room needs sound"), text(silent))
    XCTAssertTrue(text(silent).contains("--audio-out q.wav"), text(silent))
    var remote = AppModel(
      settings: Settings(), size: Size(width: 80, height: 24),
      clock: ClockTime(hour: 9, minute: 5, day: AppFixtures.today), catalog: AppFixtures.catalog,
      paths: AppFixtures.paths, detectedGlyphs: .unicode,
      overrides: RunOverrides(
        keyRoute: KeyRoute(environment: ["SSH_CONNECTION": "10.0.0.2 50000 10.0.0.1 22"])))
    _ = remote.handle(.audio(.unavailable(reason: "Connection refused")))
    remote.press(.character("6"))
    let said = text(remote).replacingOccurrences(of: "\n", with: " ")
    XCTAssertTrue(said.contains("No sound server answers this SSH login"), said)
    XCTAssertTrue(text(remote).contains("--audio-out"), text(remote))
  }

  /// The sound of a question: a melodic note a second long and the next after it, a chord's
  /// notes together, a second between phrases; rendered on the built-in voice without a
  /// SoundFont, each note from its own sample.
  func testTheSoundIsLaidOutAsTheHeadlessQuizLaysItOut() throws {
    let third = [Note(.C, octave: 4).pitch, Note(.E, octave: 4).pitch]
    let melodic = EarSound(phrases: [third, third], together: false)
    XCTAssertEqual(melodic.notes.map(\.start), [0, 1, 3, 4])
    XCTAssertEqual(melodic.seconds, 5)
    let chord = EarSound(phrases: [third], together: true)
    XCTAssertEqual(chord.notes.map(\.start), [0, 0])
    XCTAssertEqual(chord.seconds, 1.5)
    let samples = NotePlayer.render(melodic, piano: nil, reference: .standard)
    XCTAssertEqual(samples.count, 5 * 48_000)
    XCTAssertEqual(samples[2 * 48_000 + 24_000], 0, "silence between the phrases")
    XCTAssertNotEqual(samples[3 * 48_000 + 480], 0, "the second phrase starts at 3 s")
    XCTAssertLessThanOrEqual(
      NotePlayer.render(chord, piano: nil, reference: .standard).map(abs).max() ?? 2, 1,
      "a chord does not clip")
  }

  func testNothingLoadsTheSoundFontBeforeTheFirstEarSound() {
    let player = NotePlayer(server: "unix:/nonexistent/socket")
    XCTAssertFalse(player.hasLoadedSoundFont)
    let played = player.playEar(
      EarSound(phrases: [[Note(.A, octave: 4).pitch]], together: false), settings: Settings(),
      devices: AudioDeviceSettings())
    XCTAssertNotNil(played.failure, "no server here")
    XCTAssertFalse(player.hasLoadedSoundFont, "nothing to play it on: not loaded")
  }
}
