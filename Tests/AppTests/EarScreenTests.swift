import Foundation
import MusicTheory
import Practice
import Storage
import TerminalUI
import TestHelpers
import XCTest

@testable import App

/// The Ear room at the minimum and a large size: the setup list, a question waiting for its
/// answer, the verdict with the notes on the staff, and the results with the confusion grid.
final class EarScreenTests: XCTestCase {
  static let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]

  private func name(_ size: Size) -> String { "\(size.width)x\(size.height)" }

  /// The room open on level 2 of the intervals, mixed, the first question asked at 1 s.
  private func asking(_ size: Size) -> AppModel {
    var model = AppFixtures.model(size: size)
    model.press(.character("6"), .down, .right, .down, .right, .right, .right)
    model.press(.enter, at: 1)
    return model
  }

  private func ear(_ model: AppModel) -> EarModel {
    guard case .ear(let screen) = model.screen else { fatalError("the ear room is not on top") }
    return screen
  }

  /// The key that gives `item` among the choices.
  private func key(for item: EarItem, _ model: AppModel) -> Key {
    .character(ear(model).answerKey(at: ear(model).items.firstIndex(of: item)!)!)
  }

  func testSetup() {
    for size in Self.sizes {
      var model = AppFixtures.model(size: size)
      model.press(.character("6"), .down, .right, .down)
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  /// One's own choice of intervals: the Items line on the minor third, taken, and the list of
  /// those chosen under the setup.
  func testCustomSetup() {
    for size in Self.sizes {
      var model = AppFixtures.model(size: size)
      model.press(.character("6"), .down, .left, .down, .right, .right, .character(" "))
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  func testQuestion() {
    for size in Self.sizes {
      assertCanvasSnapshot(AppView.render(asking(size)), named: name(size))
    }
  }

  /// A wrong answer: the given one in red, the right one in green, the notes on the staff.
  func testVerdict() {
    for size in Self.sizes {
      var model = asking(size)
      let item = ear(model).question!.item
      let wrong: EarItem = item == .interval(.P5) ? .interval(.P4) : .interval(.P5)
      model.press(key(for: wrong, model), at: 3)
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  /// Every question answered as a perfect fifth, after an earlier session that took minor
  /// sixths for fifths.
  func testResults() {
    let earlier = SessionRecord(
      module: "ear", exercise: "intervals", startedAt: Date(timeIntervalSince1970: 0),
      duration: 60,
      answers: (0..<7).map {
        SessionRecord.Answer(
          question: "m6", context: "intervals", given: $0 < 4 ? "P5" : "m6", isCorrect: $0 >= 4,
          seconds: 2)
      })
    for size in Self.sizes {
      var model = AppFixtures.model(size: size, history: [earlier])
      model.press(.character("6"), .down, .right)
      model.press(.enter, at: 1)
      var time = 2.0
      while ear(model).phase == .asking {
        model.press(key(for: .interval(.P5), model), at: time)
        model.press(.enter, at: time + 1)
        time += 2
      }
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  func testChordsInInversionsAfterTheAnswer() {
    var model = AppFixtures.model(size: Size(width: 80, height: 24))
    model.press(.character("6"), .right, .down, .right, .right, .right, .right, .down, .right)
    model.press(.enter, at: 1)
    model.press(.character("1"), at: 2)
    assertCanvasSnapshot(AppView.render(model), named: "80x24")
  }

  /// Scales up to level 4 (eleven choices), a wrong answer: the run spelled and on the staff.
  func testAScalesVerdict() {
    for size in Self.sizes {
      var model = AppFixtures.model(size: size)
      model.press(
        .character("6"), .left, .left, .left, .left, .left, .left, .down, .left, .left, .left)
      model.press(.enter, at: 1)
      let item = ear(model).question!.item
      let wrong: EarItem = item == .scale(.dorian) ? .scale(.lydian) : .scale(.dorian)
      model.press(key(for: wrong, model), at: 3)
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  /// A degree answered wrongly at level 5, the first question whose way home has two steps or
  /// more (the ones before answered right): the key, the note and its way home spelled and on
  /// the staff, twelve choices, the degrees of the key on their own numbers.
  func testADegreesVerdict() {
    let five = EarItem.degree(ScaleDegree(number: 5)!)
    for size in Self.sizes {
      var model = AppFixtures.model(size: size)
      model.press(.character("6"), .right, .right, .right, .down, .left, .left)
      model.press(.enter, at: 1)
      var time = 2.0
      while ear(model).question!.resolution.count < 2 {
        model.press(key(for: ear(model).question!.item, model), at: time)
        model.press(.enter, at: time + 1)
        time += 5
      }
      let item = ear(model).question!.item
      let wrong = item == five ? EarItem.degree(ScaleDegree(number: 4)!) : five
      model.press(key(for: wrong, model), at: time)
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  /// The first progression of the cadences' last level (the cadences before it answered
  /// right), answered wrongly: the key, the tonic that set it and the progression's numerals
  /// and chords; no staff (chords are no single-note melody); eleven choices.
  func testACadencesVerdict() {
    for size in Self.sizes {
      var model = AppFixtures.model(size: size)
      model.press(.character("6"), .left, .left, .left, .left, .down, .left, .left)
      model.press(.enter, at: 1)
      var time = 2.0
      while ear(model).question!.chords.count < 3 {
        model.press(key(for: ear(model).question!.item, model), at: time)
        model.press(.enter, at: time + 1)
        time += 7
      }
      let item = ear(model).question!.item
      let wrong: EarItem = item == .cadence(.deceptive) ? .cadence(.perfect) : .cadence(.deceptive)
      model.press(key(for: wrong, model), at: time)
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  /// The first detuned pair at level 4 (15 cents; the pairs in tune before it answered right),
  /// answered wrongly: the verdict names the right answer, the notes and the cents; the two
  /// notes on the staff, three choices.
  func testAnIntonationVerdict() {
    var model = AppFixtures.model(size: Size(width: 80, height: 24))
    model.press(.character("6"), .left, .left, .left, .down, .right, .right, .right)
    model.press(.enter, at: 1)
    var time = 2.0
    while ear(model).question!.detuning == 0 {
      model.press(key(for: ear(model).question!.item, model), at: time)
      model.press(.enter, at: time + 1)
      time += 4
    }
    let item = ear(model).question!.item
    let wrong: EarItem = item == .intonation(.flat) ? .intonation(.sharp) : .intonation(.flat)
    model.press(key(for: wrong, model), at: time)
    assertCanvasSnapshot(AppView.render(model), named: "80x24")
  }

  /// A dictation at level 3, the first melody being written: the tonic given and the next
  /// note written, the cursor a step above it and raised a semitone, in the key's signature.
  func testADictationBeingWritten() {
    for size in Self.sizes {
      var model = AppFixtures.model(size: size)
      model.press(.character("6"), .left, .left, .down, .right, .right)
      model.press(.enter, at: 1)
      let melody = ear(model).question!.notes
      write([melody[1]], in: &model, from: 2)
      model.press(.up, at: 4)
      model.press(.character("#"), at: 4)
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  /// A dictation at level 3: the melodies before the first of six notes or more written
  /// right, then that one handed in with its third note a step too high and its fifth a
  /// semitone off: the verdict counts the notes, spells both melodies, and draws the right one
  /// with the two wrong notes in red in their slots.
  func testADictationVerdict() {
    for size in Self.sizes {
      var model = AppFixtures.model(size: size)
      model.press(.character("6"), .left, .left, .down, .right, .right)
      model.press(.enter, at: 1)
      var time = 2.0
      while ear(model).question!.notes.count < 6 {
        write(Array(ear(model).question!.notes.dropFirst()), in: &model, from: time)
        model.press(.enter, at: time + 5)
        model.press(.enter, at: time + 6)
        time += 10
      }
      let key = ear(model).question!.key!
      var melody = ear(model).question!.notes
      let third = Clef.treble.position(of: melody[2])
      let step = Dictation.positions.contains(third + 1) ? 1 : -1
      melody[2] = Dictation.note(atPosition: third + step, in: key)!
      let fifth = Clef.treble.position(of: melody[4])
      // Off the key's own note by the sign that gives no double accidental.
      melody[4] = Dictation.note(
        atPosition: fifth, alteration: melody[4].accidental.semitones > 0 ? -1 : 1, in: key)!
      write(Array(melody.dropFirst()), in: &model, from: time)
      model.press(.enter, at: time + 5)
      XCTAssertEqual(ear(model).answers.last?.marks.filter { !$0 }.count, 2)
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  /// A dictation session at the first level, every melody written right but the third note
  /// of the last, written a step too high, after an earlier session that took the third degree
  /// for the fourth: the grid counts degrees, a row per degree asked, a column per degree given.
  func testDictationResults() {
    let earlier = SessionRecord(
      module: "ear", exercise: "dictation", startedAt: Date(timeIntervalSince1970: 0),
      duration: 60,
      answers: (0..<5).map {
        SessionRecord.Answer(
          question: "3", context: "dictation", given: $0 < 3 ? "4" : "3", isCorrect: $0 >= 3,
          seconds: 2)
      })
    for size in Self.sizes {
      var model = AppFixtures.model(size: size, history: [earlier])
      model.press(.character("6"), .left, .left)
      model.press(.enter, at: 1)
      var time = 2.0
      while ear(model).phase == .asking {
        var melody = Array(ear(model).question!.notes.dropFirst())
        if ear(model).number == ear(model).count, let key = ear(model).question!.key {
          let position = Clef.treble.position(of: melody[1])
          melody[1] = Dictation.note(atPosition: position + 1, in: key)!
        }
        write(melody, in: &model, from: time)
        model.press(.enter, at: time + 5)
        model.press(.enter, at: time + 6)
        time += 10
      }
      XCTAssertEqual(EarView.gridItems(ear(model)), EarView.dictationDegrees)
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  /// Writes `notes` after the tonic with the cursor: up or down to each note's line or space,
  /// `#`/`b` to its accidental, then →.
  private func write(_ notes: [Note], in model: inout AppModel, from seconds: Double) {
    var time = seconds
    for note in notes {
      while let cursor = ear(model).cursor,
        Clef.treble.position(of: cursor) != Clef.treble.position(of: note)
      {
        model.press(
          Clef.treble.position(of: cursor) < Clef.treble.position(of: note) ? .up : .down,
          at: time)
      }
      while let cursor = ear(model).cursor, cursor.accidental != note.accidental {
        model.press(
          .character(cursor.accidental.semitones < note.accidental.semitones ? "#" : "b"),
          at: time)
      }
      model.press(.right, at: time)
      time += 0.1
    }
  }

  /// The last level in Russian: every interval a choice, the longest names, at 80×24.
  /// Rhythm dictation at level 4 (one bar, triplets and syncopations among the cells): the four
  /// rhythms on the beat grid, each after its key.
  func testARhythmQuestion() {
    for size in Self.sizes {
      assertCanvasSnapshot(AppView.render(rhythm(size)), named: name(size))
    }
  }

  /// The same question answered with the rhythm after the right one: the verdict names both,
  /// the right rhythm in words, its key green with a check (framed where the rows allow), the
  /// one chosen red with a cross.
  func testARhythmVerdict() {
    for size in Self.sizes {
      var model = rhythm(size)
      let right = ear(model).question!.rhythm!.answerIndex
      model.press(.character(Character("\((right + 1) % 4 + 1)")), at: 100)
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }

  /// The same question tapped back: every note on time but the third (an eighth), tapped
  /// 0.25 s late, past its window, and one tap too many on the last beat's second half: the
  /// verdict counts them, and the taps lie under the right rhythm where they landed, marked
  /// by grade, the extra ones as such, the missed note crossed.
  func testARhythmTappedVerdict() {
    var model = rhythm(Size(width: 80, height: 24))
    let rhythm = ear(model).question!.rhythm!
    model.press(.character("t"), at: 100)
    var taps = rhythm.onsets.map { 103 + $0.value * 0.75 }
    taps[2] += 0.25
    taps.append(103 + 3.5 * 0.75)
    for tap in taps.sorted() { model.press(.character(" "), at: tap) }
    _ = model.handle(.tick(MonotonicInstant(nanoseconds: 110_000_000_000)))
    assertCanvasSnapshot(AppView.render(model), named: "80x24")
  }

  /// The verdict's question in words (`w`, after the answer too): each choice's cells named,
  /// bar by bar, after its key, the marks as on the grid.
  func testARhythmVerdictInWords() {
    var model = rhythm(Size(width: 80, height: 24))
    let right = ear(model).question!.rhythm!.answerIndex
    model.press(.character("w"), at: 99)
    model.press(.character(Character("\((right + 1) % 4 + 1)")), at: 100)
    model.press(.character("w"), at: 101)
    model.press(.character("w"), at: 102)
    XCTAssertTrue(ear(model).rhythmInWords)
    XCTAssertEqual(ear(model).number, 2, "w deals no next question")
    assertCanvasSnapshot(AppView.render(model), named: "80x24")
  }

  /// Two bars at 80 columns: eight beats of the narrowest cells, each grid spacing its own.
  func testATwoBarRhythmQuestion() {
    assertCanvasSnapshot(
      AppView.render(rhythm(Size(width: 80, height: 24), style: .twoBars)), named: "80x24")
  }

  /// The room on rhythm dictation at the level of `style`, its first question of that level's
  /// own (the ones before answered right).
  private func rhythm(_ size: Size, style: RhythmStyle = .syncopation) -> AppModel {
    var model = AppFixtures.model(size: size)
    model.press(.character("6"), .left, .down)
    // Left of the first level is one's own choice, then the last level.
    for _ in RhythmStyle.allCases.firstIndex(of: style)!...RhythmStyle.allCases.count {
      model.press(.left)
    }
    model.press(.enter, at: 1)
    var time = 2.0
    while let rhythm = ear(model).question?.rhythm, rhythm.style != style {
      model.press(.character(Character("\(rhythm.answerIndex + 1)")), at: time)
      model.press(.enter, at: time + 1)
      time += 10
    }
    return model
  }

  func testTheLastLevelInRussian() {
    var settings = Settings()
    settings.language = "ru"
    var model = AppFixtures.model(size: Size(width: 80, height: 24), settings: settings)
    model.press(.character("6"), .down, .left, .left)
    model.press(.enter, at: 1)
    model.press(.character("a"), at: 2)
    assertCanvasSnapshot(AppView.render(model), named: "80x24")
  }

  /// A guitarist (who practises fretboard patterns) sees the notes on the neck under the staff,
  /// in words under it, where the rows hold both.
  func testTheVerdictOnTheNeck() {
    var settings = Settings()
    settings.fretboard.practised = ["minor-pentatonic-1"]
    for size in Self.sizes {
      var model = AppFixtures.model(size: size, settings: settings)
      model.press(.character("6"), .down, .right)
      model.press(.enter, at: 1)
      model.press(.character("1"), at: 2)
      assertCanvasSnapshot(AppView.render(model), named: name(size))
    }
  }
}
